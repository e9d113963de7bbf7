import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { substituteEnv } from './env-substitution.ts';
import { loadProfile, parseProfile, profileDigest, ProfileError, type Profile } from './profile.ts';

const minimal = `
base_url: https://dss.example.test/api
members:
  tokenizer: { identification: tkn-one, token: "\${TKN_TOKEN}", accounts: [main] }
  mmA: { identification: mm-alpha, token: "\${MMA_TOKEN:-alpha-token}", accounts: [main, second] }
  mmB:
    identification: mm-bravo
    token: bravo-token
    accounts: [ops]
    assets: [{ asset_code_identification: USDDSO, asset_issuer_identification: mm-bravo }]
`;

function problemsOf(action: () => unknown): string[] {
  try {
    action();
  } catch (error) {
    if (error instanceof ProfileError) return error.problems;
    throw error;
  }
  throw new Error('expected a ProfileError');
}

test('substitutes ${VAR} and ${VAR:-default}, and applies the defaults of optional fields', () => {
  const profile = parseProfile(minimal, 'target.yaml', { TKN_TOKEN: 'secret-tkn' });
  expect(profile.members.tokenizer.token).toBe('secret-tkn');
  expect(profile.members.mmA.token).toBe('alpha-token');
  expect(profile.members.mmA.assets).toEqual([]);
  expect(profile.members.mmB.assets).toEqual([{ asset_code_identification: 'USDDSO', asset_issuer_identification: 'mm-bravo' }]);
  expect(profile.capabilities).toEqual({ control: 'none' });
  expect(profile.timeouts).toEqual({ request_ms: 10_000, check_ms: 60_000 });
  expect([profile.expected_failures, profile.quarantine]).toEqual([[], []]);
  expect(profile.service_domain).toBe('dss.example');
  expect(parseProfile(`service_domain: pay.vendor-1.example\n${minimal}`, 'target.yaml', { TKN_TOKEN: 't' }).service_domain).toBe('pay.vendor-1.example');
});

test('substitution follows the shell: set wins, empty takes the default, comment lines are ignored', () => {
  const text = 'a: ${A:-x}\nb: ${B:-y}\nc: ${C}\n# d: ${NOT_NEEDED}\n';
  expect(substituteEnv(text, { A: 'set', B: '', C: '' })).toEqual({ text: 'a: set\nb: y\nc: \n# d: ${NOT_NEEDED}\n', missing: [] });
});

test('every missing variable without a default is named, with its line', () => {
  const problems = problemsOf(() => parseProfile(minimal.replace('bravo-token', '${MMB_TOKEN}'), 'target.yaml', {}));
  expect(problems).toHaveLength(2);
  expect(problems[0]).toContain('TKN_TOKEN (line 4)');
  expect(problems[1]).toContain('MMB_TOKEN (line 8)');
});

test('every schema problem is reported at once, with its path and the valid choices', () => {
  const text = `
base_url: ftp://wrong
service_domain: https://not.a.domain/
members:
  tokenizer: { identification: t, token: x, accounts: [], colour: blue }
  mmA: { identification: a, token: x, accounts: [main] }
capabilities: { control: simulatr, area: [x] }
timeouts: { request_ms: 0 }
expected_failures: [Not A Slug]
`;
  const problems = problemsOf(() => parseProfile(text, 'bad.yaml', {}));
  const expected = [
    '/base_url must match pattern',
    '/service_domain must match pattern',
    "/members must have required property 'mmB'",
    '/members/tokenizer/accounts must NOT have fewer than 1 items',
    '/capabilities/control must be equal to one of the allowed values: simulator, none',
    '/timeouts/request_ms must be >= 1',
    '/expected_failures/0 must match pattern',
    '/members/tokenizer: unknown field "colour" (valid: identification, token, accounts, assets)',
    '/capabilities: unknown field "area" (valid: control, areas)',
  ];
  for (const fragment of expected) expect(problems.some((problem) => problem.includes(fragment)), `${fragment} in ${problems.join('\n')}`).toBe(true);
  expect(problems).toHaveLength(expected.length);
});

test('the error message lists every problem and names the file', () => {
  try {
    parseProfile('base_url: http://x\n', 'vendor.yaml', {});
    throw new Error('expected a ProfileError');
  } catch (error) {
    expect((error as Error).message).toBe("Target profile vendor.yaml is not valid:\n  - / must have required property 'members'");
  }
});

test('YAML syntax errors and unreadable files are profile errors too', () => {
  expect(problemsOf(() => parseProfile('members: [', 'broken.yaml', {}))[0]).toContain('is not valid YAML or JSON');
  expect(problemsOf(() => loadProfile('/nonexistent/profile.yaml', {}))[0]).toContain('cannot be read');
});

test('a JSON file loads, and a base URL override replaces and is validated like the file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dss-profile-'));
  const file = join(dir, 'target.json');
  writeFileSync(file, JSON.stringify(parseProfile(minimal, 'target.yaml', { TKN_TOKEN: 't' })));
  expect(loadProfile(file, {}).base_url).toBe('https://dss.example.test/api');
  expect(loadProfile(file, {}, { baseUrl: 'http://127.0.0.1:4010' }).base_url).toBe('http://127.0.0.1:4010');
  expect(problemsOf(() => loadProfile(file, {}, { baseUrl: 'not a url' }))[0]).toContain('/base_url must match pattern');
  rmSync(dir, { recursive: true });
});

test('the digest ignores tokens but follows everything else', () => {
  const one = parseProfile(minimal, 'a.yaml', { TKN_TOKEN: 'first-secret' });
  const two = parseProfile(minimal, 'b.yaml', { TKN_TOKEN: 'second-secret', MMA_TOKEN: 'other' });
  expect(profileDigest(one)).toMatch(/^[0-9a-f]{64}$/);
  expect(profileDigest(one)).toBe(profileDigest(two));
  const moved: Profile = { ...one, base_url: 'https://elsewhere.example.test' };
  expect(profileDigest(moved)).not.toBe(profileDigest(one));
  const baselined: Profile = { ...one, expected_failures: ['auth.missing-token'] };
  expect(profileDigest(baselined)).not.toBe(profileDigest(one));
  // The digest must not change the profile it reads.
  expect(one.members.tokenizer.token).toBe('first-secret');
});
