import { test, expect } from '@playwright/test';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { FINDING_ANNOTATION } from '../../runtime/finding.ts';
import type { DssResponse } from '../../runtime/client.ts';
import { expectEveryRefused } from './every-refusal.ts';

const errorBody = JSON.stringify({
  short_message: 'Unauthorized',
  long_message: 'No token',
  timestamp: 1_700_000_000_000,
});

function answer(path: string, status: number, text = errorBody, endpoint_id: string | null = null): DssResponse {
  const url = `http://target/client/v1/api${path}`;
  return {
    status,
    headers: {},
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
    text,
    call: {
      endpoint_id,
      method: 'GET',
      url,
      status,
      request_headers: {},
      request_body: null,
      response_headers: {},
      response_body: text === '' ? null : text,
      duration_ms: 1,
    },
  };
}

function failureOf(run: () => void): CheckFailure {
  try {
    run();
  } catch (error) {
    if (error instanceof CheckFailure) return error;
    throw error;
  }
  throw new Error('expected a CheckFailure');
}

test('passes when every answer has the status and an error body', () => {
  expectEveryRefused([answer('/a', 401), answer('/b', 401)], { status: 401, requirement: 'AUTH-MISSING-TOKEN' });
});

test('a MUST rule fails under its requirement, naming every call that answered otherwise', () => {
  const failure = failureOf(() =>
    expectEveryRefused([answer('/a', 401), answer('/b', 200, '[]'), answer('/c', 400)], {
      status: 401,
      requirement: 'AUTH-MISSING-TOKEN',
    }),
  );
  expect(failure.requirement).toBe('AUTH-MISSING-TOKEN');
  expect(failure.message).toContain('2 answered otherwise');
  expect(failure.message).toContain('GET http://target/client/v1/api/b -> 200');
  expect(failure.message).toContain('GET http://target/client/v1/api/c -> 400');
  expect(failure.message).not.toContain('/a ->');
});

test('the status is judged before the body, so a wrong status is reported under the rule', () => {
  const failure = failureOf(() =>
    expectEveryRefused([answer('/a', 401, ''), answer('/b', 403, '')], { status: 401, requirement: 'AUTH-FAMILY' }),
  );
  expect(failure.requirement).toBe('AUTH-FAMILY');
});

test('a refusal without an error body is a finding under ERR-BODY-SHAPE, recorded without stopping the rule', () => {
  // A finding fails its check softly (recordAcross), so it fails this test too: expected.
  test.fail(true, 'the finding is a soft failure');
  expectEveryRefused([answer('/a', 401, '')], { status: 401, requirement: 'AUTH-MISSING-TOKEN' });
  const findings = test
    .info()
    .annotations.filter((annotation) => annotation.type === FINDING_ANNOTATION)
    .map((annotation) => annotation.description);
  expect(findings).toEqual([
    expect.stringMatching(/^\[ERR-BODY-SHAPE\] GET http:\/\/target\/client\/v1\/api\/a \(401\)/),
  ]);
});

test('a SHOULD rule warns about another status, but a 5xx still fails', () => {
  const warningsBefore = test.info().annotations.filter((a) => a.type === 'warning').length;
  expectEveryRefused([answer('/a', 401), answer('/b', 403)], {
    status: 401,
    requirement: 'AUTH-BLOCKED-MEMBER',
    level: 'SHOULD',
  });
  const warnings = test.info().annotations.filter((a) => a.type === 'warning');
  expect(warnings).toHaveLength(warningsBefore + 1);
  expect(warnings.at(-1)?.description).toContain('[AUTH-BLOCKED-MEMBER]');
  expect(warnings.at(-1)?.description).toContain('/b -> 403');

  const failure = failureOf(() =>
    expectEveryRefused([answer('/a', 503)], { status: 401, requirement: 'AUTH-BLOCKED-MEMBER', level: 'SHOULD' }),
  );
  expect(failure.requirement).toBe('ERR-NO-5XX');
});

test('listedUnder: the specification fails where a listing endpoint answers otherwise or any endpoint serves; the profile fails for the rest', () => {
  // GET /members/allowlist lists 401; GET /digital-accounts does not.
  const listing = (status: number) => answer('/members/allowlist', status, errorBody, 'member.getAllowlist');
  const other = (status: number) =>
    answer('/digital-accounts', status, status < 400 ? '[]' : errorBody, 'member.listDigitalAccounts');
  const rule = { status: 401, requirement: 'AUTH-MISSING-TOKEN', listedUnder: 'AUTH-TOKEN-REQUIRED' };
  expectEveryRefused([listing(401), other(401)], rule);
  expect(failureOf(() => expectEveryRefused([listing(404), other(401)], rule)).requirement).toBe('AUTH-TOKEN-REQUIRED');
  expect(failureOf(() => expectEveryRefused([listing(401), other(200)], rule)).requirement).toBe('AUTH-TOKEN-REQUIRED');
  expect(failureOf(() => expectEveryRefused([listing(401), other(404)], rule)).requirement).toBe('AUTH-MISSING-TOKEN');
});

test('listedUnder alone judges the specification only: another refusal where the table lists no 401 passes, a 5xx does not', () => {
  const listing = (status: number) => answer('/members/allowlist', status, errorBody, 'member.getAllowlist');
  const other = (status: number) =>
    answer('/digital-accounts', status, status < 400 ? '[]' : errorBody, 'member.listDigitalAccounts');
  const rule = { status: 401, listedUnder: 'AUTH-TOKEN-REQUIRED' };
  expectEveryRefused([listing(401), other(404)], rule);
  expect(failureOf(() => expectEveryRefused([listing(403), other(401)], rule)).requirement).toBe('AUTH-TOKEN-REQUIRED');
  expect(failureOf(() => expectEveryRefused([listing(401), other(503)], rule)).requirement).toBe('ERR-NO-5XX');
});
