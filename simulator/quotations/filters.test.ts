import { test, expect } from '@playwright/test';
import type { RelationalOperator } from '../../schemas/enumerations.ts';
import type { QuotationInfo, QuotationParameters, SettlementInstrumentInfo } from '../../schemas/wire.ts';
import { EUR, USD } from '../../test-support/simulator/value-network.ts';
import { hasCondition, matchesParameters } from './filters.ts';
import type { Quotation } from './quotation.ts';

const END = 1_800_000_000_000;

/** A quotation record as the book holds it, answered at `rate` unless `rate` is undefined. */
function quotation(state: Quotation['state'], rate?: number): Quotation {
  const requestQuotation = {
    buyer_member_identification: 'maker-aa',
    maximum_amount_limit: 10,
    time_end_request_quotation: END,
  };
  const request = {
    request_uuid: 'r',
    request_timestamp: 0,
    requestQuotation,
    buyer: 'maker-aa',
    base: USD,
    quoted: EUR,
  };
  const answer =
    rate === undefined
      ? undefined
      : {
          info: { foreign_exchange_rate: rate } as QuotationInfo,
          payload: Buffer.alloc(0),
          signature: Buffer.alloc(0),
          answered_at: 0,
        };
  return { quotation_uuid: 'r-maker-bb', request, seller: 'maker-bb', state, ...(answer ? { answer } : {}) };
}

const compare = (relational_operator: RelationalOperator, comparison_value: number) => [
  { relational_operator, comparison_value },
];

/** [operator, a comparison value that holds, one that does not] for a field whose value is `value`. */
function operatorCases(value: number, step: number): Array<[RelationalOperator, number, number]> {
  return [
    ['eq', value, value + step],
    ['gt', value - step, value],
    ['lt', value + step, value],
    ['ge', value, value + step],
    ['le', value, value - step],
  ];
}

test('each operator, on the rate, the state and the request end time', () => {
  const answered = quotation(10, 0.9);
  const fields = [
    ['foreign_exchange_rate', 0.9, 0.01],
    ['request_quotation_state', 10, 1],
    ['time_end_request_quotation', END, 1],
  ] as const;
  for (const [field, value, step] of fields) {
    for (const [operator, holding, failing] of operatorCases(value, step)) {
      expect(
        matchesParameters(answered, { [field]: compare(operator, holding) }),
        `${field} ${operator} ${holding}`,
      ).toBe(true);
      expect(
        matchesParameters(answered, { [field]: compare(operator, failing) }),
        `${field} ${operator} ${failing}`,
      ).toBe(false);
    }
  }
});

test('every entry of a compare list must hold: a range', () => {
  const range = (rate: number) =>
    matchesParameters(quotation(10, rate), { foreign_exchange_rate: [...compare('ge', 0.5), ...compare('lt', 1)] });
  expect([range(0.49), range(0.5), range(0.99), range(1)]).toEqual([false, true, true, false]);
});

test('an unanswered quotation has no rate, so it never meets a rate condition', () => {
  for (const operator of ['eq', 'gt', 'lt', 'ge', 'le'] as const) {
    expect(matchesParameters(quotation(1), { foreign_exchange_rate: compare(operator, 0) })).toBe(false);
  }
  expect(matchesParameters(quotation(1), { foreign_exchange_rate: [] })).toBe(true);
});

test('assets match by code and, when given, by issuer; members by identification', () => {
  const q = quotation(1);
  const asset = (code: string, issuer?: string): SettlementInstrumentInfo[] => [
    {
      asset_code_identification: code,
      asset_group_identification: 'DSA',
      ...(issuer ? { asset_issuer_identification: issuer } : {}),
    },
  ];
  const matches = (parameters: QuotationParameters) => matchesParameters(q, parameters);
  expect(matches({ base_asset_info: asset('USD') })).toBe(true);
  expect(matches({ base_asset_info: asset('USD', 'tokenizer-us') })).toBe(true);
  expect(matches({ base_asset_info: asset('USD', 'tokenizer-eu') })).toBe(false);
  expect(matches({ base_asset_info: asset('EUR') })).toBe(false);
  expect(matches({ quoted_asset_info: asset('EUR', 'tokenizer-eu') })).toBe(true);
  expect(matches({ quoted_asset_info: asset('USD') })).toBe(false);
  expect(matches({ buyer_member_identification: 'maker-aa', seller_member_identification: 'maker-bb' })).toBe(true);
  expect(matches({ buyer_member_identification: 'maker-bb' })).toBe(false);
  expect(matches({ seller_member_identification: 'maker-aa' })).toBe(false);
  expect(matches({ buyer_member_identification: 'maker-aa', base_asset_info: asset('EUR') })).toBe(false);
  expect(matches({})).toBe(true);
  expect(matches({ cancel_quotations: true })).toBe(true);
});

test('hasCondition: any filter field with a value; cancel_quotations and empty lists are none', () => {
  expect(hasCondition({})).toBe(false);
  expect(hasCondition({ cancel_quotations: true })).toBe(false);
  expect(hasCondition({ foreign_exchange_rate: [], base_asset_info: [] })).toBe(false);
  expect(hasCondition({ seller_member_identification: 'maker-bb' })).toBe(true);
  expect(hasCondition({ request_quotation_state: compare('eq', 1) })).toBe(true);
  expect(
    hasCondition({ quoted_asset_info: [{ asset_code_identification: 'EUR', asset_group_identification: 'DSA' }] }),
  ).toBe(true);
});
