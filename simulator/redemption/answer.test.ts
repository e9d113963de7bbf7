import { test, expect } from '@playwright/test';
import { USD } from '../../test-support/simulator/value-network.ts';
import { formatAmount } from '../ledger/amount.ts';
import { redeemRoute, redemptionAnswerRoute } from '../payments/message-routes.ts';
import { redemptionAnswer, redemptionRequest, redemptionStory } from '../../schemas/iso20022/message-builders.ts';
import { paymentDomain } from '../../test-support/simulator/payment-network.ts';

/** maker-aa asked tokenizer-us to redeem 300 USD; the two list each other. */
async function requested() {
  const network = await paymentDomain();
  const { state, callers, signed, handle } = network;
  state.allowlists.add('maker-aa', 'tokenizer-us');
  state.allowlists.add('tokenizer-us', 'maker-aa');
  const story = redemptionStory({
    member: 'MAKAGB2L',
    tokenizerBic: 'TOKNUS33',
    tokenizer: 'tokenizer-us',
    amount: '300',
  });
  expect(
    handle(
      callers.aa,
      redeemRoute,
      signed(
        'pacs.009.001.08',
        redemptionRequest(story),
        story.member,
        story.tokenizerBic,
        story.messageIdentification,
      ),
    ).answer,
  ).toBeDefined();
  const answer = (identification: string, amount: string | null, status: 'ACSC' | 'RJCT' = 'ACSC') =>
    handle(
      callers.tokenizer,
      redemptionAnswerRoute,
      signed(
        'pacs.002.001.10',
        redemptionAnswer(story, { messageIdentification: identification, amount, status }),
        story.tokenizerBic,
        story.member,
        identification,
      ),
    );
  const burned = () => formatAmount(state.ledger.issuance(USD).burned);
  return { ...network, story, answer, burned };
}

test('an acceptance burns the pacs.009’s amount once; the redemption is then answered', async () => {
  const { state, story, answer, burned, balance } = await requested();
  expect(answer('STS-1', '300.00').answer).toBeDefined();
  expect([balance('maker-aa'), burned()]).toEqual(['700.0000000', '300.0000000']);
  expect(state.redemptions.find('maker-aa', story.messageIdentification, story.instruction)?.status).toBe('redeemed');
  expect(answer('STS-2', '300', 'RJCT').refusal?.detail).toContain('already answered (redeemed)');
});

test('the ledger’s refusal of the burn refuses the answer; the redemption stays open', async () => {
  const { state, answer, balance } = await requested();
  state.ledger.revokeCreditLine('maker-aa', 'main', USD);
  expect(answer('STS-1', '300').refusal).toMatchObject({ code: 'REDEMPTION-ANSWER-REFUSED', status: 404 });
  state.ledger.allowCreditLine('maker-aa', 'main', USD);
  expect(answer('STS-2', '300').answer).toBeDefined();
  expect(balance('maker-aa')).toBe('700.0000000');
});

test('fault redemption-amount-not-checked: an acceptance stating another amount burns the requested one', async () => {
  const { state, answer, burned } = await requested();
  expect(answer('STS-1', '1').refusal?.detail).toContain('the answer states 1 USD');
  state.faults.enable('redemption-amount-not-checked');
  expect(answer('STS-2', '1').answer).toBeDefined();
  expect(burned()).toBe('300.0000000');
});
