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
 * addNewReadingsToRollups after a plain insert, rollups.newReadings.ts). Two statements. The first
 * inserts the batch's new readings (a reading that exists is left alone) and adds them to the hour
 * (none for metrics without hour rollup), day and month rollups as deltas (and, for sampled metrics,
 * merges them into the day's sorted values). The second replaces the values of the readings that
 * existed, when they differ, and returns those readings for their buckets to be recomputed; a
 * re-sent reading with the same value is neither written nor returned. The insert itself tells new
 * readings from existing ones, so concurrent batches on PostgreSQL cannot both count the same
 * reading (one waits on the other's key, then leaves it); the update, a statement later, sees the
 * reading that the other committed meanwhile. Not one upsert telling inserted rows by `xmax = 0`:
 * PostgreSQL refuses system columns in RETURNING of a partitioned table (readings partitioned by
 * month, docs/decisions.md). Hours are grouped once; days from the hours, months from the days, and
 * each distinct instant's local hour and business day are computed once per time zone (a batch holds
 * few instants: every zone reports at the same quarter-hours).
 */
const upsertWithDeltasFrom = (source: string, sampled: string, hourless: string, order = 'order by 1, 2, 3, 4, 5, 6') => `
  with written as (
    insert into readings (${COLUMNS})
      ${source}
    on conflict (${KEY}, ts) do nothing
    returning ${COLUMNS}
  ), placed as (
    select w.*, s.tz, s.cod from written w join target_sites s on s.kind = w.target_kind and s.id = w.target_id
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
  select count(*)::int as inserted from written`;

/** The second statement: the batch's values over the readings that existed, when they differ. */
const replaceValuesFrom = (source: string) => `
  update readings r set value = b.value
    from (${source}) as b(${COLUMNS})
   where r.organization_id = b.organization_id and r.target_kind = b.target_kind and r.target_id = b.target_id
     and r.metric = b.metric and r.breakdown = b.breakdown and r.ts = b.ts and r.value is distinct from b.value
  returning r.organization_id, r.target_kind, r.target_id, r.metric, r.breakdown, r.ts`;

const UNNEST_SOURCE = 'select * from unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::text[], $6::timestamptz[], $7::float8[])';
const UPSERT_WITH_DELTAS = upsertWithDeltasFrom(UNNEST_SOURCE, '$8', '$9');
const REPLACE_VALUES = replaceValuesFrom(UNNEST_SOURCE);

/**
 * Writes rows (unique on their key) and keeps the rollups exact inside the caller's transaction:
 * new readings by deltas. Returns the readings it replaced with another value, whose buckets the
 * caller recomputes (refreshRollups).
 */
export async function upsertWithDeltas(sql: SqlClient, params: unknown[]): Promise<ReplacedReading[]> {
  await sql.query(UPSERT_WITH_DELTAS, [...params, SAMPLED_METRICS, METRICS_WITHOUT_HOUR_ROLLUP]);
  return (await sql.query<ReplacedReading>(REPLACE_VALUES, params)).rows;
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
  await sql.query(text, [...params, SAMPLED_METRICS, METRICS_WITHOUT_HOUR_ROLLUP]);
  return (await sql.query<ReplacedReading>(replaceValuesFrom(select), params)).rows;
}
