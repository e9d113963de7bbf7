import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkOutcomes } from '../test-support/run-results.ts';

/**
 * The reference simulator passes every conformance check over a real socket: `dss test` with no target
 * (what `npm start` runs) starts the embedded simulator, runs every suite, writes every report, and
 * exits 0. Any failure here is a bug in the simulator or in a check.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

test('dss test against the embedded simulator passes every check and writes every report', async () => {
  // A safety net: the run takes 1 to 2 minutes, several more on a loaded machine.
  test.setTimeout(900_000);
  const reportDir = mkdtempSync(join(tmpdir(), 'dss-conformance-'));
  const run = spawnSync(process.execPath, ['bin/dss.js', 'test', '--report-dir', reportDir], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, CI: '1', DSS_PROFILE: '', DSS_TARGET: '' },
  });
  const output = `${run.stdout}\n${run.stderr}`;
  expect(run.status, output).toBe(0);

  for (const file of ['conformance.json', 'conformance.html', 'junit.xml', 'results.json', 'html/index.html']) {
    expect(existsSync(join(reportDir, file)), file).toBe(true);
  }
  const summary = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8'));
  expect(summary.results.verdict, output).toBe('passed');
  const failed = summary.results.checks.filter((check: { outcome: string }) => check.outcome !== 'passed');
  expect(failed, output).toEqual([]);

  // The two checks that wait out real windows share a lock (checks/exchange/validity.spec.ts): never asleep at once.
  const ran = checkOutcomes(reportDir);
  const windowCheck = ran.get('exchange.window-real-time');
  const expiryCheck = ran.get('exchange.expiry-real-time');
  if (!windowCheck || !expiryCheck) throw new Error('results.json lacks a real-time check');
  const apart = windowCheck.end <= expiryCheck.start || expiryCheck.end <= windowCheck.start;
  expect(apart, JSON.stringify({ windowCheck, expiryCheck })).toBe(true);

  const verify = spawnSync(process.execPath, ['bin/dss.js', 'verify-report', join(reportDir, 'conformance.json')], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(verify.status, verify.stderr).toBe(0);
});

test('a run filtered by tag is partial, exits 0 when what ran passed, and its report and verify-report name the filter', async () => {
  test.setTimeout(600_000); // a safety net: the auth checks alone, a few seconds on a quiet machine
  const reportDir = mkdtempSync(join(tmpdir(), 'dss-filtered-'));
  const run = spawnSync(process.execPath, ['bin/dss.js', 'test', '--tag', 'auth', '--report-dir', reportDir], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, CI: '1', DSS_PROFILE: '', DSS_TARGET: '' },
  });
  const output = `${run.stdout}\n${run.stderr}`;
  expect(run.status, output).toBe(0);
  expect(output).toContain('DSS conformance: PARTIAL');
  expect(output).toContain('filtered run (--tag auth)');

  const summary = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8'));
  expect(summary.results.verdict).toBe('partial');
  // The auth checks, the clock stage's among them, and the target stage that every run needs; no other.
  const ran = summary.results.checks.map((check: { check_id: string }) => check.check_id);
  expect(new Set(ran.map((id: string) => id.split('.')[0]))).toEqual(new Set(['auth', 'target']));
  expect(ran).toContain('auth.token-expiry');

  const verify = spawnSync(process.execPath, ['bin/dss.js', 'verify-report', join(reportDir, 'conformance.json')], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(verify.status, verify.stderr).toBe(0);
  expect(verify.stdout).toContain('verdict: partial');
  expect(verify.stdout).toContain('scope: a filtered run (--tag auth)');
});
