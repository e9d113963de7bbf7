import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets old space grow past what survived its last full collection, in percent. By default it
 * lets a fast-allocating program grow up to 4 times that: a simulator holding 60 MB of history under
 * endless traffic then swung between about 250 and 430 MB of RSS, as pages filled and were collected
 * (bench/README.md, "soak"). At twice what survived, RSS stayed within 310-325 MB through a 30-minute
 * soak, and side-by-side 3-minute runs showed no CPU per flow lost; at 1.5 times RSS was flat too, but
 * each flow cost about a quarter more CPU.
 */
export const HEAP_GROWING_PERCENT = 100;

/**
 * Sets that bound for the whole process, so only processes that exist to run a simulator call it
 * (`dss sim`, the benchmarks' simulator child), never a test run that embeds one.
 */
export function boundHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
