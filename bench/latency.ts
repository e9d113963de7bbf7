/** Latency percentiles in milliseconds, from every sample (nearest-rank), to 3 decimals. */
export interface LatencyPercentiles {
  p50: number;
  p90: number;
  p99: number;
}

export function latencyPercentiles(samplesMs: ArrayLike<number>): LatencyPercentiles {
  const sorted = Float64Array.from(samplesMs).sort();
  const at = (percentile: number) => {
    if (sorted.length === 0) return Number.NaN;
    const value = sorted[Math.min(sorted.length - 1, Math.ceil((percentile / 100) * sorted.length) - 1)] ?? Number.NaN;
    return Math.round(value * 1000) / 1000;
  };
  return { p50: at(50), p90: at(90), p99: at(99) };
}
