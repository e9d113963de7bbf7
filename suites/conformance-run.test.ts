import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

  const verify = spawnSync(process.execPath, ['bin/dss.js', 'verify-report', join(reportDir, 'conformance.json')], { cwd: root, encoding: 'utf8' });
  expect(verify.status, verify.stderr).toBe(0);
});
