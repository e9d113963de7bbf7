import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { faultCatalogue, type FaultName } from '../../simulator/faults/catalogue.ts';
import { startSimulator } from '../../simulator/server.ts';
import type { ConformanceReport } from '../reporters/report-types.ts';
import { compiledModule, compiledRunEnv } from '../kit-layout.ts';
import { loadProfile } from '../runtime/profile.ts';
import { encodeRunSettings, RUN_SETTINGS_ENV, runSettings } from '../runtime/run-settings.ts';
import { profileFromSimulator, writeBuiltProfile, writeTargetDescription } from '../runtime/target.ts';
import type { ListedCheck } from './check-listing.ts';
import { runNode } from './child.ts';
import { judgeRun, type FaultDetection, type RunJudgement } from './detection.ts';
import { FAULT_GROUP_ENV, type FaultGroupEntry } from './fault-group.ts';

/** Where the runs write their reports, below the self-check's report dir. */
export const RUNS_DIR = 'self-check-runs';

/** A run of a group's handful of checks takes seconds; this only stops a run that hangs. */
const RUN_TIMEOUT_MS = 10 * 60_000;

/** The compiled config of a run: one project per fault of its group (fault-run.config.ts). */
const RUN_CONFIG = compiledModule('suites/self-check/fault-run.config.js');

/** Checks per run of one fault: few enough that a fault named by half the suite is still caught in seconds. */
export const BATCH_SIZE = 8;

/**
 * Faults per run. Each run starts one Playwright runner (about two seconds of CPU) and a worker per
 * fault; more faults per run save runners, fewer give the pool of runs work to share out to the end.
 */
export const FAULTS_PER_RUN = 6;

export interface FaultRunOptions {
  /** The self-check's report dir; a fault's n-th run writes to `<reportDir>/self-check-runs/<fault>/run-<n>/`. */
  reportDir: string;
  /** The environment of the runs (without a profile or target of its own). */
  env: NodeJS.ProcessEnv;
  /** Runs at a time. */
  parallel: number;
  /** Called as each fault is judged (caught, or out of checks). */
  judged: (detection: FaultDetection) => void;
  /** Called as a run starts and ends, with the faults it tests. */
  running: (faults: readonly string[], started: boolean) => void;
}

/**
 * The checks that name `requirement`, in the order they are run, as batches. The first batch holds the
 * checks that name it earliest in their list (its main rule first of all); the others follow, the
 * most focused first (earliest, then fewest requirements), BATCH_SIZE at a time. A fault is thus
 * usually caught by its own check in the first run, and the broad checks that merely touch its rule
 * (the ledger invariants, say) run only if that one missed it.
 */
export function checkBatches(requirement: string, checks: readonly ListedCheck[]): string[][] {
  const position = (check: ListedCheck) => check.requirements.indexOf(requirement);
  const naming = checks
    .filter((check) => position(check) >= 0)
    .sort((a, b) => position(a) - position(b) || a.requirements.length - b.requirements.length);
  const [best] = naming;
  if (best === undefined) return [];
  const first = naming.filter((check) => position(check) === position(best)).slice(0, BATCH_SIZE);
  const rest = naming.filter((check) => !first.includes(check));
  return [first, ...chunks(rest, BATCH_SIZE)].map((batch) => batch.map((check) => check.check_id));
}

/** A fault on its way through its batches. */
interface FaultState {
  name: FaultName;
  batches: string[][];
  detection: FaultDetection;
}

/**
 * Runs the self-check's faults: each against a simulator with that fault on, with the checks that name
 * the fault's requirement, batch after batch until one catches it, as `dss test --target` runs them
 * (the compiled suites), judging each run's conformance.json. Round n runs the n-th batch of every
 * fault not yet caught, FAULTS_PER_RUN faults to a run, `parallel` runs at a time. The simulators run
 * in this process (one starts in milliseconds); the checks run in a child. Returns the detections in
 * the order of `names`.
 */
export async function runFaults(
  names: readonly FaultName[],
  checks: readonly ListedCheck[],
  options: FaultRunOptions,
): Promise<FaultDetection[]> {
  const states = names.map((name): FaultState => {
    const fault = faultCatalogue[name];
    return {
      name,
      batches: checkBatches(fault.requirement, checks),
      detection: {
        fault: name,
        part: fault.part,
        requirement: fault.requirement,
        description: fault.description,
        checks_run: [],
        caught: false,
        caught_by: [],
        other_failures: [],
        problems: [],
        duration_ms: 0,
        report: null,
      },
    };
  });
  const fileOf = new Map(checks.map((check) => [check.check_id, check.file]));
  const judged = (state: FaultState) => {
    // A problem of the suites (one that does not load, say) repeats in every batch.
    state.detection.problems = [...new Set(state.detection.problems)];
    options.judged(state.detection);
  };
  for (const state of states) {
    await rm(join(options.reportDir, RUNS_DIR, state.name), { recursive: true, force: true });
    if (state.batches.length > 0) continue;
    state.detection.problems.push(`no check names ${state.detection.requirement}`);
    judged(state);
  }
  for (let round = 0; ; round += 1) {
    const due = states.filter((state) => !state.detection.caught && round < state.batches.length);
    if (due.length === 0) break;
    await inPool(chunks(due, FAULTS_PER_RUN), options.parallel, async (group) => {
      options.running(
        group.map((state) => state.name),
        true,
      );
      try {
        await runGroup(group, round, fileOf, options);
      } finally {
        options.running(
          group.map((state) => state.name),
          false,
        );
      }
      for (const state of group) if (state.detection.caught || round + 1 === state.batches.length) judged(state);
    });
  }
  return states.map((state) => state.detection);
}

/** One run of `round`'s batch of each fault of `group`, each against its own simulator, judged. */
async function runGroup(
  group: readonly FaultState[],
  round: number,
  fileOf: ReadonlyMap<string, string>,
  options: FaultRunOptions,
): Promise<void> {
  const started = performance.now();
  // The profiles hold the simulators' tokens: a private directory, never the report dir.
  const secrets = await mkdtemp(join(tmpdir(), 'dss-self-check-'));
  const simulators: Array<{ close(): Promise<void> }> = [];
  // Each profile is validated here, once, and marked in the run's environment: the workers then skip it.
  const env = { ...options.env };
  try {
    const entries: FaultGroupEntry[] = [];
    for (const state of group) {
      const simulator = await startSimulator({ faults: [state.name] });
      simulators.push(simulator);
      const checks = state.batches[round]!;
      const reportDir = join(options.reportDir, RUNS_DIR, state.name, `run-${round + 1}`);
      await mkdir(join(reportDir, '.run'), { recursive: true });
      const profileDir = join(secrets, state.name);
      await mkdir(profileDir, { mode: 0o700 });
      const profile = await profileFromSimulator(simulator.url);
      writeTargetDescription(join(reportDir, '.run'), profile, env);
      const profileFile = writeBuiltProfile(profileDir, profile);
      loadProfile(profileFile, env);
      entries.push({
        fault: state.name,
        checks,
        files: checks.flatMap((id) => fileOf.get(id) ?? []),
        profile: profileFile,
        reportDir,
      });
      state.detection.checks_run.push(...checks);
    }
    const groupFile = join(secrets, 'group.json');
    await writeFile(groupFile, JSON.stringify(entries), { mode: 0o600 });
    const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
    // Playwright's own artifacts (the error contexts the output points at) go beside the first fault's reports.
    const artifactsOwner = entries[0]!.reportDir;
    const run = await runNode(
      [cli, 'test', '--config', RUN_CONFIG],
      compiledRunEnv({
        ...env,
        [FAULT_GROUP_ENV]: groupFile,
        [RUN_SETTINGS_ENV]: encodeRunSettings(runSettings({ report_dir: artifactsOwner })),
      }),
      RUN_TIMEOUT_MS,
    );
    const faults = group.map((state) => state.name).join(', ');
    for (const [index, state] of group.entries()) {
      const entry = entries[index]!;
      // The whole run's output, beside each of its faults' reports.
      await writeFile(
        join(entry.reportDir, 'output.txt'),
        `A run of ${faults}, each in a Playwright project of its own:\n\n${run.output}`,
      );
      const judgement = await judgeEntry(entry, state.detection.requirement);
      const runDir = join(RUNS_DIR, state.name, `run-${round + 1}`);
      if (judgement === null) {
        state.detection.problems.push(`a run ended without a conformance.json; see ${join(runDir, 'output.txt')}`);
        continue;
      }
      if (run.timedOut) judgement.problems.push(`a run was stopped after ${RUN_TIMEOUT_MS / 1000} s`);
      state.detection.report = join(runDir, 'conformance.json');
      state.detection.caught_by.push(...judgement.caught_by);
      state.detection.other_failures.push(...judgement.other_failures);
      state.detection.problems.push(...judgement.problems);
      state.detection.caught ||= judgement.caught;
    }
  } finally {
    await Promise.all(simulators.map((simulator) => simulator.close()));
    await rm(secrets, { recursive: true, force: true });
    const duration = Math.round(performance.now() - started);
    for (const state of group) state.detection.duration_ms += duration;
  }
}

/** One fault's part of a run, judged; null when the run wrote no report for it. */
async function judgeEntry(entry: FaultGroupEntry, requirement: string): Promise<RunJudgement | null> {
  const reportFile = join(entry.reportDir, 'conformance.json');
  if (!existsSync(reportFile)) return null;
  const report = JSON.parse(await readFile(reportFile, 'utf8')) as ConformanceReport;
  return judgeRun(requirement, report.results);
}

/** Runs `work` over `items`, at most `size` at a time. */
async function inPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );
}
