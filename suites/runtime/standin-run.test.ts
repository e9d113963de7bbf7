import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { runDss } from '../../test-support/dss-command.ts';
import { checkOutcomes, requirementStatuses } from '../../test-support/run-results.ts';
import { startSimulatorProcess } from '../../test-support/simulator-process.ts';
import { runHarness } from '../../test-support/hostile/harness-run.ts';

/**
 * A vendor's first try, the two commands docs/profiles.md starts from: `dss sim --network vendor-standin
 * --print-profile FILE`, then `dss test --profile FILE`. One whole run: it passes, with every optional
 * credential and member used (none of their checks skipped), and without the control plane (the
 * stand-in holds only its own members afterwards, and its clock was not moved).
 */

/** The checks only the profile's optional credentials and members make runnable without `/sim` (docs/profiles.md's tables). */
const CREDENTIAL_CHECKS = [
  'auth.viewer-read-only',
  'auth.endpoint-permission',
  'auth.account-permission',
  'accounts.token-scope',
  'auth.ip-allowed',
  'auth.refresh',
  'auth.refresh-other-session',
  'ledger.instruments-dso-account-mismatch',
  'accounts.none-open',
  'ledger.instruments-empty',
  'ledger.obligations-none-issued',
  'ledger.credit-line-allow-unrequested',
  'allowlist.empty',
  'ledger.funding-other-tokenizer',
  'auth.blocked-member',
  'ledger.credit-line-request-allow',
];

/** What no profile can give (NEEDS_CONTROL of suites/runtime/check.ts, --slow of auth.token-expiry): the only reasons a check may be skipped here. */
const BEYOND_A_PROFILE = /^needs (--slow .*)?(or )?the simulator control plane$/;

/** A safety net for a whole run: under a minute on a quiet machine, many more at a load average of 35. */
const WHOLE_RUN_KILL_AFTER_MS = 1_200_000;

let dir = '';
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dss-standin-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('dss sim --network vendor-standin --print-profile FILE, then dss test --profile FILE: PASSED with every optional credential, no control plane', async () => {
  test.setTimeout(WHOLE_RUN_KILL_AFTER_MS + 180_000);
  const profile = join(dir, 'standin.yaml');
  const standin = await startSimulatorProcess(['--network', 'vendor-standin', '--print-profile', profile]);
  try {
    expect(statSync(profile).mode & 0o777, 'the profile holds tokens').toBe(0o600);
    const printed = readFileSync(profile, 'utf8');
    expect(printed).toContain(`base_url: ${standin.url}\n`);
    expect(printed).toContain('capabilities: { control: none }');
    // Safety nets for a loaded machine, not measures; the printed profile leaves the defaults.
    appendFileSync(profile, 'timeouts: { request_ms: 30000, check_ms: 180000 }\n');

    const reportDir = join(dir, 'report');
    const run = await runHarness({ profile, reportDir, env: {}, killAfterMs: WHOLE_RUN_KILL_AFTER_MS });
    test.info().annotations.push({ type: 'whole run', description: `${run.durationMs} ms` });
    expect(
      run.exitCode,
      `exit ${run.exitCode}${run.killed ? ' (killed)' : ''}\n${run.stdout.slice(-4000)}\n${run.stderr.slice(-2000)}`,
    ).toBe(0);
    const report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as {
      results: { verdict: string };
    };
    expect(report.results.verdict).toBe('passed');
    expect(run.stdout).toContain('specification: PASSED');

    const checks = checkOutcomes(reportDir);
    expect([...checks].filter(([, outcome]) => outcome.status !== 'passed' && outcome.status !== 'skipped')).toEqual(
      [],
    );
    // Skipped only for what a profile cannot give: no check waits for a profile entry (credential or member) or a member's shape.
    const skipped = [...checks].filter(([, outcome]) => outcome.status === 'skipped');
    expect(
      skipped
        .filter(([, outcome]) => !BEYOND_A_PROFILE.test(outcome.skipReason ?? ''))
        .map(([id, outcome]) => `${id}: ${outcome.skipReason}`),
    ).toEqual([]);
    for (const id of CREDENTIAL_CHECKS) expect(checks.get(id)?.status, id).toBe('passed');
    // What docs/profiles.md says stays unverified with every credential: a token's 15 minutes (both layers; --slow),
    // the 24-hour session (a simulator's clock only), and what no target shows from outside.
    const unverified = [...requirementStatuses(reportDir)].filter(([, status]) => status !== 'passed');
    expect(Object.fromEntries(unverified)).toEqual({
      'ERR-INTERNAL-FAILURE': 'not-testable',
      'AUTH-TOKEN-LIFETIME': 'not-verified',
      'AUTH-TOKEN-EXPIRY': 'not-verified',
      'AUTH-SESSION-24H': 'not-verified',
    });

    // No control plane: the run made no member of its own, and moved no clock (a simulator run moves it a day on).
    const network = (await (await fetch(`${standin.url}/sim/network`)).json()) as {
      now: number;
      members: Array<{ identification: string }>;
    };
    expect(network.members.map((member) => member.identification).sort()).toEqual(
      printed.match(/(?<=^ {4}identification: )\S+/gm)!.sort(),
    );
    expect(network.now).toBeLessThan(Date.now() + 3_600_000);
  } finally {
    await standin.stop();
  }
});

test('--print-profile with another network is one line, exit 2, before anything listens', async () => {
  const refused = await runDss(['sim', '--port', '0', '--network', 'demo', '--print-profile', join(dir, 'demo.yaml')]);
  expect(refused.status).toBe(2);
  expect(refused.stderr).toBe(
    'dss sim: --print-profile writes the profile of --network vendor-standin only, the network made for it; this one is demo\n',
  );
  expect(refused.stdout).toBe('');
});
