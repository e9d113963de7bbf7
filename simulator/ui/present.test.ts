import { expect, test } from '@playwright/test';
import { presentEntry, REDACTED } from './present.ts';

test('tokens are redacted wherever they are, and encoded payloads are shown decoded beside them', () => {
  const jwt = 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
  const xml = '<Message xmlns="urn:dss:message:1"/>';
  const shown = presentEntry({
    kind: 'call',
    sequence: 1,
    at: 0,
    method: 'GET',
    path: '/client/v1/api/oauth-token/refresh',
    status: 200,
    request: { token: 'opaque-value', nested: [{ any: jwt }] },
    answerJson: JSON.stringify({
      financial_message_data: Buffer.from(xml).toString('base64'),
      quotation_payload: Buffer.from('{"a":1}').toString('base64'),
    }),
  }) as { request: { token: string; nested: Array<{ any: string }> }; answer: Record<string, unknown> };
  expect(shown.request.token).toBe(REDACTED);
  expect(shown.request.nested[0]!.any).toBe(REDACTED);
  expect(JSON.stringify(shown)).not.toContain('eyJhbGci');
  expect(shown.answer['financial_message_data (decoded)']).toBe(xml);
  expect(shown.answer['quotation_payload (decoded)']).toEqual({ a: 1 });
});

test('an answer kept as the JSON text sent is shown as its data, tokens redacted, the text itself not shown', () => {
  const jwt = 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
  const call = {
    kind: 'call',
    sequence: 2,
    at: 0,
    method: 'GET',
    path: '/client/v1/api/members/x',
    status: 200,
  } as const;
  const shown = presentEntry({
    ...call,
    answerJson: JSON.stringify({ identification: 'x', nested: [{ token: 'opaque' }] }),
  }) as Record<string, unknown>;
  expect(shown.answer).toEqual({ identification: 'x', nested: [{ token: REDACTED }] });
  expect(Object.keys(shown)).not.toContain('answerJson');
  expect((presentEntry({ ...call, answerJson: JSON.stringify(jwt) }) as Record<string, unknown>).answer).toBe(REDACTED);
});

test('a call is named by its member, or by why its token named none', () => {
  const call = {
    kind: 'call',
    sequence: 3,
    at: 0,
    method: 'GET',
    path: '/client/v1/api/members',
    status: 401,
  } as const;
  const named = (answer: unknown, member?: string) =>
    (presentEntry({ ...call, answerJson: JSON.stringify(answer), ...(member ? { member } : {}) }) as { caller: string })
      .caller;
  expect(named({ code: 'AUTH-MISSING-TOKEN' })).toBe('(no token)');
  expect(named({ code: 'AUTH-EXPIRED-TOKEN' })).toBe('(expired token)');
  expect(named({ code: 'AUTH-REVOKED-TOKEN' })).toBe('(revoked token)');
  expect(named({ code: 'AUTH-INVALID-TOKEN' })).toBe('(invalid token)');
  expect(named('not json')).toBe('(caller not identified)');
  expect(named({ code: 'AUTH-ENDPOINT-FORBIDDEN' }, 'mm-london')).toBe('mm-london');
});
