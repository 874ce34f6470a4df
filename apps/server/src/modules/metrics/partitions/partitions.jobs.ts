import { defineJob } from '../../../jobs/defineJob.ts';
import { maintainPartitions } from './partitionRetention.ts';

/**
 * Once a day on PostgreSQL with partitioned readings: the next months' partitions, readings a DEFAULT
 * partition took moved into their month's own, and months past READINGS_RETENTION_MONTHS dropped
 * whole (logged). Nothing to do on the embedded PGlite, which keeps one table (docs/decisions.md).
 */
export const partitionsJob = defineJob<Record<string, never>>({
  name: 'metrics.partitions',
  options: { retryLimit: 2, timeoutSeconds: 1800 },
  schedule: { rule: { kind: 'weekly', weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['02:50'] }, timeZone: 'UTC', catchUp: 'last' },
  async run(_data, _run, deps) {
    const keep = deps.config.READINGS_RETENTION_MONTHS;
    const result = await maintainPartitions(deps.database, deps.now(), keep);
    if (!result) return;
    deps.log.info({ added: result.added, dropped: result.dropped, keepMonths: keep ?? null }, result.dropped.length ? 'readings: months past retention dropped' : 'readings: partitions kept ahead');
  },
});
