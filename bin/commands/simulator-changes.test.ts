import { expect, test } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLOCK_KEPT, CLOCK_STAGE_CHECKS, CLOCK_STAGE_MOVE } from '../../suites/runtime/clock-stage.ts';
import { runDss } from '../../test-support/dss-command.ts';
import { startSimulatorProcess, type SimulatorProcess } from '../../test-support/simulator-process.ts';
import { simulatorChangesNotice } from './simulator-changes.ts';

/**
 * `dss test --target URL` against a simulator the user started says, before anything starts, what it
 * will change there (members added, the clock moved and by how much), and `--keep-clock` leaves the
 * clock alone. The runs below measure what the notice claims.
 */

test('the notice names the simulator, the members the run adds and how far it moves the clock, in one paragraph', () => {
  const whole = simulatorChangesNotice({ baseUrl: 'http://127.0.0.1:4010', keepClock: false, filtered: false });
  expect(whole).not.toContain('\n');
  expect(whole).toMatch(
    /^dss test: http:\/\/127\.0\.0\.1:4010 is a simulator this run did not start, and the run changes its network\. It adds members of its own/,
  );
  expect(whole).toContain(
    `Its clock checks (${CLOCK_STAGE_CHECKS.join(', ')}) move the simulator’s clock forward by ${CLOCK_STAGE_MOVE.words} instead of waiting out`,
  );
  expect(whole).toContain('tokens already issued there expire');
  expect(whole).toContain('add --keep-clock');

  // A filtered run may leave the clock stage out: the notice says when it moves the clock.
  expect(simulatorChangesNotice({ baseUrl: 'http://h', keepClock: false, filtered: true })).toContain(
    `If the filter selects any of its clock checks (${CLOCK_STAGE_CHECKS.join(', ')}), they move the simulator’s clock forward by up to ${CLOCK_STAGE_MOVE.words}`,
  );

  // The pages that tell a user before the run give the same figure.
  for (const page of ['README.md', 'docs/ci.md', 'docs/profiles.md'])
    expect(readFileSync(new URL(`../../${page}`, import.meta.url), 'utf8').replace(/\s+/g, ' '), page).toContain(
      `clock forward by ${CLOCK_STAGE_MOVE.words}`,
    );

  const kept = simulatorChangesNotice({ baseUrl: 'http://h', keepClock: true, filtered: false });
  expect(kept).toContain(
    `It leaves the simulator’s clock where it is (--keep-clock): ${CLOCK_STAGE_CHECKS.join(', ')} are not verified.`,
  );
  expect(kept).not.toContain('forward by');
});

test('--keep-clock without a simulator given by URL is a mistake said in one line', async () => {
  const run = await runDss(['test', '--keep-clock']);
  expect(run.status).toBe(2);
  expect(run.stderr.trim()).toBe(
    'dss test: --keep-clock keeps the clock of a simulator given by --target (or by a profile with control: simulator); this run tests an embedded simulator of its own',
  );
});

test.describe('a run against a simulator the user started', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(5 * 60_000);
  let simulator: SimulatorProcess;
  let work: string;
  test.beforeAll(async () => {
    simulator = await startSimulatorProcess();
    work = mkdtempSync(join(tmpdir(), 'dss-sim-changes-'));
  });
  test.afterAll(async () => {
    await simulator?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const clockChecks = CLOCK_STAGE_CHECKS.map((id) => id.replaceAll('.', '\\.')).join('|');

  test('with --keep-clock it adds members, says so first, and leaves the clock where it was, its clock checks skipped', async () => {
    const before = await state(simulator.url);
    const run = await runDss([
      'test',
      '--target',
      simulator.url,
      '--keep-clock',
      '--grep',
      `${clockChecks}|directory\\.member-not-found`,
      '--report-dir',
      join(work, 'kept'),
    ]);
    const after = await state(simulator.url);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(
      run.stderr.startsWith(`${simulatorChangesNotice({ baseUrl: simulator.url, keepClock: true, filtered: true })}\n`),
    ).toBe(true);
    expect(after.members).toBeGreaterThan(before.members);
    // The simulator's clock went on with the wall clock, and no further: an hour would have been a move.
    expect(Math.abs(moved(before, after))).toBeLessThan(60_000);
    const clockStage = clockStageChecks(join(work, 'kept'));
    expect(clockStage.map((check) => [check.check_id, check.outcome, check.skip_reason])).toEqual(
      [...CLOCK_STAGE_CHECKS].sort().map((id) => [id, 'skipped', CLOCK_KEPT]),
    );
  });

  test('without it, the clock stage moves the clock by what the notice says', async () => {
    const before = await state(simulator.url);
    const run = await runDss([
      'test',
      '--target',
      simulator.url,
      '--grep',
      clockChecks,
      '--report-dir',
      join(work, 'moved'),
    ]);
    const after = await state(simulator.url);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(
      run.stderr.startsWith(
        `${simulatorChangesNotice({ baseUrl: simulator.url, keepClock: false, filtered: true })}\n`,
      ),
    ).toBe(true);
    // Every check of the clock stage ran, and CLOCK_STAGE_CHECKS lists each of them.
    expect(clockStageChecks(join(work, 'moved')).map((check) => [check.check_id, check.outcome])).toEqual(
      [...CLOCK_STAGE_CHECKS].sort().map((id) => [id, 'passed']),
    );
    const move = moved(before, after);
    expect(move, `the clock moved ${(move / 3_600_000).toFixed(2)} h`).toBeGreaterThanOrEqual(
      CLOCK_STAGE_MOVE.atLeastMs,
    );
    expect(move, `the clock moved ${(move / 3_600_000).toFixed(2)} h`).toBeLessThanOrEqual(CLOCK_STAGE_MOVE.atMostMs);
  });
});

interface SimulatorState {
  members: number;
  /** The simulator's clock, and this process's, when it was read. */
  clock: number;
  wall: number;
}

async function state(url: string): Promise<SimulatorState> {
  const wall = Date.now();
  const { now } = (await (await fetch(`${url}/sim/clock`)).json()) as { now: number };
  const { members } = (await (await fetch(`${url}/sim/network`)).json()) as { members: unknown[] };
  return { members: members.length, clock: now, wall };
}

/** How far the simulator's clock moved beyond the wall clock between two readings. */
function moved(before: SimulatorState, after: SimulatorState): number {
  return after.clock - before.clock - (after.wall - before.wall);
}

function clockStageChecks(reportDir: string): Array<{ check_id: string; outcome: string; skip_reason: string | null }> {
  const report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as {
    results: { checks: Array<{ check_id: string; outcome: string; skip_reason: string | null; file: string }> };
  };
  return report.results.checks
    .filter((check) => /\.clock\.spec\.[jt]s$/.test(check.file))
    .map(({ check_id, outcome, skip_reason }) => ({ check_id, outcome, skip_reason }));
}
