import { test, expect } from '@playwright/test';
import { resourceSchemas, schemaRef, type FromSchema, type ResourceName, type Wire } from './resources.ts';
import { describe, enumOf, int64, listOf, text } from './spec-types.ts';
import { validate } from './validators.ts';
import type { BalanceInfo, QuotationState, TransactionInfo } from './wire.ts';

/**
 * The types of wire.ts follow the schemas of resources.ts. Each claim is made twice: once to the type
 * checker (the `@ts-expect-error` lines fail `tsc`, and so typecheck.test.ts, when a schema change makes
 * them compile, and the plain lines fail it when a change makes them not compile) and once to the
 * validator, so the type and the schema are seen to agree on the same values.
 */

/** Compiles only when A and B are the same type. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function sameType<A, B>(proof: Same<A, B>): void {
  expect(proof).toBe(true);
}

function valid(name: ResourceName, data: unknown): boolean {
  return validate(schemaRef(name), data).valid;
}

test('a schema keyword changes the derived type: required, enum, items, $ref', () => {
  const withCode = { type: 'object', properties: { code: text, count: int64 }, required: ['code'] } as const;
  sameType<FromSchema<typeof withCode>, { code: string; count?: number }>(true);
  const withoutRequired = { type: 'object', properties: { code: text, count: int64 } } as const;
  sameType<FromSchema<typeof withoutRequired>, { code?: string; count?: number }>(true);
  sameType<FromSchema<ReturnType<typeof enumOf<'DSA' | 'DSO'>>>, 'DSA' | 'DSO'>(true);
  sameType<FromSchema<ReturnType<typeof listOf<typeof text>>>, string[]>(true);
  sameType<FromSchema<ReturnType<typeof schemaRef<'geoCoordinates'>>>, { latitude: number; longitude: number }>(true);
  sameType<FromSchema<ReturnType<typeof describe<typeof text>>>, string>(true);
  expect(validate(withCode, { count: 1 }).valid).toBe(false);
  expect(validate(withoutRequired, { count: 1 }).valid).toBe(true);
});

test('balanceInfo: the issuer is optional, as the spec says (line 78), in the type and in the schema', () => {
  sameType<
    keyof BalanceInfo,
    'account_identification' | 'asset_code_identification' | 'asset_issuer_identification' | 'balance'
  >(true);
  const withoutIssuer: BalanceInfo = {
    account_identification: 'main',
    asset_code_identification: 'USD',
    balance: '1.0000000',
  };
  expect(valid('balanceInfo', withoutIssuer)).toBe(true);
  // @ts-expect-error the balance is required
  const withoutBalance: BalanceInfo = { account_identification: 'main', asset_code_identification: 'USD' };
  expect(valid('balanceInfo', withoutBalance)).toBe(false);
  // @ts-expect-error the balance is a string of digits, not a number
  const numericBalance: BalanceInfo = { ...withoutIssuer, balance: 1 };
  expect(valid('balanceInfo', numericBalance)).toBe(false);
});

test('nested resources: a reference, a list and a closed value set reach the type', () => {
  const state: QuotationState = {
    quotation_uuid: '0f8fad5b-d9cb-469f-a165-70867728950e-maker-bb',
    request_quotation_state: 21,
    seller_member_identification: 'maker-bb',
  };
  expect(valid('quotationState', state)).toBe(true);
  // @ts-expect-error 22 is not a state code
  const badState: QuotationState = { ...state, request_quotation_state: 22 };
  expect(valid('quotationState', badState)).toBe(false);
  sameType<NonNullable<QuotationState['response_data']>[number], Wire<'quotationInfo'>>(true);
  sameType<TransactionInfo['interbank_settlement_method'], 'DSA' | 'DSO'>(true);
  sameType<TransactionInfo['interbank_settlement_asset'], Wire<'settlementInstrumentInfo'>[]>(true);
});

test('every resource has an object type whose fields are its schema properties', () => {
  // A union of one check per resource: a resource whose type lost its fields (unknown, never) fails here.
  type FieldsKnown = { [N in ResourceName]: keyof Wire<N> extends never ? N : never }[ResourceName];
  sameType<FieldsKnown, never>(true);
  for (const [name, schema] of Object.entries(resourceSchemas)) {
    expect(schema.type, name).toBe('object');
    expect(Object.keys(schema.properties as object).length, name).toBeGreaterThan(0);
  }
});
