import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { XmlDocument } from 'libxml2-wasm';
import type { CheckReport } from '../../suites/reporters/report-types.ts';
import { verifyReport } from '../../suites/reporters/verify.ts';
import { runAgainstHostileTarget, type HostileRunResult } from './hostile-run.ts';
import { scanDirectory } from './secret-scan.ts';
import { hostileModes, TERMINAL_ESCAPE, type HostileMode } from './hostile-target.ts';

/**
 * `dss test` against targets that break HTTP (see hostile-target.ts), as a vendor would run it: a
 * profile with fresh fake secrets, short time-outs, one worker. Whatever the target does, the run
 * must end in time with exit status 1, write a report that verifies, blame the target (never the
 * harness) in words that name the problem, and leave no secret in the report dir or its output.
 *
 * Every mode runs the whole suite against a target hostile from the first request: the first check
 * (`target.reachable`) fails and the rest are skipped, which is how the harness meets a broken
 * target. Most modes run again against a target that answers that first check and is hostile on every
 * other endpoint (`deepModes`), so that checks of every kind, and each mode's second variant, meet it.
 * Those runs take a subset of the checks (`deepChecks`): each failing check costs its time-out and a
 * worker restart, and the whole suite would take minutes per mode.
 */

test.describe.configure({ mode: 'parallel' });

// Each worker's runs share a TMPDIR (see HostileRunOptions.tmpDir); one run at a time uses it.
let tmpDir = '';
test.beforeAll(() => {
  tmpDir = join(tmpdir(), `dss-hostile-tmp-${test.info().parallelIndex}-${process.pid}`);
  mkdirSync(tmpDir, { recursive: true });
});
test.afterAll(() => rmSync(tmpDir, { recursive: true, force: true }));

// A failed test keeps its run's files to look at; a passed one removes them.
let current: HostileRunResult | undefined;
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) current?.cleanUp();
  else if (current)
    testInfo.annotations.push({ type: 'kept', description: `the run's files are in ${current.reportDir}` });
  current = undefined;
});

const timeouts = { request_ms: 750, check_ms: 4000 };
/**
 * The reads of preflight: one with each member's token (vendor-profile.ts has three), and one listing of
 * the assets the tokenizer issues, to bear out the profile's.
 */
const PREFLIGHT_READS = 3 + 1;
/**
 * Then preflight's reads to detect the readings (reading-detection.ts): they end at the first answer
 * that is not JSON, one read; to a JSON answer, each member's three accounts are listed and its DSOs'
 * totals read (listing nothing it can read, no balance is read).
 */
const detectionReads = (mode: HostileMode) => (mode === 'half-valid' ? 3 * (3 + 1) : 1);

/**
 * Playwright, the loading of the checks, global setup and the reports: 4 to 9 s measured on 2 cores
 * shared with other builds, up to 40 s when they were very busy; the bound is a safety net far above
 * that, so that only a run the harness failed to bound by its time-outs breaks it.
 */
const RUN_OVERHEAD_MS = 120_000;
/** A check that ran out of time ends its worker; the next one starts afresh (a target failure keeps it). */
const WORKER_RESTART_MS = 4_000;
/** Beyond this a run counts as hung and is killed: above the largest bound below (160 s), with room. */
const KILL_AFTER_MS = 240_000;

/** What a failure's message must say about each mode's problem. */
const problemNamed: Record<HostileMode, RegExp> = {
  hang: /timed out/,
  reset: /connection reset/,
  slow: /timed out/,
  garbage: /not JSON/,
  huge: /too large/,
  'wrong-content-type': /not JSON/,
  redirect: /redirect/,
  'half-valid': /schema/,
};

/**
 * A check of each kind: one calling every endpoint at once, one sending bodies, one reading signatures,
 * one acting as the tokenizer (whose token is due for renewal, so the renewal meets the target too).
 */
const deepChecks = [
  'target.reachable',
  'auth.missing-token',
  'errors.invalid-input',
  'signing.payload',
  'directory.tokenizer-members-active',
];
const deepGrep = `(${deepChecks.map((id) => id.replaceAll('.', '\\.')).join('|')}) `;

/**
 * `hang` and `reset` have nothing more to show there: `slow` meets the same time-outs with calls in
 * parallel, and a reset in the middle of a body is covered by runtime/http.test.ts.
 */
const deepModes: HostileMode[] = ['slow', 'huge', 'garbage', 'wrong-content-type', 'redirect', 'half-valid'];
/** Their problem is the first thing every call meets, so every failure must name it. */
const networkModes: HostileMode[] = ['hang', 'reset', 'slow', 'huge'];

for (const mode of hostileModes) {
  test(`${mode}: the whole suite against a target hostile from the first request`, async () => {
    test.setTimeout(KILL_AFTER_MS + 30_000);
    const result = (current = await runAgainstHostileTarget({
      mode,
      timeouts,
      answerReachability: false,
      killAfterMs: KILL_AFTER_MS,
      tmpDir,
    }));
    const failed = await expectTargetBlamed(result, mode);
    // The one check that ran says what the problem is; every other one waited for it.
    expect(failed.map((check) => check.check_id)).toEqual(['target.reachable']);
    expect(failed[0]?.error).toMatch(problemNamed[mode]);
    expect(result.targetRequests).toHaveLength(2 + PREFLIGHT_READS + detectionReads(mode) + 1);
  });
}

for (const mode of deepModes) {
  test(`${mode}: checks of every kind against a target hostile past the first check`, async () => {
    test.setTimeout(KILL_AFTER_MS + 30_000);
    const result = (current = await runAgainstHostileTarget({
      mode,
      timeouts,
      answerReachability: true,
      grep: deepGrep,
      killAfterMs: KILL_AFTER_MS,
      tmpDir,
    }));
    const failed = await expectTargetBlamed(result, mode);
    const checks = result.report?.results.checks ?? [];
    expect(checks.find((check) => check.check_id === 'target.reachable')?.outcome).toBe('passed');
    expect(
      checks
        .filter((check) => check.outcome !== 'skipped')
        .map((check) => check.check_id)
        .sort(),
    ).toEqual([...deepChecks].sort());
    expect(failed.length).toBeGreaterThanOrEqual(deepChecks.length - 1);
    if (networkModes.includes(mode))
      for (const check of failed) expect(check.error, check.check_id).toMatch(problemNamed[mode]);
    else
      expect(
        failed.some((check) => problemNamed[mode].test(check.error ?? '')),
        'one failure names the problem',
      ).toBe(true);
  });
}

/**
 * What holds whatever the target did; returns the checks that failed. The run's time bound follows
 * from the profile's time-outs and the number of checks that ran.
 */
async function expectTargetBlamed(result: HostileRunResult, mode: HostileMode): Promise<CheckReport[]> {
  const { run, report } = result;
  const output = `${run.stdout}\n${run.stderr}`.slice(-4000);
  expect(run.killed, `the run hung and was killed after ${KILL_AFTER_MS} ms\n${output}`).toBe(false);
  expect({ exitCode: run.exitCode, signal: run.signal }, output).toEqual({ exitCode: 1, signal: null });
  expect(report, `no conformance.json\n${output}`).not.toBeNull();
  if (report === null) return [];

  const { results } = report;
  expect(results.problems.filter((problem) => problem.startsWith('run error'))).toEqual([]);
  const ran = results.checks.filter((check) => check.outcome !== 'skipped').length;
  expect(run.durationMs, `${ran} checks ran`).toBeLessThanOrEqual(
    RUN_OVERHEAD_MS + ran * (timeouts.check_ms + WORKER_RESTART_MS),
  );

  expect(await verifyReport(join(result.reportDir, 'conformance.json'))).toMatchObject({ ok: true, problems: [] });
  expect(results.verdict).toBe('failed');
  expect(results.counts.harness_faults).toBe(0);
  const failed = results.checks.filter((check) => check.outcome !== 'passed' && check.outcome !== 'skipped');
  for (const check of failed) {
    expect([check.check_id, check.outcome, check.fault]).toEqual([check.check_id, 'failed', 'target']);
    expect(check.error, check.check_id).toMatch(/\S/);
  }
  // Every request the target saw is in the report, or is one of the harness's reads before any check
  // (dss test's reachability probe, then preflight's probe, its reads and detection's): nothing followed a
  // redirect or retried unseen.
  const beforeChecks = 2 + PREFLIGHT_READS + detectionReads(mode);
  expect(
    result.targetRequests.slice(0, beforeChecks).every((request) => request.startsWith('GET ')),
    result.targetRequests.slice(0, beforeChecks).join(', '),
  ).toBe(true);
  expect(results.checks.reduce((sum, check) => sum + check.call_count, 0)).toBe(
    result.targetRequests.length - beforeChecks,
  );
  expect(result.elsewhereRequests).toEqual([]);

  // The other writers of the run took what the target sent in their stride too.
  JSON.parse(readFileSync(join(result.reportDir, 'results.json'), 'utf8'));
  expect(
    () => XmlDocument.fromString(readFileSync(join(result.reportDir, 'junit.xml'), 'utf8')).dispose(),
    'junit.xml is well-formed',
  ).not.toThrow();

  expect(result.leaks, 'secrets in the report dir or the output').toEqual([]);
  expect(
    run.stdout.includes(TERMINAL_ESCAPE) || run.stderr.includes(TERMINAL_ESCAPE),
    'a terminal escape of the target in the output',
  ).toBe(false);
  // The scan does read Playwright's HTML report: the first check's title is found inside its zip.
  const canary = scanDirectory(join(result.reportDir, 'html'), [
    { label: 'a check title', value: 'target.reachable answers' },
  ]);
  expect(
    canary.some((found) => found.where.includes(' > ')),
    'the scan sees inside the HTML report',
  ).toBe(true);
  expect(result.leftoverSecretDirs, 'the run removes its private directory').toEqual([]);
  return failed;
}
