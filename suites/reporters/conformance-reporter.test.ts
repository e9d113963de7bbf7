import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledModule, compiledRunEnv } from '../kit-layout.ts';
import { rebuildReport } from './rebuild.ts';
import type { ConformanceReport } from './report-types.ts';
import { verifyReport } from './verify.ts';

/**
 * Runs a real Playwright Test run with the live reporter and the JSON reporter side by side, then
 * rebuilds from the JSON file: both adapters must give the same results, and the run's exit code must
 * follow the verdict.
 */

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
/** Compiled, as `dss test` runs it (`npm test` builds dist/ first), so the child run needs no TypeScript loader. */
const reporterPath = compiledModule('suites/reporters/conformance-reporter.js');
const playwrightCli = createRequire(import.meta.url).resolve('@playwright/test/cli');

const target = {
  base_url: 'http://127.0.0.1:4999',
  profile_digest: 'sha256:profile',
  capabilities: { control: 'simulator' },
  spec_version: '1.0.0',
  started_at: '2030-01-01T00:00:00.000Z',
};

const fixtureChecks = `
import { test, expect } from '@playwright/test';
const call = (endpoint_id, status) => ({ endpoint_id, method: 'GET', url: 'http://127.0.0.1:4999/client/v1/api/members/x', status,
  request_headers: {}, request_body: null, response_headers: {}, response_body: null, duration_ms: 2 });
const check = (id, requirements) => ({ annotation: [{ type: 'check', description: id }, ...requirements.map((r) => ({ type: 'requirement', description: r }))] });
async function calls(info, list) { await info.attach('dss-calls', { body: JSON.stringify(list), contentType: 'application/json' }); }
// What the check fixtures write for an error a failure helper made (suites/runtime/failure-record.ts).
const failure = (info, error, requirement, expected, got) => info.annotations.push({ type: 'dss-failure', description: JSON.stringify({ error, requirement, kind: 'target', expected, got }) });

test.describe('directory', () => {
  test('member by id', check('dir.member-get', ['DIR-MEMBER-GET']), async ({}, info) => {
    await calls(info, [call('member.getMember', 200)]);
  });
  test('unknown member', check('dir.member-not-found', ['DIR-MEMBER-NOT-FOUND', 'ERR-BODY-SHAPE']), async ({}, info) => {
    await calls(info, [call('member.getMember', 500)]);
    failure(info, 0, 'DIR-MEMBER-NOT-FOUND', 'status 404', '500');
    throw Object.assign(new Error('[DIR-MEMBER-NOT-FOUND] GET /members/x: expected status 404, got 500'), { name: 'CheckFailure' });
  });
});
test('accounts', check('acc.list', ['ACC-LIST']), async ({}, info) => {
  await calls(info, [call('member.listDigitalAccounts', info.retry === 0 ? 503 : 200)]);
  expect(info.retry, 'succeeds on retry').toBe(1);
});
test('sorting', check('pp.sort', ['PP-SORT']), async () => { test.fail(); expect(1).toBe(2); });
test('filters', { annotation: [...check('pp.filters', ['PP-FILTERS']).annotation, { type: 'quarantined', description: 'flaky' }] }, async () => { test.skip(); });
const finding = expect.extend({ toBeNoFinding(message) { return { pass: false, message: () => message, name: 'toBeNoFinding' }; } });
test('unknown account', check('acc.unknown', ['ACC-GET', 'ERR-BODY-SHAPE']), async ({}, info) => {
  const message = "[ERR-BODY-SHAPE] expected the error body of GET /digital-accounts/x (404) to match its schema, got: must have required property 'timestamp'";
  info.annotations.push({ type: 'finding', description: message });
  failure(info, 0, 'ERR-BODY-SHAPE', 'the error body of GET /digital-accounts/x (404) to match its schema', "must have required property 'timestamp'");
  finding.soft(message).toBeNoFinding();
});
test('method', check('err.method', ['ERR-METHOD-NOT-ALLOWED']), async ({}, info) => {
  info.annotations.push({ type: 'warning', description: '[ERR-METHOD-NOT-ALLOWED] PUT answered 404' }, { type: 'warned-requirement', description: 'ERR-METHOD-NOT-ALLOWED' });
});
`;

const fixtureFlakyOnly = `
import { test, expect } from '@playwright/test';
test('accounts', { annotation: [{ type: 'check', description: 'acc.list' }, { type: 'requirement', description: 'ACC-LIST' }] }, async ({}, info) => {
  expect(info.retry).toBe(1);
});
`;

/** A throw-away project that uses this repository's node_modules and reporter. */
function runFixture(specText: string): { dir: string; status: number | null; stdout: string } {
  const dir = mkdtempSync(join(tmpdir(), 'dss-reporter-'));
  symlinkSync(join(projectRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  // JavaScript, as the compiled reporter: no TypeScript loader in the child run.
  writeFileSync(join(dir, 'checks.spec.js'), specText);
  writeFileSync(
    join(dir, 'pw.config.js'),
    `export default { testDir: '.', testMatch: /checks\\.spec\\.js$/, retries: 1, workers: 1, metadata: { dss_filters: ['--shard 1/2'] },
      reporter: [['json', { outputFile: 'results.json' }], [${JSON.stringify(reporterPath)}, { reportDir: 'reports' }]] };`,
  );
  mkdirSync(join(dir, 'reports', '.run'), { recursive: true });
  writeFileSync(join(dir, 'reports', '.run', 'target.json'), JSON.stringify(target));
  // The outer run's worker variables would make the inner run think it is a worker.
  const env = compiledRunEnv(
    Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(?:PW_|PLAYWRIGHT_|TEST_)/.test(name))),
  );
  const result = spawnSync(process.execPath, [playwrightCli, 'test', '-c', 'pw.config.js'], {
    cwd: dir,
    env,
    encoding: 'utf8',
    timeout: 300_000,
  });
  return { dir, status: result.status, stdout: result.stdout };
}

function readReport(file: string): ConformanceReport {
  return JSON.parse(readFileSync(file, 'utf8')) as ConformanceReport;
}

test.describe('the live reporter', () => {
  // Safety nets: a child Playwright run takes seconds, much more on a loaded machine.
  test.setTimeout(360_000);
  const dirs: string[] = [];
  test.afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('writes a signed report of the run, and the rebuild from JSON results gives the same results', async () => {
    const run = runFixture(fixtureChecks);
    dirs.push(run.dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('DSS conformance: FAILED (spec 1.0.0, suite 0.1.0, target http://127.0.0.1:4999)');

    const liveFile = join(run.dir, 'reports', 'conformance.json');
    const live = readReport(liveFile);
    expect(await verifyReport(liveFile)).toMatchObject({ ok: true, problems: [] });
    expect(live.profile_digest).toBe('sha256:profile');
    const outcomes = Object.fromEntries(live.results.checks.map((check) => [check.check_id, check.outcome]));
    expect(outcomes).toEqual({
      'acc.list': 'flaky',
      'acc.unknown': 'failed',
      'dir.member-get': 'passed',
      'dir.member-not-found': 'failed',
      'err.method': 'passed',
      'pp.filters': 'skipped',
      'pp.sort': 'expected-failure',
    });
    const notFound = live.results.checks.find((check) => check.check_id === 'dir.member-not-found');
    expect(notFound).toMatchObject({
      title: 'directory › unknown member',
      fault: 'target',
      failed_requirements: ['DIR-MEMBER-NOT-FOUND'],
      expected: 'status 404',
      got: '500',
    });
    expect(notFound?.calls.map((call) => call.status)).toEqual([500]);
    const statuses = Object.fromEntries(
      live.results.requirements.filter((row) => row.checks.length > 0).map((row) => [row.id, row.status]),
    );
    expect(statuses).toEqual({
      // acc.unknown found it broken through a recorded finding, and ran on to decide ACC-GET.
      'ERR-BODY-SHAPE': 'failed',
      'ACC-GET': 'passed',
      'ERR-METHOD-NOT-ALLOWED': 'warning',
      'DIR-MEMBER-GET': 'passed',
      'DIR-MEMBER-NOT-FOUND': 'failed',
      'ACC-LIST': 'failed',
      'PP-FILTERS': 'not-verified',
      'PP-SORT': 'failed',
    });
    // The shard filter reached the report through Playwright's metadata: what no check named was left out, not forgotten.
    expect(live.results.scope).toEqual({ filters: ['--shard 1/2'] });
    expect(live.results.uncovered).toEqual([]);
    expect(live.results.findings.find((entry) => entry.requirement === 'ERR-BODY-SHAPE')).toMatchObject({
      requirement: 'ERR-BODY-SHAPE',
      checks: ['acc.unknown'],
      reasons: [{ text: "must have required property 'timestamp'", count: 1 }],
    });

    const rebuiltDir = join(run.dir, 'rebuilt');
    mkdirSync(join(rebuiltDir, '.run'), { recursive: true });
    writeFileSync(join(rebuiltDir, '.run', 'target.json'), JSON.stringify(target));
    const rebuilt = await rebuildReport([join(run.dir, 'results.json')], rebuiltDir);
    expect(rebuilt.report.results).toEqual(live.results);
    expect(await verifyReport(rebuilt.jsonPath)).toMatchObject({ ok: true, problems: [] });
    expect(readFileSync(rebuilt.htmlPath, 'utf8')).toContain('DSS API conformance: FAILED');

    // Two shards that both ran every check, and a conformance.json a glob took along: each check once,
    // the shard filters of the same count making the whole suite, and the stray file named as ignored.
    const secondShard = join(run.dir, 'results-2-of-2.json');
    const firstResults = JSON.parse(readFileSync(join(run.dir, 'results.json'), 'utf8'));
    writeFileSync(
      secondShard,
      JSON.stringify({
        ...firstResults,
        config: { ...firstResults.config, metadata: { dss_filters: ['--shard 2/2'] } },
      }),
    );
    const merged = await rebuildReport([join(run.dir, 'results.json'), secondShard, liveFile], rebuiltDir);
    expect(merged.report.results.checks).toHaveLength(live.results.checks.length);
    expect(merged.report.results.scope).toEqual({ filters: [] });
    expect(merged.ignored).toEqual([
      `${liveFile}: a conformance report (what dss report writes), not Playwright results`,
    ]);
    expect(merged.report.results.verdict).toBe('failed');

    // Shards in folders of their own, each with the .run/target.json its run wrote, merged into a fresh
    // folder: the merged report names their target; shards of two targets are not merged.
    const shardDirs = [1, 2].map((index) => join(run.dir, `reports-${index}`));
    for (const [index, dir] of shardDirs.entries()) {
      mkdirSync(join(dir, '.run'), { recursive: true });
      writeFileSync(join(dir, '.run', 'target.json'), JSON.stringify(target));
      writeFileSync(
        join(dir, `results-${index + 1}-of-2.json`),
        readFileSync(index === 0 ? join(run.dir, 'results.json') : secondShard),
      );
    }
    const fresh = join(run.dir, 'merged');
    const gathered = await rebuildReport(
      shardDirs.map((dir, index) => join(dir, `results-${index + 1}-of-2.json`)),
      fresh,
    );
    expect(gathered.report.results.target.base_url).toBe(target.base_url);
    expect(gathered.report.profile_digest).toBe(target.profile_digest);
    writeFileSync(
      join(shardDirs[1]!, '.run', 'target.json'),
      JSON.stringify({ ...target, base_url: 'http://127.0.0.1:5000' }),
    );
    await expect(
      rebuildReport(
        shardDirs.map((dir, index) => join(dir, `results-${index + 1}-of-2.json`)),
        join(run.dir, 'mixed'),
      ),
    ).rejects.toThrow(/the results given are of different targets or profiles/);
  });

  test('fails a run that Playwright alone would pass when a check was flaky', async () => {
    const run = runFixture(fixtureFlakyOnly);
    dirs.push(run.dir);
    expect(run.stdout).toContain('1 flaky');
    expect(run.status).toBe(1);
    expect(readReport(join(run.dir, 'reports', 'conformance.json')).results.verdict).toBe('failed');
  });
});
