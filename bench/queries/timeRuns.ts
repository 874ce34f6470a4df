export interface Timing {
  n: number;
  p50: number;
  p95: number;
  min: number;
  max: number;
}

/** Nearest-rank percentile of a list of milliseconds. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The summary of a list of milliseconds: count, p50, p95, min and max. */
export function timingOf(times: readonly number[]): Timing {
  return { n: times.length, p50: percentile(times, 50), p95: percentile(times, 95), min: Math.min(...times), max: Math.max(...times) };
}

export interface RunPlan {
  runs: number;
  warmups: number;
  /** Stop measuring once this much time went into the measured runs, after at least minRuns. */
  budgetMs: number;
  minRuns: number;
}

/**
 * Times fn after its warm-ups. A slow answer (a raw scan of a year) stops early: one warm-up is
 * enough when it takes over a second, and measured runs end at the budget once minRuns are in.
 */
export async function timeRuns(fn: () => Promise<unknown>, plan: RunPlan): Promise<Timing> {
  for (let i = 0; i < plan.warmups; i++) {
    const t0 = performance.now();
    await fn();
    if (performance.now() - t0 > 1000) break;
  }
  const times: number[] = [];
  let spent = 0;
  while (times.length < plan.runs && (times.length < plan.minRuns || spent < plan.budgetMs)) {
    const t0 = performance.now();
    await fn();
    const ms = performance.now() - t0;
    times.push(ms);
    spent += ms;
  }
  return timingOf(times);
}
