import { test, expect } from '@playwright/test';
import { USD } from '../../test-support/simulator/value-network.ts';
import { formatAmount } from '../ledger/amount.ts';
import {
  creditTransfer,
  redemptionAnswer,
  redemptionRequest,
  redemptionStory,
  type RedemptionAnswerOptions,
  type RedemptionStory,
} from '../../schemas/iso20022/message-builders.ts';
import { readServiceReport } from '../../test-support/simulator/payment-network.ts';
import { ANSWER_REDEMPTION, REDEEM, paymentHttpNetwork } from '../../test-support/simulator/payment-app-client.ts';

/**
 * Redemption through the app (semantics §11): maker-aa asks tokenizer-us to take back USD with a
 * pacs.009 on the member interface; the tokenizer answers with a pacs.002 on its own interface, where
 * every refusal is a 404 (the only status its table lists).
 */

async function redemptionNetwork() {
  const network = await paymentHttpNetwork();
  const { tokens, allowMutually, signed, post } = network;
  await allowMutually(tokens.aa, 'maker-aa', tokens.tokenizer, 'tokenizer-us');
  const story = redemptionStory({
    member: 'MAKAGB2L',
    tokenizerBic: 'TOKNUS33',
    tokenizer: 'tokenizer-us',
    amount: '300',
    messageIdentification: 'MAKAGB2L-RDM-0001',
    instruction: 'MAKAGB2L-RDM-INSTR-1',
  });

  async function request(changes: Partial<RedemptionStory> = {}) {
    const asked = { ...story, ...changes };
    return post(
      REDEEM,
      tokens.aa,
      await signed(
        tokens.aa,
        'pacs.009.001.08',
        redemptionRequest(asked),
        asked.member,
        asked.tokenizerBic,
        asked.messageIdentification,
      ),
    );
  }

  async function answer(options: RedemptionAnswerOptions, token = tokens.tokenizer) {
    const message = await signed(
      token,
      'pacs.002.001.10',
      redemptionAnswer(story, options),
      story.tokenizerBic,
      story.member,
      options.messageIdentification,
    );
    return post(ANSWER_REDEMPTION, token, message);
  }

  const burned = () => formatAmount(network.sim.state.ledger.issuance(USD).burned);
  return { ...network, story, request, answer, burned };
}

test('accepted (ACSC): the amount leaves the member’s account and is burned; the member gets the answer and a debit notice', async () => {
  const { tokens, request, answer, read, balance, burned } = await redemptionNetwork();
  const asked = await request();
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  expect(readServiceReport(asked.body as never)).toMatchObject({ status: 'ACTC', to: 'MAKAGB2L' });
  expect(await read(tokens.tokenizer, 'payment')).toMatchObject([
    { financial_message_type: 'iso20022:pacs.009.001.08', sender: 'maker-aa' },
  ]);
  expect(balance('maker-aa')).toBe('1000.0000000');

  const answered = await answer({ messageIdentification: 'TOKNUS33-STS-0001' });
  expect(answered.status, JSON.stringify(answered.body)).toBe(200);
  expect(readServiceReport(answered.body as never)).toMatchObject({ status: 'ACTC', to: 'TOKNUS33' });
  expect([balance('maker-aa'), burned()]).toEqual(['700.0000000', '300.0000000']);
  expect(await read(tokens.aa, 'payment')).toMatchObject([
    { financial_message_type: 'iso20022:pacs.002.001.10', sender: 'tokenizer-us' },
  ]);
  expect((await read<{ direction: string; amount: string }>(tokens.aa, 'transactions')).at(-1)).toMatchObject({
    direction: 'debit',
    amount: '300.0000000',
  });
  expect(await answer({ messageIdentification: 'TOKNUS33-STS-0002' })).toMatchObject({
    status: 404,
    body: { code: 'REDEMPTION-ANSWER-REFUSED' },
  });
});

test('ACCP burns too; RJCT is relayed and moves nothing', async () => {
  const accepted = await redemptionNetwork();
  await accepted.request();
  expect((await accepted.answer({ messageIdentification: 'TOKNUS33-STS-0001', status: 'ACCP' })).status).toBe(200);
  expect(accepted.balance('maker-aa')).toBe('700.0000000');

  const { tokens, request, answer, read, balance, burned, movements } = await redemptionNetwork();
  await request();
  const before = movements();
  expect((await answer({ messageIdentification: 'TOKNUS33-STS-0001', status: 'RJCT', amount: null })).status).toBe(200);
  expect([balance('maker-aa'), burned(), movements()]).toEqual(['1000.0000000', '0.0000000', before]);
  expect(await read(tokens.aa, 'payment')).toMatchObject([
    { financial_message_type: 'iso20022:pacs.002.001.10', sender: 'tokenizer-us' },
  ]);
});

test('an answer with another amount, or none, is refused with 404 and nothing moves; the redemption stays open', async () => {
  const { request, answer, balance, burned } = await redemptionNetwork();
  await request();
  for (const [identification, amount] of [
    ['TOKNUS33-STS-0001', '299.99'],
    ['TOKNUS33-STS-0002', null],
  ] as const) {
    const refused = await answer({ messageIdentification: identification, amount });
    expect(refused).toMatchObject({
      status: 404,
      body: { code: 'REDEMPTION-ANSWER-REFUSED', short_message: 'Error while processing the answer' },
    });
    expect(readServiceReport(refused.body as never)).toMatchObject({
      status: 'RJCT',
      reason: amount === null ? 'CH21' : 'AM09',
    });
  }
  expect([balance('maker-aa'), burned()]).toEqual(['1000.0000000', '0.0000000']);
  expect((await answer({ messageIdentification: 'TOKNUS33-STS-0003' })).status).toBe(200);
});

test('the answering endpoint: another type, an unknown redemption, a market maker; every refusal 404 except the token’s 401', async () => {
  const { tokens, story, request, answer, signed, post } = await redemptionNetwork();
  expect((await answer({ messageIdentification: 'TOKNUS33-STS-0001' })).status).toBe(404);
  await request();
  const payment = await signed(
    tokens.tokenizer,
    'pacs.008.001.08',
    creditTransfer(redemptionLikePayment(story)),
    story.tokenizerBic,
    story.member,
    'TOKNUS33-PAY-1',
  );
  // Another type breaks the body's enum: the endpoint's listed 404, as for any input it cannot act on.
  expect(await post(ANSWER_REDEMPTION, tokens.tokenizer, payment)).toMatchObject({
    status: 404,
    body: { code: 'REQUEST-NOT-PROCESSABLE' },
  });
  expect(
    (
      await post(ANSWER_REDEMPTION, tokens.tokenizer, {
        financial_message_type: 'iso20022:pacs.002.001.10',
        financial_message_data: 'PHg+',
      })
    ).status,
  ).toBe(404);
  expect(
    (await post(ANSWER_REDEMPTION, tokens.aa, { financial_message_type: 'iso20022:pacs.002.001.10' })).status,
  ).toBe(401);
});

test('the request: only the issuing tokenizer, only what the account holds, only between mutually allowlisted members', async () => {
  const { call, tokens, request, movements, read } = await redemptionNetwork();
  const before = movements();
  const refusedWith = async (changes: Partial<RedemptionStory>, reason: string) => {
    const refused = await request(changes);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(readServiceReport(refused.body as never).reason).toBe(reason);
  };
  await refusedWith({ amount: '1000.01' }, 'AM04');
  await refusedWith({ account: 'second' }, 'AM04');
  await refusedWith({ tokenizerBic: 'MAKBSGSG' }, 'AGNT');
  await call('DELETE', '/client/v1/api/members/allowlist', tokens.tokenizer, 'maker-aa');
  await refusedWith({}, 'AG01');
  expect(movements()).toBe(before);
  expect(await read(tokens.tokenizer, 'payment')).toEqual([]);
  expect((await call('POST', REDEEM, tokens.aa, { financial_message_type: 'iso20022:pacs.009.001.08' })).status).toBe(
    400,
  );
});

/** A payment between the redemption's two members, to offer the tokenizer's endpoint a type it does not take. */
function redemptionLikePayment(story: RedemptionStory) {
  return {
    ofi: story.tokenizerBic,
    rfi: story.member,
    issuer: story.tokenizer,
    method: 'DSA' as const,
    currency: 'USD',
    amount: '1',
    messageIdentification: 'TOKNUS33-PAY-1',
    instruction: 'TOKNUS33-INSTR-1',
    endToEnd: 'E2E-T1',
    uetr: story.uetr,
  };
}
