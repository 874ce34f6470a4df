/**
 * Parallel workers PostgreSQL may add to one of our statements (`max_parallel_workers_per_gather`):
 * none by default. Our statements are bounded (rollups, a call's points, the partial days' edges), a
 * worker costs a process start (20-35 ms on the 2-core machine, where a plan that took one turned an
 * 8 ms statement into 36 ms), and under many callers the workers only take cores from the others.
 * `DATABASE_PARALLEL_WORKERS` gives them back on a bigger machine (docs/decisions.md).
 */
export const DEFAULT_PARALLEL_WORKERS = 0;

/** The connection option that sets it for every connection of a pool. */
export function parallelWorkersOption(workers: number): string {
  return `-c max_parallel_workers_per_gather=${Math.trunc(workers)}`;
}
