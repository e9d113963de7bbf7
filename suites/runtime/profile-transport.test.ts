import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { makeTestPki, type TestPki } from '../../test-support/tls.ts';
import { parseProfile, profileDigest, ProfileError } from './profile.ts';

/**
 * The profile's `tls:` and `proxy:` blocks: files named relative to the profile, every problem of the
 * material found at load with its path (and never the passphrase), and neither block in the digest.
 */

let dir = '';
let pki: TestPki;
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dss-profile-transport-'));
  pki = makeTestPki(dir, ['localhost']);
  mkdirSync(join(dir, 'profiles'));
  copyFileSync(pki.ca, join(dir, 'profiles', 'ca.pem'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const members = `
members:
  tokenizer: { identification: tkn, token: t1, accounts: [main] }
  mmA: { identification: mma, token: t2, accounts: [main] }
  mmB: { identification: mmb, token: t3, accounts: [main] }
`;

function profileFile(): string {
  return join(dir, 'profiles', 'target.yaml');
}

function problemsOf(text: string, env: Record<string, string> = {}): string[] {
  try {
    parseProfile(text, profileFile(), env);
  } catch (error) {
    if (error instanceof ProfileError) return error.problems;
    throw error;
  }
  throw new Error('expected a ProfileError');
}

test("tls files are read relative to the profile's folder, the passphrase from the environment", () => {
  const profile = parseProfile(
    `base_url: https://dss.example.test\n${members}tls: { ca: ca.pem, pfx: ${pki.client.pfx}, passphrase: "\${PFX_PASS}", servername: dss.example.test }\n`,
    profileFile(),
    { PFX_PASS: pki.client.passphrase },
  );
  expect(profile.tls).toEqual({
    ca: join(dir, 'profiles', 'ca.pem'),
    pfx: pki.client.pfx,
    passphrase: pki.client.passphrase,
    servername: 'dss.example.test',
  });
});

test('every problem of the tls block, with its path and what to give; the passphrase is never repeated', () => {
  const base = `base_url: https://dss.example.test\n${members}`;
  expect(problemsOf(`${base}tls: { cert: ${pki.client.cert} }\n`)).toEqual([
    expect.stringContaining('/tls: cert needs key'),
  ]);
  expect(
    problemsOf(
      `${base}tls: { pfx: ${pki.client.pfx}, cert: ${pki.client.cert}, key: ${pki.client.key}, passphrase: x }\n`,
    ),
  ).toEqual([expect.stringContaining('/tls: give the client certificate either as cert and key, or as pfx, not both')]);
  expect(problemsOf(`${base}tls: { ca: missing.pem }\n`)).toEqual([
    expect.stringMatching(/^\/tls\/ca: cannot read .*missing\.pem: ENOENT/),
  ]);
  expect(problemsOf(`${base}tls: { cert: ${pki.client.cert}, key: ${pki.otherClient.key} }\n`)).toEqual([
    expect.stringContaining(
      `/tls/key: ${pki.otherClient.key} is not the private key of the certificate in ${pki.client.cert}`,
    ),
  ]);
  const wrong = problemsOf(`${base}tls: { pfx: ${pki.client.pfx}, passphrase: "\${PFX_PASS}" }\n`, {
    PFX_PASS: 'not-the-passphrase-at-all',
  });
  expect(wrong).toEqual([expect.stringContaining(`/tls/pfx: the passphrase does not open ${pki.client.pfx}`)]);
  expect(wrong.join('\n')).not.toContain('not-the-passphrase-at-all');
  const notPem = join(dir, 'not-pem.txt');
  writeFileSync(notPem, 'hello');
  expect(problemsOf(`${base}tls: { cert: ${notPem}, key: ${pki.client.key} }\n`)).toEqual([
    expect.stringContaining(`/tls/key: ${notPem} and ${pki.client.key} cannot be used as a client certificate`),
  ]);
  // node:tls would take it silently, and trust nothing.
  expect(problemsOf(`${base}tls: { ca: ${notPem} }\n`)).toEqual([
    `/tls/ca: ${notPem} holds no PEM certificate (-----BEGIN CERTIFICATE-----): give the CA certificate, or several, in PEM`,
  ]);
  expect(problemsOf(`base_url: http://dss.example.test\n${members}tls: { ca: ca.pem }\n`)).toEqual([
    expect.stringContaining('/tls: base_url is not https://'),
  ]);
  expect(problemsOf(`${base}tls: { servername: "not a name" }\n`)).toEqual([
    expect.stringContaining('/tls/servername'),
  ]);
});

test('the proxy block: an http:// URL or none; an unusable one is said without its credentials', () => {
  const base = `base_url: https://dss.example.test\n${members}`;
  expect(parseProfile(`${base}proxy: { url: none }\n`, profileFile(), {}).proxy).toEqual({ url: 'none' });
  expect(
    parseProfile(
      `${base}proxy: { url: "http://ci:\${PROXY_PASSWORD}@proxy.corp:3128", no_proxy: [internal.example] }\n`,
      profileFile(),
      { PROXY_PASSWORD: 'pw' },
    ).proxy,
  ).toEqual({ url: 'http://ci:pw@proxy.corp:3128', no_proxy: ['internal.example'] });
  const problems = problemsOf(`${base}proxy: { url: "https://ci:hunter2@proxy.corp:3128" }\n`);
  expect(problems).toEqual([expect.stringContaining('/proxy/url: https proxies are not supported')]);
  expect(problems.join('\n')).not.toContain('hunter2');
  expect(problemsOf(`${base}proxy: { no_proxy: [x] }\n`)).toEqual([expect.stringContaining('/proxy')]);
});

test("how the target is reached is not what was tested: tls and proxy leave the profile's digest as it is", () => {
  const base = `base_url: https://dss.example.test\n${members}`;
  const plain = profileDigest(parseProfile(base, profileFile(), {}));
  const reached = profileDigest(
    parseProfile(
      `${base}tls: { ca: ca.pem, cert: ${pki.client.cert}, key: ${pki.client.key} }\nproxy: { url: "http://ci:pw@proxy.corp:3128" }\n`,
      profileFile(),
      {},
    ),
  );
  expect(reached).toBe(plain);
});
