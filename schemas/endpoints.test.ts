import { test, expect } from '@playwright/test';
import type { JsonSchema } from './catalogue-types.ts';
import { endpointById, endpoints, fullPath, isEndpointId, type EndpointId } from './endpoints.ts';
import { resourceNameOfRef } from './resources.ts';
import { validate } from './validators.ts';

/** The spec's Endpoints section, as `<id> <METHOD> <path>`. */
const expected = `
tokenizer.getAccountAddress GET /account-address
tokenizer.listMembers GET /members
tokenizer.getMember GET /members/{member_identification}
tokenizer.listAvailableInstruments GET /settlement-instruments/available/{tokenizer_identification}
tokenizer.changeCreditLine POST /settlement-instruments/credit-line/{tokenizer_identification}
tokenizer.createFundingInstruction POST /transactions/instruction
tokenizer.answerRedemption POST /transactions/message/redeem
tokenizer.sendFunding POST /transactions/send
member.getBalance GET /balances/digital-accounts/{account_identification}
member.listDigitalAccounts GET /digital-accounts
member.getDigitalAccount GET /digital-accounts/{account_identification}
member.consolidate POST /digital-accounts/{account_identification}/consolidate
member.restartListening POST /digital-accounts/{account_identification}/{reference}
member.requestCharge POST /charges/request/{member_identification}
member.answerCharge POST /charges/response/{member_identification}
member.redeem POST /payments/message/redeem
member.replyPayment POST /payments/message/reply
member.sendPayment POST /payments/message/send
member.exchange POST /exchange
member.findQuotations GET /exchange/quotations
member.searchQuotations POST /exchange/quotations
member.cancelQuotations DELETE /exchange/quotations
member.requestQuotations POST /exchange/quotations/request
member.getQuotationsOfRequest GET /exchange/quotations/request/{request_uuid}
member.getQuotation GET /exchange/quotations/{quotation_uuid}
member.answerQuotation POST /exchange/quotations/{quotation_uuid}
member.cancelQuotation DELETE /exchange/quotations/{quotation_uuid}
member.readGatewayMessages GET /gateway/messages
member.listMembers GET /members
member.getAllowlist GET /members/allowlist
member.addToAllowlist POST /members/allowlist
member.removeFromAllowlist DELETE /members/allowlist
member.getMember GET /members/{member_identification}
member.refreshToken GET /oauth-token/refresh
member.listSettlementInstruments GET /settlement-instruments
member.issueSettlementInstrument POST /settlement-instruments
member.changeCreditLine POST /settlement-instruments/credit-line
member.listAccountInstruments GET /settlement-instruments/digital-accounts/{account_identification}
member.listEmittedInstruments GET /settlement-instruments/emission
member.listMemberInstruments GET /settlement-instruments/members/{member_identification}
member.listObligations GET /settlement-obligations
member.getObligation GET /settlement-obligations/{asset_code_identification}
member.signMessage POST /sign/message
member.signPayload POST /sign/payload
member.listTransactions GET /transactions
member.listPaymentPoints GET /payment-points
`
  .trim()
  .split('\n');

function schemasOf(endpoint: (typeof endpoints)[number]): JsonSchema[] {
  return [
    ...endpoint.params.map((param) => param.schema),
    ...(endpoint.body ? [endpoint.body.schema] : []),
    ...[endpoint.success, ...endpoint.errors].flatMap((response) => (response.body ? [response.body] : [])),
  ];
}

function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' && typeof inner === 'string' ? [inner] : refsIn(inner),
  );
}

test.describe('endpoint catalogue', () => {
  test('holds exactly the 8 tokenizer and 38 member endpoints of the spec, in its order', () => {
    expect(endpoints.filter((e) => e.family === 'tokenizer')).toHaveLength(8);
    expect(endpoints.filter((e) => e.family === 'member')).toHaveLength(38);
    expect(endpoints.map((e) => `${e.id} ${e.method} ${e.path}`)).toEqual(expected);
    for (const endpoint of endpoints) expect(endpoint.id.startsWith(`${endpoint.family}.`)).toBe(true);
  });

  test('ids and method + full path are unique', () => {
    expect(new Set(endpoints.map((e) => e.id)).size).toBe(46);
    expect(new Set(endpoints.map((e) => `${e.method} ${fullPath(e)}`)).size).toBe(46);
  });

  test('path parameters match the path template both ways, and are required', () => {
    for (const endpoint of endpoints) {
      const inTemplate = [...endpoint.path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]);
      const declared = endpoint.params.filter((p) => p.in === 'path');
      expect(
        declared.map((p) => p.name),
        endpoint.id,
      ).toEqual(inTemplate);
      for (const param of declared) expect(param.required, `${endpoint.id} ${param.name}`).toBe(true);
    }
  });

  test('query and path inputs are strings, or integers read from their text; strings are never empty', () => {
    for (const endpoint of endpoints) {
      for (const param of endpoint.params) {
        expect(['string', 'integer'], `${endpoint.id} ${param.name}`).toContain(param.schema.type);
        if (param.schema.type === 'string')
          expect(validate(param.schema, '').valid, `${endpoint.id} ${param.name} refuses ""`).toBe(false);
      }
    }
  });

  test('every schema compiles and every $ref names a resource', () => {
    for (const endpoint of endpoints) {
      for (const schema of schemasOf(endpoint)) {
        expect(() => validate(schema, null), endpoint.id).not.toThrow();
        for (const ref of refsIn(schema)) expect(resourceNameOfRef(ref), `${endpoint.id} ${ref}`).toBeDefined();
      }
    }
  });

  test('responses: 200 first, then other statuses without repeats, each described', () => {
    for (const endpoint of endpoints) {
      expect(endpoint.success.status).toBe(200);
      const statuses = endpoint.errors.map((r) => r.status);
      expect(new Set(statuses).size, endpoint.id).toBe(statuses.length);
      expect(
        statuses.every((s) => s >= 400),
        endpoint.id,
      ).toBe(true);
      for (const response of [endpoint.success, ...endpoint.errors])
        expect(response.description, endpoint.id).not.toBe('');
    }
    // Spot checks against the tables, including "(no body listed)" and "none listed".
    expect(endpointById('member.signPayload').errors.map((r) => r.status)).toEqual([400, 404, 424]);
    expect(endpointById('member.issueSettlementInstrument').errors.map((r) => r.status)).toEqual([
      400, 401, 404, 409, 500,
    ]);
    expect(endpointById('member.consolidate').errors.map((r) => r.body === null)).toEqual([false, false, true]);
    expect(endpointById('member.listPaymentPoints').errors.map((r) => r.body)).toEqual([null, null]);
    expect(endpointById('member.cancelQuotation').success.body).toBeNull();
    expect(endpointById('member.getBalance').errors.map((r) => r.status)).toEqual([400, 404]);
  });

  test('viewers may read: every GET and the quotation filter POST, nothing else', () => {
    const readable = endpoints.filter((e) => e.access === 'read').map((e) => e.id);
    const expectedReadable = endpoints.filter((e) => e.method === 'GET').map((e) => e.id);
    expect(readable.sort()).toEqual([...expectedReadable, 'member.searchQuotations'].sort());
  });

  test('lookup by id, and the full path with the family prefix', () => {
    const endpoint = endpointById('member.getQuotation');
    expect(endpoint.method).toBe('GET');
    expect(fullPath(endpoint)).toBe('/client/v1/api/exchange/quotations/{quotation_uuid}');
    expect(fullPath(endpointById('tokenizer.sendFunding'))).toBe('/tokenizer/v1/api/transactions/send');
    expect(isEndpointId('member.exchange')).toBe(true);
    expect(isEndpointId('member.nothing')).toBe(false);
    // EndpointId is a union of literals: a wrong id does not compile.
    // @ts-expect-error not an endpoint id
    const wrong: EndpointId = 'member.nothing';
    expect(wrong).toBe('member.nothing');
  });

  test('inputs accept what the spec allows and refuse the rest', () => {
    const param = (id: EndpointId, name: string): JsonSchema => {
      const found = endpointById(id).params.find((p) => p.name === name);
      if (!found) throw new Error(`${id} has no parameter ${name}`);
      return found.schema;
    };
    expect(validate(param('member.readGatewayMessages', 'type'), 'quotations').valid).toBe(true);
    expect(validate(param('member.readGatewayMessages', 'type'), 'quotation').valid).toBe(false);
    expect(validate(param('member.issueSettlementInstrument', 'asset_code_identification'), 'USDDSO').valid).toBe(true);
    expect(validate(param('member.issueSettlementInstrument', 'asset_code_identification'), 'USD').valid).toBe(false);
    expect(validate(param('member.issueSettlementInstrument', 'asset_group_identification'), 'DSA').valid).toBe(false);
    expect(validate(param('member.listTransactions', 'data_type'), 'DATE_INTERVAL').valid).toBe(true);
    expect(validate(param('member.listTransactions', 'start_date'), '2024-02-29').valid).toBe(true);
    expect(validate(param('member.listTransactions', 'start_date'), '2024-13-01').valid).toBe(false);
    // The server reads integer text as the integer (validate-request.ts), so the bounds apply.
    expect(validate(param('member.listTransactions', 'maximum_transaction_count'), 20).valid).toBe(true);
    expect(validate(param('member.listTransactions', 'maximum_transaction_count'), 0).valid).toBe(false);
    expect(validate(param('member.listTransactions', 'maximum_transaction_count'), 101).valid).toBe(false);
    expect(validate(param('member.listTransactions', 'target_page_number'), 0).valid).toBe(false);
    expect(validate(param('member.listMembers', 'country_code'), 'de').valid).toBe(false);
    expect(validate(param('member.listMemberInstruments', 'type'), 'authorized').valid).toBe(true);
    expect(
      validate(param('member.getQuotationsOfRequest', 'request_uuid'), '0b7f9a3e-4c1d-4e2f-9a8b-1c2d3e4f5a6b').valid,
    ).toBe(true);
    expect(validate(param('member.getQuotationsOfRequest', 'request_uuid'), 'not-a-uuid').valid).toBe(false);
    expect(
      validate(param('member.getQuotation', 'quotation_uuid'), '0b7f9a3e-4c1d-4e2f-9a8b-1c2d3e4f5a6b-mm-alpha').valid,
    ).toBe(true);
    expect(validate(param('member.getQuotation', 'quotation_uuid'), '0b7f9a3e-4c1d-4e2f-9a8b-1c2d3e4f5a6b').valid).toBe(
      false,
    );
    expect(validate(param('tokenizer.sendFunding', 'signed_funding_transaction'), 'c2lnbmVk').valid).toBe(true);
    expect(validate(param('tokenizer.sendFunding', 'signed_funding_transaction'), 'not base64!').valid).toBe(false);
    expect(
      validate(param('tokenizer.getAccountAddress', 'addressing_identification'), 'main*US.bank-one.dss.example').valid,
    ).toBe(true);
    expect(validate(param('tokenizer.getAccountAddress', 'addressing_identification'), 'bank-one').valid).toBe(false);
    // Payment point filters match case-insensitively (semantics §12): the closed sets in any case, nothing else.
    expect(validate(param('member.listPaymentPoints', 'point_type'), 'bank').valid).toBe(true);
    expect(validate(param('member.listPaymentPoints', 'point_type'), 'NON-BANK financial company').valid).toBe(true);
    expect(validate(param('member.listPaymentPoints', 'point_type'), 'Banks').valid).toBe(false);
    expect(validate(param('member.listPaymentPoints', 'method_identification'), 'Cashout-Branch').valid).toBe(true);
    expect(validate(param('member.listPaymentPoints', 'method_identification'), 'cashout').valid).toBe(false);
    expect(validate(param('member.listPaymentPoints', 'geo_coordinates'), ' -33.9, 151.2 ').valid).toBe(true);
    expect(validate(param('member.listPaymentPoints', 'geo_coordinates'), '91,0').valid).toBe(false);
    expect(validate(param('member.listPaymentPoints', 'geo_coordinates'), '0,180.5').valid).toBe(false);
    expect(validate(param('member.listPaymentPoints', 'country_code'), 'us').valid).toBe(true);
  });

  test('the allowlist body is a member identifier string or its object form', () => {
    for (const id of ['member.addToAllowlist', 'member.removeFromAllowlist'] as const) {
      const schema = endpointById(id).body?.schema;
      if (!schema) throw new Error(`${id} has no body`);
      expect(validate(schema, 'bank-two').valid).toBe(true);
      expect(validate(schema, { member_identification: 'bank-two' }).valid).toBe(true);
      expect(validate(schema, { member: 'bank-two' }).valid).toBe(false);
      expect(validate(schema, 42).valid).toBe(false);
    }
  });

  test('bodies and successes name the spec resources', () => {
    expect(endpointById('tokenizer.changeCreditLine').body?.schema).toEqual({
      $ref: expect.stringMatching(/creditLineTokenizer$/),
    });
    expect(endpointById('member.changeCreditLine').body?.schema).toEqual({
      $ref: expect.stringMatching(/creditLineMember$/),
    });
    expect(endpointById('member.findQuotations').body?.required).toBe(false);
    expect(endpointById('member.cancelQuotations').body?.required).toBe(true);
    const refresh = endpointById('member.refreshToken');
    expect(validate(refresh.body?.schema ?? {}, 'any.token.text').valid).toBe(true);
    expect(validate(refresh.success.body ?? {}, 'aGVhZGVy.Y2xhaW1z.c2ln').valid).toBe(true);
    expect(validate(refresh.success.body ?? {}, { token: 'x' }).valid).toBe(false);
    const list = endpointById('member.listObligations').success.body ?? {};
    expect(
      validate(list, [
        { account_identification: 'emission', asset_code_identification: 'USDDSO', balance: '1.0000000' },
      ]).valid,
    ).toBe(true);
    expect(validate(list, { account_identification: 'emission' }).valid).toBe(false);
  });
});
