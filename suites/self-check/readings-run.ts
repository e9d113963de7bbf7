/**
 * The readings self-check (`dss self-check --readings`, and part of `npm test`): the converse of the
 * fault self-check. For each reading variant of the simulator (simulator/readings/catalogue.ts), and
 * for all of them at once, it runs the whole conformance run against a simulator playing it, with the
 * profile a vendor playing it would write (its `readings:` declaration), exactly as `dss test
 * --profile` runs, and judges the report (readings-judgement.ts). Then the same for each reading that
 * detection can show (and all at once) with a profile that declares only what cannot be detected,
 * against a simulator whose members hold what shows it (readings-onboarding.ts): detection must carry
 * the run. It proves the kit fails no honest reading of the spec; nothing here is part of a conformance
 * run against a vendor.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { withReferenceReadings, type DeclaredReadings } from '../../protocol/readings.ts';
import { declaredBy, readingCatalogue, type ReadingName } from '../../simulator/readings/catalogue.ts';
import { startSimulator } from '../../simulator/server.ts';
import type { ConformanceReport, ReadingsJudgedUnder } from '../reporters/report-types.ts';
import { dssCommand } from '../kit-layout.ts';
import { detectedKeys, type DetectedKey } from '../runtime/reading-detection.ts';
import { profileFromSimulator, writeBuiltProfile } from '../runtime/target.ts';
import { runNode } from './child.ts';
import { detectionProblems, judgeReadingRun, midRunProblems, type ReadingRunJudgement } from './readings-judgement.ts';
import { onboardHoldings } from './readings-onboarding.ts';

/** Where the runs write their reports, below the self-check's report dir. */
export const READING_RUNS_DIR = 'self-check-readings-runs';

/** The name of the run that plays every reading at once. */
export const UNION = 'all-at-once';

/** What a run's name ends with when its profile leaves detection to carry the readings. */
export const UNDECLARED = '-undeclared';

/** How many times a check's usual time a check of a readings run may take: a safety net, not a limit. */
const SELF_CHECK_TIME_FACTOR = 4;

/** A whole conformance run takes half a minute on a quiet machine; this only stops one that hangs. */
const RUN_TIMEOUT_MS = 15 * 60_000;

export interface ReadingRow extends ReadingRunJudgement {
  /** The variant, or UNION. */
  name: string;
  /** The readings the simulator played. */
  played: ReadingName[];
  /** The profile declared only what cannot be detected, and the target held what shows the rest (readings-onboarding.ts). */
  detection: boolean;
  /** What the profile declared for them (the harness was told), as a vendor writes it. */
  declared: Record<string, string | number>;
  /** The readings the report says the run judged under, each declared (the harness was told), detected, or the reference's. */
  detected: ReadingsJudgedUnder;
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

/** One conformance run of the self-check: its name, the readings the simulator plays, and whether detection carries them. */
export interface ReadingRunPlan {
  name: string;
  played: ReadingName[];
  detection: boolean;
}

/**
 * The runs of the self-check, judged in this order. `each`: every one of `names` alone, then (with more
 * than one) the union. `covering`, the fewest runs that still play every reading (`npm test`'s): the
 * union, then alone each reading the union could not take. Then the same again with detection, of the
 * readings whose declaration detection can show (readingShownByDetection): named with UNDECLARED.
 */
export function readingRuns(names: readonly ReadingName[], mode: ReadingRunMode = 'each'): ReadingRunPlan[] {
  const plans = (chosen: readonly ReadingName[], detection: boolean): ReadingRunPlan[] => {
    const suffix = detection ? UNDECLARED : '';
    const union = unionOfReadings(chosen);
    const alone = (name: ReadingName) => ({ name: `${name}${suffix}`, played: [name], detection });
    const all = { name: `${UNION}${suffix}`, played: union, detection };
    if (chosen.length <= 1) return chosen.map(alone);
    return mode === 'covering'
      ? [all, ...chosen.filter((name) => !union.includes(name)).map(alone)]
      : [...chosen.map(alone), all];
  };
  // With detection too the union plays every reading (declaring those detection cannot show), so that it works beside them all.
  return [...plans(names, false), ...plans(names, true).filter((plan) => plan.played.some(readingShownByDetection))];
}

/** Whether the reading declares a key detection can show (its run with detection then proves detection shows it). */
export function readingShownByDetection(name: ReadingName): boolean {
  return Object.keys(readingCatalogue[name].declares).some((key) => (detectedKeys as readonly string[]).includes(key));
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

async function runOne(run: ReadingRunPlan, options: ReadingRunOptions): Promise<ReadingRow> {
  const started = performance.now();
  const reportDir = join(options.reportDir, READING_RUNS_DIR, run.name);
  await rm(reportDir, { recursive: true, force: true });
  await mkdir(reportDir, { recursive: true });
  // The profile holds the simulator's tokens: a private directory, never the report dir.
  const secrets = await mkdtemp(join(tmpdir(), 'dss-readings-'));
  const simulator = await startSimulator({ readings: run.played });
  // What the target plays, and what its profile declares of it: everything, or with detection only what detection cannot show.
  const played = withReferenceReadings(declaredBy(run.played));
  const declared = run.detection ? withoutDetected(declaredBy(run.played)) : declaredBy(run.played);
  const differences = [...new Set(run.played.flatMap((name) => readingCatalogue[name].differences))];
  const base = {
    name: run.name,
    played: run.played,
    detection: run.detection,
    declared: declared as Record<string, string | number>,
  };
  const failed = (problem: string): ReadingRow => ({
    ...base,
    detected: {},
    spec_passed: 0,
    spec_failed: [],
    spec_inconclusive: [],
    profile_failed: [],
    differences_missing: differences,
    problems: [problem],
    passed: false,
    duration_ms: Math.round(performance.now() - started),
    report: null,
  });
  try {
    const profile = await profileFromSimulator(simulator.url, declared);
    // A run judges readings, not speed: on a loaded machine (npm test runs two beside its other tests) a
    // property check outlasted its time and failed every requirement it names, which no reading caused.
    profile.timeouts.check_ms = SELF_CHECK_TIME_FACTOR * profile.timeouts.check_ms;
    if (run.detection) {
      const onboarded = await onboardHoldings(profile, played).then(
        () => null,
        (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n', 1)[0]!,
      );
      if (onboarded !== null) return failed(`the members' holdings could not be made before the run: ${onboarded}`);
    }
    const profileFile = writeBuiltProfile(secrets, profile);
    const child = await runNode(
      [dssCommand, 'test', '--profile', profileFile, '--report-dir', reportDir, '--workers', String(options.workers)],
      options.env,
      RUN_TIMEOUT_MS,
    );
    await writeFile(join(reportDir, 'output.txt'), child.output);
    const reportFile = join(reportDir, 'conformance.json');
    if (!existsSync(reportFile))
      return failed(
        `the run wrote no conformance.json (exit ${child.code}${child.timedOut ? ', stopped after its time' : ''}); see ${join(READING_RUNS_DIR, run.name, 'output.txt')}`,
      );
    const { results } = JSON.parse(await readFile(reportFile, 'utf8')) as ConformanceReport;
    const judgement = judgeReadingRun(results, differences);
    // With detection, every reading it can show must have been detected, as the target plays it; and no check's answer contradicts one.
    const more = [
      ...(run.detection ? detectionProblems(results.target.readings, pick(played, detectedKeys)) : []),
      ...midRunProblems(results.target.readings),
      ...(child.timedOut ? [`the run was stopped after ${RUN_TIMEOUT_MS / 1000} s`] : []),
    ];
    const judged = {
      ...judgement,
      problems: [...judgement.problems, ...more],
      passed: judgement.passed && more.length === 0,
    };
    return {
      ...base,
      ...judged,
      detected: results.target.readings ?? {},
      duration_ms: Math.round(performance.now() - started),
      report: join(READING_RUNS_DIR, run.name, 'conformance.json'),
    };
  } finally {
    await simulator.close();
    await rm(secrets, { recursive: true, force: true });
  }
}

/** A declaration without the keys detection shows: what a profile leaving detection to carry the run declares. */
function withoutDetected(declared: Partial<DeclaredReadings>): Partial<DeclaredReadings> {
  return Object.fromEntries(
    Object.entries(declared).filter(([key]) => !(detectedKeys as readonly string[]).includes(key)),
  );
}

function pick(readings: DeclaredReadings, keys: readonly DetectedKey[]): Partial<DeclaredReadings> {
  return Object.fromEntries(keys.map((key) => [key, readings[key]]));
}
