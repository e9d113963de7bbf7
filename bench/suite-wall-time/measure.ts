/**
 * bench/suite-wall-time/: how long the default conformance run takes, `dss test` with no target (an
 * embedded simulator), timed from the command's start to its exit, as a user sees it. The checks
 * that existed are listed with the figures: the wall time of 80 checks and of 300 are different facts.
 * A run whose checks fail still counts (its time is real), but the failures are recorded beside it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Measurement } from '../record/history.ts';
import { projectRoot, run, timedDss } from '../timed-command.ts';
import { OptionError } from '../option-error.ts';

const conformanceConfig = join(projectRoot, 'suites/conformance.config.ts');

interface PlaywrightSuite {
  file?: string;
  specs?: { file: string; tests: unknown[] }[];
  suites?: PlaywrightSuite[];
}

/** Playwright's JSON report: its stats, and the suite tree when listing. */
interface PlaywrightReport {
  suites: PlaywrightSuite[];
  stats: { duration: number; expected: number; unexpected: number; skipped: number; flaky: number };
}

export async function measure(args: string[]): Promise<Measurement> {
  const { values } = parseArgs({
    args,
    options: { rounds: { type: 'string', default: '2' }, workers: { type: 'string', default: '2' } },
  });
  const rounds = Number(values.rounds);
  if (!Number.isSafeInteger(rounds) || rounds < 1)
    throw new OptionError(`--rounds must be a positive whole number; got "${values.rounds}"`);
  if (!/^[1-9]\d*$/.test(values.workers ?? ''))
    throw new OptionError(`--workers must be a positive whole number; got "${values.workers}"`);
  const dssArgs = ['test', '--workers', values.workers];
  const settings = { command: ['dss', ...dssArgs].join(' '), rounds, workers: Number(values.workers) };

  const checks = await listChecks();
  // Each round runs the whole suite, then its floor: the same command taking one check, the cost of any run
  // (the processes, Playwright, global setup, the reports) with next to no checking.
  const runs: SuiteRun[] = [];
  const floors: SuiteRun[] = [];
  for (let round = 0; round < rounds; round += 1) {
    runs.push(await timedRun(dssArgs));
    floors.push(await timedRun([...dssArgs, '--grep', FLOOR_CHECK]));
  }
  const seconds = runs.map((run) => run.wall_s);
  const cpu = runs.map((run) => run.cpu_s);
  const figures = {
    checks: { total: Object.values(checks).reduce((sum, count) => sum + count, 0), by_file: checks },
    wall_s: range(seconds),
    cpu_s: range(cpu),
    floor: {
      check: FLOOR_CHECK,
      wall_s: range(floors.map((run) => run.wall_s)),
      cpu_s: range(floors.map((run) => run.cpu_s)),
    },
    runs,
    floor_runs: floors,
  };
  const summary = runs.map(
    (run, index) =>
      `run ${index + 1}: ${run.wall_s.toFixed(1)} s wall, ${run.cpu_s.toFixed(1)} s CPU (Playwright ${run.playwright_s.toFixed(1)} s), ${run.passed} passed, ${run.failed} failed, ${run.skipped} skipped, exit ${run.exit_code}; one check alone ${floors[index]!.wall_s.toFixed(1)} s wall, ${floors[index]!.cpu_s.toFixed(1)} s CPU`,
  );
  summary.unshift(`${figures.checks.total} checks in ${Object.keys(checks).length} files`);
  return { settings, figures, summary };
}

/** The check of the floor run: the first one any run makes. */
const FLOOR_CHECK = 'target\\.reachable';

function range(values: number[]): { min: number; max: number; mean: number } {
  return {
    min: Math.min(...values),
    max: Math.max(...values),
    mean: values.reduce((sum, value) => sum + value, 0) / values.length,
  };
}

/** The checks of the default run per file, as `playwright test --list` sees them (nothing runs). */
async function listChecks(): Promise<Record<string, number>> {
  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const { stdout, code } = await run(
    process.execPath,
    [cli, 'test', '--config', conformanceConfig, '--list', '--reporter=json'],
    {},
  );
  if (code !== 0) throw new Error(`listing the checks failed (exit ${code})`);
  const counts: Record<string, number> = {};
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) counts[spec.file] = (counts[spec.file] ?? 0) + spec.tests.length;
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of (JSON.parse(stdout) as PlaywrightReport).suites) walk(suite);
  return counts;
}

type SuiteRun = Awaited<ReturnType<typeof timedRun>>;

async function timedRun(dssArgs: string[]) {
  const { wall_s, cpu_s, exit_code, report } = await timedDss(
    dssArgs,
    (reportDir) => (JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')) as PlaywrightReport).stats,
  );
  return {
    wall_s,
    cpu_s,
    playwright_s: report.duration / 1000,
    exit_code,
    passed: report.expected,
    failed: report.unexpected + report.flaky,
    skipped: report.skipped,
  };
}
