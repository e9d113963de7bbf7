/**
 * bench/record/: what every benchmark run is stored with (machine, date, commit, load) and the history
 * files `bench/results/<name>.json`, one array of runs per benchmark, oldest first, so trends show.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Machine } from './machine.ts';

/** What a benchmark answers: its settings and its figures, both plain JSON. */
export interface Measurement {
  settings: Record<string, unknown>;
  figures: Record<string, unknown>;
  /** Lines printed after the run, for a reader at the terminal. */
  summary: string[];
}

export interface RecordedRun {
  date: string;
  commit: string;
  machine: Machine;
  /**
   * 1-minute load averages before and after: the simulator, the load generator and anything else on
   * the machine share its cores, so a busy machine explains a slow figure.
   */
  load_average: { before: number; after: number };
  settings: Record<string, unknown>;
  figures: Record<string, unknown>;
}

export function appendRun(file: string, run: RecordedRun): number {
  const history = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RecordedRun[]) : [];
  history.push(run);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(history, null, 2)}\n`);
  return history.length;
}
