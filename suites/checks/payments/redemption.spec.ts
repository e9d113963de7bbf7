import { redemptionAnswer, redemptionRequest, type RedemptionAnswerOptions, type RedemptionStory } from '../../../schemas/iso20022/message-builders.ts';
import { balanceOf, expectBalance, units } from '../../flows/balances.ts';
import { exchangeMessage, expectAccepted, expectMessageRefusal, expectNothingDelivered, expectRelayed, newIdentification, postRedemptionAnswer, signedMessage, type SentMessage } from '../../flows/messages.ts';
import { newRedemption, openRedemptions, PAYMENT_REQUIREMENTS, paymentSent, type RedemptionNetwork } from '../../flows/payments.ts';
import { check } from '../../runtime/check.ts';
import type { DssResponse } from '../../runtime/client.ts';
import { test } from '../../runtime/fixtures.ts';
import { REFUSAL_REQUIREMENTS, checkRequirements } from '../ledger/prerequisites.ts';

/**
 * Redemption (spec: POST /payments/message/redeem, POST /tokenizer/v1/api/transactions/message/redeem;
 * semantics §11): the member's pacs.009 reaches the tokenizer and moves nothing; the tokenizer's pacs.002
 * accepting it burns exactly the amount asked, rejecting it moves nothing, and an acceptance of another
 * amount is refused with the endpoint's 404.
 */

/** The member asks: its pacs.009 is accepted and delivered to the tokenizer. */
async function requestRedemption(network: RedemptionNetwork, story: RedemptionStory, requirement: string): Promise<void> {
  const { transactions } = paymentSent(story, 'pacs.009.001.08');
  await exchangeMessage({ from: network.member, to: network.tokenizer, route: 'redeem', type: 'pacs.009.001.08', document: redemptionRequest(story), identification: story.messageIdentification, transactions }, requirement);
}

/** The tokenizer's signed pacs.002 about the redemption, posted on its interface. */
async function answer(network: RedemptionNetwork, story: RedemptionStory, options: Omit<RedemptionAnswerOptions, 'messageIdentification'>): Promise<{ response: DssResponse; sent: SentMessage }> {
  const { tokenizer, member } = network;
  const identification = newIdentification(tokenizer.bic, 'STS');
  const message = await signedMessage(tokenizer, 'pacs.002.001.10', redemptionAnswer(story, { ...options, messageIdentification: identification }), { from: tokenizer.bic, to: member.bic, identification });
  return { response: await postRedemptionAnswer(tokenizer, message), sent: { type: 'pacs.002.001.10', messageIdentification: identification, transactions: [] } };
}

test(...check('payments.redemption-burn', 'takes a member’s pacs.009 to the tokenizer, moving nothing, then burns exactly its amount on the tokenizer’s acceptance, once', { requirements: checkRequirements('RED-BURN', ...PAYMENT_REQUIREMENTS, ...REFUSAL_REQUIREMENTS), endpoint: 'tokenizer.answerRedemption' }), async ({ actors }) => {
  const network = await openRedemptions(actors, '30');
  const { member, asset } = network;
  const story = newRedemption(network, '12.5');
  const before = (await balanceOf(member, member.account, asset)) ?? 0n;
  await requestRedemption(network, story, 'RED-BURN');
  await expectBalance(member, member.account, asset, before, 'RED-BURN', 'after its pacs.009, before the tokenizer answered');

  const accepted = await answer(network, story, { status: 'ACSC' });
  expectAccepted(accepted.response, accepted.sent, 'RED-BURN');
  await expectRelayed(member, accepted.sent);
  await expectBalance(member, member.account, asset, before - units(story.amount), 'RED-BURN', `after the tokenizer accepted its redemption of ${story.amount}`);

  const again = await answer(network, story, { status: 'ACSC' });
  expectMessageRefusal(again.response, { status: 404, requirement: 'RED-BURN' }, again.sent);
  await expectBalance(member, member.account, asset, before - units(story.amount), 'RED-BURN', 'after a second acceptance of the same redemption');
});

test(...check('payments.redemption-amount', 'refuses with 404 a tokenizer’s acceptance stating another amount or none, burning nothing, and takes the right one after', { requirements: checkRequirements('RED-AMOUNT-MATCH', 'RED-BURN', ...PAYMENT_REQUIREMENTS, ...REFUSAL_REQUIREMENTS), endpoint: 'tokenizer.answerRedemption' }), async ({ actors }) => {
  const network = await openRedemptions(actors, '30');
  const { member, asset } = network;
  const story = newRedemption(network, '8.75');
  const before = (await balanceOf(member, member.account, asset)) ?? 0n;
  await requestRedemption(network, story, 'RED-AMOUNT-MATCH');

  for (const amount of ['8.74', '87.5', null]) {
    const wrong = await answer(network, story, { status: 'ACSC', amount });
    expectMessageRefusal(wrong.response, { status: 404, requirement: 'RED-AMOUNT-MATCH' }, wrong.sent, `an acceptance stating ${amount ?? 'no amount'} for a redemption of ${story.amount}`);
    await expectNothingDelivered(member, wrong.sent.messageIdentification, 'RED-AMOUNT-MATCH', `an acceptance stating ${amount ?? 'no amount'}`);
    await expectBalance(member, member.account, asset, before, 'RED-AMOUNT-MATCH', `after an acceptance stating ${amount ?? 'no amount'} for a redemption of ${story.amount}`);
  }
  const right = await answer(network, story, { status: 'ACSC' });
  expectAccepted(right.response, right.sent, 'RED-AMOUNT-MATCH');
  await expectBalance(member, member.account, asset, before - units(story.amount), 'RED-AMOUNT-MATCH', `after an acceptance stating the redemption’s ${story.amount}`);
});

test(...check('payments.redemption-rejected', 'relays the tokenizer’s rejection of a redemption to the member and moves nothing', { requirements: checkRequirements('RED-REJECT', ...PAYMENT_REQUIREMENTS), endpoint: 'tokenizer.answerRedemption' }), async ({ actors }) => {
  const network = await openRedemptions(actors, '30');
  const { member, asset } = network;
  const story = newRedemption(network, '5');
  const before = (await balanceOf(member, member.account, asset)) ?? 0n;
  await requestRedemption(network, story, 'RED-REJECT');

  const rejected = await answer(network, story, { status: 'RJCT', amount: null });
  expectAccepted(rejected.response, rejected.sent, 'RED-REJECT');
  await expectRelayed(member, rejected.sent);
  await expectBalance(member, member.account, asset, before, 'RED-REJECT', 'after the tokenizer rejected its redemption');
});
