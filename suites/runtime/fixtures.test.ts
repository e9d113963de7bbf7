import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { startSimulator } from '../../simulator/server.ts';
import type { RecordedCall } from './recorder.ts';
import { profileDigest, writtenProfile } from './profile.ts';
import { profileFromSimulator } from './target.ts';
import { compiledModule, compiledRunEnv } from '../kit-layout.ts';
import { encodeRunSettings, RUN_SETTINGS_ENV, runSettings, type RunSettings } from './run-settings.ts';

/**
 * The runtime end to end: a child Playwright run of self-test/runtime.spec.ts through the real global
 * setup and fixtures, against a real simulator; then its JSON results are read back.
 */

/** Compiled, as `dss test` runs the checks (`npm test` builds dist/ first). */
const config = compiledModule('suites/runtime/self-test/self-test.config.js');

const temporaryDirs: string[] = [];
function temporaryDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporaryDirs.push(dir);
  return dir;
}
test.afterAll(() => {
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

interface JsonTest {
  expectedStatus: string;
  annotations: Array<{ type: string; description?: string }>;
  results: Array<{
    status: string;
    workerIndex: number;
    errors: Array<{ message?: string }>;
    attachments: Array<{ name: string; contentType: string; body?: string }>;
  }>;
}
interface JsonSuite {
  specs?: Array<{ title: string; tests: JsonTest[] }>;
  suites?: JsonSuite[];
}

/** Runs the self-test config and returns its results by check id, with the exit code. */
async function childRun(
  given: Partial<RunSettings>,
  args: string[],
): Promise<{ code: number | null; reportDir: string; byCheck: Map<string, JsonTest> }> {
  const reportDir = temporaryDir('dss-selftest-');
  // The parent run's own variables would confuse the child runner.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(PW_|TEST_|PLAYWRIGHT_|DSS_)/.test(name)),
  );
  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const child = spawn(process.execPath, [cli, 'test', '--config', config, ...args], {
    env: compiledRunEnv({
      ...inherited,
      [RUN_SETTINGS_ENV]: encodeRunSettings(runSettings({ ...given, report_dir: reportDir })),
    }),
    stdio: 'pipe',
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  let report: { suites: JsonSuite[] };
  try {
    report = JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')) as { suites: JsonSuite[] };
  } catch {
    throw new Error(`the child run wrote no results (exit ${code}):\n${output}`);
  }
  const byCheck = new Map<string, JsonTest>();
  const walk = (suite: JsonSuite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        byCheck.set(t.annotations.find((a) => a.type === 'check')?.description ?? spec.title, t);
    for (const child of suite.suites ?? []) walk(child);
  };
  report.suites.forEach(walk);
  return { code, reportDir, byCheck };
}

function result(run: { byCheck: Map<string, JsonTest> }, id: string) {
  const found = run.byCheck.get(id);
  if (!found?.results[0]) throw new Error(`no result for ${id}`);
  return { test: found, result: found.results[0] };
}

function callsOf(attachments: JsonTest['results'][number]['attachments']): RecordedCall[] {
  const attachment = attachments.find((a) => a.name === 'dss-calls');
  expect(attachment?.contentType).toBe('application/json');
  return JSON.parse(Buffer.from(attachment?.body ?? '', 'base64').toString('utf8')) as RecordedCall[];
}

test('with a profile: own members per worker, baseline, quarantine, warnings, calls and harness faults', async () => {
  test.setTimeout(300_000); // a child Playwright run: a safety net sized for a loaded machine
  const simulator = await startSimulator({ port: 0 });
  try {
    const dir = temporaryDir('dss-profile-');
    const profile = {
      ...(await profileFromSimulator(simulator.url)),
      expected_failures: ['selftest.expected-failure', 'selftest.stale-baseline'],
      quarantine: ['selftest.quarantined'],
    };
    const profileFile = join(dir, 'profile.json');
    writeFileSync(profileFile, JSON.stringify(writtenProfile(profile)));
    const run = await childRun({ profile: profileFile }, ['--grep-invert', 'selftest.clock|selftest.keep']);

    // The stale baseline fails the run; everything else is as the profile says.
    expect(run.code).toBe(1);
    const stale = result(run, 'selftest.stale-baseline');
    expect([stale.test.expectedStatus, stale.result.status]).toEqual(['failed', 'passed']);
    const baselined = result(run, 'selftest.expected-failure');
    expect([baselined.test.expectedStatus, baselined.result.status]).toEqual(['failed', 'failed']);
    expect(baselined.result.errors[0]?.message).toContain('[SELF-BASELINE]');
    expect(baselined.result.errors[0]?.message).toContain('expected status 200, got 404');

    const quarantined = result(run, 'selftest.quarantined');
    expect(quarantined.result.status).toBe('skipped');
    expect(quarantined.test.annotations.map((a) => a.type)).toContain('quarantined');

    const warned = result(run, 'selftest.warning');
    expect(warned.result.status).toBe('passed');
    expect(warned.test.annotations.filter((a) => a.type === 'warning').map((a) => a.description)).toEqual([
      '[SELF-SHOULD] the target should have done better',
    ]);

    const fault = result(run, 'selftest.harness-fault');
    expect(fault.result.errors[0]?.message).toMatch(/^Harness fault: path parameter member_identification/);

    // Each worker made its own members; the checks' annotations say which.
    const seen = ['selftest.worker-one', 'selftest.worker-two'].map((id) => {
      const { test: t, result: r } = result(run, id);
      expect(r.status).toBe('passed');
      expect(t.annotations.map(({ type, description }) => ({ type, description }))).toEqual(
        expect.arrayContaining([
          { type: 'check', description: id },
          { type: 'requirement', description: 'SELF-ACTORS' },
          { type: 'endpoint', description: 'member.listDigitalAccounts' },
        ]),
      );
      const info = JSON.parse(t.annotations.find((a) => a.type === 'self-test')?.description ?? '{}') as {
        worker: number;
        ids: string[];
        accounts: string[];
        assets: unknown[];
        bic: string;
      };
      expect(info.ids.every((id) => id.startsWith(`w${info.worker}-`))).toBe(true);
      expect(info.accounts).toEqual(['main', 'second']);
      expect(info.assets).toEqual(
        ['USD', 'EUR'].map((code) => ({ asset_code_identification: code, asset_issuer_identification: info.ids[0] })),
      );
      expect(info.bic).toMatch(/^[A-Z]{4}GBXX[A-Z0-9]{3}$/);
      const calls = callsOf(r.attachments);
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({
        endpoint_id: 'member.listDigitalAccounts',
        method: 'GET',
        status: 200,
        request_headers: { authorization: 'Bearer [redacted]' },
      });
      return info;
    });
    // Both checks ran at once (see the spec), so on two workers, which must not share a member.
    expect(seen[0]?.worker).not.toBe(seen[1]?.worker);
    expect(seen[0]?.ids.filter((id) => seen[1]?.ids.includes(id))).toEqual([]);

    const target = JSON.parse(readFileSync(join(run.reportDir, '.run', 'target.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(target).toMatchObject({
      base_url: simulator.url,
      profile_digest: profileDigest(profile),
      capabilities: { control: 'simulator' },
      spec_version: '1.0.0',
    });
    expect(JSON.stringify(target)).not.toContain(profile.members.mmA.token);
  } finally {
    await simulator.close();
  }
});

test('with nothing given: an embedded simulator, a written profile, and tokens kept usable across clock moves', async () => {
  test.setTimeout(300_000); // a child Playwright run: a safety net sized for a loaded machine
  const run = await childRun({}, ['--grep', 'selftest.clock']);
  const clock = result(run, 'selftest.clock');
  expect(clock.result.errors).toEqual([]);
  expect(run.code).toBe(0);
  const endpoints = callsOf(clock.result.attachments).map(
    (call) => call.endpoint_id ?? call.url.replace(/^http:\/\/[^/]+/, ''),
  );
  expect(endpoints).toEqual([
    '/sim/clock',
    'member.refreshToken',
    'member.getAllowlist',
    '/sim/clock',
    '/sim/tokens',
    'member.getAllowlist',
  ]);

  // The built profile holds the simulator's tokens: it lived in the run's private directory, not here.
  expect(readdirSync(join(run.reportDir, '.run'))).not.toContain('profile.json');
  const target = JSON.parse(readFileSync(join(run.reportDir, '.run', 'target.json'), 'utf8')) as {
    base_url: string;
    capabilities: unknown;
  };
  expect(target.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(target.capabilities).toEqual({ control: 'simulator' });
});

test('a check failed on the target, or given no response by it, keeps its worker and still fails; an error naming no requirement ends the worker', async () => {
  test.setTimeout(300_000); // a child Playwright run: a safety net sized for a loaded machine
  const run = await childRun({}, ['--grep', 'selftest.keep']);
  expect(run.code).toBe(1);
  const worker = (id: string) =>
    Number(result(run, id).test.annotations.find((a) => a.type === 'self-test')?.description);
  expect(result(run, 'selftest.keep-network-failure').result.errors[0]?.message).toContain(
    'No response from the target to GET http://127.0.0.1:',
  );
  for (const id of ['selftest.keep-target-failure', 'selftest.keep-network-failure', 'selftest.keep-unjudged-error']) {
    const { test: failed, result: outcome } = result(run, id);
    // What every reporter reads: an unexpected failure, without the worker's mark.
    expect([failed.expectedStatus, outcome.status]).toEqual(['passed', 'failed']);
    expect(failed.annotations.map((a) => a.type)).not.toContain('kept-worker');
  }
  expect(worker('selftest.keep-after-target-failure')).toBe(worker('selftest.keep-target-failure'));
  expect(worker('selftest.keep-network-failure')).toBe(worker('selftest.keep-target-failure'));
  expect(worker('selftest.keep-after-network-failure')).toBe(worker('selftest.keep-target-failure'));
  expect(worker('selftest.keep-unjudged-error')).toBe(worker('selftest.keep-target-failure'));
  expect(worker('selftest.keep-after-unjudged-error')).not.toBe(worker('selftest.keep-unjudged-error'));
});
