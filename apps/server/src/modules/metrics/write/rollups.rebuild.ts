import { METRICS_WITHOUT_HOUR_ROLLUP } from '@sitelens/domain';
import type { SqlClient } from '../../../db/database.ts';
import { SAMPLED_METRICS } from '../request/sampledMetrics.ts';

const KEY = 'organization_id, target_kind, target_id, metric, breakdown';
const rKey = 'r.organization_id, r.target_kind, r.target_id, r.metric, r.breakdown';
const sites = (alias: string) => `join target_sites s on s.kind = ${alias}.target_kind and s.id = ${alias}.target_id`;
const businessDay = (x: string) => `((${x} at time zone s.tz) - s.cod)::date`;

/**
 * Fills the rollups of one organization from its raw readings, set-based, one statement per table
 * (after a bulk load): hours from readings, days from hours (from readings when days start off the
 * hour, and for the metrics without hour rollup, which get no hour rows), months from days, each
 * day's sorted values from readings. Same buckets as the write path (rollups.refresh.ts,
 * rollups.increment.ts). Computing each local hour once per distinct (time zone, instant) and
 * joining it back was measured slower on PGlite than the per-row function.
 */
export async function rebuildRollups(sql: SqlClient, organizationId: number): Promise<void> {
  const statements: Array<[string, unknown[]]> = [
    ...['rollup_hour', 'rollup_day', 'rollup_month', 'rollup_day_values'].map((t): [string, unknown[]] => [`delete from ${t} where organization_id = $1`, [organizationId]]),
    [
      `insert into rollup_hour (${KEY}, bucket, sum, count, min, max)
       select ${rKey}, local_bucket_start(r.ts, s.tz, 3600), sum(r.value), count(*), min(r.value), max(r.value)
       from readings r ${sites('r')} where r.organization_id = $1 and r.metric <> all($2::text[])
       group by 1, 2, 3, 4, 5, 6
       -- In key order, as every level: a site's 30 days of hours are then read from a few pages (0012).
       order by 1, 2, 3, 4, 5, 6`,
      [organizationId, METRICS_WITHOUT_HOUR_ROLLUP],
    ],
    [
      `insert into rollup_day (${KEY}, day, sum, count, min, max)
       select h.organization_id, h.target_kind, h.target_id, h.metric, h.breakdown, ${businessDay('h.bucket')}, sum(h.sum), sum(h.count), min(h.min), max(h.max)
       from rollup_hour h ${sites('h')} where h.organization_id = $1 and extract(minute from s.cod) = 0
       group by 1, 2, 3, 4, 5, 6
       union all
       select ${rKey}, ${businessDay('r.ts')}, sum(r.value), count(*), min(r.value), max(r.value)
       from readings r ${sites('r')} where r.organization_id = $1 and extract(minute from s.cod) <> 0
       group by 1, 2, 3, 4, 5, 6
       union all
       -- Apart, so that the branch above reads no reading when every day starts on the hour (as before).
       select ${rKey}, ${businessDay('r.ts')}, sum(r.value), count(*), min(r.value), max(r.value)
       from readings r ${sites('r')} where r.organization_id = $1 and extract(minute from s.cod) = 0 and r.metric = any($2::text[])
       group by 1, 2, 3, 4, 5, 6
       order by 1, 2, 3, 4, 5, 6`,
      [organizationId, METRICS_WITHOUT_HOUR_ROLLUP],
    ],
    [
      `insert into rollup_month (${KEY}, month, sum, count, min, max)
       select ${KEY}, date_trunc('month', day)::date, sum(sum), sum(count), min(min), max(max)
       from rollup_day where organization_id = $1 group by 1, 2, 3, 4, 5, 6
       -- In key order: a site's year is then read from a few pages, not one page per row (0011, 0012).
       order by 1, 2, 3, 4, 5, 6`,
      [organizationId],
    ],
    [
      `insert into rollup_day_values (${KEY}, day, samples)
       select ${rKey}, ${businessDay('r.ts')}, array_agg(r.value order by r.value)
       from readings r ${sites('r')} where r.organization_id = $1 and r.metric = any($2::text[])
       group by 1, 2, 3, 4, 5, 6`,
      [organizationId, SAMPLED_METRICS],
    ],
  ];
  for (const [text, params] of statements) await sql.query(text, params);
}
