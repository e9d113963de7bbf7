import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { faultCatalogue, type FaultName } from '../../simulator/faults/catalogue.ts';
import { startSimulator } from '../../simulator/server.ts';
import type { ConformanceReport } from '../reporters/report-types.ts';
import { fileFiltersFor, grepForChecks, type ListedCheck } from './check-listing.ts';
import { createRequire } from 'node:module';
import { compiledModule, compiledRunEnv } from '../kit-layout.ts';
import { runNode } from './child.ts';
import { judgeRun, type FaultDetection, type RunJudgement } from './detection.ts';

/** Where each fault's run writes its reports, below the self-check's report dir. */
export const RUNS_DIR = 'self-check-runs';

/** A run of a handful of checks takes seconds; this only stops a run that hangs. */
const RUN_TIMEOUT_MS = 5 * 60_000;

/** The compiled config of a run: the conformance config with the reporters the judgement reads (fault-run.config.ts). */
const RUN_CONFIG = compiledModule('suites/self-check/fault-run.config.js');

export interface FaultRunOptions {
  /** The self-check's report dir; each run writes to `<reportDir>/self-check-runs/<fault>/run-<n>/`. */
  reportDir: string;
  /** The environment of `dss test` (without a profile or target of its own). */
  env: NodeJS.ProcessEnv;
}

/** Checks per run: few enough that a fault named by half the suite is still caught in seconds. */
export const BATCH_SIZE = 8;

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

/**
 * Runs the checks that name `name`'s requirement against a simulator with that fault on, batch after
 * batch until one catches it, with the compiled suites as `dss test --target` runs them, and judges
 * each run's conformance.json. The simulator runs in this process (it starts in milliseconds, a child would take
 * a second); the checks run in a child.
 */
export async function runFault(name: FaultName, checks: readonly ListedCheck[], options: FaultRunOptions): Promise<FaultDetection> {
  const started = performance.now();
  const fault = faultCatalogue[name];
  const detection: FaultDetection = {
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
  };
  const batches = checkBatches(fault.requirement, checks);
  await rm(join(options.reportDir, RUNS_DIR, name), { recursive: true, force: true });
  if (batches.length === 0) detection.problems.push(`no check names ${fault.requirement}`);
  else await runBatches(name, batches, checks, detection, options);
  // A problem of the suites (one that does not load, say) repeats in every batch.
  detection.problems = [...new Set(detection.problems)];
  detection.duration_ms = Math.round(performance.now() - started);
  return detection;
}

/** Runs the batches in turn against one simulator with the fault on, until one catches it. */
async function runBatches(name: FaultName, batches: string[][], checks: readonly ListedCheck[], detection: FaultDetection, options: FaultRunOptions): Promise<void> {
  const fileOf = new Map(checks.map((check) => [check.check_id, check.file]));
  const simulator = await startSimulator({ faults: [name] });
  try {
    for (const [index, batch] of batches.entries()) {
      detection.checks_run.push(...batch);
      const runDir = join(RUNS_DIR, name, `run-${index + 1}`);
      const files = batch.flatMap((id) => fileOf.get(id) ?? []);
      const judgement = await runBatch(simulator.url, batch, files, detection.requirement, join(options.reportDir, runDir), options.env);
      if (judgement === null) {
        detection.problems.push(`a run ended without a conformance.json; see ${join(runDir, 'output.txt')}`);
        continue;
      }
      detection.report = join(runDir, 'conformance.json');
      detection.caught_by.push(...judgement.caught_by);
      detection.other_failures.push(...judgement.other_failures);
      detection.problems.push(...judgement.problems);
      if (judgement.caught) {
        detection.caught = true;
        return;
      }
    }
  } finally {
    await simulator.close();
  }
}

/** One `dss test` run of `batch`, judged; null when the run wrote no report. */
async function runBatch(url: string, batch: string[], files: string[], requirement: string, runDir: string, env: NodeJS.ProcessEnv): Promise<RunJudgement | null> {
  await mkdir(runDir, { recursive: true });
  // What `dss test --target <url> --grep <batch> --workers 1 --report-dir <runDir>` runs, with the
  // checks of the grep only (fault-run.config.ts; `--no-deps`), loading only their files.
  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const args = [cli, 'test', '--config', RUN_CONFIG, '--no-deps', '--grep', grepForChecks(batch), '--workers', '1', ...fileFiltersFor(files)];
  const run = await runNode(args, compiledRunEnv({ ...env, DSS_TARGET: url, DSS_REPORT_DIR: runDir }), RUN_TIMEOUT_MS);
  await writeFile(join(runDir, 'output.txt'), run.output);
  const reportFile = join(runDir, 'conformance.json');
  if (!existsSync(reportFile)) return null;
  const report = JSON.parse(await readFile(reportFile, 'utf8')) as ConformanceReport;
  const judgement = judgeRun(requirement, report.results);
  if (run.timedOut) judgement.problems.push(`a run was stopped after ${RUN_TIMEOUT_MS / 1000} s`);
  return judgement;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
}
