import { expect, test } from '@playwright/test';
import { request } from 'node:http';
import { startSimulator, type RunningSimulator } from '../server.ts';

/** The request forms of the readings over a real socket (the token renewal is a GET with a body). */

let sim: RunningSimulator;
let tokens: Record<string, string>;

test.beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  const network = (await (await fetch(`${sim.url}/sim/network`)).json()) as {
    members: Array<{ identification: string; token: string }>;
  };
  tokens = Object.fromEntries(network.members.map((member) => [member.identification, member.token]));
});
test.afterAll(async () => sim?.close());
test.afterEach(() => {
  sim.simulator.state.readings.disable('named-string-bodies');
  sim.simulator.state.readings.disable('optional-inputs-defaulted');
});

function send(method: string, path: string, token: string, body: unknown): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? '' : JSON.stringify(body);
    const req = request(
      `${sim.url}${path.startsWith('/tokenizer/') ? '' : '/client/v1/api'}${path}`,
      {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as unknown,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const allowlist = async () => (await send('GET', '/members/allowlist', tokens['mm-london']!, undefined)).body;

test('the reference takes the allowlist body bare or named, and the renewal body bare only', async () => {
  expect((await send('POST', '/members/allowlist', tokens['mm-london']!, 'tokenizer-usd')).status).toBe(200);
  expect(
    (await send('DELETE', '/members/allowlist', tokens['mm-london']!, { member_identification: 'tokenizer-usd' }))
      .status,
  ).toBe(200);
  expect(await allowlist()).not.toContain('tokenizer-usd');
  const token = tokens['mm-singapore']!;
  expect((await send('GET', '/oauth-token/refresh', token, { oauthBearerToken: token })).status).toBe(404);
  const renewed = await send('GET', '/oauth-token/refresh', token, token);
  expect(renewed.status).toBe(200);
  tokens['mm-singapore'] = renewed.body as string;
});

test('reading named-string-bodies: only the named forms are taken; a bare string is a malformed body (400, the renewal’s listed 404)', async () => {
  sim.simulator.state.readings.enable('named-string-bodies');
  const london = tokens['mm-london']!;
  const bare = await send('POST', '/members/allowlist', london, 'tokenizer-usd');
  expect(bare).toMatchObject({ status: 400, body: { code: 'REQUEST-INVALID' } });
  expect(await allowlist()).not.toContain('tokenizer-usd');
  expect((await send('POST', '/members/allowlist', london, { member_identification: 'tokenizer-usd' })).status).toBe(
    200,
  );
  expect(await allowlist()).toContain('tokenizer-usd');
  expect(await send('DELETE', '/members/allowlist', london, 'tokenizer-usd')).toMatchObject({
    status: 400,
    body: { code: 'REQUEST-INVALID' },
  });
  expect(await allowlist()).toContain('tokenizer-usd');
  expect((await send('DELETE', '/members/allowlist', london, { member_identification: 'tokenizer-usd' })).status).toBe(
    200,
  );
  expect(await allowlist()).not.toContain('tokenizer-usd');
  // The named body's member is judged as the bare one is: another, existing member.
  expect(
    (await send('POST', '/members/allowlist', london, { member_identification: 'nobody-here' })).body,
  ).toMatchObject({ code: 'ALLOWLIST-UNKNOWN-MEMBER' });

  const token = tokens['mm-singapore']!;
  expect(await send('GET', '/oauth-token/refresh', token, token)).toMatchObject({
    status: 404,
    body: { code: 'REQUEST-NOT-PROCESSABLE' },
  });
  const renewed = await send('GET', '/oauth-token/refresh', token, { oauthBearerToken: token });
  expect(renewed.status).toBe(200);
  expect(renewed.body).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(renewed.body).not.toBe(token);
  tokens['mm-singapore'] = renewed.body as string;
});

test('reading optional-inputs-defaulted: GET /account-address without its parameter answers the caller’s issuance account, a quotation request without an asset is taken', async () => {
  const address = '/tokenizer/v1/api/account-address';
  const tokenizer = tokens['tokenizer-usd']!;
  expect(await send('GET', address, tokenizer, undefined)).toMatchObject({
    status: 400,
    body: { code: 'REQUEST-INVALID' },
  });
  const request = {
    buyer_member_identification: 'mm-london',
    maximum_amount_limit: 10,
    time_end_request_quotation: sim.simulator.state.clock.now() + 60_000,
    quoted_asset_info: [
      {
        asset_code_identification: 'EUR',
        asset_group_identification: 'DSA',
        asset_issuer_identification: 'tokenizer-eur',
      },
    ],
  };
  expect(await send('POST', '/exchange/quotations/request', tokens['mm-london']!, request)).toMatchObject({
    status: 400,
    body: { code: 'REQUEST-INVALID' },
  });

  sim.simulator.state.readings.enable('optional-inputs-defaulted');
  const own = await send('GET', address, tokenizer, undefined);
  expect(own).toMatchObject({
    status: 200,
    body: { identification: 'emission', distributed_ledger_account_address: expect.any(String) },
  });
  const named = await send(
    'GET',
    `${address}?addressing_identification=${encodeURIComponent('*US.tokenizer-usd.dss.example')}`,
    tokenizer,
    undefined,
  );
  expect(named.body).toEqual(own.body);
  expect((await send('GET', `${address}?addressing_identification=nonsense`, tokenizer, undefined)).status).toBe(400);
  expect(await send('POST', '/exchange/quotations/request', tokens['mm-london']!, request)).toMatchObject({
    status: 200,
    body: { request_uuid: expect.any(String) },
  });
  expect(
    (
      await send('POST', '/exchange/quotations/request', tokens['mm-london']!, {
        ...request,
        maximum_amount_limit: 'ten',
      })
    ).status,
  ).toBe(400);
});
