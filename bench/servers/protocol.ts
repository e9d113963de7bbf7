/** The messages between a benchmark (parent) and the server it measures (child process), over IPC. */

/** The child's own figures, taken inside it so that the load generator's work is not counted. */
export interface ProcessSample {
  rss_bytes: number;
  heap_used_bytes: number;
  heap_total_bytes: number;
  /** CPU time the child has used since it started (user + system), in microseconds. */
  cpu_us: number;
}

export type ToChild = { type: 'sample' } | { type: 'serve'; body: unknown };

export type FromChild = { type: 'ready'; url: string } | { type: 'sample'; sample: ProcessSample } | { type: 'served' };

export function sampleThisProcess(): ProcessSample {
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  return { rss_bytes: memory.rss, heap_used_bytes: memory.heapUsed, heap_total_bytes: memory.heapTotal, cpu_us: cpu.user + cpu.system };
}
