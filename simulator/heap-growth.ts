import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets old space grow past what survived its last full collection, in percent. By default it
 * lets a fast-allocating program grow up to 4 times that: a simulator holding 60 MB of history under
 * endless traffic then swung between about 250 and 430 MB of RSS, as pages filled and were collected
 * (bench/results/NOTES.md, "soak"). At twice what survived, RSS stayed within 310-325 MB through a 30-minute
 * soak, and side-by-side 3-minute runs showed no CPU per flow lost; at 1.5 times RSS was flat too, but
 * each flow cost about a quarter more CPU.
 */
export const HEAP_GROWING_PERCENT = 100;

/**
 * Sets that bound for the whole process, so only processes that exist to run a simulator call it
 * (`dss sim`, the benchmarks' simulator child), never a test run that embeds one. A bound given to
 * node itself is the person's choice and stays.
 */
export function boundHeapGrowth(): void {
  if (heapGrowthGiven(process.execArgv)) return;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

/**
 * Whether node's command line sets the heap growing factor, in either spelling (node refuses V8 flags
 * of this kind in NODE_OPTIONS, so the command line is the only place).
 */
export function heapGrowthGiven(nodeFlags: readonly string[]): boolean {
  return nodeFlags.some((flag) => /^--heap[-_]growing[-_]percent(?:=|$)/.test(flag));
}
