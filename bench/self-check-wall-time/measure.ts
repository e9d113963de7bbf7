/**
 * bench/self-check-wall-time/: how long the fault self-check takes (`dss self-check`, suites/self-check/),
 * timed from the command's start to its exit, as a user sees it, with each fault's time and whether
 * every fault was caught, from the `self-check.json` it writes. A run in which a fault went uncaught
 * still counts (its time is real), but it is recorded beside it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { SelfCheckResult } from '../../suites/self-check/self-check.ts';
import type { Measurement } from '../record/history.ts';
import { timedDss } from '../timed-command.ts';

export async function measure(args: string[]): Promise<Measurement> {
  const { values } = parseArgs({
    args,
    options: { workers: { type: 'string', default: '2' }, faults: { type: 'string' } },
  });
  if (!/^[1-9]\d*$/.test(values.workers ?? ''))
    throw new Error(`--workers must be a positive whole number; got "${values.workers}"`);
  // --faults (a comma-separated subset) is for trying the benchmark out; its figures are not the self-check's.
  const dssArgs = ['self-check', '--workers', values.workers, ...(values.faults ? ['--faults', values.faults] : [])];
  const settings = {
    command: ['dss', ...dssArgs].join(' '),
    workers: Number(values.workers),
    faults: values.faults ?? 'all',
  };

  const { wall_s, cpu_s, exit_code, report } = await timedDss(
    dssArgs,
    (reportDir) => JSON.parse(readFileSync(join(reportDir, 'self-check.json'), 'utf8')) as SelfCheckResult,
  );
  // An uncaught fault keeps what kept its run from deciding, so that a slow or failed run explains itself.
  const faults = report.faults.map((fault) => ({
    fault: fault.fault,
    requirement: fault.requirement,
    caught: fault.caught,
    duration_s: fault.duration_ms / 1000,
    ...(fault.caught ? {} : { problems: fault.problems }),
  }));
  const figures = {
    wall_s,
    cpu_s,
    // The self-check's own measure: listing the checks and running the faults, without the command's start-up and exit.
    self_check_wall_s: report.wall_ms / 1000,
    exit_code,
    all_caught: report.all_caught,
    faults_run: faults.length,
    faults_caught: faults.filter((fault) => fault.caught).length,
    fault_s: {
      sum: faults.reduce((sum, fault) => sum + fault.duration_s, 0),
      max: Math.max(...faults.map((fault) => fault.duration_s)),
    },
    faults,
  };
  const slowest = [...faults].sort((a, b) => b.duration_s - a.duration_s).slice(0, 3);
  const summary = [
    `${wall_s.toFixed(1)} s wall, ${cpu_s.toFixed(0)} s of CPU (the self-check's own ${figures.self_check_wall_s.toFixed(1)} s), ${figures.faults_caught}/${faults.length} faults caught, all_caught ${report.all_caught}, exit ${exit_code}`,
    // Since run 3 a fault's time is the wall time of the runs it was part of (up to six faults to a run), so their sum counts each run several times.
    `${values.workers} runs at a time, up to six faults each; longest for one fault ${slowest.map((fault) => `${fault.fault} ${fault.duration_s.toFixed(1)} s`).join(', ')}`,
  ];
  return { settings, figures, summary };
}
