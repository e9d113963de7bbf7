/** The messages between a benchmark (parent) and the server it measures (child process), over IPC. */

/** The child's own figures, taken inside it so that the load generator's work is not counted. */
export interface ProcessSample {
  rss_bytes: number;
  heap_used_bytes: number;
  heap_total_bytes: number;
  /** Memory of ArrayBuffers and Buffers (outside the V8 heap). */
  array_buffers_bytes: number;
  /** CPU time the child has used since it started (user + system), in microseconds. */
  cpu_us: number;
}

/** `gc`: collect garbage first (the child runs with --expose-gc), so memory figures hold live data only. */
export type ToChild = { type: 'sample'; gc?: boolean } | { type: 'serve'; body: unknown };

export type FromChild = { type: 'ready'; url: string } | { type: 'sample'; sample: ProcessSample } | { type: 'served' };

export function sampleThisProcess(gc = false): ProcessSample {
  if (gc) (globalThis as { gc?: () => void }).gc?.();
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  return { rss_bytes: memory.rss, heap_used_bytes: memory.heapUsed, heap_total_bytes: memory.heapTotal, array_buffers_bytes: memory.arrayBuffers, cpu_us: cpu.user + cpu.system };
}
