import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSimulator } from '../../simulator/server.ts';
import type { ConformanceReport } from './report-types.ts';

/**
 * One defect, one finding, over a real socket: against a simulator whose error bodies lack `timestamp`,
 * a few checks that each verify a rule of their own and see error bodies on the way must report
 * ERR-BODY-SHAPE broken (with the checks that saw it) and still decide their own rules, passed, since
 * the simulator is otherwise right. The run is filtered, so nothing else is claimed.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const grep = 'accounts\\.unknown-account|auth\\.missing-token|auth\\.garbage-token';

test('an error body without timestamp is one finding, and the checks that saw it still decide their own requirements', async () => {
  test.setTimeout(300_000);
  const simulator = await startSimulator({ port: 0, host: '127.0.0.1', faults: ['error-body-without-timestamp'] });
  const reportDir = mkdtempSync(join(tmpdir(), 'dss-finding-'));
  try {
    const run = await dss(['test', '--target', simulator.url, '--grep', grep, '--report-dir', reportDir]);
    expect(run.status, run.output).toBe(1);
    const { results } = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReport;
    const statusOf = (id: string) => results.requirements.find((row) => row.id === id)?.status;

    expect(results.verdict).toBe('failed');
    expect(results.scope.filters).toEqual([`--grep ${grep}`]);
    expect(statusOf('ERR-BODY-SHAPE')).toBe('failed');
    for (const id of ['ACC-GET', 'AUTH-MISSING-TOKEN', 'AUTH-MALFORMED-TOKEN']) expect(statusOf(id), id).toBe('passed');

    const [finding, ...others] = results.findings;
    expect(others).toEqual([]);
    expect(finding?.requirement).toBe('ERR-BODY-SHAPE');
    expect(finding?.checks).toEqual(expect.arrayContaining(['accounts.unknown-account', 'auth.garbage-token', 'auth.missing-token']));
    expect(finding?.reasons[0]?.text).toContain('timestamp');
    expect(finding?.examples.length).toBeGreaterThanOrEqual(2);
    expect(run.output).toMatch(/broken: ERR-BODY-SHAPE \(MUST\) broken in \d+ checks: .*timestamp/);

    // Only decided requirements are scored: every check ran to its end, so nothing is inconclusive.
    expect(results.scores.overall).toMatchObject({ checked: results.scores.overall.passed + 1, inconclusive: 0 });
  } finally {
    await simulator.close();
    rmSync(reportDir, { recursive: true, force: true });
  }
});

/**
 * The verdict is the specification's. A viewer token accepted for a change breaks a decision of the
 * reference profile (AUTH-VIEWER-READ-ONLY), which the report shows beside the verdict; the check stopped
 * there, before deciding the specification's requirements it also names, so the verdict cannot say
 * passed either: inconclusive, exit status 1. Not failed: nothing of the specification was found broken.
 */
test('a defect of the reference profile alone is shown beside the verdict, which says inconclusive, not failed', async () => {
  test.setTimeout(300_000);
  const simulator = await startSimulator({ port: 0, host: '127.0.0.1', faults: ['viewer-can-write'] });
  const reportDir = mkdtempSync(join(tmpdir(), 'dss-profile-defect-'));
  try {
    const run = await dss(['test', '--target', simulator.url, '--grep', 'auth\\.viewer-read-only', '--report-dir', reportDir]);
    expect(run.status, run.output).toBe(1);
    const { results } = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReport;
    expect(results.verdict).toBe('inconclusive');
    const broken = results.requirements.filter((row) => row.status === 'failed');
    expect(broken.map((row) => [row.id, row.layer])).toEqual([['AUTH-VIEWER-READ-ONLY', 'profile']]);
    expect(results.requirements.filter((row) => row.layer === 'specification' && row.status === 'inconclusive').length).toBeGreaterThan(0);
    expect(results.reference_profile.passed).toBeLessThan(results.reference_profile.checked);
    expect(run.output).toContain('DSS conformance: INCONCLUSIVE');
  } finally {
    await simulator.close();
    rmSync(reportDir, { recursive: true, force: true });
  }
});

function dss(args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(?:PW_|PLAYWRIGHT_|TEST_|DSS_)/.test(name)));
    const child = spawn(process.execPath, ['bin/dss.js', ...args], { cwd: root, env: { ...env, CI: '1' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (status) => resolve({ status, output }));
  });
}
