import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { withReferenceReadings, type DeclaredReadings } from '../../protocol/readings.ts';
import { declaredBy, type ReadingName } from '../../simulator/readings/catalogue.ts';
import { startSimulator, type RunningSimulator } from '../../simulator/server.ts';
import { runHarness, type HarnessRun } from '../../test-support/hostile/harness-run.ts';
import type { ConformanceReport } from '../reporters/report-types.ts';
import { onboardHoldings } from '../self-check/readings-onboarding.ts';
import { profileFromSimulator, writeBuiltProfile } from './target.ts';

/**
 * `dss test --profile` as a user runs it, with detection: global setup detects what the profile leaves
 * out, the checks follow it, the report says what showed it; a declaration the target shows wrong stops
 * the run in preflight with one line and exit 2. (The whole run under each reading, detected, is the
 * readings self-check's.)
 */

const KILL_AFTER_MS = 300_000;
let dir = '';
let simulator: RunningSimulator | undefined;
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dss-detection-run-'));
});
test.afterEach(async () => {
  await simulator?.close();
  simulator = undefined;
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A simulator playing `readings` whose members hold what shows them, and the profile file declaring `declared`. */
async function onboardedTarget(
  name: string,
  readings: ReadingName[],
  declared: Partial<DeclaredReadings>,
): Promise<string> {
  simulator = await startSimulator({ readings });
  const profile = await profileFromSimulator(simulator.url, declared);
  await onboardHoldings(profile, withReferenceReadings(declaredBy(readings)));
  return writeBuiltProfile(mkdtempSync(join(dir, `${name}-`)), profile);
}

function explain(run: HarnessRun): string {
  return `exit ${run.exitCode}${run.killed ? ' (killed)' : ''}\n${run.stdout.slice(-4000)}\n${run.stderr.slice(-2000)}`;
}

test('nothing declared: the two fraction digits the target writes are detected, followed by the checks, and named in the report', async () => {
  test.setTimeout(KILL_AFTER_MS);
  const profile = await onboardedTarget('two', ['two-decimal-amounts'], {});
  const reportDir = join(dir, 'two');
  const run = await runHarness({
    profile,
    reportDir,
    env: {},
    grep: 'ledger\\.balances-read',
    killAfterMs: KILL_AFTER_MS,
  });
  expect(run.exitCode, explain(run)).toBe(0);
  const { results } = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReport;
  const shownBy =
    'GET /client/v1/api/balances/digital-accounts/emission?asset_code_identification=CHFDSO&asset_issuer_identification=mm-singapore as mm-london answered balance "0.00"';
  expect(results.target.readings).toEqual({
    string_bodies: { value: 'bare', source: 'reference' },
    amount_scale: { value: 2, source: 'detected', shown_by: shownBy },
    dso_line_account: {
      value: 'emission',
      source: 'detected',
      shown_by:
        'GET /client/v1/api/settlement-instruments/digital-accounts/emission as mm-london listed CHFDSO of mm-singapore',
    },
  });
  // The workers followed it: the check funded 1.01 in its set-up (FUND-INSTRUCTION, which it uses), which a
  // ledger of 2 digits takes, where the reference's 1.0000001 is refused, and read the balance back.
  const check = results.checks.find((entry) => entry.check_id === 'ledger.balances-read');
  expect(check?.outcome).toBe('passed');
  expect(check?.uses).toContain('FUND-INSTRUCTION');
  expect(check?.failed_requirements).toEqual([]);
  expect(results.requirements.find((row) => row.id === 'BAL-READ')?.status).toBe('passed');
  expect(run.stdout).toContain(`readings judged under: amount_scale = 2 (detected: ${shownBy})`);

  // The control: the same target judged under a declared 7 (which zeros padded to 2 do not contradict) fails the check.
  await simulator?.close();
  const declared = await onboardedTarget('seven', ['two-decimal-amounts'], { amount_scale: 7 });
  const underSeven = join(dir, 'seven');
  const wrong = await runHarness({
    profile: declared,
    reportDir: underSeven,
    env: {},
    grep: 'ledger\\.balances-read',
    killAfterMs: KILL_AFTER_MS,
  });
  expect(wrong.exitCode, explain(wrong)).toBe(1);
  const judged = (JSON.parse(readFileSync(join(underSeven, 'conformance.json'), 'utf8')) as ConformanceReport).results;
  expect(judged.target.readings?.amount_scale).toEqual({ value: 7, source: 'declared' });
  expect(judged.requirements.find((row) => row.id === 'BAL-READ')?.status).not.toBe('passed');
});

test('a declaration the target shows wrong stops the run in preflight: one line, exit 2, no check', async () => {
  test.setTimeout(KILL_AFTER_MS);
  const profile = await onboardedTarget('declared', ['holder-dso-on-operating-account'], {
    dso_line_account: 'emission',
  });
  const run = await runHarness({
    profile,
    reportDir: join(dir, 'declared'),
    env: {},
    grep: 'ledger\\.balances-read',
    killAfterMs: KILL_AFTER_MS,
  });
  expect(run.exitCode, explain(run)).toBe(2);
  expect(run.stderr).toContain(
    'cannot be used, so no check was run (preflight):\n  - readings.dso_line_account: declared emission, but GET /client/v1/api/settlement-instruments/digital-accounts/main as mm-london listed CHFDSO of mm-singapore, and no issuance account (emission) lists one: declare operating, or leave the key out\n',
  );
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(run.stdout).not.toContain('ledger.balances-read');
});

test('a target whose members hold nothing shows its reading only mid-run: the run keeps the reference’s, and the report says what contradicted it', async () => {
  test.setTimeout(KILL_AFTER_MS);
  simulator = await startSimulator({ readings: ['two-decimal-amounts'] });
  const profile = writeBuiltProfile(mkdtempSync(join(dir, 'fresh-')), await profileFromSimulator(simulator.url));
  const reportDir = join(dir, 'fresh');
  // The check funds 10 whole units, which a ledger of 2 digits takes, and reads the balance back.
  const run = await runHarness({
    profile,
    reportDir,
    env: {},
    grep: 'ledger\\.credit-line-request-allow',
    killAfterMs: KILL_AFTER_MS,
  });
  expect(run.exitCode, explain(run)).toBe(0);
  const { results } = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReport;
  expect(results.target.readings?.amount_scale).toEqual({
    value: 7,
    source: 'reference',
    shown_mid_run: expect.stringMatching(
      /^ledger\.credit-line-request-allow: GET \/client\/v1\/api\/balances\/digital-accounts\/main\?\S+ answered balance "\d+\.\d\d": every amount written with 2 fraction digits$/,
    ),
  });
  expect(run.stdout).toContain(
    "readings judged under: amount_scale = 7 (the reference's; CONTRADICTED mid-run by ledger.credit-line-request-allow: GET",
  );
});
