import { METRICS_WITHOUT_HOUR_ROLLUP } from '@sitelens/domain';
import type { SqlClient } from '../../../db/database.ts';
import type { ReplacedReading } from './rollups.refresh.ts';
import { SAMPLED_METRICS } from '../request/sampledMetrics.ts';

/** The columns that name a series, in every rollup table's key. */
export const KEY = 'organization_id, target_kind, target_id, metric, breakdown';
const COLUMNS = `${KEY}, ts, value`;

/**
 * Adds a batch's per-bucket statistics (from `source`) to one rollup table: sums and counts add
 * up, min and max widen. Rows go in key order, so that concurrent batches (PostgreSQL) lock shared
 * buckets in the same order.
 */
const addFrom = (table: string, bucketColumn: string, source: string, bucketExpr: string, order: string) => `
  insert into ${table} (${KEY}, ${bucketColumn}, sum, count, min, max)
    select ${KEY}, ${bucketExpr}, sum(s), sum(n), min(lo), max(hi) from ${source} group by 1, 2, 3, 4, 5, 6
    ${order}
  on conflict (${KEY}, ${bucketColumn}) do update set
    sum = ${table}.sum + excluded.sum, count = ${table}.count + excluded.count,
    min = least(${table}.min, excluded.min), max = greatest(${table}.max, excluded.max)
  returning 1`;

/**
 * For a batch holding a reading that exists already (a re-send, a correction; all-new batches take
 * addNewReadingsToRollups after a plain insert, rollups.newReadings.ts). One statement: upserts the
 * batch, and adds the readings it inserted to the hour (none for metrics without hour rollup), day
 * and month rollups as deltas (and, for sampled metrics, merges them into the day's sorted values). The
 * insert itself tells new readings (xmax = 0) from replaced ones, so concurrent batches on
 * PostgreSQL cannot both count the same reading; a re-sent reading with the same value is neither
 * written nor returned, a replaced one with another value is returned for its buckets to be
 * recomputed. Hours are grouped once; days from the hours, months from the days, and each distinct
 * instant's local hour and business day are computed once per time zone (a batch holds few
 * instants: every zone reports at the same quarter-hours).
 */
const upsertWithDeltasFrom = (source: string, sampled: string, hourless: string, order = 'order by 1, 2, 3, 4, 5, 6') => `
  with written as (
    insert into readings (${COLUMNS})
      ${source}
    on conflict (${KEY}, ts) do update set value = excluded.value where readings.value is distinct from excluded.value
    returning ${COLUMNS}, xmax = 0 as inserted
  ), placed as (
    select w.*, s.tz, s.cod from written w join target_sites s on s.kind = w.target_kind and s.id = w.target_id where w.inserted
  ), instants as (
    select tz, cod, ts, local_bucket_start(ts, tz, 3600) as hour, ((ts at time zone tz) - cod)::date as day
      from (select distinct tz, cod, ts from placed) i
  ), fresh as (
    select p.organization_id, p.target_kind, p.target_id, p.metric, p.breakdown, p.value, i.hour, i.day
      from placed p join instants i on i.tz = p.tz and i.cod = p.cod and i.ts = p.ts
  ), per_hour as (
    select ${KEY}, hour, day, sum(value) as s, count(*) as n, min(value) as lo, max(value) as hi from fresh group by 1, 2, 3, 4, 5, 6, 7
  ), per_day as (
    select ${KEY}, day, sum(s) as s, sum(n) as n, min(lo) as lo, max(hi) as hi from per_hour group by 1, 2, 3, 4, 5, 6
  ), hours as (${addFrom('rollup_hour', 'bucket', `(select * from per_hour where metric <> all(${hourless}::text[])) h`, 'hour', order)}
  ), days as (${addFrom('rollup_day', 'day', 'per_day', 'day', order)}
  ), months as (${addFrom('rollup_month', 'month', 'per_day', `date_trunc('month', day)::date`, order)}
  ), day_values as (
    insert into rollup_day_values (${KEY}, day, samples)
      select ${KEY}, day, array_agg(value order by value) from fresh where metric = any(${sampled}::text[]) group by 1, 2, 3, 4, 5, 6
      ${order}
    on conflict (${KEY}, day) do update set
      samples = (select array_agg(v order by v) from unnest(rollup_day_values.samples || excluded.samples) v)
    returning 1
  )
  select organization_id, target_kind, target_id, metric, breakdown, ts from written where not inserted`;
const UPSERT_WITH_DELTAS = upsertWithDeltasFrom('select * from unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::text[], $6::timestamptz[], $7::float8[])', '$8', '$9');

/**
 * Writes rows (unique on their key) and keeps the rollups exact inside the caller's transaction:
 * new readings by deltas. Returns the readings it replaced with another value, whose buckets the
 * caller recomputes (refreshRollups).
 */
export async function upsertWithDeltas(sql: SqlClient, params: unknown[]): Promise<ReplacedReading[]> {
  const { rows } = await sql.query<ReplacedReading>(UPSERT_WITH_DELTAS, [...params, SAMPLED_METRICS, METRICS_WITHOUT_HOUR_ROLLUP]);
  return rows;
}

/**
 * The same as upsertWithDeltas for readings that a statement of the caller's transaction produces
 * (`select` gives the columns organization_id, target_kind, target_id, metric, breakdown, ts, value,
 * unique on the key, in key order when `inKeyOrder`), so that a large set computed in the database (an
 * import's sums) is written without a round trip through the application. Without `inKeyOrder`
 * (PGlite, one transaction at a time: no lock order to keep) the rollups' rows skip their sorts too.
 * Returns the readings it replaced with another value.
 */
export async function upsertSelectWithDeltas(sql: SqlClient, select: string, params: unknown[], inKeyOrder: boolean): Promise<ReplacedReading[]> {
  const text = upsertWithDeltasFrom(select, `$${params.length + 1}`, `$${params.length + 2}`, inKeyOrder ? undefined : '');
  const { rows } = await sql.query<ReplacedReading>(text, [...params, SAMPLED_METRICS, METRICS_WITHOUT_HOUR_ROLLUP]);
  return rows;
}
