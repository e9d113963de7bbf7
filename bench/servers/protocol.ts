/** The messages between a benchmark (parent) and the server it measures (child process), over IPC. */
import { getHeapSpaceStatistics } from 'node:v8';

/** The child's own figures, taken inside it so that the load generator's work is not counted. */
export interface ProcessSample {
  rss_bytes: number;
  heap_used_bytes: number;
  heap_total_bytes: number;
  /** Memory of ArrayBuffers and Buffers (outside the V8 heap). */
  array_buffers_bytes: number;
  /** CPU time the child has used since it started (user + system), in microseconds. */
  cpu_us: number;
  /**
   * After a collection only: each V8 heap space's committed and used bytes, to tell which space holds
   * memory the heap keeps but does not use.
   */
  heap_spaces?: Record<string, { committed_bytes: number; used_bytes: number }>;
}

/**
 * A collection before a sample (the child runs with --expose-gc), so that memory figures hold live data
 * only. `forced`: a full collection; V8 keeps the pages it freed, for the heap to grow into again, and
 * RSS counts them. `memory-reducing`: V8's last-resort collection, which also returns those pages
 * (what it does when memory runs short); RSS is then what the process cannot give back.
 */
export type Collection = 'forced' | 'memory-reducing';

export type ToChild = { type: 'sample'; gc?: Collection } | { type: 'serve'; body: unknown };

export type FromChild = { type: 'ready'; url: string } | { type: 'sample'; sample: ProcessSample } | { type: 'served' };

type Gc = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

export function sampleThisProcess(gc?: Collection): ProcessSample {
  const collect = (globalThis as { gc?: Gc }).gc;
  if (gc === 'forced') collect?.();
  if (gc === 'memory-reducing') collect?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  const sample: ProcessSample = {
    rss_bytes: memory.rss,
    heap_used_bytes: memory.heapUsed,
    heap_total_bytes: memory.heapTotal,
    array_buffers_bytes: memory.arrayBuffers,
    cpu_us: cpu.user + cpu.system,
  };
  if (gc)
    sample.heap_spaces = Object.fromEntries(
      getHeapSpaceStatistics().map((space) => [
        space.space_name,
        { committed_bytes: space.space_size, used_bytes: space.space_used_size },
      ]),
    );
  return sample;
}
