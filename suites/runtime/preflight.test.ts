import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { makeTestPki } from '../../test-support/tls.ts';
import { preflight } from './preflight.ts';
import { parseProfile } from './profile.ts';
import { fakeJwt, listenOnLoopback, startTestServer } from '../../test-support/test-server.ts';

/** Preflight against a scripted target: which credentials it refuses, and what it says about each. */

const exp = Math.floor(Date.now() / 1000) + 600;
const token = (member: string) => fakeJwt({ member_identification: member, exp });
const revoked = fakeJwt({ member_identification: 'mm-a', exp, jti: 'revoked' });
/** A blocked member's token: the target refuses it too. */
const blocked = fakeJwt({ member_identification: 'gone', exp, jti: 'blocked' });
const refused = new Set([revoked, blocked].map((value) => `Bearer ${value}`));

function profileText(baseUrl: string, tokens: Record<string, string>): string {
  return `
base_url: ${baseUrl}
members:
  tokenizer: { identification: tkn, token: "${tokens.tokenizer}", accounts: [main] }
  mmA:
    identification: mm-a
    token: "${tokens.mmA}"
    accounts: [main]
    tokens:
      ip_elsewhere: { token: "${revoked}", allowed_ips: [203.0.113.7] }
      endpoints: { token: "${token('mm-a')}", endpoints: ["GET /client/v1/api/members/{member_identification}"] }
  mmB: { identification: mm-b, token: "${tokens.mmB}", accounts: [main] }
  blocked: { identification: gone, token: "${blocked}", accounts: [main] }
`;
}

test('every broken credential is named once, with why; a blocked member and an IP-limited token are only read', async () => {
  const seen: string[] = [];
  const server = await startTestServer((req, _body, res) => {
    const isRefused = refused.has(req.headers.authorization ?? '');
    seen.push(`${req.url} ${isRefused ? 'refused' : 'ok'}`);
    if (isRefused) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          code: 'AUTH-REVOKED-TOKEN',
          short_message: 'Unauthorized',
          long_message: 'revoked',
          timestamp: 1,
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  try {
    const text = profileText(server.url, { tokenizer: 'an-opaque-token', mmA: revoked, mmB: token('mm-tkn') });
    const problems = await preflight(parseProfile(text, 'p.yaml', {}), { sets: [0], proxyEnvironment: {} });
    expect(problems).toEqual([
      'members.tokenizer (tkn): token is not a JWT (three base64url parts with a JSON payload), as the spec’s tokens are',
      expect.stringMatching(
        /^members\.mmA \(mm-a\): token refused with 401 AUTH-REVOKED-TOKEN on GET \/client\/v1\/api\/digital-accounts — was it renewed or spent by an earlier run/,
      ),
      'members.mmB (mm-b): token names member mm-tkn, not mm-b',
    ]);
    // The endpoint-limited token was tried on the read it permits; the blocked member's and the IP-limited ones never.
    expect(seen.filter((line) => line.startsWith('/client/v1/api/members/'))).toEqual([
      '/client/v1/api/members/mm-a ok',
    ]);
    expect(seen.filter((line) => line.endsWith('refused'))).toEqual(['/client/v1/api/digital-accounts refused']);
  } finally {
    await server.close();
  }
});

/** A target whose every member has the accounts main and second, and whose tokenizer tkn issues USD. */
function consistentTarget() {
  return startTestServer((req, _body, res) => {
    const json = (body: unknown) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url === '/client/v1/api/digital-accounts')
      return json(
        ['main', 'second'].map((account) => ({
          identification: account,
          distributed_ledger_account_address: `address-of-${account}`,
        })),
      );
    if (req.url === '/tokenizer/v1/api/settlement-instruments/available/tkn')
      return json([
        { asset_code_identification: 'USD', asset_group_identification: 'DSA', asset_issuer_identification: 'tkn' },
      ]);
    return json([]);
  });
}

test('a good profile passes; an address nothing listens on stops it with one line', async () => {
  const server = await consistentTarget();
  try {
    const text = profileText(server.url, { tokenizer: token('tkn'), mmA: token('mm-a'), mmB: token('mm-b') });
    expect(await preflight(parseProfile(text, 'p.yaml', {}), { sets: [0], proxyEnvironment: {} })).toEqual([]);
  } finally {
    await server.close();
  }
  const nobody = await unusedAddress();
  const problems = await preflight(
    parseProfile(
      profileText(nobody, { tokenizer: token('tkn'), mmA: token('mm-a'), mmB: token('mm-b') }),
      'p.yaml',
      {},
    ),
    { sets: [0], proxyEnvironment: {} },
  );
  expect(problems).toEqual([
    `cannot reach the target at ${nobody}: the connection was refused (connection refused: connect ECONNREFUSED ${nobody.slice('http://'.length)}). Is the service running, and listening on that address and port?`,
  ]);
});

test('a TLS handshake that fails stops it too, with what to change in the profile', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dss-preflight-tls-'));
  const pki = makeTestPki(dir, ['127.0.0.1']);
  const listening = await listenOnLoopback(
    createHttpsServer({ cert: readFileSync(pki.server.cert), key: readFileSync(pki.server.key) }, (_req, res) =>
      res.end('[]'),
    ),
  );
  const url = listening.url.replace('http:', 'https:');
  try {
    const text = profileText(url, { tokenizer: token('tkn'), mmA: token('mm-a'), mmB: token('mm-b') });
    const problems = await preflight(parseProfile(text, join(dir, 'p.yaml'), {}), { sets: [0], proxyEnvironment: {} });
    expect(problems).toEqual([
      expect.stringContaining(
        `cannot reach the target at ${url}: the target's certificate is not signed by a CA trusted here`,
      ),
    ]);
    // With the CA given, the same target is reached, and the tokens are judged.
    const trusted = await preflight(parseProfile(`${text}tls: { ca: ${pki.ca} }\n`, join(dir, 'p.yaml'), {}), {
      sets: [0],
      proxyEnvironment: {},
    });
    expect(trusted.join('\n')).not.toContain('cannot reach');
  } finally {
    await listening.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A loopback port that was free a moment ago and that nothing listens on now. */
async function unusedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

test('accounts a member does not have and assets its tokenizer does not issue are the profile’s mistakes, one line each', async () => {
  const server = await consistentTarget();
  try {
    const text = profileText(server.url, { tokenizer: token('tkn'), mmA: token('mm-a'), mmB: token('mm-b') })
      .replace(
        'accounts: [main] }\n  mmA:',
        'accounts: [main], assets: [{ asset_code_identification: USD, asset_issuer_identification: tkn }, { asset_code_identification: EUR, asset_issuer_identification: tkn }] }\n  mmA:',
      )
      .replace('identification: mm-b, token: "', 'identification: mm-b, accounts: [main, ops], token: "')
      .replace(/(mm-b, accounts: \[main, ops\], token: "[^"]+"), accounts: \[main\]/, '$1');
    expect(await preflight(parseProfile(text, 'p.yaml', {}), { sets: [0], proxyEnvironment: {} })).toEqual([
      'members.tokenizer.assets (tkn): EUR of tkn not issued by this tokenizer on the target (GET /tokenizer/v1/api/settlement-instruments/available/tkn lists USD of tkn); list the DSAs it issues',
      "members.mmB.accounts (mm-b): ops is not among the member's accounts on the target (GET /client/v1/api/digital-accounts lists main, second)",
    ]);
  } finally {
    await server.close();
  }
});

test('a target that answers badly is reached: the checks judge it, not preflight', async () => {
  const server = await startTestServer((_req, _body, res) => res.writeHead(500).end('oops'));
  try {
    const text = profileText(server.url, { tokenizer: token('tkn'), mmA: token('mm-a'), mmB: token('mm-b') });
    expect(await preflight(parseProfile(text, 'p.yaml', {}), { sets: [0], proxyEnvironment: {} })).toEqual([]);
  } finally {
    await server.close();
  }
});
