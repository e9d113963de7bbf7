/**
 * The readings self-check (`dss self-check --readings`, and part of `npm test`): the converse of the
 * fault self-check. For each reading variant of the simulator (simulator/readings/catalogue.ts), and
 * for all of them at once, it runs the whole conformance run against a simulator playing it, with the
 * profile a vendor playing it would write (its `readings:` declaration), exactly as `dss test
 * --profile` runs, and judges the report (readings-judgement.ts). It proves the kit fails no honest
 * reading of the spec; nothing here is part of a conformance run against a vendor.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { declaredBy, readingCatalogue, type ReadingName } from '../../simulator/readings/catalogue.ts';
import { startSimulator } from '../../simulator/server.ts';
import type { ConformanceReport } from '../reporters/report-types.ts';
import { dssCommand } from '../kit-layout.ts';
import { profileFromSimulator, writeBuiltProfile } from '../runtime/target.ts';
import { runNode } from './child.ts';
import { judgeReadingRun, type ReadingRunJudgement } from './readings-judgement.ts';

/** Where the runs write their reports, below the self-check's report dir. */
export const READING_RUNS_DIR = 'self-check-readings-runs';

/** The name of the run that plays every reading at once. */
export const UNION = 'all-at-once';

/** A whole conformance run takes half a minute on a quiet machine; this only stops one that hangs. */
const RUN_TIMEOUT_MS = 15 * 60_000;

export interface ReadingRow extends ReadingRunJudgement {
  /** The variant, or UNION. */
  name: string;
  /** The readings the simulator played. */
  played: ReadingName[];
  /** What the profile declared for them (the harness was told), as a vendor writes it. */
  declared: Record<string, string | number>;
  /** The readings the report says the run judged under, each declared (the harness was told), detected, or the reference's. */
  detected: Record<string, unknown>;
  duration_ms: number;
  /** The run's conformance.json, relative to the self-check's report dir; null when the run wrote none. */
  report: string | null;
}

export interface ReadingRunOptions {
  reportDir: string;
  env: NodeJS.ProcessEnv;
  /** Runs at a time. */
  parallel: number;
  /** Workers of each run. */
  workers: number;
  mode?: ReadingRunMode;
  judged: (row: ReadingRow) => void;
}

/**
 * The readings the union run plays: all of `names` whose declarations agree with those taken before
 * them (two ledger scales cannot be played at once; the first wins).
 */
export function unionOfReadings(names: readonly ReadingName[]): ReadingName[] {
  const taken: ReadingName[] = [];
  const declared: Record<string, unknown> = {};
  for (const name of names) {
    const declares = Object.entries(readingCatalogue[name].declares);
    if (declares.some(([key, value]) => key in declared && declared[key] !== value)) continue;
    for (const [key, value] of declares) declared[key] = value;
    taken.push(name);
  }
  return taken;
}

/**
 * The runs of the self-check, judged in this order. `each`: every one of `names` alone, then (with more
 * than one) the union. `covering`, the fewest runs that still play every reading (`npm test`'s): the
 * union, then alone each reading the union could not take.
 */
export function readingRuns(names: readonly ReadingName[], mode: ReadingRunMode = 'each'): Array<{ name: string; played: ReadingName[] }> {
  const union = unionOfReadings(names);
  const alone = (name: ReadingName) => ({ name, played: [name] });
  if (mode === 'covering') return names.length > 1 ? [{ name: UNION, played: union }, ...names.filter((name) => !union.includes(name)).map(alone)] : names.map(alone);
  return names.length > 1 ? [...names.map(alone), { name: UNION, played: union }] : names.map(alone);
}

export type ReadingRunMode = 'each' | 'covering';

export async function runReadings(names: readonly ReadingName[], options: ReadingRunOptions): Promise<ReadingRow[]> {
  const runs = readingRuns(names, options.mode);
  const rows: ReadingRow[] = new Array(runs.length);
  let next = 0;
  const worker = async () => {
    while (next < runs.length) {
      const index = next++;
      rows[index] = await runOne(runs[index]!, options);
      options.judged(rows[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.parallel, runs.length) }, worker));
  return rows;
}

async function runOne(run: { name: string; played: ReadingName[] }, options: ReadingRunOptions): Promise<ReadingRow> {
  const started = performance.now();
  const reportDir = join(options.reportDir, READING_RUNS_DIR, run.name);
  await rm(reportDir, { recursive: true, force: true });
  await mkdir(reportDir, { recursive: true });
  // The profile holds the simulator's tokens: a private directory, never the report dir.
  const secrets = await mkdtemp(join(tmpdir(), 'dss-readings-'));
  const simulator = await startSimulator({ readings: run.played });
  const declared = declaredBy(run.played);
  try {
    const profileFile = writeBuiltProfile(secrets, await profileFromSimulator(simulator.url, declared));
    const child = await runNode([dssCommand, 'test', '--profile', profileFile, '--report-dir', reportDir, '--workers', String(options.workers)], options.env, RUN_TIMEOUT_MS);
    await writeFile(join(reportDir, 'output.txt'), child.output);
    const differences = [...new Set(run.played.flatMap((name) => readingCatalogue[name].differences))];
    const reportFile = join(reportDir, 'conformance.json');
    const base = { name: run.name, played: run.played, declared: declared as Record<string, string | number>, duration_ms: Math.round(performance.now() - started) };
    if (!existsSync(reportFile)) {
      const problem = `the run wrote no conformance.json (exit ${child.code}${child.timedOut ? ', stopped after its time' : ''}); see ${join(READING_RUNS_DIR, run.name, 'output.txt')}`;
      return { ...base, detected: {}, spec_passed: 0, spec_failed: [], spec_inconclusive: [], profile_failed: [], differences_missing: differences, problems: [problem], passed: false, report: null };
    }
    const { results } = JSON.parse(await readFile(reportFile, 'utf8')) as ConformanceReport;
    const judgement = judgeReadingRun(results, differences);
    if (child.timedOut) judgement.problems.push(`the run was stopped after ${RUN_TIMEOUT_MS / 1000} s`);
    return { ...base, ...judgement, passed: judgement.passed && !child.timedOut, detected: results.target.readings ?? {}, report: join(READING_RUNS_DIR, run.name, 'conformance.json') };
  } finally {
    await simulator.close();
    await rm(secrets, { recursive: true, force: true });
  }
}
