import { test, expect } from '@playwright/test';
import type { JsonSchema } from './catalogue-types.ts';
import {
  isResourceName,
  resourceNameOfRef,
  resourceNames,
  resourceSchemas,
  schemaRef,
  type ResourceName,
} from './resources.ts';
import { validate } from './validators.ts';

const specResources = [
  'error',
  'digitalAccount',
  'memberInfo',
  'settlementInstrumentInfo',
  'balanceInfo',
  'balanceSheetLiabilities',
  'creditLineTokenizer',
  'creditLineMember',
  'fundingInfo',
  'instruction',
  'fundingResult',
  'transactionState',
  'financialMessage',
  'unsignedPayload',
  'memberSignedPayload',
  'signedMessagePayload',
  'chargeRequest',
  'paymentCharge',
  'charge',
  'consolidateBalance',
  'consolidateBalanceInstruction',
  'consolidateBalanceResult',
  'compare',
  'quotationInfo',
  'quotationObject',
  'quotationParameters',
  'quotationState',
  'requestQuotation',
  'requestQuotationResult',
  'exchangeInfo',
  'exchangeObject',
  'exchangeResult',
  'transaction',
  'transactionInfo',
  'streamMessages',
  'paymentPointInfo',
  'paymentPointAddress',
  'paymentPointBusinessHours',
  'paymentPointGeoCoordinates',
  'geoCoordinates',
  'paymentPointMethods',
  'paymentPointTerms',
];

function walk(value: unknown, visit: (node: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) value.forEach((inner) => walk(inner, visit));
  else if (value !== null && typeof value === 'object') {
    visit(value as Record<string, unknown>);
    Object.values(value).forEach((inner) => walk(inner, visit));
  }
}

function properties(name: ResourceName): Record<string, JsonSchema> {
  return resourceSchemas[name].properties as Record<string, JsonSchema>;
}

function valid(name: ResourceName, data: unknown): boolean {
  return validate(schemaRef(name), data).valid;
}

function errorsOf(name: ResourceName, data: unknown): string[] {
  const result = validate(schemaRef(name), data);
  return result.valid ? [] : result.errors;
}

const usd = {
  asset_code_identification: 'USD',
  asset_group_identification: 'DSA',
  asset_issuer_identification: 'tokenizer-us',
};

const paymentPoint = {
  institution_identifications: ['First Bank'],
  institution_phone_number: '5550100',
  institution_website_url: 'https://bank.example',
  payment_point_business_hours: [{ open_time: '09:00', close_time: '17:30', work_days: ['Monday', 'Tuesday'] }],
  payment_point_child_uuids: [],
  payment_point_currency: ['USD'],
  payment_point_geo_coordinates: [{ geo_type: 'point', geo_coordinates: [{ latitude: 40.71, longitude: -74.0 }] }],
  payment_point_identification: 'First Bank Downtown',
  payment_point_logo_url: 'https://bank.example/logo.png',
  payment_point_methods: [
    {
      method_identification: 'cashout-branch',
      payment_point_terms: [{ service_title: 'Cash', service_description: 'Cash at the counter' }],
    },
  ],
  payment_point_parent_uuids: ['area-nyc'],
  payment_point_type: 'Bank',
};

test.describe('resource schemas', () => {
  test('one schema per resource of the spec, each with a unique $id and its name as title', () => {
    expect([...resourceNames].sort()).toEqual([...specResources].sort());
    const ids = resourceNames.map((name) => resourceSchemas[name].$id);
    expect(new Set(ids).size).toBe(specResources.length);
    for (const name of resourceNames) {
      expect(resourceSchemas[name].title).toBe(name);
      expect(resourceNameOfRef(schemaRef(name).$ref as string)).toBe(name);
    }
    expect(isResourceName('quotationState')).toBe(true);
    expect(isResourceName('toString')).toBe(false);
  });

  test('every field is described, unknown fields are allowed, and every $ref resolves', () => {
    for (const name of resourceNames) {
      for (const [field, schema] of Object.entries(properties(name))) {
        expect(typeof schema.description, `${name}.${field}`).toBe('string');
      }
      walk(resourceSchemas[name], (node) => {
        expect(node.additionalProperties, name).toBeUndefined();
        if (typeof node.$ref === 'string') expect(resourceNameOfRef(node.$ref), `${name} ${node.$ref}`).toBeDefined();
      });
      expect(() => validate(resourceSchemas[name], {}), name).not.toThrow();
    }
  });

  test('required lists follow the spec’s Required column', () => {
    expect(resourceSchemas.error.required).toEqual(['long_message', 'short_message', 'timestamp']);
    expect(resourceSchemas.digitalAccount.required).toEqual(['distributed_ledger_account_address']);
    expect(resourceSchemas.memberInfo.required).toEqual(['bicfi', 'business_role', 'country_code', 'identification']);
    expect(resourceSchemas.quotationState.required).toEqual([
      'quotation_uuid',
      'request_quotation_state',
      'seller_member_identification',
    ]);
    expect(resourceSchemas.balanceSheetLiabilities.required).toBeUndefined();
    expect(resourceSchemas.paymentPointInfo.required).toHaveLength(12);
  });

  test('types follow the spec’s notation', () => {
    expect(properties('error').timestamp?.type).toBe('integer');
    expect(properties('fundingInfo').funding_amount?.type).toBe('number');
    expect(properties('quotationInfo').foreign_exchange_rate?.type).toBe('number');
    expect(properties('creditLineMember').maximum_credit_limit?.type).toBe('integer');
    expect(properties('fundingResult').funding_payload).toMatchObject({
      type: 'array',
      items: schemaRef('fundingInfo'),
    });
    expect(properties('exchangeInfo').quotation_info).toMatchObject({
      type: 'array',
      items: schemaRef('quotationInfo'),
    });
    expect(valid('fundingResult', { funding_payload: {}, funding_state: [] })).toBe(false);
  });

  test('error', () => {
    expect(
      valid('error', {
        short_message: 'Not found',
        long_message: 'No member x.',
        timestamp: 1_700_000_000_000,
        code: 'X',
      }),
    ).toBe(true);
    expect(errorsOf('error', { short_message: 'Not found', long_message: 'No member x.' })).toEqual([
      "must have required property 'timestamp'",
    ]);
    expect(errorsOf('error', { short_message: 'a', long_message: 'b', timestamp: '1700000000000' })).toEqual([
      '/timestamp must be integer',
    ]);
    expect(valid('error', { short_message: 'a', long_message: 'b', timestamp: 1.5 })).toBe(false);
  });

  test('memberInfo', () => {
    const member = {
      bicfi: 'FIRSUS33',
      business_role: 'MMM',
      country_code: 'US',
      identification: 'bank-one',
      member_state: 'activated',
    };
    expect(valid('memberInfo', member)).toBe(true);
    expect(
      valid('memberInfo', {
        ...member,
        operating_digital_accounts: [{ identification: 'main', distributed_ledger_account_address: 'GABC' }],
      }),
    ).toBe(true);
    expect(valid('memberInfo', { ...member, extra_field: true })).toBe(true);
    expect(valid('memberInfo', { ...member, business_role: 'XYZ' })).toBe(false);
    expect(valid('memberInfo', { ...member, member_state: 'active' })).toBe(false);
    expect(valid('memberInfo', { ...member, country_code: 'USA' })).toBe(false);
    expect(valid('memberInfo', { ...member, operating_digital_accounts: [{ identification: 'main' }] })).toBe(false);
  });

  test('settlementInstrumentInfo and balanceInfo: the code is USD or USDDSO, the group DSA or DSO', () => {
    expect(valid('settlementInstrumentInfo', usd)).toBe(true);
    expect(
      valid('settlementInstrumentInfo', { asset_code_identification: 'USDDSO', asset_group_identification: 'DSO' }),
    ).toBe(true);
    expect(
      valid('settlementInstrumentInfo', { asset_code_identification: 'DSA', asset_group_identification: 'USD' }),
    ).toBe(false);
    const balance = {
      account_identification: 'main',
      asset_code_identification: 'USD',
      asset_issuer_identification: 'tokenizer-us',
      balance: '1250.5000000',
    };
    expect(valid('balanceInfo', balance)).toBe(true);
    expect(errorsOf('balanceInfo', { ...balance, balance: 1250.5 })).toEqual(['/balance must be string']);
    expect(valid('balanceInfo', { ...balance, asset_code_identification: 'USDD' })).toBe(false);
  });

  test('creditLineMember: state enum, and a request needs its ceiling', () => {
    const line = {
      account_identification: 'emission',
      asset_code_identification: 'EURDSO',
      member_identification: 'bank-two',
    };
    expect(valid('creditLineMember', { ...line, credit_line_state: 'request', maximum_credit_limit: 1000 })).toBe(true);
    expect(valid('creditLineMember', { ...line, credit_line_state: 'allow' })).toBe(true);
    expect(valid('creditLineMember', { ...line, credit_line_state: 'revoke' })).toBe(true);
    expect(errorsOf('creditLineMember', { ...line, credit_line_state: 'request' })).toContain(
      "must have required property 'maximum_credit_limit'",
    );
    expect(valid('creditLineMember', { ...line, credit_line_state: 'grant' })).toBe(false);
    expect(valid('creditLineMember', { ...line, credit_line_state: 'request', maximum_credit_limit: 10.5 })).toBe(
      false,
    );
    // The tokenizer variant has no request, and takes DSA codes only.
    const tokenizerLine = {
      account_identification: 'main',
      asset_code_identification: 'USD',
      member_identification: 'bank-two',
    };
    expect(valid('creditLineTokenizer', { ...tokenizerLine, credit_line_state: 'allow' })).toBe(true);
    expect(valid('creditLineTokenizer', { ...tokenizerLine, credit_line_state: 'request' })).toBe(false);
    expect(
      valid('creditLineTokenizer', {
        ...tokenizerLine,
        asset_code_identification: 'USDDSO',
        credit_line_state: 'allow',
      }),
    ).toBe(false);
  });

  test('quotationState: state codes 1, 10, 20, 21, 80, 90 only', () => {
    const state = {
      quotation_uuid: '0b7f9a3e-4c1d-4e2f-9a8b-1c2d3e4f5a6b-bank-two',
      seller_member_identification: 'bank-two',
    };
    for (const code of [1, 10, 20, 21, 80, 90])
      expect(valid('quotationState', { ...state, request_quotation_state: code })).toBe(true);
    for (const code of [0, 2, 22, 100, '10'])
      expect(valid('quotationState', { ...state, request_quotation_state: code })).toBe(false);
    expect(errorsOf('quotationState', { ...state, request_quotation_state: 5 })).toEqual([
      '/request_quotation_state must be equal to one of the allowed values: 1, 10, 20, 21, 80, 90',
    ]);
    expect(valid('quotationState', { ...state, request_quotation_state: 1, request_uuid: 'not-a-uuid' })).toBe(false);
  });

  test('paymentPointInfo and its parts', () => {
    expect(valid('paymentPointInfo', paymentPoint)).toBe(true);
    expect(valid('paymentPointInfo', { ...paymentPoint, payment_point_type: 'Shop' })).toBe(false);
    const { payment_point_methods: _methods, ...withoutMethods } = paymentPoint;
    expect(errorsOf('paymentPointInfo', withoutMethods)).toEqual([
      "must have required property 'payment_point_methods'",
    ]);
    expect(
      valid('paymentPointInfo', {
        ...paymentPoint,
        payment_point_business_hours: [{ open_time: '9:00', close_time: '17:30', work_days: [] }],
      }),
    ).toBe(false);
    expect(
      valid('paymentPointInfo', {
        ...paymentPoint,
        payment_point_geo_coordinates: [{ geo_type: 'circle', geo_coordinates: [] }],
      }),
    ).toBe(false);
    expect(
      valid('paymentPointInfo', {
        ...paymentPoint,
        payment_point_methods: [{ method_identification: 'cash', payment_point_terms: [] }],
      }),
    ).toBe(false);
    expect(
      valid('paymentPointAddress', {
        bin_or_building_number: '1',
        city_name: 'NYC',
        country_code: 'us',
        postal_code: '10001',
        region_name: 'NY',
        street_name: 'Main',
      }),
    ).toBe(false);
  });

  test('base64, uuid and other stated formats', () => {
    expect(valid('unsignedPayload', { account_identification: 'main', unsigned_payload: 'aGVsbG8=' })).toBe(true);
    expect(valid('unsignedPayload', { account_identification: 'main', unsigned_payload: 'aGVsbG8' })).toBe(false);
    expect(valid('unsignedPayload', { account_identification: 'main', unsigned_payload: 'aGVs\nbG8=' })).toBe(false);
    expect(valid('financialMessage', { financial_message_type: 'iso20022:pacs.008.001.08' })).toBe(true);
    expect(valid('financialMessage', { financial_message_type: 'MT103' })).toBe(false);
    expect(
      valid('requestQuotationResult', { request_timestamp: 1, request_uuid: '0b7f9a3e-4c1d-4e2f-9a8b-1c2d3e4f5a6b' }),
    ).toBe(true);
    // Version 1 UUID: the spec asks for version 4.
    expect(
      valid('requestQuotationResult', { request_timestamp: 1, request_uuid: '0b7f9a3e-4c1d-1e2f-9a8b-1c2d3e4f5a6b' }),
    ).toBe(false);
    expect(valid('streamMessages', { response_data: [{ any: 'thing' }], timestamp: '1700000000000' })).toBe(true);
    expect(valid('streamMessages', { response_data: [{ any: 'thing' }], timestamp: 1700000000000 })).toBe(false);
    expect(
      valid('exchangeResult', {
        amount_base_asset: 1,
        amount_quoted_asset: 2,
        exchange_info: [],
        exchange_state: 'Failed',
        transaction_identification: 'ab',
      }),
    ).toBe(false);
    expect(valid('compare', { comparison_value: 10, relational_operator: 'ne' })).toBe(false);
  });

  test('chargeRequest: exactly one of net amount and gross amount, amounts above zero with 7 decimals', () => {
    const request = {
      instructed_currency_code: 'MXN',
      interbank_settlement_instrument: [usd],
      member_identification: 'bank-one',
      request_uuid: '0b7f9a3e-4c1d-4e2f-9a8b-1c2d3e4f5a6b',
    };
    expect(valid('chargeRequest', { ...request, instructed_net_amount: 100 })).toBe(true);
    expect(
      valid('chargeRequest', {
        ...request,
        interbank_settlement_gross_amount: 105,
        payment_point_info: [paymentPoint],
      }),
    ).toBe(true);
    expect(
      errorsOf('chargeRequest', { ...request, instructed_net_amount: 100, interbank_settlement_gross_amount: 105 }),
    ).toEqual(['must have exactly one of instructed_net_amount, interbank_settlement_gross_amount']);
    expect(errorsOf('chargeRequest', request)).toContain(
      'must have exactly one of instructed_net_amount, interbank_settlement_gross_amount',
    );
    expect(errorsOf('chargeRequest', { ...request, instructed_net_amount: 0 })).toEqual([
      '/instructed_net_amount must be > 0',
    ]);
    expect(errorsOf('chargeRequest', { ...request, instructed_net_amount: 1.12345678 })).toEqual([
      '/instructed_net_amount must have at most 7 fraction digits',
    ]);
    expect(valid('chargeRequest', { ...request, instructed_net_amount: 1e-7 })).toBe(true);
  });
});
