import { test, expect } from '@playwright/test';
import { schemaRef } from '../../schemas/resources.ts';
import { check, CheckFailure, expectErrorBody, expectSchema, expectStatus, HarnessFault, warnShould } from './check.ts';
import type { DssResponse } from './client.ts';

function response(status: number, text: string): DssResponse {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return {
    status,
    headers: {},
    body,
    text,
    call: {
      endpoint_id: 'member.getMember',
      method: 'GET',
      url: 'http://target/client/v1/api/members/nobody',
      status,
      request_headers: {},
      request_body: null,
      response_headers: {},
      response_body: text === '' ? null : text,
      duration_ms: 1,
    },
  };
}

const errorBody = JSON.stringify({ short_message: 'Not found', long_message: 'No member nobody', timestamp: 1_700_000_000_000 });

test('expectStatus passes on a listed status and otherwise says what was expected, what came, and the requirement', () => {
  expectStatus(response(404, errorBody), 404, 'DIR-MEMBER-NOT-FOUND');
  expectStatus(response(404, errorBody), [400, 404], 'DIR-MEMBER-NOT-FOUND');
  expect(() => expectStatus(response(400, errorBody), 404, 'DIR-MEMBER-NOT-FOUND')).toThrow(
    `[DIR-MEMBER-NOT-FOUND] GET http://target/client/v1/api/members/nobody: expected status 404, got 400; body: ${errorBody}`,
  );
  expect(() => expectStatus(response(500, ''), [400, 404], 'ERR-NO-5XX')).toThrow('expected status one of 400, 404, got 500');
  expect(() => expectStatus(response(500, ''), 200, 'ERR-NO-5XX')).toThrow(CheckFailure);
});

test('expectErrorBody requires the spec’s three fields only', () => {
  expectErrorBody(response(404, errorBody), 'ERR-BODY-SHAPE');
  // The reference's extra fields are allowed but not required.
  expectErrorBody(response(404, JSON.stringify({ ...JSON.parse(errorBody), code: 'X', troubleshooting_id: 't' })), 'ERR-BODY-SHAPE');
  expect(() => expectErrorBody(response(404, JSON.stringify({ short_message: 'a', long_message: 'b' })), 'ERR-BODY-SHAPE')).toThrow(
    /\[ERR-BODY-SHAPE\] expected the error body of GET .* \(404\) to match its schema, got: .*timestamp/,
  );
  expect(() => expectErrorBody(response(404, JSON.stringify({ short_message: 'a', long_message: 'b', timestamp: 1.5 })), 'ERR-BODY-SHAPE')).toThrow(/timestamp must be integer/);
  expect(() => expectErrorBody(response(404, ''), 'ERR-BODY-SHAPE')).toThrow('expected a JSON error body, got an empty body');
  expect(() => expectErrorBody(response(404, '<html>oops</html>'), 'ERR-BODY-SHAPE')).toThrow('got non-JSON text; body: <html>oops</html>');
});

test('expectSchema lists every schema problem', () => {
  expectSchema({ account_identification: 'main', asset_code_identification: 'USD', balance: '1.0000000' }, schemaRef('balanceInfo'), 'RES-ACCOUNT-SCHEMAS');
  expect(() => expectSchema({ balance: 5 }, schemaRef('balanceInfo'), 'RES-ACCOUNT-SCHEMAS', 'the balance')).toThrow(
    /^\[RES-ACCOUNT-SCHEMAS\] expected the balance to match its schema, got: .*account_identification.*; .*asset_code_identification.*; \/balance must be string/,
  );
});

test('warnShould records a warning annotation instead of failing', () => {
  warnShould(true, 'not recorded', 'ERR-LISTED-STATUS');
  warnShould(false, 'answered 400 where the table lists 404', 'ERR-LISTED-STATUS');
  expect(test.info().annotations.filter((a) => a.type === 'warning')).toEqual([{ type: 'warning', description: '[ERR-LISTED-STATUS] answered 400 where the table lists 404' }]);
});

test('a badly declared check is a harness fault', () => {
  expect(() => check('Not A Slug', 'x', { requirements: ['R'] })).toThrow(HarnessFault);
  expect(() => check('auth.no-requirement', 'x', { requirements: [] })).toThrow('Harness fault: check auth.no-requirement names no requirement');
});
