import { STORED_METRICS } from '@sitelens/domain';

/** Metrics whose days keep every value sorted (rollup_day_values), for exact medians and percentiles. */
export const SAMPLED_METRICS: readonly string[] = STORED_METRICS.filter((m) => m.nature === 'sample').map((m) => m.id);
