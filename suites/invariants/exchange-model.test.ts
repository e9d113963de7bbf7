import { expect, test } from '@playwright/test';
import type { QuotationInfo, RequestQuotation } from '../flows/quotations.ts';
import { answerVerdict, cancelVerdict, exchangeVerdict } from './exchange-model.ts';
import type { QuotationRecord, QuotationStage } from './records.ts';
import type { LedgerModel, LineModel } from './model.ts';
import { referenceUnits, wholeUnits } from '../runtime/money.ts';
import { dsa, exchangeUniverse, line, modelOf } from '../../test-support/test-universe.ts';
import type { Holding } from './universe.ts';

/**
 * mmA buys USD for EUR from mmB, both on their main accounts: mmA holds 50 USD, mmB 40 EUR, every line
 * allowed with a ceiling of 100, and the makers list each other.
 */
const buyerBase = dsa('mmA', 'main', exchangeUniverse);
const buyerQuoted = dsa('mmA', 'main', exchangeUniverse, true);
const sellerBase = dsa('mmB', 'main', exchangeUniverse);
const sellerQuoted = dsa('mmB', 'main', exchangeUniverse, true);

function market(changes: { lines?: [Holding, LineModel][]; allowlist?: string[] } = {}): LedgerModel {
  const allowed = [buyerBase, buyerQuoted, sellerBase, sellerQuoted].map((holding): [Holding, LineModel] => [
    holding,
    line('allow', 100),
  ]);
  return modelOf(
    {
      balances: [
        [buyerBase, wholeUnits(50)],
        [sellerQuoted, wholeUnits(40)],
      ],
      lines: [...allowed, ...(changes.lines ?? [])],
      allowlist: changes.allowlist ?? ['mmA>mmB', 'mmB>mmA'],
    },
    exchangeUniverse,
  );
}

const request: RequestQuotation = {
  base_asset_info: [],
  buyer_member_identification: 'maker-a',
  maximum_amount_limit: 1000,
  minimum_amount_limit: 2,
  quoted_asset_info: [],
  time_end_request_quotation: 1_700_000_000_000,
};

const info: QuotationInfo = {
  end_time: 1_700_000_000_000,
  foreign_exchange_rate: 0.9,
  maximum_amount_limit: 20,
  minimum_amount_limit: 1,
  quotation_uuid: 'q-1',
  request_quotation: [request],
  seller_crediting_account_identification: 'main',
  seller_debiting_account_identification: 'main',
  seller_member_identification: 'maker-b',
  start_time: 0,
};

function quotation(stage: QuotationStage, exchanged = false): QuotationRecord {
  return { uuid: 'q-1', buyer: 'mmA', seller: 'mmB', request, requestTimestamp: 0, stage, info, exchanged };
}

const onMain = (base: bigint) => ({ base, buyerDebiting: 'main', buyerCrediting: 'main' });

test('a valid exchange moves both legs: the base amount to the seller, the quoted amount, rounded down, to the buyer', () => {
  const judged = exchangeVerdict(market(), quotation('answered'), info, onMain(wholeUnits(10)));
  expect(judged).toMatchObject({ verdict: { permitted: true, requirement: 'EXC-SETTLEMENT' }, quoted: wholeUnits(9) });
  expect(judged.stop).toBeUndefined();
  expect(judged.moves).toEqual([
    { holding: buyerBase.key, delta: -wholeUnits(10), supply: false },
    { holding: sellerBase.key, delta: wholeUnits(10), supply: false },
    { holding: sellerQuoted.key, delta: -wholeUnits(9), supply: false },
    { holding: buyerQuoted.key, delta: wholeUnits(9), supply: false },
  ]);
  // 10.0000001 x 0.9 = 9.00000009: rounded down to 9.0000000; a target rounding up is followed when it says so.
  expect(exchangeVerdict(market(), quotation('answered'), info, onMain(wholeUnits(10) + 1n)).quoted).toBe(
    wholeUnits(9),
  );
  const up = exchangeVerdict(market(), quotation('answered'), info, onMain(wholeUnits(10) + 1n), wholeUnits(9) + 1n);
  expect(up.moves.at(-1)).toEqual({ holding: buyerQuoted.key, delta: wholeUnits(9) + 1n, supply: false });
});

test('a quotation exchanged once, cancelled, or answered again after its exchange is refused before settlement', () => {
  for (const stage of ['completed', 'failed'] as const) {
    expect(exchangeVerdict(market(), quotation(stage, true), info, onMain(wholeUnits(10))), stage).toMatchObject({
      verdict: { permitted: false, requirement: 'EXC-ONCE' },
      stop: 'check',
      moves: [],
    });
  }
  // A target that took a new answer after the exchange: the quotation still settled once already.
  expect(exchangeVerdict(market(), quotation('answered', true), info, onMain(wholeUnits(10))).verdict.requirement).toBe(
    'EXC-ONCE',
  );
  expect(exchangeVerdict(market(), quotation('cancelled'), info, onMain(wholeUnits(10)))).toMatchObject({
    verdict: { permitted: false, requirement: 'EXC-STATE' },
    stop: 'check',
  });
});

test('the quoted amount must lie within both the quotation’s and the request’s limits, bounds included', () => {
  const amounts = (base: bigint) => exchangeVerdict(market(), quotation('answered'), info, onMain(base));
  // 2 x 0.9 = 1.8: above the quotation's minimum (1), below the request's (2).
  expect(amounts(wholeUnits(2))).toMatchObject({
    verdict: { permitted: false, requirement: 'EXC-AMOUNTS' },
    stop: 'check',
  });
  // 30 x 0.9 = 27: within the request (1000), above the quotation's maximum (20).
  expect(amounts(wholeUnits(30)).verdict.requirement).toBe('EXC-AMOUNTS');
  // A base amount whose quoted amount rounds down to nothing.
  expect(amounts(1n).verdict.requirement).toBe('EXC-AMOUNTS');
  // 22.2222222 x 0.9 = 19.99999998, rounded down to 19.9999999: just within; at rate 1, the bounds themselves pass.
  expect(amounts(referenceUnits(222_222_222n, 7)).verdict.permitted).toBe(true);
  expect(
    exchangeVerdict(market(), quotation('answered'), { ...info, foreign_exchange_rate: 1 }, onMain(wholeUnits(20)))
      .verdict.permitted,
  ).toBe(true);
  expect(
    exchangeVerdict(market(), quotation('answered'), { ...info, foreign_exchange_rate: 1 }, onMain(wholeUnits(2)))
      .verdict.permitted,
  ).toBe(true);
});

test('past the checks, a missing allowlist entry or a leg the ledger refuses fails the settlement, naming its rule', () => {
  const settle = (model: LedgerModel, base = wholeUnits(10)) =>
    exchangeVerdict(model, quotation('answered'), info, onMain(base));
  expect(settle(market({ allowlist: ['mmA>mmB'] }))).toMatchObject({
    verdict: { permitted: false, requirement: 'EXC-ALLOWLIST' },
    stop: 'settlement',
    moves: [],
  });
  // The seller's 40 EUR, down to 5: not enough for the 9 EUR of the second leg.
  const short = market();
  short.applyMoves([{ holding: sellerQuoted.key, delta: -wholeUnits(35), supply: false }]);
  expect(settle(short)).toMatchObject({
    verdict: { permitted: false, requirement: 'EXC-ATOMIC', reason: expect.stringContaining('leg 2: ') },
    stop: 'settlement',
  });
  expect(settle(market({ lines: [[sellerBase, line('allow', 5)]] })).verdict).toMatchObject({
    permitted: false,
    requirement: 'CL-CEILING',
    reason: expect.stringContaining('leg 1: '),
  });
  expect(settle(market({ lines: [[buyerQuoted, line('revoke', 100)]] })).verdict.requirement).toBe('CL-REVOKED-BLOCKS');
});

test('answers and cancellations: only while waiting or answered; after that, the rule a target breaks by accepting', () => {
  for (const stage of ['waiting', 'answered'] as const) {
    expect(answerVerdict(quotation(stage)), stage).toMatchObject({ permitted: true, requirement: 'QUO-ANSWER' });
    expect(cancelVerdict(quotation(stage)), stage).toMatchObject({ permitted: true, requirement: 'QUO-CANCEL' });
  }
  for (const stage of ['completed', 'failed', 'cancelled'] as const)
    expect(answerVerdict(quotation(stage)), stage).toMatchObject({
      permitted: false,
      requirement: 'QUO-STATE-MACHINE',
    });
  // Cancelling an exchanged quotation breaks the spec's own rule; cancelling a final one again, the reference's.
  expect(cancelVerdict(quotation('completed', true))).toMatchObject({ permitted: false, requirement: 'QUO-CANCEL' });
  expect(cancelVerdict(quotation('failed', true)).requirement).toBe('QUO-STATE-MACHINE');
  expect(cancelVerdict(quotation('cancelled')).requirement).toBe('QUO-STATE-MACHINE');
});
