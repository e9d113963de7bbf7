import { test, expect } from '@playwright/test';
import type { ExchangeInfo, ExchangeObject, QuotationInfo, RequestQuotation } from '../../schemas/wire.ts';
import { EUR, USD, refusal } from '../../test-support/simulator/value-network.ts';
import { formatAmount } from '../ledger/amount.ts';
import type { AssetRef } from '../ledger/ledger.ts';
import { answerQuotation } from '../quotations/answer.ts';
import { cancelQuotation } from '../quotations/cancellation.ts';
import { requestQuotations } from '../quotations/request.ts';
import { MINUTE, quotationNetwork, quotationObject, signed } from '../../test-support/simulator/quotation-network.ts';
import type { FaultName } from '../faults/catalogue.ts';
import { exchange } from './exchange.ts';

type QuotationNetwork = Awaited<ReturnType<typeof quotationNetwork>>;
interface Setup {
  quotation?: Partial<QuotationInfo>;
  request?: Partial<RequestQuotation>;
  faults?: FaultName[];
}

/** maker-bb has answered maker-aa's request: 0.9 EUR per USD, quoted amounts 1 to 1000 (request: 1 to 500). */
async function answered(setup: Setup = {}) {
  return answeredOn(await quotationNetwork(), setup);
}

/** As `answered`, on a network that already exists (its clock and faults carry over). */
async function answeredOn(network: QuotationNetwork, setup: Setup = {}) {
  const { state, seller } = network;
  for (const fault of setup.faults ?? []) state.faults.enable(fault);
  const { quotationUuid, request } = network.requestQuotation(setup.request);
  const quotation = network.quotationInfo(quotationUuid, request, setup.quotation);
  answerQuotation(state, seller, quotationUuid, quotationObject(state, quotation));

  function exchangeInfo(overrides: Partial<ExchangeInfo> = {}): ExchangeInfo {
    return {
      amount_base_asset: 100,
      buyer_crediting_account_identification: 'main',
      buyer_debiting_account_identification: 'main',
      quotation_info: [quotation],
      ...overrides,
    };
  }
  /** The buyer's signed exchange; signed by `account` of `member` (the buyer's debiting account unless told). */
  function exchangeObject(info: unknown = exchangeInfo(), member = 'maker-aa', account = 'main'): ExchangeObject {
    const { payload, signature } = signed(state, member, account, info);
    return { exchange_payload: payload, member_signature: signature };
  }
  const balance = (member: string, asset: AssetRef) => formatAmount(state.ledger.balance(member, 'main', asset)!);
  /** maker-aa USD, maker-aa EUR, maker-bb USD, maker-bb EUR. */
  const balances = () => [
    balance('maker-aa', USD),
    balance('maker-aa', EUR),
    balance('maker-bb', USD),
    balance('maker-bb', EUR),
  ];
  const stateOf = () => state.quotations.quotation(quotationUuid, state.clock.now())?.state;
  return { ...network, quotationUuid, quotation, exchangeInfo, exchangeObject, balances, stateOf };
}

const UNTOUCHED = ['1000.0000000', '0.0000000', '0.0000000', '1000.0000000'];

test.describe('exchange: success', () => {
  test('one ledger transaction of two legs; state 21; the result', async () => {
    const { state, buyer, exchangeInfo, exchangeObject, balances, stateOf } = await answered();
    const info = exchangeInfo();
    const result = exchange(state, buyer, exchangeObject(info));
    expect(result).toEqual({
      amount_base_asset: 100,
      amount_quoted_asset: 90,
      exchange_info: [info],
      exchange_state: 'Success',
      settlement_timestamp: expect.any(Number),
      transaction_identification: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(balances()).toEqual(['900.0000000', '90.0000000', '100.0000000', '910.0000000']);
    expect(stateOf()).toBe(21);
    const transaction = state.ledger.transaction(result.transaction_identification)!;
    expect(transaction).toMatchObject({ status: 'success', timestamp: result.settlement_timestamp });
    expect(
      transaction.operations.map((operation) => [
        operation.from,
        operation.to,
        operation.asset.code,
        formatAmount(operation.amount),
      ]),
    ).toEqual([
      [{ member: 'maker-aa', account: 'main' }, { member: 'maker-bb', account: 'main' }, 'USD', '100.0000000'],
      [{ member: 'maker-bb', account: 'main' }, { member: 'maker-aa', account: 'main' }, 'EUR', '90.0000000'],
    ]);
    expect(state.gateway.read('maker-aa', 'quotations')).toHaveLength(1); // the answer only: an exchange sends no quotation message
  });

  test('the quoted amount is rounded down to 7 decimals', async () => {
    const { state, buyer, exchangeInfo, exchangeObject, balances } = await answered({
      quotation: { foreign_exchange_rate: 0.66666666, minimum_amount_limit: 0 },
    });
    const result = exchange(state, buyer, exchangeObject(exchangeInfo({ amount_base_asset: 10.0000001 })));
    // 10.0000001 x 0.66666666 = 6.666666666666666: down to 6.6666666 (to the nearest would be 6.6666667)
    expect([result.amount_base_asset, result.amount_quoted_asset]).toEqual([10.0000001, 6.6666666]);
    expect(balances()).toEqual(['989.9999999', '6.6666666', '10.0000001', '993.3333334']);
  });
});

test.describe('exchange: amounts', () => {
  const cases: Array<[string, number, Partial<QuotationInfo>, Partial<RequestQuotation>]> = [
    ['zero', 0, {}, {}],
    ['rounds down to zero', 0.0000001, { minimum_amount_limit: 0 }, { minimum_amount_limit: 0 }],
    ['below the quotation’s minimum', 10, { minimum_amount_limit: 9.0000001 }, {}],
    ['above the quotation’s maximum', 100, { maximum_amount_limit: 89.9999999 }, {}],
    ['below the request’s minimum', 10, {}, { minimum_amount_limit: 9.0000001 }],
    ['above the request’s maximum', 600, {}, { maximum_amount_limit: 539.9999999 }],
  ];
  for (const [name, amount, quotation, request] of cases) {
    test(`${name}: 400, nothing moves, the quotation stays exchangeable`, async () => {
      const { state, buyer, exchangeInfo, exchangeObject, balances, stateOf } = await answered({ quotation, request });
      expect(
        refusal(() => exchange(state, buyer, exchangeObject(exchangeInfo({ amount_base_asset: amount })))),
      ).toMatchObject({ status: 400, code: 'EXCHANGE-AMOUNT-INVALID' });
      expect(balances()).toEqual(UNTOUCHED);
      expect(stateOf()).toBe(10);
    });
  }

  test('the limits are inclusive', async () => {
    const { state, buyer, exchangeInfo, exchangeObject } = await answered({
      quotation: { minimum_amount_limit: 9, maximum_amount_limit: 450 },
    });
    expect(exchange(state, buyer, exchangeObject(exchangeInfo({ amount_base_asset: 10 }))).amount_quoted_asset).toBe(9);
    const again = await answered({ quotation: { maximum_amount_limit: 450 } });
    expect(
      exchange(again.state, again.buyer, again.exchangeObject(again.exchangeInfo({ amount_base_asset: 500 })))
        .amount_quoted_asset,
    ).toBe(450);
  });

  test('more than 7 decimals: 400', async () => {
    const { state, buyer, exchangeInfo, exchangeObject } = await answered();
    expect(
      refusal(() => exchange(state, buyer, exchangeObject(exchangeInfo({ amount_base_asset: 1.00000001 })))),
    ).toMatchObject({ status: 400, code: 'AMOUNT-INVALID' });
  });
});

test.describe('exchange: checks, in order', () => {
  test('payload that is not an exchangeInfo: 400', async () => {
    const { state, buyer, exchangeInfo, exchangeObject } = await answered();
    for (const value of [{ amount_base_asset: 1 }, exchangeInfo({ quotation_info: [] }), 'text']) {
      expect(refusal(() => exchange(state, buyer, exchangeObject(value)))).toMatchObject({
        status: 400,
        code: 'EXCHANGE-PAYLOAD-INVALID',
      });
    }
  });

  test('the buyer of the embedded request is not the caller: 403, before the quotation is even looked up', async () => {
    const { state, seller, exchangeInfo, exchangeObject, quotation } = await answered();
    expect(refusal(() => exchange(state, seller, exchangeObject()))).toMatchObject({
      status: 403,
      code: 'EXCHANGE-BUYER-MISMATCH',
    });
    const unknown = { ...quotation, quotation_uuid: `${quotation.quotation_uuid.slice(0, 36)}-maker-zz` };
    expect(
      refusal(() => exchange(state, seller, exchangeObject(exchangeInfo({ quotation_info: [unknown] })))),
    ).toMatchObject({ status: 403 });
  });

  test('unknown quotation, or one of another buyer: 404 (before the signature is looked at)', async () => {
    const { state, buyer, seller, exchangeInfo, exchangeObject, quotation, requestBody } = await answered();
    const unknown = { ...quotation, quotation_uuid: `${quotation.quotation_uuid.slice(0, 36)}-maker-zz` };
    expect(
      refusal(() => exchange(state, buyer, exchangeObject(exchangeInfo({ quotation_info: [unknown] }), 'maker-bb'))),
    ).toMatchObject({ status: 404, code: 'QUOTATION-NOT-FOUND' });
    // maker-bb asks, maker-aa is asked; maker-aa claims to be the buyer of that quotation.
    const { request_uuid } = requestQuotations(state, seller, requestBody({ buyer_member_identification: 'maker-bb' }));
    const othersQuotation = { ...quotation, quotation_uuid: `${request_uuid}-maker-aa` };
    expect(
      refusal(() => exchange(state, buyer, exchangeObject(exchangeInfo({ quotation_info: [othersQuotation] })))),
    ).toMatchObject({ status: 404, code: 'QUOTATION-NOT-FOUND' });
  });

  test('quotation_info differs from the stored quotation (a better rate claimed): 400', async () => {
    const { state, buyer, exchangeInfo, exchangeObject, quotation, balances, stateOf } = await answered();
    const better = { ...quotation, foreign_exchange_rate: 2 };
    expect(
      refusal(() => exchange(state, buyer, exchangeObject(exchangeInfo({ quotation_info: [better] })))),
    ).toMatchObject({ status: 400, code: 'EXCHANGE-PAYLOAD-INVALID' });
    expect([balances(), stateOf()]).toEqual([UNTOUCHED, 10]);
  });

  test('a waiting quotation (never answered) cannot be exchanged: 400', async () => {
    const network = await quotationNetwork();
    const { quotationUuid, request } = network.requestQuotation();
    const info = {
      amount_base_asset: 1,
      buyer_crediting_account_identification: 'main',
      buyer_debiting_account_identification: 'main',
      quotation_info: [network.quotationInfo(quotationUuid, request)],
    };
    const { payload, signature } = signed(network.state, 'maker-aa', 'main', info);
    expect(
      refusal(() => exchange(network.state, network.buyer, { exchange_payload: payload, member_signature: signature })),
    ).toMatchObject({ status: 400, code: 'QUOTATION-INVALID-STATE' });
  });

  test('exchanged once: the second exchange is 400 and nothing moves twice; a cancelled quotation is 400', async () => {
    const { state, buyer, exchangeObject, balances, stateOf } = await answered();
    exchange(state, buyer, exchangeObject());
    const after = balances();
    expect(refusal(() => exchange(state, buyer, exchangeObject()))).toMatchObject({
      status: 400,
      code: 'QUOTATION-INVALID-STATE',
    });
    expect([balances(), stateOf()]).toEqual([after, 21]);

    const cancelled = await answered();
    cancelQuotation(cancelled.state, cancelled.buyer, cancelled.quotationUuid);
    expect(refusal(() => exchange(cancelled.state, cancelled.buyer, cancelled.exchangeObject()))).toMatchObject({
      status: 400,
      code: 'QUOTATION-INVALID-STATE',
    });
  });

  test('before start_time: 400 and the quotation is released; from start_time on it settles', async () => {
    const network = await quotationNetwork();
    const start = network.state.clock.now() + 10 * MINUTE;
    const { state, buyer, exchangeObject, stateOf, balances } = await answeredOn(network, {
      quotation: { start_time: start, end_time: start + 10 * MINUTE },
    });
    expect(refusal(() => exchange(state, buyer, exchangeObject()))).toMatchObject({
      status: 400,
      code: 'EXCHANGE-OUTSIDE-VALIDITY',
    });
    expect([stateOf(), balances()]).toEqual([10, UNTOUCHED]);
    state.clock.set(start);
    expect(exchange(state, buyer, exchangeObject()).exchange_state).toBe('Success');
  });

  test('from end_time on the quotation is gone: 404', async () => {
    const { state, buyer, exchangeObject, quotation } = await answered();
    state.clock.set(quotation.end_time);
    expect(refusal(() => exchange(state, buyer, exchangeObject()))).toMatchObject({
      status: 404,
      code: 'QUOTATION-NOT-FOUND',
    });
  });

  test('buyer signature: by another account, by the seller, over other bytes: 400, and the quotation is released', async () => {
    const { state, buyer, exchangeInfo, exchangeObject, stateOf } = await answered();
    const tampered = {
      ...exchangeObject(),
      exchange_payload: Buffer.from(JSON.stringify(exchangeInfo({ amount_base_asset: 1 }))).toString('base64'),
    };
    for (const body of [
      exchangeObject(exchangeInfo(), 'maker-aa', 'second'),
      exchangeObject(exchangeInfo(), 'maker-bb', 'main'),
      tampered,
    ]) {
      expect(refusal(() => exchange(state, buyer, body))).toMatchObject({
        status: 400,
        code: 'EXCHANGE-SIGNATURE-INVALID',
      });
      expect(stateOf()).toBe(10);
    }
  });

  test('buyer accounts must be its operating accounts (400) granted by the token (401)', async () => {
    const { state, buyer, exchangeInfo, exchangeObject, principal, stateOf } = await answered();
    for (const info of [
      exchangeInfo({ buyer_debiting_account_identification: 'emission' }),
      exchangeInfo({ buyer_crediting_account_identification: 'third' }),
    ]) {
      expect(
        refusal(() =>
          exchange(state, buyer, exchangeObject(info, 'maker-aa', info.buyer_debiting_account_identification)),
        ),
      ).toMatchObject({ status: 400, code: 'EXCHANGE-PAYLOAD-INVALID' });
    }
    const narrow = await principal('maker-aa', { accounts: ['second'] });
    expect(refusal(() => exchange(state, narrow, exchangeObject()))).toMatchObject({
      status: 401,
      code: 'AUTH-ACCOUNT-FORBIDDEN',
    });
    expect(stateOf()).toBe(10);
  });

  test('the seller’s stored signature no longer verifies: 404', async () => {
    const { state, buyer, exchangeObject, quotationUuid, stateOf } = await answered();
    const quotation = state.quotations.quotation(quotationUuid, state.clock.now())!;
    quotation.answer = { ...quotation.answer!, signature: Buffer.alloc(64) };
    expect(refusal(() => exchange(state, buyer, exchangeObject()))).toMatchObject({
      status: 404,
      code: 'EXCHANGE-SELLER-SIGNATURE-UNAVAILABLE',
    });
    expect(stateOf()).toBe(10);
  });

  test('an earlier check wins: a replay with a bad signature says state, a bad signature with a bad amount says signature', async () => {
    const { state, buyer, exchangeInfo, exchangeObject } = await answered();
    exchange(state, buyer, exchangeObject());
    expect(refusal(() => exchange(state, buyer, exchangeObject(exchangeInfo(), 'maker-aa', 'second')))).toMatchObject({
      code: 'QUOTATION-INVALID-STATE',
    });
    const fresh = await answered();
    expect(
      refusal(() =>
        exchange(
          fresh.state,
          fresh.buyer,
          fresh.exchangeObject(fresh.exchangeInfo({ amount_base_asset: 0 }), 'maker-aa', 'second'),
        ),
      ),
    ).toMatchObject({ code: 'EXCHANGE-SIGNATURE-INVALID' });
  });
});

test.describe('exchange: Rejected', () => {
  test('mutual allowlist gone: 200 Rejected, state 80, nothing moves, the hash of a failed transaction the ledger recorded', async () => {
    for (const [owner, removed] of [
      ['maker-aa', 'maker-bb'],
      ['maker-bb', 'maker-aa'],
    ]) {
      const { state, buyer, exchangeObject, balances, stateOf } = await answered();
      state.allowlists.remove(owner!, removed!);
      const result = exchange(state, buyer, exchangeObject());
      expect(result).toMatchObject({
        exchange_state: 'Rejected',
        amount_base_asset: 100,
        amount_quoted_asset: 90,
        transaction_identification: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(result.settlement_timestamp).toBeUndefined();
      expect([balances(), stateOf()]).toEqual([UNTOUCHED, 80]);
      expect(state.ledger.transaction(result.transaction_identification)).toMatchObject({
        status: 'failed',
        failure: { code: 'EXCHANGE-ALLOWLIST-GONE' },
      });
      expect(refusal(() => exchange(state, buyer, exchangeObject()))).toMatchObject({
        code: 'QUOTATION-INVALID-STATE',
      });
    }
  });

  test('the ledger refuses (balance, revoked line): 200 Rejected with the failed transaction’s hash, state 80, neither leg moves', async () => {
    const poor = await answered({ request: { maximum_amount_limit: 2000 }, quotation: { maximum_amount_limit: 2000 } });
    const tooMuch = exchange(
      poor.state,
      poor.buyer,
      poor.exchangeObject(poor.exchangeInfo({ amount_base_asset: 1000.0000001 })),
    );
    expect(tooMuch.exchange_state).toBe('Rejected');
    expect(poor.state.ledger.transaction(tooMuch.transaction_identification)).toMatchObject({
      status: 'failed',
      failure: { code: 'LEDGER-INSUFFICIENT-BALANCE' },
    });
    expect([poor.balances(), poor.stateOf()]).toEqual([UNTOUCHED, 80]);

    const revoked = await answered();
    revoked.state.ledger.revokeCreditLine('maker-aa', 'main', EUR); // the buyer can no longer receive the quoted asset
    const result = exchange(revoked.state, revoked.buyer, revoked.exchangeObject());
    expect(result.exchange_state).toBe('Rejected');
    expect(revoked.state.ledger.transaction(result.transaction_identification)).toMatchObject({
      status: 'failed',
      failure: { code: 'LEDGER-CREDIT-LINE-NOT-ALLOWED' },
    });
    expect([revoked.balances(), revoked.stateOf()]).toEqual([UNTOUCHED, 80]);
  });
});

test.describe('exchange: faults', () => {
  test('quotation-exchangeable-twice: the second exchange settles again', async () => {
    const { state, buyer, exchangeObject, balances } = await answered({ faults: ['quotation-exchangeable-twice'] });
    exchange(state, buyer, exchangeObject());
    expect(exchange(state, buyer, exchangeObject()).exchange_state).toBe('Success');
    expect(balances()).toEqual(['800.0000000', '180.0000000', '200.0000000', '820.0000000']);
  });

  test('expired-quotation-accepted: before start_time and after end_time it settles', async () => {
    const network = await quotationNetwork();
    network.state.faults.enable('expired-quotation-accepted');
    const start = network.state.clock.now() + 10 * MINUTE;
    const early = await answeredOn(network, { quotation: { start_time: start, end_time: start + MINUTE } });
    expect(exchange(early.state, early.buyer, early.exchangeObject()).exchange_state).toBe('Success');
    const late = await answeredOn(network, { quotation: { end_time: network.state.clock.now() + MINUTE } });
    network.state.clock.set(late.quotation.end_time + MINUTE);
    expect(exchange(late.state, late.buyer, late.exchangeObject()).exchange_state).toBe('Success');
  });

  test('exchange-ignores-allowlist: settles although the allowlist is gone', async () => {
    const { state, buyer, exchangeObject, stateOf } = await answered({ faults: ['exchange-ignores-allowlist'] });
    state.allowlists.remove('maker-bb', 'maker-aa');
    expect(exchange(state, buyer, exchangeObject()).exchange_state).toBe('Success');
    expect(stateOf()).toBe(21);
  });
});
