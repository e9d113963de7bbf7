/**
 * suites/self-check/: the fault self-check (`dss self-check`, and part of `npm test`). For every named
 * fault of the simulator (simulator/faults/catalogue.ts) it runs the checks that name the fault's
 * requirement against a simulator with that fault on, and passes only if each fault is caught by a
 * check failing for that very requirement. It proves the harness catches real defects; nothing here
 * is part of a conformance run against a vendor.
 */
import { availableParallelism } from 'node:os';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FaultName } from '../../simulator/faults/catalogue.ts';
import { encodeRunSettings, RUN_SETTINGS_ENV, runSettings } from '../runtime/run-settings.ts';
import { listChecks } from './check-listing.ts';
import { buildKit, progress } from './progress.ts';
import type { FaultDetection } from './detection.ts';
import { renderDetectionTable, renderSelfCheckPage, renderSummary } from './detection-table.ts';
import { FAULTS_PER_RUN, runFaults } from './fault-run.ts';

export const selfCheckFormat = 'dss-self-check/1';

export interface SelfCheckResult {
  format: typeof selfCheckFormat;
  started_at: string;
  finished_at: string;
  wall_ms: number;
  /** Runs at a time (each of up to FAULTS_PER_RUN faults). */
  parallel: number;
  machine: { cpus: number; node: string; platform: string };
  all_caught: boolean;
  /** In catalogue order. */
  faults: FaultDetection[];
}

export interface SelfCheckOptions {
  faults: readonly FaultName[];
  /** Runs at a time: Playwright children with one worker, each testing up to six faults (fault-run.ts). */
  parallel: number;
  reportDir: string;
  /** Progress lines (default: console.log). */
  log?: (line: string) => void;
}

/** Runs the self-check, writes `<reportDir>/self-check.json` and `.md`, and prints the table. */
export async function runSelfCheck(options: SelfCheckOptions): Promise<SelfCheckResult> {
  let done = 0;
  const running = new Set<string>();
  const { log, stop } = progress(
    options.log ?? ((line: string) => console.log(line)),
    (seconds) => `${done}/${options.faults.length} judged after ${seconds} s; running ${[...running].join(', ')}`,
  );
  const reportDir = resolve(options.reportDir);
  const startedAt = new Date();
  const started = performance.now();
  // The runs test the simulators started here, never a profile or target of the caller's environment.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CI: '1',
    [RUN_SETTINGS_ENV]: encodeRunSettings(runSettings({ report_dir: reportDir })),
  };

  // Up to date before the listing reads it.
  await buildKit(env);
  const checks = await listChecks(env);
  log(
    `Fault self-check: ${options.faults.length} faults, ${FAULTS_PER_RUN} to a run, ${options.parallel} runs at a time, against ${checks.length} checks`,
  );
  const faults = await runFaults(options.faults, checks, {
    reportDir,
    env,
    parallel: options.parallel,
    running: (names, isRunning) => names.forEach((name) => (isRunning ? running.add(name) : running.delete(name))),
    judged: (detection) => {
      done += 1;
      const how = detection.caught
        ? `caught by ${detection.caught_by.join(', ')}`
        : `NOT CAUGHT${detection.problems.length > 0 ? ` (${detection.problems.join('; ')})` : ''}`;
      log(
        `  [${String(done).padStart(2)}/${options.faults.length}] ${detection.fault} (${detection.requirement}): ${how} in ${(detection.duration_ms / 1000).toFixed(1)} s`,
      );
    },
  }).finally(stop);

  const result: SelfCheckResult = {
    format: selfCheckFormat,
    started_at: startedAt.toISOString(),
    finished_at: new Date().toISOString(),
    wall_ms: Math.round(performance.now() - started),
    parallel: options.parallel,
    machine: { cpus: availableParallelism(), node: process.version, platform: process.platform },
    all_caught: faults.every((row) => row.caught),
    faults,
  };
  await mkdir(reportDir, { recursive: true });
  await writeFile(join(reportDir, 'self-check.json'), `${JSON.stringify(result, null, 2)}\n`);
  await writeFile(join(reportDir, 'self-check.md'), renderSelfCheckPage(result));
  log(
    `\n${renderDetectionTable(result.faults)}\n\n${renderSummary(result)}\n  report: ${join(reportDir, 'self-check.json')} (each fault's run: ${join(reportDir, 'self-check-runs')})`,
  );
  return result;
}
