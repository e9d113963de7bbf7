import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets old space grow past what survived its last full collection, in percent. By default it
 * lets a fast-allocating program grow up to 4 times that: a simulator holding 60 MB of history under
 * endless traffic then swung between 200 and 430 MB of RSS within minutes, as pages filled and were
 * collected (bench/README.md, "soak"). At twice what survived, RSS held within a few MB with no CPU per
 * flow lost in a side-by-side run; at 1.5 times it was flat too, but cost about a quarter more CPU.
 */
export const HEAP_GROWING_PERCENT = 100;

/**
 * Sets that bound for the whole process, so only processes that exist to run a simulator call it
 * (`dss sim`, the benchmarks' simulator child), never a test run that embeds one.
 */
export function boundHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
