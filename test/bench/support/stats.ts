/** Lateness figures of one measure, in milliseconds. */
export interface Summary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles: every figure is a value that was actually measured. */
export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) throw new Error('no values to summarize');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (percent: number) => sorted[Math.max(Math.ceil((percent / 100) * sorted.length) - 1, 0)]!;
  return { count: sorted.length, p50: rank(50), p90: rank(90), p99: rank(99), max: sorted[sorted.length - 1]! };
}

/** How many times the baseline a figure is; null when the baseline is not above zero. */
export function ratio(value: number, baseline: number): number | null {
  return baseline > 0 ? value / baseline : null;
}
