import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { substituteEnv } from './env-substitution.ts';
import {
  loadProfile,
  parseProfile,
  profileDigest,
  PROFILE_CHECKED_ENV,
  ProfileError,
  shardMemberSet,
  writtenProfile,
  type Profile,
} from './profile.ts';

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
  expect(profile.members.mmB.assets).toEqual([
    { asset_code_identification: 'USDDSO', asset_issuer_identification: 'mm-bravo' },
  ]);
  expect(profile.capabilities).toEqual({ control: 'none' });
  expect(profile.timeouts).toEqual({ request_ms: 10_000, check_ms: 60_000 });
  expect(profile.rate_limit).toEqual({ backoff_ms: 250, max_backoff_ms: 8_000, seed: 1 });
  expect(
    parseProfile(`rate_limit: { backoff_ms: 1000, seed: 42 }\n${minimal}`, 'target.yaml', { TKN_TOKEN: 't' })
      .rate_limit,
  ).toEqual({ backoff_ms: 1000, max_backoff_ms: 8_000, seed: 42 });
  expect([profile.expected_failures, profile.quarantine]).toEqual([[], []]);
  expect(profile.service_domain).toBe('dss.example');
  expect(
    parseProfile(`service_domain: pay.vendor-1.example\n${minimal}`, 'target.yaml', { TKN_TOKEN: 't' }).service_domain,
  ).toBe('pay.vendor-1.example');
});

test('substitution follows the shell: set wins, empty takes the default, comment lines are ignored', () => {
  const text = 'a: ${A:-x}\nb: ${B:-y}\nc: ${C}\n# d: ${NOT_NEEDED}\n';
  expect(substituteEnv(text, { A: 'set', B: '', C: '' })).toEqual({
    text: 'a: set\nb: y\nc: \n# d: ${NOT_NEEDED}\n',
    missing: [],
  });
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
rate_limit: { backoff_ms: -5, jitter: full }
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
    '/rate_limit/backoff_ms must be >= 1',
    '/rate_limit: unknown field "jitter" (valid: backoff_ms, max_backoff_ms, seed)',
    '/expected_failures/0 must match pattern',
    '/members/tokenizer: unknown field "colour" (valid: identification, token, accounts, assets, tokens)',
    '/capabilities: unknown field "area" (valid: control, areas)',
  ];
  for (const fragment of expected)
    expect(
      problems.some((problem) => problem.includes(fragment)),
      `${fragment} in ${problems.join('\n')}`,
    ).toBe(true);
  expect(problems).toHaveLength(expected.length);
});

test('the error message lists every problem and names the file', () => {
  try {
    parseProfile('base_url: http://x\n', 'vendor.yaml', {});
    throw new Error('expected a ProfileError');
  } catch (error) {
    expect((error as Error).message).toBe(
      'Target profile vendor.yaml is not valid:\n  - /: must have "members" (one set of members) or "member_sets" (several)',
    );
  }
});

test('YAML syntax errors and unreadable files are profile errors too', () => {
  expect(problemsOf(() => parseProfile('members: [', 'broken.yaml', {}))[0]).toContain('is not valid YAML or JSON');
  expect(problemsOf(() => parseProfile('members: {}', 'broken.json', {}))[0]).toContain('is not valid JSON');
  expect(problemsOf(() => loadProfile('/nonexistent/profile.yaml', {}))[0]).toContain('cannot be read');
});

test('a JSON file loads, and a base URL override replaces and is validated like the file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dss-profile-'));
  const file = join(dir, 'target.json');
  writeFileSync(file, JSON.stringify(writtenProfile(parseProfile(minimal, 'target.yaml', { TKN_TOKEN: 't' }))));
  expect(loadProfile(file, {}).base_url).toBe('https://dss.example.test/api');
  expect(loadProfile(file, {}, { baseUrl: 'http://127.0.0.1:4010' }).base_url).toBe('http://127.0.0.1:4010');
  expect(problemsOf(() => loadProfile(file, {}, { baseUrl: 'not a url' }))[0]).toContain(
    '/base_url must match pattern',
  );
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

const optional = `
base_url: https://dss.example.test/api
member_sets:
  - tokenizer: { identification: tkn-1, token: t1, accounts: [main] }
    mmA:
      identification: mm-a1
      token: a1
      accounts: [main, second]
      tokens:
        viewer: { token: "\${VIEWER}", role: viewer }
        accounts: { token: limited, accounts: [main] }
    mmB: { identification: mm-b1, token: b1, accounts: [main] }
    blocked: { identification: gone-1, token: g1, accounts: [main] }
  - tokenizer: { identification: tkn-2, token: t2, accounts: [main] }
    mmA: { identification: mm-a2, token: a2, accounts: [main] }
    mmB: { identification: mm-b2, token: b2, accounts: [main] }
`;

test('member sets: the first by default, a shard takes its own, extra tokens keep their declared rights', () => {
  const profile = parseProfile(optional, 'sets.yaml', { VIEWER: 'viewer-token' });
  expect(profile.member_sets).toHaveLength(2);
  expect([profile.member_set, profile.members.mmA.identification]).toEqual([0, 'mm-a1']);
  expect(profile.members.mmA.tokens).toEqual({
    viewer: { token: 'viewer-token', role: 'viewer' },
    accounts: { token: 'limited', accounts: ['main'] },
  });
  expect(profile.members.mmB.tokens).toEqual({});
  expect(profile.members.blocked?.identification).toBe('gone-1');
  const second = parseProfile(optional, 'sets.yaml', { VIEWER: 'v' }, { shard: '2/2' });
  expect([second.member_set, second.members.mmA.identification]).toEqual([1, 'mm-a2']);
});

test('--shard with fewer member sets than shards is refused, saying why; a simulator needs none', () => {
  const problems = problemsOf(() => parseProfile(optional, 'sets.yaml', { VIEWER: 'v' }, { shard: '1/3' }));
  expect(problems).toHaveLength(1);
  expect(problems[0]).toContain('--shard 1/3: the profile lists 2 member sets for 3 shards');
  expect(problems[0]).toContain('a gateway read consumes the messages the other waits for');
  const one = parseProfile(minimal, 'a.yaml', { TKN_TOKEN: 't' });
  expect(shardMemberSet(one, '2/2')).toContain('the profile lists 1 member set for 2 shards');
  expect(shardMemberSet({ ...one, capabilities: { control: 'simulator' } }, '2/3')).toBe(0);
  expect(shardMemberSet(one, '3/2')).toContain('above the number of shards');
});

test('members and member_sets: exactly one; unknown extra tokens are named with the valid ones', () => {
  const both = `${minimal}member_sets: []\n`;
  expect(problemsOf(() => parseProfile(both, 'both.yaml', { TKN_TOKEN: 't' }))).toContain(
    '/: give either "members" (one set) or "member_sets" (several), not both',
  );
  const typo = minimal.replace('accounts: [ops]', 'accounts: [ops]\n    tokens: { veiwer: { token: x } }');
  const [problem] = problemsOf(() => parseProfile(typo, 'typo.yaml', { TKN_TOKEN: 't' }));
  expect(problem).toBe(
    '/members/mmB/tokens: unknown field "veiwer" (valid: viewer, accounts, endpoints, ip_elsewhere, ip_here, session, without_emission, no_accounts, expiry, renewed_expiry)',
  );
});

test('the digest ignores every token, extra ones too, and the set a shard chose', () => {
  const one = parseProfile(optional, 'a.yaml', { VIEWER: 'first' });
  const two = parseProfile(
    optional.replace('token: limited', 'token: other-limited'),
    'a.yaml',
    { VIEWER: 'second' },
    { shard: '2/2' },
  );
  expect(profileDigest(one)).toBe(profileDigest(two));
  expect(
    profileDigest(
      parseProfile(optional.replace('accounts: [main] }\n    mmB', 'accounts: [second] }\n    mmB'), 'a.yaml', {
        VIEWER: 'x',
      }),
    ),
  ).not.toBe(profileDigest(one));
});

test('a validated profile is marked in the environment its children inherit; the mark covers that text and base URL only', () => {
  const env: Record<string, string | undefined> = { TKN_TOKEN: 'secret-tkn' };
  const first = parseProfile(minimal, 'target.yaml', env);
  const mark = env[PROFILE_CHECKED_ENV];
  expect(mark).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // A child given the mark reads the same profile.
  expect(parseProfile(minimal, 'target.yaml', { ...env })).toEqual(first);
  // Another secret, another base URL or another text is validated afresh, and refused when invalid.
  expect(
    problemsOf(() => parseProfile(minimal.replace('token: bravo-token', 'token: ""'), 'target.yaml', { ...env })),
  ).toEqual(['/members/mmB/token must NOT have fewer than 1 characters']);
  expect(
    problemsOf(() => parseProfile(minimal, 'target.yaml', { ...env }, { baseUrl: 'not a url' })).length,
  ).toBeGreaterThan(0);
  expect(problemsOf(() => parseProfile(minimal, 'target.yaml', { ...env, TKN_TOKEN: '' }))).toEqual([
    '/members/tokenizer/token must NOT have fewer than 1 characters',
  ]);
  // A second profile validated in the same environment adds its mark: both are read without validating.
  const other = minimal.replace('token: bravo-token', 'token: charlie-token');
  parseProfile(other, 'other.yaml', env);
  expect(env[PROFILE_CHECKED_ENV]?.split(' ')).toEqual([mark, expect.stringMatching(/^[A-Za-z0-9_-]{43}$/)]);
  const inherited = { ...env };
  parseProfile(minimal, 'target.yaml', inherited);
  parseProfile(other, 'other.yaml', inherited);
  expect(inherited[PROFILE_CHECKED_ENV]).toBe(env[PROFILE_CHECKED_ENV]);
});

test('a base_url that ends in an interface family’s path is refused with the URL to give instead', () => {
  const text = minimal.replace(
    'base_url: https://dss.example.test/api',
    'base_url: https://dss.example.test/api/client/v1/api/',
  );
  expect(problemsOf(() => parseProfile(text, 'target.yaml', { TKN_TOKEN: 't' }))).toEqual([
    '/base_url: ends in the interface path /client/v1/api, which the kit adds itself to reach both families: give https://dss.example.test/api instead',
  ]);
  expect(
    problemsOf(() => parseProfile(minimal.replace('/api\n', '/tokenizer/v1/api\n'), 'target.yaml', { TKN_TOKEN: 't' })),
  ).toEqual([expect.stringContaining('give https://dss.example.test instead')]);
});
