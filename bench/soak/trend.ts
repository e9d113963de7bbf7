/**
 * A straight line through a benchmark's per-minute figures, and how sure it is: on a shared machine a
 * minute's CPU per flow moves with the host's speed by more than the soak's ±10 % band, while what the
 * soak asks (does the simulator drift under endless traffic?) is the slope. The least-squares slope
 * comes with its 95 % confidence interval (Student's t), so a run says how much drift it can rule out.
 */
export interface Trend {
  /** Change of y per unit of x. */
  slope: number;
  /** The 95 % confidence interval of the slope; [slope, slope] when the points lie on a line. */
  slope95: [number, number];
  /** The line's value at `x`. */
  at(x: number): number;
}

/** Least squares through `points` ([x, y] pairs, at least three, x not all equal). */
export function linearTrend(points: ReadonlyArray<readonly [number, number]>): Trend {
  const n = points.length;
  if (n < 3) throw new Error(`a trend needs at least 3 points; got ${n}`);
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const sxx = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  if (sxx === 0) throw new Error('a trend needs points at more than one x');
  const slope = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0) / sxx;
  const intercept = meanY - slope * meanX;
  const squaredResiduals = points.reduce((sum, [x, y]) => sum + (y - (intercept + slope * x)) ** 2, 0);
  const halfWidth = studentT975(n - 2) * Math.sqrt(squaredResiduals / (n - 2) / sxx);
  return { slope, slope95: [slope - halfWidth, slope + halfWidth], at: (x) => intercept + slope * x };
}

/**
 * The 97.5th percentile of Student's t with `df` degrees of freedom (two-sided 95 %): exact for 1 and 2,
 * else the Cornish-Fisher expansion around the normal quantile, within 0.2 % from 3 on.
 */
export function studentT975(df: number): number {
  if (!Number.isInteger(df) || df < 1) throw new Error(`degrees of freedom must be a positive integer; got ${df}`);
  if (df === 1) return Math.tan(Math.PI * 0.475);
  if (df === 2) return 0.95 / Math.sqrt(2 * 0.975 * 0.025);
  const z = 1.959963984540054;
  const g1 = (z ** 3 + z) / 4;
  const g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96;
  const g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384;
  const g4 = (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160;
  return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4;
}
