import { test, expect } from '@playwright/test';
import { DssClient, matchEndpoint } from './client.ts';
import { HarnessFault } from './harness-fault.ts';
import { RecordingChannel } from './recorder.ts';
import { TargetNetworkError } from './target-network-error.ts';
import { fakeJwt, startTestServer, type TestServer } from '../../test-support/test-server.ts';
import { jwtExpiry } from './token-keeper.ts';
import { directTransport } from './transport.ts';

/**
 * A stub target: the refresh endpoint swaps tokens (answering 404 when told to), and every other path
 * echoes what arrived, so each test can see which token a call carried.
 */
interface Arrival {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

let server: TestServer;
let arrivals: Arrival[];
let refreshAnswer: { status: number; token?: string };

test.beforeEach(async () => {
  arrivals = [];
  refreshAnswer = { status: 200, token: 'renewed-token' };
  server = await startTestServer((req, body, res) => {
    arrivals.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body });
    res.setHeader('content-type', 'application/json');
    if (req.url === '/client/v1/api/oauth-token/refresh') {
      res.statusCode = refreshAnswer.status;
      res.end(
        refreshAnswer.token
          ? JSON.stringify(refreshAnswer.token)
          : JSON.stringify({ short_message: 'no', long_message: 'no', timestamp: 1 }),
      );
      return;
    }
    const declared = /[?&]type=([^&]+)/.exec(req.url ?? '')?.[1];
    if (declared !== undefined) res.setHeader('content-type', decodeURIComponent(declared));
    res.end(req.url?.includes('latin1') ? Buffer.from('{"ok":"\xe9"}', 'latin1') : JSON.stringify({ ok: true }));
  });
});

test.afterEach(() => server.close());

const NOW = 1_800_000_000_000;
const tokenExpiringIn = (ms: number) => fakeJwt({ sub: 'mm', exp: (NOW + ms) / 1000 });

function client(token: string, extra: { reissueToken?: () => Promise<string>; stringBodies?: 'bare' | 'named' } = {}) {
  const recording = new RecordingChannel();
  return {
    recording,
    client: new DssClient({
      baseUrl: `${server.url}/`,
      token,
      timeoutMs: 20_000,
      recording,
      now: () => NOW,
      transport: directTransport,
      ...extra,
    }),
  };
}

test('a token with more than two minutes left is used as is', async () => {
  const token = tokenExpiringIn(10 * 60_000);
  await client(token).client.call('member.listDigitalAccounts');
  expect(arrivals.map((a) => [a.url, a.authorization])).toEqual([
    ['/client/v1/api/digital-accounts', `Bearer ${token}`],
  ]);
});

test('a token within two minutes of expiry is refreshed first, with itself as a JSON string body, and replaced', async () => {
  const token = tokenExpiringIn(90_000);
  const { client: dss, recording } = client(token);
  await dss.call('member.listDigitalAccounts');
  await dss.call('member.getAllowlist');
  expect(arrivals).toEqual([
    {
      method: 'GET',
      url: '/client/v1/api/oauth-token/refresh',
      authorization: `Bearer ${token}`,
      body: JSON.stringify(token),
    },
    { method: 'GET', url: '/client/v1/api/digital-accounts', authorization: 'Bearer renewed-token', body: '' },
    { method: 'GET', url: '/client/v1/api/members/allowlist', authorization: 'Bearer renewed-token', body: '' },
  ]);
  // The refresh is part of the check's record, with the tokens redacted.
  expect(recording.current.calls.map((call) => call.endpoint_id)).toEqual([
    'member.refreshToken',
    'member.listDigitalAccounts',
    'member.getAllowlist',
  ]);
  expect(JSON.stringify(recording.current.calls)).not.toContain(token);
});

test('string bodies travel in the form the target reads: bare by default, named when declared; other bodies and raw ones as given', async () => {
  const { client: bare } = client('own-token');
  await bare.call('member.addToAllowlist', { body: 'bank-two' });
  const token = tokenExpiringIn(90_000);
  const { client: named } = client(token, { stringBodies: 'named' });
  await named.call('member.addToAllowlist', { body: 'bank-two' });
  await named.call('member.removeFromAllowlist', { body: 'bank-two' });
  await named.call('member.addToAllowlist', { rawBody: JSON.stringify('bank-two') });
  await named.call('member.addToAllowlist', { body: 42 });
  await named.call('member.signPayload', { body: 'not-a-string-body-endpoint' });
  expect(arrivals.map((a) => [a.url, a.body])).toEqual([
    ['/client/v1/api/members/allowlist', '"bank-two"'],
    ['/client/v1/api/oauth-token/refresh', JSON.stringify({ oauthBearerToken: token })],
    ['/client/v1/api/members/allowlist', '{"member_identification":"bank-two"}'],
    ['/client/v1/api/members/allowlist', '{"member_identification":"bank-two"}'],
    ['/client/v1/api/members/allowlist', '"bank-two"'],
    ['/client/v1/api/members/allowlist', '42'],
    ['/client/v1/api/sign/payload', '"not-a-string-body-endpoint"'],
  ]);
});

test('concurrent calls share one refresh', async () => {
  const { client: dss } = client(tokenExpiringIn(60_000));
  await Promise.all([
    dss.call('member.listDigitalAccounts'),
    dss.call('member.getAllowlist'),
    dss.call('member.listSettlementInstruments'),
  ]);
  expect(arrivals.filter((a) => a.url.endsWith('/oauth-token/refresh'))).toHaveLength(1);
  expect(arrivals.filter((a) => a.authorization === 'Bearer renewed-token')).toHaveLength(3);
});

test('a token that is not a JWT is never refreshed', async () => {
  await client('opaque-vendor-token').client.call('member.listDigitalAccounts');
  expect(arrivals.map((a) => a.authorization)).toEqual(['Bearer opaque-vendor-token']);
  expect(jwtExpiry('opaque-vendor-token')).toBeNull();
  expect(jwtExpiry(fakeJwt({ sub: 'no-exp' }))).toBeNull();
});

test('a refused refresh keeps the old token; with a reissuer, a new one comes from there', async () => {
  refreshAnswer = { status: 404 };
  const token = tokenExpiringIn(60_000);
  await client(token).client.call('member.listDigitalAccounts');
  expect(arrivals.at(-1)?.authorization).toBe(`Bearer ${token}`);

  arrivals = [];
  await client(token, { reissueToken: async () => 'reissued-token' }).client.call('member.listDigitalAccounts');
  expect(arrivals.map((a) => a.authorization)).toEqual([`Bearer ${token}`, 'Bearer reissued-token']);
});

test('an already expired token is not refreshed (the target would refuse) but reissued when possible', async () => {
  await client(tokenExpiringIn(-1000), { reissueToken: async () => 'reissued-token' }).client.call(
    'member.listDigitalAccounts',
  );
  expect(arrivals.map((a) => [a.url, a.authorization])).toEqual([
    ['/client/v1/api/digital-accounts', 'Bearer reissued-token'],
  ]);
});

test('token: null sends no Authorization header; a string replaces the member token; headers override', async () => {
  const { client: dss } = client('own-token');
  await dss.call('member.listDigitalAccounts', { token: null });
  await dss.call('member.listDigitalAccounts', { token: 'other-token' });
  await dss.call('member.listDigitalAccounts', { headers: { Authorization: 'Basic abc' } });
  expect(arrivals.map((a) => a.authorization)).toEqual([undefined, 'Bearer other-token', 'Basic abc']);
});

test('path parameters are filled and URL-encoded, query values appended, bodies sent as JSON (also on GET)', async () => {
  const { client: dss } = client('own-token');
  const response = await dss.call('member.getMember', { path: { member_identification: 'a/b c' } });
  await dss.call('member.readGatewayMessages', { query: { type: 'quotations', unused: undefined } });
  await dss.call('member.findQuotations', { body: { cancel_quotations: false } });
  await dss.call('member.addToAllowlist', { rawBody: '{"broken' });
  expect(arrivals.map((a) => [a.method, a.url, a.body])).toEqual([
    ['GET', '/client/v1/api/members/a%2Fb%20c', ''],
    ['GET', '/client/v1/api/gateway/messages?type=quotations', ''],
    ['GET', '/client/v1/api/exchange/quotations', '{"cancel_quotations":false}'],
    ['POST', '/client/v1/api/members/allowlist', '{"broken'],
  ]);
  expect([response.status, response.body, response.call.endpoint_id]).toEqual([200, { ok: true }, 'member.getMember']);
});

test('mistakes in building a request are harness faults', async () => {
  const { client: dss } = client('own-token');
  await expect(dss.call('member.getMember')).rejects.toThrow(HarnessFault);
  await expect(dss.call('member.getMember', { path: { member_identification: 'x', extra: 'y' } })).rejects.toThrow(
    /Harness fault: .* has no path parameter extra/,
  );
  await expect(dss.call('member.addToAllowlist', { body: 'x', rawBody: 'y' })).rejects.toThrow(HarnessFault);
  expect(arrivals).toEqual([]);
});

test('no response at all is thrown as a target failure, with the call recorded', async () => {
  const { client: dss, recording } = client('own-token');
  await server.close();
  const error = await dss.call('member.listDigitalAccounts').catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(TargetNetworkError);
  expect((error as Error).message).not.toContain('Harness fault');
  expect(recording.current.calls[0]).toMatchObject({ status: null, endpoint_id: 'member.listDigitalAccounts' });
});

test('raw requests reach any path, and are still matched to the catalogue when they fit it', async () => {
  const { client: dss } = client('own-token');
  const unknown = await dss.raw('GET', '/client/v2/api/members');
  const known = await dss.raw('post', '/client/v1/api/exchange/quotations/request', { body: {} });
  const quotation = await dss.raw('POST', '/client/v1/api/exchange/quotations/5d7c-mm');
  expect([unknown.call.endpoint_id, known.call.endpoint_id, quotation.call.endpoint_id]).toEqual([
    null,
    'member.requestQuotations',
    'member.answerQuotation',
  ]);
  expect(arrivals.map((a) => a.url)).toEqual([
    '/client/v2/api/members',
    '/client/v1/api/exchange/quotations/request',
    '/client/v1/api/exchange/quotations/5d7c-mm',
  ]);
});

test('endpoint matching prefers literal segments and respects the method', () => {
  expect(matchEndpoint('GET', '/client/v1/api/members/allowlist')).toBe('member.getAllowlist');
  expect(matchEndpoint('GET', '/client/v1/api/members/mm-london?x=1')).toBe('member.getMember');
  expect(matchEndpoint('POST', '/client/v1/api/digital-accounts/main/consolidate')).toBe('member.consolidate');
  expect(matchEndpoint('POST', '/client/v1/api/digital-accounts/main/now')).toBe('member.restartListening');
  expect(matchEndpoint('PUT', '/client/v1/api/members/allowlist')).toBeNull();
});

test('a body is JSON only when declared as JSON, UTF-8 and well-formed; the text is kept either way', async () => {
  const { client: dss } = client(tokenExpiringIn(10 * 60_000));
  const bodyWith = async (query: Record<string, string>) =>
    (await dss.raw('GET', '/client/v1/api/members', { query })).body;
  expect(await bodyWith({})).toEqual({ ok: true });
  expect(await bodyWith({ type: 'application/json; charset=utf-8' })).toEqual({ ok: true });
  expect(await bodyWith({ type: 'application/problem+json' })).toEqual({ ok: true });
  // The same JSON under another media type, and JSON whose bytes are Latin-1, are not JSON.
  expect(await bodyWith({ type: 'text/plain' })).toBeUndefined();
  expect(await bodyWith({ type: 'text/html' })).toBeUndefined();
  const latin1 = await dss.raw('GET', '/client/v1/api/members', { query: { latin1: 'yes' } });
  expect([latin1.body, latin1.text]).toEqual([undefined, '{"ok":"\ufffd"}']);
});
