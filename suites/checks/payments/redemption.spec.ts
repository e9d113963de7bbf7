import {
  redemptionAnswer,
  redemptionRequest,
  type RedemptionAnswerOptions,
  type RedemptionStory,
} from '../../../schemas/iso20022/message-builders.ts';
import { balanceOf, expectBalance, units } from '../../flows/balances.ts';
import {
  exchangeMessage,
  expectAccepted,
  expectMessageRefusal,
  expectNothingDelivered,
  expectRelayed,
  newIdentification,
  postRedemptionAnswer,
  signedMessage,
  type SentMessage,
} from '../../flows/messages.ts';
import {
  newRedemption,
  openRedemptions,
  PAYMENT_REQUIREMENTS,
  paymentSent,
  type RedemptionNetwork,
} from '../../flows/payments.ts';
import { check, describeCall, expectStatus } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import type { DssResponse } from '../../runtime/client.ts';
import { test } from '../../runtime/fixtures.ts';
import { REFUSAL_REQUIREMENTS, checkRequirements } from '../ledger/prerequisites.ts';

/**
 * Redemption (spec: POST /payments/message/redeem, POST /tokenizer/v1/api/transactions/message/redeem;
 * semantics §11): the member's pacs.009 reaches the tokenizer and moves nothing; the tokenizer's pacs.002
 * accepting it burns exactly the amount asked, rejecting it moves nothing, and an acceptance of another
 * amount is refused with the endpoint's 404. Of these the specification states the two answers and the
 * delivery (payments.redemption-messages); which pacs.009 is a redemption, and what each answer does to
 * the ledger, are the reference's (PRE-PAYMENT-MESSAGES, RED-BURN).
 */

/** The member asks: its pacs.009 is accepted and delivered to the tokenizer. */
async function requestRedemption(
  network: RedemptionNetwork,
  story: RedemptionStory,
  requirement: string,
): Promise<void> {
  const { transactions } = paymentSent(story, 'pacs.009.001.08');
  await exchangeMessage(
    {
      from: network.member,
      to: network.tokenizer,
      route: 'redeem',
      type: 'pacs.009.001.08',
      document: redemptionRequest(story),
      identification: story.messageIdentification,
      transactions,
    },
    requirement,
  );
}

/** The tokenizer's signed pacs.002 about the redemption, posted on its interface. */
async function answer(
  network: RedemptionNetwork,
  story: RedemptionStory,
  options: Omit<RedemptionAnswerOptions, 'messageIdentification'>,
): Promise<{ response: DssResponse; sent: SentMessage }> {
  const { tokenizer, member } = network;
  const identification = newIdentification(tokenizer.bic, 'STS');
  const message = await signedMessage(
    tokenizer,
    'pacs.002.001.10',
    redemptionAnswer(story, { ...options, messageIdentification: identification }),
    { from: tokenizer.bic, to: member.bic, identification },
  );
  return {
    response: await postRedemptionAnswer(tokenizer, message),
    sent: { type: 'pacs.002.001.10', messageIdentification: identification, transactions: [] },
  };
}

test(
  ...check(
    'payments.redemption-burn',
    'takes a member’s pacs.009 to the tokenizer, moving nothing, then burns exactly its amount on the tokenizer’s acceptance, once',
    {
      verifies: checkRequirements('RED-BURN', ...REFUSAL_REQUIREMENTS),
      uses: PAYMENT_REQUIREMENTS,
      endpoint: 'tokenizer.answerRedemption',
    },
  ),
  async ({ actors }) => {
    const network = await openRedemptions(actors, '30');
    const { member, asset } = network;
    const story = newRedemption(network, '12.5');
    const before = (await balanceOf(member, member.account, asset)) ?? 0n;
    await requestRedemption(network, story, 'RED-BURN');
    await expectBalance(
      member,
      member.account,
      asset,
      before,
      'RED-BURN',
      'after its pacs.009, before the tokenizer answered',
    );

    const accepted = await answer(network, story, { status: 'ACSC' });
    expectAccepted(accepted.response, accepted.sent, 'RED-BURN');
    await expectRelayed(member, accepted.sent);
    await expectBalance(
      member,
      member.account,
      asset,
      before - units(story.amount),
      'RED-BURN',
      `after the tokenizer accepted its redemption of ${story.amount}`,
    );

    const again = await answer(network, story, { status: 'ACSC' });
    expectMessageRefusal(again.response, { status: 404, requirement: 'RED-BURN' }, again.sent);
    await expectBalance(
      member,
      member.account,
      asset,
      before - units(story.amount),
      'RED-BURN',
      'after a second acceptance of the same redemption',
    );
  },
);

test(
  ...check(
    'payments.redemption-amount',
    'refuses with 404 a tokenizer’s acceptance stating another amount or none, burning nothing, and takes the right one after',
    {
      verifies: checkRequirements('RED-AMOUNT-MATCH', 'RED-BURN', ...REFUSAL_REQUIREMENTS),
      uses: PAYMENT_REQUIREMENTS,
      endpoint: 'tokenizer.answerRedemption',
    },
  ),
  async ({ actors }) => {
    const network = await openRedemptions(actors, '30');
    const { member, asset } = network;
    const story = newRedemption(network, '8.75');
    const before = (await balanceOf(member, member.account, asset)) ?? 0n;
    await requestRedemption(network, story, 'RED-AMOUNT-MATCH');

    for (const amount of ['8.74', '87.5', null]) {
      const wrong = await answer(network, story, { status: 'ACSC', amount });
      expectMessageRefusal(
        wrong.response,
        { status: 404, requirement: 'RED-AMOUNT-MATCH' },
        wrong.sent,
        `an acceptance stating ${amount ?? 'no amount'} for a redemption of ${story.amount}`,
      );
      await expectNothingDelivered(
        member,
        wrong.sent.messageIdentification,
        'RED-AMOUNT-MATCH',
        `an acceptance stating ${amount ?? 'no amount'}`,
      );
      await expectBalance(
        member,
        member.account,
        asset,
        before,
        'RED-AMOUNT-MATCH',
        `after an acceptance stating ${amount ?? 'no amount'} for a redemption of ${story.amount}`,
      );
    }
    const right = await answer(network, story, { status: 'ACSC' });
    expectAccepted(right.response, right.sent, 'RED-AMOUNT-MATCH');
    await expectBalance(
      member,
      member.account,
      asset,
      before - units(story.amount),
      'RED-AMOUNT-MATCH',
      `after an acceptance stating the redemption’s ${story.amount}`,
    );
  },
);

test(
  ...check(
    'payments.redemption-rejected',
    'relays the tokenizer’s rejection of a redemption to the member and moves nothing',
    { verifies: checkRequirements('RED-REJECT'), uses: PAYMENT_REQUIREMENTS, endpoint: 'tokenizer.answerRedemption' },
  ),
  async ({ actors }) => {
    const network = await openRedemptions(actors, '30');
    const { member, asset } = network;
    const story = newRedemption(network, '5');
    const before = (await balanceOf(member, member.account, asset)) ?? 0n;
    await requestRedemption(network, story, 'RED-REJECT');

    const rejected = await answer(network, story, { status: 'RJCT', amount: null });
    expectAccepted(rejected.response, rejected.sent, 'RED-REJECT');
    await expectRelayed(member, rejected.sent);
    await expectBalance(
      member,
      member.account,
      asset,
      before,
      'RED-REJECT',
      'after the tokenizer rejected its redemption',
    );
  },
);

/** The form of line 153 with the message pacs.002, whatever the namespace word, variant and version. */
const STATUS_REPORT_TYPE = /^[^:.]+:pacs\.002\.[^:.]+\.[^:.]+$/;

test(
  ...check(
    'payments.redemption-messages',
    'sends a member’s redemption request to the tokenizer with its payment details, and answers the tokenizer’s acceptance with the service’s pacs.002',
    {
      verifies: checkRequirements('MSG-DELIVERY', 'RED-ANSWER-RECEIVED', 'RES-PAYMENT-SCHEMAS', 'RED-BURN'),
      uses: PAYMENT_REQUIREMENTS,
      endpoint: 'member.redeem',
    },
  ),
  async ({ actors }) => {
    const network = await openRedemptions(actors, '30');
    const story = newRedemption(network, '12.5');
    // Which pacs.009 is a redemption is the reference's (RED-BURN); one taken is answered with a
    // financialMessage (RES-PAYMENT-SCHEMAS) and sent to the tokenizer with its transactions (MSG-DELIVERY, line 443).
    await requestRedemption(network, story, 'RED-BURN');

    // Line 420: the tokenizer's pacs.002 answering it is answered with the service's pacs.002.
    const accepted = await answer(network, story, { status: 'ACSC' });
    expectStatus(accepted.response, 200, 'RED-ANSWER-RECEIVED');
    const type = (accepted.response.body as { financial_message_type?: unknown } | undefined)?.financial_message_type;
    if (typeof type !== 'string' || !STATUS_REPORT_TYPE.test(type)) {
      throw new CheckFailure(
        'RED-ANSWER-RECEIVED',
        `${describeCall(accepted.response)} answered the tokenizer’s acceptance of redemption ${story.instruction} with ${JSON.stringify(accepted.response.body).slice(0, 200)}, not a financialMessage of type <namespace>:pacs.002.<variant>.<version>`,
      );
    }
    expectAccepted(accepted.response, accepted.sent, 'RED-ANSWER-RECEIVED');
  },
);
