import { test, expect } from '@playwright/test';
import { CallRecorder } from './recorder.ts';
import { BODY_LIMIT_BYTES, REDACTED, redactBody, redactHeaders, redactUrl, sentCredentials } from './redaction.ts';
import { fakeJwt } from '../../test-support/test-server.ts';

const jwt = fakeJwt({ sub: 'mm-london', exp: 1_900_000_000 });

test('the bearer token is redacted but the scheme kept; other secret headers are blanked', () => {
  const headers = redactHeaders({
    Authorization: `Bearer ${jwt}`,
    Cookie: 'session=abc',
    'Set-Cookie': 'a=b',
    Accept: 'application/json',
  });
  expect(headers).toEqual({
    authorization: `Bearer ${REDACTED}`,
    cookie: REDACTED,
    'set-cookie': REDACTED,
    accept: 'application/json',
  });
  expect(JSON.stringify(headers)).not.toContain(jwt);
});

test('signature fields are redacted at any depth; the rest of the body stays', () => {
  const body = JSON.stringify({
    quotation_payload: 'eyAiYSI6IDEgfQ==',
    member_signature: 'c2lnbmF0dXJl',
    nested: [{ funding_payload_signature: 'x', signed_funding_transaction: 'y', keep: 1 }],
  });
  const redacted = JSON.parse(redactBody(body, 'member.answerQuotation', 'request')) as Record<string, unknown>;
  expect(redacted).toEqual({
    quotation_payload: 'eyAiYSI6IDEgfQ==',
    member_signature: REDACTED,
    nested: [{ funding_payload_signature: REDACTED, signed_funding_transaction: REDACTED, keep: 1 }],
  });
});

test('a secret field is redacted even when its name is spelled with JSON escapes; a body naming none is kept as sent', () => {
  const escaped = '{"member_\\u0073ignature":"c2lnbmF0dXJl","keep":1}';
  expect(JSON.parse(redactBody(escaped, 'member.answerQuotation', 'request'))).toEqual({
    member_signature: REDACTED,
    keep: 1,
  });
  const plain = '{"amount":"1.5",  "note":"no secret here"}';
  expect(redactBody(plain, 'member.answerQuotation', 'request')).toBe(plain);
});

test('`payload` is redacted in sign answers only', () => {
  const answer = JSON.stringify({ payload: 'c2lnbmF0dXJl' });
  expect(JSON.parse(redactBody(answer, 'member.signPayload', 'response'))).toEqual({ payload: REDACTED });
  expect(JSON.parse(redactBody(answer, 'member.signMessage', 'response'))).toEqual({ payload: REDACTED });
  expect(redactBody(answer, 'member.signPayload', 'request')).toBe(answer);
  expect(redactBody(answer, 'member.listMembers', 'response')).toBe(answer);
});

test('the refresh body and its answer (the tokens themselves) are redacted, even when opaque', () => {
  expect(redactBody(JSON.stringify('opaque-token-123'), 'member.refreshToken', 'request')).toBe(
    JSON.stringify(REDACTED),
  );
  expect(redactBody(JSON.stringify(jwt), 'member.refreshToken', 'response')).toBe(JSON.stringify(REDACTED));
  expect(redactBody('opaque-token-123', 'member.refreshToken', 'request')).toBe(REDACTED);
  expect(redactBody(JSON.stringify({ oauthBearerToken: 'opaque' }), 'member.refreshToken', 'request')).toBe(
    JSON.stringify({ oauthBearerToken: REDACTED }),
  );
  // An error answer of the refresh endpoint is not a secret and stays readable.
  const error = JSON.stringify({ short_message: 'Token could not be renewed', long_message: 'x', timestamp: 1 });
  expect(redactBody(error, 'member.refreshToken', 'response')).toBe(error);
});

test('control-plane answers lose their tokens', () => {
  const body = JSON.stringify({ identification: 'w0-abc-tkn', token: 'opaque', token_expires_at: 5 });
  expect(JSON.parse(redactBody(body, null, 'response'))).toEqual({
    identification: 'w0-abc-tkn',
    token: REDACTED,
    token_expires_at: 5,
  });
});

test('a JWT anywhere in a body or URL is scrubbed, even in text that is not JSON', () => {
  expect(redactBody(`invalid token ${jwt} given`, null, 'response')).toBe(`invalid token ${REDACTED} given`);
  expect(redactUrl(`http://h/x?t=${jwt}`)).not.toContain(jwt);
});

test('fields named signature or authorization are secrets wherever they appear', () => {
  const body = JSON.stringify({ debug: { signature: 'c2lnbmF0dXJl', authorization: 'Basic dXNlcjpwYXNz' }, keep: 'x' });
  expect(JSON.parse(redactBody(body, 'member.listMembers', 'response'))).toEqual({
    debug: { signature: REDACTED, authorization: REDACTED },
    keep: 'x',
  });
});

test('the credential a request carried is blanked wherever the answer echoes it, whole or as a JWT signature', () => {
  const opaque = 'opaque-0123456789abcdef';
  const signed = fakeJwt({ sub: 'mm' }, 'a-long-signature-segment');
  expect(sentCredentials({ Authorization: `Bearer ${opaque}` })).toEqual([opaque]);
  expect(sentCredentials({ authorization: `Bearer ${signed}` })).toEqual([signed, 'a-long-signature-segment']);
  // Short values are no credentials: blanking them would eat ordinary words.
  expect(sentCredentials({ authorization: 'Bearer x' })).toEqual([]);
  expect(sentCredentials({})).toEqual([]);

  const known = [opaque, 'sig-segment-0123456789'];
  expect(
    redactBody(`<p>token ${opaque} refused; bad signature sig-segment-0123456789</p>`, null, 'response', known),
  ).toBe(`<p>token ${REDACTED} refused; bad signature ${REDACTED}</p>`);
  expect(redactHeaders({ 'WWW-Authenticate': `Bearer error="invalid_token", token="${opaque}"` }, known)).toEqual({
    'www-authenticate': `Bearer error="invalid_token", token="${REDACTED}"`,
  });
  expect(redactUrl(`http://elsewhere/login?next=%2F&t=${opaque}`, known)).not.toContain(opaque);

  // The recorder does this for every call, from the request's own Authorization header.
  const call = new CallRecorder().record({
    endpointId: 'member.listMembers',
    method: 'GET',
    url: 'http://h/client/v1/api/members',
    requestHeaders: { authorization: `Bearer ${opaque}` },
    result: {
      kind: 'response',
      status: 401,
      headers: { 'x-echo': opaque },
      bodyText: `no such token: ${opaque}`,
      durationMs: 1,
    },
  });
  expect(JSON.stringify(call)).not.toContain(opaque);
});

test('signature query parameters of the funding send are redacted', () => {
  const url = redactUrl(
    'http://h/tokenizer/v1/api/transactions/send?funding_payload_signature=AAA%2B&signed_funding_transaction=BBB&other=1',
  );
  const params = new URL(url).searchParams;
  expect([
    params.get('funding_payload_signature'),
    params.get('signed_funding_transaction'),
    params.get('other'),
  ]).toEqual([REDACTED, REDACTED, '1']);
});

test('untouched bodies keep their exact text, up to 64 KiB; longer ones are cut with a marker', () => {
  const spaced = '{ "a" : 1 }';
  expect(redactBody(spaced, null, 'request')).toBe(spaced);
  const kept = 'x'.repeat(60_000);
  expect(redactBody(kept, null, 'response')).toBe(kept);
  const long = 'é'.repeat(50_000); // 100000 bytes
  const cut = redactBody(long, null, 'response');
  expect(cut).toContain('[truncated, 100000 bytes in total]');
  expect(Buffer.byteLength(cut.slice(0, cut.indexOf('…')))).toBeLessThanOrEqual(BODY_LIMIT_BYTES);
});

test('the recorder stores redacted calls, and network failures with their reason', () => {
  const recorder = new CallRecorder();
  const ok = recorder.record({
    endpointId: 'member.signPayload',
    method: 'POST',
    url: 'http://h/client/v1/api/sign/payload',
    requestHeaders: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
    requestBody: Buffer.from(JSON.stringify({ account_identification: 'main', unsigned_payload: 'AA==' })),
    result: {
      kind: 'response',
      status: 200,
      headers: { 'content-type': 'application/json' },
      bodyText: JSON.stringify({ payload: 'sig' }),
      durationMs: 3,
    },
  });
  expect(ok).toEqual({
    endpoint_id: 'member.signPayload',
    method: 'POST',
    url: 'http://h/client/v1/api/sign/payload',
    status: 200,
    request_headers: { authorization: `Bearer ${REDACTED}`, 'content-type': 'application/json' },
    request_body: JSON.stringify({ account_identification: 'main', unsigned_payload: 'AA==' }),
    response_headers: { 'content-type': 'application/json' },
    response_body: JSON.stringify({ payload: REDACTED }),
    duration_ms: 3,
  });
  recorder.record({
    endpointId: null,
    method: 'GET',
    url: 'http://h/nowhere',
    requestHeaders: {},
    result: { kind: 'failure', reason: 'refused', message: 'connection refused: ECONNREFUSED', durationMs: 1 },
  });
  expect(recorder.calls[1]).toMatchObject({
    status: null,
    response_body: null,
    request_body: null,
    error: 'refused: connection refused: ECONNREFUSED',
  });
  expect(JSON.stringify(recorder.calls)).not.toContain(jwt);
});
