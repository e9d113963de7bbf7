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
    expect(finding?.checks).toEqual(
      expect.arrayContaining(['accounts.unknown-account', 'auth.garbage-token', 'auth.missing-token']),
    );
    expect(finding?.reasons[0]?.text).toContain('timestamp');
    expect(finding?.examples.length).toBeGreaterThanOrEqual(2);
    // Titled by the requirement's statement; what was wrong goes below it.
    expect(run.output).toMatch(
      /broken: ERR-BODY-SHAPE \(MUST\) broken in \d+ checks: Every response with status 400, .*\n {4}what was wrong: .*timestamp/,
    );

    // Only decided requirements are scored: every check ran to its end, so nothing is inconclusive.
    expect(results.scores.overall).toMatchObject({ checked: results.scores.overall.passed + 1, inconclusive: 0 });
  } finally {
    await simulator.close();
    rmSync(reportDir, { recursive: true, force: true });
  }
});

/**
 * The verdict is the specification's, and a defect of the reference profile alone leaves none of it
 * undecided. A target refusing to add a member already on the allowlist breaks a decision of the profile
 * (ALLOWLIST-IDEMPOTENT), which the report shows beside the verdict; the specification's allowlist rule,
 * judged by a check of its own, is decided and holds, so the run passes (partial: it is filtered) and exits 0.
 */
test('a defect of the reference profile alone is shown beside the verdict, and the run passes with every requirement of the specification decided', async () => {
  test.setTimeout(300_000);
  const simulator = await startSimulator({ port: 0, host: '127.0.0.1', faults: ['allowlist-not-idempotent'] });
  const reportDir = mkdtempSync(join(tmpdir(), 'dss-profile-defect-'));
  try {
    const grep = 'allowlist\\.(add-remove|idempotent)';
    const run = await dss(['test', '--target', simulator.url, '--grep', grep, '--report-dir', reportDir]);
    expect(run.status, run.output).toBe(0);
    const { results } = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReport;
    // A filtered run that passed says partial: it claims nothing of the checks it left out.
    expect(results.verdict).toBe('partial');
    const row = (id: string) => results.requirements.find((requirement) => requirement.id === id);
    expect(row('ALLOWLIST-IDEMPOTENT')).toMatchObject({ layer: 'profile', status: 'failed' });
    for (const id of ['ALLOWLIST-LIST', 'RES-ALLOWLIST-SCHEMAS'])
      expect(row(id), id).toMatchObject({ layer: 'specification', status: 'passed' });
    const specification = results.requirements.filter((requirement) => requirement.layer === 'specification');
    expect(
      specification
        .filter((requirement) => requirement.status === 'failed' || requirement.status === 'inconclusive')
        .map((requirement) => requirement.id),
    ).toEqual([]);
    expect(results.reference_profile.passed).toBeLessThan(results.reference_profile.checked);
    expect(run.output).toContain('DSS conformance: PARTIAL');
    expect(run.output).toContain(
      `interoperates with the reference profile: ${results.reference_profile.passed}/${results.reference_profile.checked}`,
    );
  } finally {
    await simulator.close();
    rmSync(reportDir, { recursive: true, force: true });
  }
});

function dss(args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(?:PW_|PLAYWRIGHT_|TEST_|DSS_)/.test(name)),
    );
    const child = spawn(process.execPath, ['bin/dss.js', ...args], { cwd: root, env: { ...env, CI: '1' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (status) => resolve({ status, output }));
  });
}
