/**
 * `dss self-check --readings`: runs the readings self-check (readings-run.ts), prints its progress and
 * table, and writes `<reportDir>/self-check-readings.json` and `.md`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ReadingName } from '../../simulator/readings/catalogue.ts';
import { buildKit, progress } from './progress.ts';
import { MAX_SPEC_INCONCLUSIVE } from './readings-judgement.ts';
import { readingRuns, runReadings, UNDECLARED, type ReadingRow, type ReadingRunMode } from './readings-run.ts';

export const readingsSelfCheckFormat = 'dss-self-check-readings/1';

export interface ReadingsSelfCheckResult {
  format: typeof readingsSelfCheckFormat;
  started_at: string;
  finished_at: string;
  wall_ms: number;
  all_passed: boolean;
  readings: ReadingRow[];
}

export interface ReadingsSelfCheckOptions {
  readings: readonly ReadingName[];
  /** Runs at a time. */
  parallel: number;
  /** Workers of each run. */
  workers: number;
  reportDir: string;
  /**
   * `each` (the default): every reading alone, then all at once; `covering`: the fewest runs that play
   * every reading. Either way, then the same with detection carrying the readings it can show.
   */
  mode?: ReadingRunMode;
  log?: (line: string) => void;
}

export async function runReadingsSelfCheck(options: ReadingsSelfCheckOptions): Promise<ReadingsSelfCheckResult> {
  const runs = readingRuns(options.readings, options.mode);
  const total = runs.length;
  let done = 0;
  const { log, stop } = progress(
    options.log ?? ((line: string) => console.log(line)),
    (seconds) => `${done}/${total} judged after ${seconds} s`,
  );
  const reportDir = resolve(options.reportDir);
  const startedAt = new Date();
  const started = performance.now();
  // The runs test the simulators started here, never a profile or target of the caller's environment.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CI: '1',
    DSS_PROFILE: '',
    DSS_TARGET: '',
    DSS_WORKERS: '',
    DSS_REPORT_DIR: '',
  };
  await buildKit(env);
  log(
    `Readings self-check: ${total} conformance run${total === 1 ? '' : 's'} (${runs.map((run) => run.name).join(', ')}), ${options.parallel} at a time`,
  );
  const rows = await runReadings(options.readings, {
    reportDir,
    env,
    parallel: options.parallel,
    workers: options.workers,
    mode: options.mode,
    judged: (row) => {
      done += 1;
      log(
        `  [${String(done).padStart(2)}/${total}] ${row.name}: ${row.passed ? 'passed' : 'FAILED'} (specification ${row.spec_passed} passed, ${row.spec_failed.length} failed, ${row.spec_inconclusive.length} inconclusive; profile ${row.profile_failed.length} failed) in ${(row.duration_ms / 1000).toFixed(1)} s`,
      );
    },
  }).finally(stop);
  const result: ReadingsSelfCheckResult = {
    format: readingsSelfCheckFormat,
    started_at: startedAt.toISOString(),
    finished_at: new Date().toISOString(),
    wall_ms: Math.round(performance.now() - started),
    all_passed: rows.every((row) => row.passed),
    readings: rows,
  };
  await mkdir(reportDir, { recursive: true });
  await writeFile(join(reportDir, 'self-check-readings.json'), `${JSON.stringify(result, null, 2)}\n`);
  await writeFile(join(reportDir, 'self-check-readings.md'), renderReadingsPage(result));
  log(
    `\n${renderReadingsTable(rows)}\n\n${result.all_passed ? 'Every reading passed' : 'Some readings FAILED'}: no specification requirement may fail under an honest reading, at most ${MAX_SPEC_INCONCLUSIVE} stay inconclusive, each difference shows in the reference profile, and in the runs named ${UNDECLARED} detection shows what the profile left out.\n  report: ${join(reportDir, 'self-check-readings.json')} (each run: ${join(reportDir, 'self-check-readings-runs')})`,
  );
  return result;
}

/** The table: one row per run, what the specification layer decided, what the profile layer showed, and the readings judged under. */
export function renderReadingsTable(rows: readonly ReadingRow[]): string {
  const header =
    '| reading | result | specification passed / failed / inconclusive | profile failed | judged under | problems |\n|---|---|---|---|---|---|';
  const lines = rows.map((row) => {
    const failed = row.spec_failed.length > 0 ? ` (${row.spec_failed.join(', ')})` : '';
    const inconclusive =
      row.spec_inconclusive.length > 0 ? ` (${row.spec_inconclusive.map((entry) => entry.id).join(', ')})` : '';
    const under = Object.entries(row.detected)
      .filter(([, entry]) => entry.source !== 'reference')
      .map(([key, entry]) => `${key}=${entry.value} (${entry.source})`)
      .join(', ');
    const problems = [...row.problems, ...row.differences_missing.map((id) => `difference not shown: ${id}`)].join(
      '; ',
    );
    return `| ${row.name} | ${row.passed ? 'passed' : 'FAILED'} | ${row.spec_passed} / ${row.spec_failed.length}${failed} / ${row.spec_inconclusive.length}${inconclusive} | ${row.profile_failed.join(', ') || '-'} | ${under || 'the reference’s'} | ${problems || '-'} |`;
  });
  return [header, ...lines].join('\n');
}

function renderReadingsPage(result: ReadingsSelfCheckResult): string {
  const inconclusive = result.readings.flatMap((row) =>
    row.spec_inconclusive.map((entry) => `- ${row.name}: ${entry.id}: ${entry.reason}`),
  );
  return `# Readings self-check\n\n${result.started_at}, ${(result.wall_ms / 1000).toFixed(0)} s: ${result.all_passed ? 'every reading passed' : 'some readings FAILED'}.\n\n${renderReadingsTable(result.readings)}\n${inconclusive.length > 0 ? `\n## Inconclusive, and why\n\n${inconclusive.join('\n')}\n` : ''}`;
}
