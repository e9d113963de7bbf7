import { test, expect } from '@playwright/test';
import { compileTemplate, matchTemplate } from '../protocol/path-template.ts';
import { endpointById, fullPath } from './endpoints.ts';
import { queryParams } from '../simulator/http/query-params.ts';
import { endpointRequest } from './request.ts';

/**
 * The request builder names the endpoint's method and fills its template: what it builds reaches the
 * endpoint it names, with the parameters it was given. Its types refuse what would reach another
 * endpoint or none (the `@ts-expect-error` lines fail `tsc`, and so typecheck.test.ts, if any compiled).
 */

test('a request is the endpoint’s method and its filled template, with the family’s prefix', () => {
  const request = endpointRequest('member.restartListening', {
    path: { account_identification: 'main', reference: 'a b/c' },
  });
  expect(request).toEqual({ method: 'POST', path: '/client/v1/api/digital-accounts/main/a%20b%2Fc' });
  const template = compileTemplate(fullPath(endpointById('member.restartListening')));
  expect(matchTemplate(template, request.path)).toEqual({ account_identification: 'main', reference: 'a b/c' });
  expect(endpointRequest('tokenizer.listMembers')).toEqual({ method: 'GET', path: '/tokenizer/v1/api/members' });
});

test('the query follows the path, form-encoded, and reads back as given', () => {
  const request = endpointRequest('member.getBalance', {
    path: { account_identification: 'main' },
    query: { asset_code_identification: 'USD', asset_issuer_identification: 'a&b c' },
  });
  expect(request.path).toBe(
    '/client/v1/api/balances/digital-accounts/main?asset_code_identification=USD&asset_issuer_identification=a%26b+c',
  );
  const params = queryParams(`http://simulator.local${request.path}`);
  expect(Object.fromEntries(params)).toEqual({
    asset_code_identification: ['USD'],
    asset_issuer_identification: ['a&b c'],
  });
  // An optional parameter left undefined is not sent.
  const without = endpointRequest('member.getBalance', {
    path: { account_identification: 'main' },
    query: { asset_code_identification: undefined },
  });
  expect(without.path).toBe('/client/v1/api/balances/digital-accounts/main');
});

const line = {
  account_identification: 'main',
  asset_code_identification: 'USD',
  credit_line_state: 'request',
  member_identification: 'tk-one',
  maximum_credit_limit: 1000,
} as const;

test('the body travels as given, and a request without one has none', () => {
  expect(endpointRequest('member.addToAllowlist', { body: 'mm-london' })).toEqual({
    method: 'POST',
    path: '/client/v1/api/members/allowlist',
    body: 'mm-london',
  });
  expect(endpointRequest('member.changeCreditLine', { body: line }).body).toBe(line);
  expect('body' in endpointRequest('member.getAllowlist')).toBe(false);
});

// Read by the type checker only: each line below is a mistake that must not compile.
function mistakes(): void {
  // @ts-expect-error member.getMembr is no endpoint id
  endpointRequest('member.getMembr', {});
  // @ts-expect-error member.getMember's path parameter is missing
  endpointRequest('member.getMember');
  // @ts-expect-error member.getMember's template has no account_identification
  endpointRequest('member.getMember', { path: { account_identification: 'main' } });
  // @ts-expect-error member.readGatewayMessages requires its type
  endpointRequest('member.readGatewayMessages', { query: {} });
  // @ts-expect-error quotation is not a gateway queue (quotations is)
  endpointRequest('member.readGatewayMessages', { query: { type: 'quotation' } });
  // @ts-expect-error member.listDigitalAccounts takes no body
  endpointRequest('member.listDigitalAccounts', { body: {} });
  // @ts-expect-error member.changeCreditLine requires its body
  endpointRequest('member.changeCreditLine', {});
  // @ts-expect-error a credit line's state is request, allow or revoke, not open
  endpointRequest('member.changeCreditLine', { body: { ...line, credit_line_state: 'open' } });
}
void mistakes;
