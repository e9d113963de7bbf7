/**
 * bench/failing-run/: what a failing target costs. Playwright ends a worker after every failed check and
 * starts a new one, so a target that fails most checks pays a worker start per failure; the goal
 * (issue 14.1) is a default run against a target failing at least 100 checks within 1.3 times the wall
 * time of the same run against the correct simulator. Both runs are `dss test --target <url>` against a
 * `dss sim` child, measured side by side in one benchmark run, the failing target being the simulator
 * with named faults (default `error-body-without-timestamp`: every error body lacks `timestamp`, so every
 * check that provokes an error fails). Each round runs both, alternating which goes first.
 * `--kit DIR` measures another checkout of the kit (an older commit, say) instead of this one.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Measurement } from '../record/history.ts';
import { kitRoot, startKitSimulator, timedNode } from '../kit/kit-process.ts';
import { OptionError } from '../option-error.ts';

interface PlaywrightSuite {
  specs?: { tests: { results: { workerIndex: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightResults {
  suites: PlaywrightSuite[];
  stats: { expected: number; unexpected: number; skipped: number; flaky: number };
}

export async function measure(args: string[]): Promise<Measurement> {
  const { values } = parseArgs({
    args,
    options: {
      rounds: { type: 'string', default: '1' },
      workers: { type: 'string', default: '2' },
      faults: { type: 'string', default: 'error-body-without-timestamp' },
      kit: { type: 'string' },
    },
  });
  const rounds = Number(values.rounds);
  if (!Number.isSafeInteger(rounds) || rounds < 1)
    throw new OptionError(`--rounds must be a positive whole number; got "${values.rounds}"`);
  if (!/^[1-9]\d*$/.test(values.workers ?? ''))
    throw new OptionError(`--workers must be a positive whole number; got "${values.workers}"`);
  const root = kitRoot(values.kit);
  const faults = values.faults ?? '';
  const settings = {
    kit: values.kit ?? 'this checkout',
    command: `dss test --target <url> --workers ${values.workers}`,
    failing_target: `dss sim --faults ${faults}`,
    rounds,
  };

  // The kit's compiled code must be current before anything is timed (a no-op when it is).
  await timedNode([join(root, 'bin/dss.js'), '--help'], root, process.env);
  const correct = await startKitSimulator(root, []);
  const failing = await startKitSimulator(root, ['--faults', faults]);
  const runs: Array<{
    target: 'correct' | 'failing';
    wall_s: number;
    cpu_s: number;
    exit_code: number | null;
    passed: number;
    failed: number;
    skipped: number;
    workers_started: number;
  }> = [];
  try {
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? (['correct', 'failing'] as const) : (['failing', 'correct'] as const);
      for (const target of order)
        runs.push({
          target,
          ...(await timedTest(root, target === 'correct' ? correct.url : failing.url, values.workers ?? '2')),
        });
    }
  } finally {
    await correct.stop();
    await failing.stop();
  }

  const mean = (target: 'correct' | 'failing', pick: (run: (typeof runs)[number]) => number) => {
    const chosen = runs.filter((run) => run.target === target).map(pick);
    return chosen.reduce((sum, value) => sum + value, 0) / chosen.length;
  };
  const passing = {
    wall_s: mean('correct', (run) => run.wall_s),
    cpu_s: mean('correct', (run) => run.cpu_s),
    workers_started: mean('correct', (run) => run.workers_started),
  };
  const failed = {
    wall_s: mean('failing', (run) => run.wall_s),
    cpu_s: mean('failing', (run) => run.cpu_s),
    workers_started: mean('failing', (run) => run.workers_started),
    failed_checks: mean('failing', (run) => run.failed),
  };
  const extraWorkers = failed.workers_started - passing.workers_started;
  const figures = {
    wall_ratio: failed.wall_s / passing.wall_s,
    cpu_ratio: failed.cpu_s / passing.cpu_s,
    passing,
    failing: failed,
    // What each extra worker start cost, if it were all the difference (the failing checks do less work, so this is a floor).
    per_extra_worker:
      extraWorkers > 0
        ? {
            wall_s: (failed.wall_s - passing.wall_s) / extraWorkers,
            cpu_s: (failed.cpu_s - passing.cpu_s) / extraWorkers,
          }
        : null,
    runs,
  };
  const summary = [
    ...runs.map(
      (run) =>
        `${run.target.padEnd(7)} ${run.wall_s.toFixed(1)} s wall, ${run.cpu_s.toFixed(1)} s CPU, ${run.passed} passed, ${run.failed} failed, ${run.workers_started} workers, exit ${run.exit_code}`,
    ),
    `failing/passing: wall ${figures.wall_ratio.toFixed(2)}, CPU ${figures.cpu_ratio.toFixed(2)}${figures.per_extra_worker ? `; per extra worker ${figures.per_extra_worker.wall_s.toFixed(2)} s wall, ${figures.per_extra_worker.cpu_s.toFixed(2)} s CPU` : ''}`,
  ];
  return { settings, figures, summary };
}

async function timedTest(root: string, url: string, workers: string) {
  const reportDir = mkdtempSync(join(tmpdir(), 'dss-bench-failing-'));
  try {
    // The list reporter, as a user at a terminal gets it (its output goes nowhere).
    const env = { ...process.env, CI: '', DSS_PROFILE: '', DSS_TARGET: '' };
    const timed = await timedNode(
      [join(root, 'bin/dss.js'), 'test', '--target', url, '--workers', workers, '--report-dir', reportDir],
      root,
      env,
    );
    const results = JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')) as PlaywrightResults;
    const workerIndexes = new Set<number>();
    const walk = (suite: PlaywrightSuite) => {
      for (const result of (suite.specs ?? []).flatMap((spec) => spec.tests.flatMap((test) => test.results)))
        workerIndexes.add(result.workerIndex);
      for (const child of suite.suites ?? []) walk(child);
    };
    results.suites.forEach(walk);
    return {
      ...timed,
      passed: results.stats.expected,
      failed: results.stats.unexpected + results.stats.flaky,
      skipped: results.stats.skipped,
      workers_started: workerIndexes.size,
    };
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
}
