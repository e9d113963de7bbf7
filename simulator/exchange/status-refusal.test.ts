import { test, expect } from '@playwright/test';
import type { ExchangeInfo, ExchangeObject, QuotationInfo } from '../../schemas/wire.ts';
import { EUR, USD, refusal } from '../../test-support/simulator/value-network.ts';
import { formatAmount } from '../ledger/amount.ts';
import { answerQuotation } from '../quotations/answer.ts';
import { cancelQuotation } from '../quotations/cancellation.ts';
import { MINUTE, quotationNetwork, quotationObject, signed } from '../../test-support/simulator/quotation-network.ts';
import { exchange } from './exchange.ts';

/**
 * The reading `exchange-rejected`: an exchange the quotation's status forbids (a replay, a waiting,
 * cancelled, expired or not yet valid quotation) is answered 200 Rejected, moving nothing and leaving the
 * quotation's state as it was; with the reading off, the reference's error statuses.
 */

async function market(
  reading: boolean,
  quotationOverrides: (now: number) => Partial<QuotationInfo> = () => ({}),
  answer = true,
) {
  const network = await quotationNetwork();
  const { state, seller } = network;
  if (reading) state.readings.enable('exchange-rejected');
  const { quotationUuid, request } = network.requestQuotation();
  const quotation = network.quotationInfo(quotationUuid, request, quotationOverrides(state.clock.now()));
  if (answer) answerQuotation(state, seller, quotationUuid, quotationObject(state, quotation));
  const info: ExchangeInfo = {
    amount_base_asset: 100,
    buyer_crediting_account_identification: 'main',
    buyer_debiting_account_identification: 'main',
    quotation_info: [quotation],
  };
  const { payload, signature } = signed(state, 'maker-aa', 'main', info);
  const body: ExchangeObject = { exchange_payload: payload, member_signature: signature };
  const balances = () =>
    [USD, EUR].flatMap((asset) =>
      ['maker-aa', 'maker-bb'].map((member) => formatAmount(state.ledger.balance(member, 'main', asset)!)),
    );
  const stateOf = () => state.quotations.quotation(quotationUuid, state.clock.now())?.state;
  return { ...network, quotationUuid, quotation, info, body, balances, stateOf };
}

type Market = Awaited<ReturnType<typeof market>>;

/** Each case: the seller's terms, whether it answers, what puts the quotation in the state that forbids the exchange, the reference's refusal. */
const cases: Array<
  [string, (now: number) => Partial<QuotationInfo>, boolean, (m: Market) => void, { status: number; code: string }]
> = [
  [
    'a replay of a completed quotation',
    () => ({}),
    true,
    (m) => exchange(m.state, m.buyer, m.body),
    { status: 400, code: 'QUOTATION-INVALID-STATE' },
  ],
  ['a waiting quotation', () => ({}), false, () => undefined, { status: 400, code: 'QUOTATION-INVALID-STATE' }],
  [
    'a cancelled quotation',
    () => ({}),
    true,
    (m) => cancelQuotation(m.state, m.buyer, m.quotationUuid),
    { status: 400, code: 'QUOTATION-INVALID-STATE' },
  ],
  [
    'an expired quotation',
    () => ({}),
    true,
    (m) => m.state.clock.set(m.quotation.end_time),
    { status: 404, code: 'QUOTATION-NOT-FOUND' },
  ],
  [
    'a quotation before its start_time',
    (now) => ({ start_time: now + 10 * MINUTE }),
    true,
    () => undefined,
    { status: 400, code: 'EXCHANGE-OUTSIDE-VALIDITY' },
  ],
];

for (const [name, overrides, answer, setUp, reference] of cases) {
  test(`${name}: Rejected under exchange-rejected, nothing moves, the state stays; ${reference.status} without it`, async () => {
    const off = await market(false, overrides, answer);
    setUp(off);
    const [offBalances, offState] = [off.balances(), off.stateOf()];
    expect(refusal(() => exchange(off.state, off.buyer, off.body))).toMatchObject(reference);
    expect([off.balances(), off.stateOf()]).toEqual([offBalances, offState]);

    const on = await market(true, overrides, answer);
    setUp(on);
    const [before, stateBefore] = [on.balances(), on.stateOf()];
    const result = exchange(on.state, on.buyer, on.body);
    expect(result).toEqual({
      amount_base_asset: 100,
      amount_quoted_asset: 90,
      exchange_info: [on.info],
      exchange_state: 'Rejected',
      transaction_identification: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(on.state.ledger.transaction(result.transaction_identification)).toMatchObject({
      status: 'failed',
      failure: { code: reference.code },
    });
    expect([on.balances(), on.stateOf()]).toEqual([before, stateBefore]);
  });
}

test('under exchange-rejected, a quotation that was never the caller’s, and the checks before the status, keep their error statuses', async () => {
  const { state, buyer, seller, quotation, info, body } = await market(true);
  const unknown = { ...quotation, quotation_uuid: `${quotation.quotation_uuid.slice(0, 36)}-maker-zz` };
  const { payload, signature } = signed(state, 'maker-aa', 'main', { ...info, quotation_info: [unknown] });
  expect(
    refusal(() => exchange(state, buyer, { exchange_payload: payload, member_signature: signature })),
  ).toMatchObject({ status: 404, code: 'QUOTATION-NOT-FOUND' });
  expect(refusal(() => exchange(state, seller, body))).toMatchObject({ status: 403, code: 'EXCHANGE-BUYER-MISMATCH' });
  const forged = signed(state, 'maker-aa', 'second', info);
  expect(
    refusal(() =>
      exchange(state, buyer, { exchange_payload: body.exchange_payload, member_signature: forged.signature }),
    ),
  ).toMatchObject({ status: 400, code: 'EXCHANGE-SIGNATURE-INVALID' });
  expect(exchange(state, buyer, body).exchange_state).toBe('Success');
});
