import type { SqlClient } from '../../db/database.ts';
import type { RollupScope } from './rollups.refresh.ts';
import { SAMPLED_METRICS } from './sampledMetrics.ts';

const KEY = 'organization_id, target_kind, target_id, metric, breakdown';
const COLUMNS = `${KEY}, ts, value`;

/** Adds a batch's statistics to one rollup table: sums and counts add up, min and max widen. */
const addTo = (table: string, bucketColumn: string, bucketExpr: string) => `
  insert into ${table} (${KEY}, ${bucketColumn}, sum, count, min, max)
    select ${KEY}, ${bucketExpr}, sum(value), count(*), min(value), max(value) from fresh group by 1, 2, 3, 4, 5, 6
    -- Key order, so that concurrent batches (PostgreSQL) lock shared buckets in the same order.
    order by 1, 2, 3, 4, 5, 6
  on conflict (${KEY}, ${bucketColumn}) do update set
    sum = ${table}.sum + excluded.sum, count = ${table}.count + excluded.count,
    min = least(${table}.min, excluded.min), max = greatest(${table}.max, excluded.max)
  returning 1`;

/**
 * One statement: upserts the batch, and adds the readings that did not exist yet to the hour, day
 * and month rollups as deltas (and, for sampled metrics, merges them into the day's sorted values). Every CTE sees the table as it was before the statement, so `prior`
 * holds the old value of a replaced reading. A re-sent reading with the same value changes nothing;
 * a replaced one with another value is returned, for its buckets to be recomputed.
 */
const UPSERT_WITH_DELTAS = `
  with incoming as (
    select * from unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::text[], $6::timestamptz[], $7::float8[])
      as t(${COLUMNS})
  ), prior as (
    select i.*, r.value as old from incoming i
      left join readings r using (${COLUMNS.replace(', value', '')})
  ), written as (
    insert into readings (${COLUMNS}) select ${COLUMNS} from prior where old is null or old is distinct from value
    on conflict (${KEY}, ts) do update set value = excluded.value
    returning 1
  ), placed as (
    select p.*, s.tz, s.cod from prior p join target_sites s on s.kind = p.target_kind and s.id = p.target_id where p.old is null
  ), local_hours as (
    -- A batch holds few distinct instants (every zone reports at the same quarter-hours), so each
    -- local hour is computed once per (time zone, instant), not once per reading.
    select tz, ts, local_bucket_start(ts, tz, 3600) as hour from (select distinct tz, ts from placed) i
  ), fresh as (
    select p.organization_id, p.target_kind, p.target_id, p.metric, p.breakdown, p.value, h.hour, ((p.ts at time zone p.tz) - p.cod)::date as day
      from placed p join local_hours h on h.tz = p.tz and h.ts = p.ts
  ), hours as (${addTo('rollup_hour', 'bucket', 'hour')}
  ), days as (${addTo('rollup_day', 'day', 'day')}
  ), months as (${addTo('rollup_month', 'month', `date_trunc('month', day)::date`)}
  ), day_values as (
    insert into rollup_day_values (${KEY}, day, samples)
      select ${KEY}, day, array_agg(value order by value) from fresh where metric = any($8::text[]) group by 1, 2, 3, 4, 5, 6
      order by 1, 2, 3, 4, 5, 6
    on conflict (${KEY}, day) do update set
      samples = (select array_agg(v order by v) from unnest(rollup_day_values.samples || excluded.samples) v)
    returning 1
  )
  select organization_id, target_kind, target_id, metric, ts from prior where old is not null and old <> value`;

interface Replaced {
  organization_id: number;
  target_kind: string;
  target_id: number;
  metric: string;
  ts: Date | string;
}

/**
 * Writes rows (unique on their key) and keeps the rollups exact inside the caller's transaction:
 * new readings by deltas, replaced ones by recomputing their buckets. Returns the scopes to refresh.
 */
export async function upsertWithDeltas(sql: SqlClient, params: unknown[]): Promise<RollupScope[]> {
  const { rows } = await sql.query<Replaced>(UPSERT_WITH_DELTAS, [...params, SAMPLED_METRICS]);
  return replacedScopes(rows);
}

/** Replaced readings grouped per organization and target kind into windows at most a day apart. */
export function replacedScopes(rows: readonly Replaced[]): RollupScope[] {
  const groups = new Map<string, Array<{ id: number; metric: string; ts: number }>>();
  for (const r of rows) {
    const key = `${r.organization_id}|${r.target_kind}`;
    const list = groups.get(key) ?? [];
    groups.set(key, list);
    list.push({ id: Number(r.target_id), metric: r.metric, ts: new Date(r.ts).getTime() });
  }
  const scopes: RollupScope[] = [];
  for (const [key, list] of groups) {
    const [organizationId, targetKind] = key.split('|');
    list.sort((a, b) => a.ts - b.ts);
    let window: typeof list = [];
    const flush = () => {
      if (window.length === 0) return;
      scopes.push({
        organizationId: Number(organizationId),
        targetKind,
        targetIds: [...new Set(window.map((w) => w.id))],
        metrics: [...new Set(window.map((w) => w.metric))],
        from: new Date(window[0]!.ts),
        to: new Date(window.at(-1)!.ts + 1),
      });
      window = [];
    };
    for (const item of list) {
      if (window.length && item.ts - window.at(-1)!.ts > 86_400_000) flush();
      window.push(item);
    }
    flush();
  }
  return scopes;
}
