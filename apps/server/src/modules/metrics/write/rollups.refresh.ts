import { METRICS_WITHOUT_HOUR_ROLLUP } from '@sitelens/domain';
import type { SqlClient } from '../../../db/database.ts';
import { SAMPLED_METRICS } from '../request/sampledMetrics.ts';

/** A reading whose value was replaced: the buckets that hold it are recomputed. */
export interface ReplacedReading {
  organization_id: number;
  target_kind: string;
  target_id: number;
  metric: string;
  breakdown: string;
  ts: Date | string;
}

const KEY = 'organization_id, target_kind, target_id, metric, breakdown';
const tKey = 't.organization_id, t.target_kind, t.target_id, t.metric, t.breakdown';
const sameSeries = (a: string, b: string) =>
  ['organization_id', 'target_kind', 'target_id', 'metric', 'breakdown'].map((c) => `${a}.${c} = ${b}.${c}`).join(' and ');
// The local hour and business day of an instant on its site's clock (as rollups.increment.ts and rollups.rebuild.ts).
const hourOf = (x: string, tz: string) => `local_bucket_start(${x}, ${tz}, 3600)`;
const businessDay = (x: string, tz: string, cod: string) => `((${x} at time zone ${tz}) - ${cod})::date`;
const dayStart = (d: string, tz: string, cod: string) => `local_start(${d} + ${cod}, ${tz})`;

/**
 * The replaced readings ($1..$6) with their site's clock; each statement below starts from it.
 * Buckets are named by their own keys, not by a window: corrections spread over a year touch a few
 * thousand buckets, where a window from the first to the last would rebuild the year.
 */
const TOUCHED = `touched as (
  select distinct t.organization_id, t.target_kind, t.target_id, t.metric, t.breakdown, s.tz, s.cod,
         ${hourOf('t.ts', 's.tz')} as hour, ${businessDay('t.ts', 's.tz', 's.cod')} as day
    from unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::text[], $6::timestamptz[]) as t(organization_id, target_kind, target_id, metric, breakdown, ts)
    join target_sites s on s.kind = t.target_kind and s.id = t.target_id
)`;
const hours = `(select distinct ${KEY}, tz, hour from touched) t`;
const days = `(select distinct ${KEY}, tz, cod, day from touched) t`;
const months = `(select distinct ${KEY}, date_trunc('month', day)::date as month from touched) t`;
// Readings of a touched business day: a plain range a little wider than the day for the index, then the day's own rule.
const readingsOfDay = `readings r on ${sameSeries('r', 't')}
    and r.ts >= ${dayStart('t.day', 't.tz', 't.cod')} - interval '3 hours' and r.ts < ${dayStart('t.day + 1', 't.tz', 't.cod')} + interval '3 hours'
    and ${businessDay('r.ts', 't.tz', 't.cod')} = t.day`;

// Each statement with the list of metrics it names as $7, if any (an unused placeholder is refused).
const HOURLESS = 'hourless';
const SAMPLED = 'sampled';
const STATEMENTS: Array<[string, typeof HOURLESS | typeof SAMPLED | null]> = [
  // Hour rows of a metric without hour rollup (an older database's) go too: never read, and not written again.
  [`delete from rollup_hour h using ${hours} where ${sameSeries('h', 't')} and h.bucket = t.hour`, null],
  [
    `insert into rollup_hour (${KEY}, bucket, sum, count, min, max)
     select ${tKey}, t.hour, sum(r.value), count(*), min(r.value), max(r.value)
       from ${hours} join readings r on ${sameSeries('r', 't')}
        and r.ts >= t.hour - interval '2 hours' and r.ts < t.hour + interval '3 hours' and ${hourOf('r.ts', 't.tz')} = t.hour
      where t.metric <> all($7::text[])
      group by 1, 2, 3, 4, 5, 6`,
    HOURLESS,
  ],
  [`delete from rollup_day d using ${days} where ${sameSeries('d', 't')} and d.day = t.day`, null],
  // Days from their hours, or from raw readings when days start off the hour and for the metrics without hour rollup.
  [
    `insert into rollup_day (${KEY}, day, sum, count, min, max)
     select ${tKey}, t.day, sum(h.sum), sum(h.count), min(h.min), max(h.max)
       from ${days} join rollup_hour h on ${sameSeries('h', 't')}
        and h.bucket >= ${dayStart('t.day', 't.tz', 't.cod')} - interval '3 hours' and h.bucket < ${dayStart('t.day + 1', 't.tz', 't.cod')} + interval '3 hours'
        and ${businessDay('h.bucket', 't.tz', 't.cod')} = t.day
      where extract(minute from t.cod) = 0 and t.metric <> all($7::text[])
      group by 1, 2, 3, 4, 5, 6
     union all
     select ${tKey}, t.day, sum(r.value), count(*), min(r.value), max(r.value)
       from ${days} join ${readingsOfDay}
      where extract(minute from t.cod) <> 0 or t.metric = any($7::text[])
      group by 1, 2, 3, 4, 5, 6`,
    HOURLESS,
  ],
  [`delete from rollup_day_values d using ${days} where ${sameSeries('d', 't')} and d.day = t.day`, null],
  [
    `insert into rollup_day_values (${KEY}, day, samples)
     select ${tKey}, t.day, array_agg(r.value order by r.value)
       from ${days} join ${readingsOfDay}
      where t.metric = any($7::text[])
      group by 1, 2, 3, 4, 5, 6`,
    SAMPLED,
  ],
  [`delete from rollup_month m using ${months} where ${sameSeries('m', 't')} and m.month = t.month`, null],
  [
    `insert into rollup_month (${KEY}, month, sum, count, min, max)
     select ${tKey}, t.month, sum(d.sum), sum(d.count), min(d.min), max(d.max)
       from ${months} join rollup_day d on ${sameSeries('d', 't')} and d.day >= t.month and d.day < (t.month + interval '1 month')::date
      group by 1, 2, 3, 4, 5, 6`,
    null,
  ],
];

/**
 * Recomputes, inside the caller's transaction, the rollup buckets that hold replaced readings, and
 * only those: their hours from raw readings, their days from hours (from raw readings when the
 * change-of-day time is not on the hour, and for the metrics without hour rollup, which get no hour
 * rows), their months from days, their days' sorted values from raw readings. Delete-then-insert
 * keeps each bucket exact whatever was replaced. Run it after the write that replaced them (readings
 * new to that write are in their buckets by then, as deltas or recomputed here alike).
 */
export async function refreshRollups(sql: SqlClient, replaced: readonly ReplacedReading[]): Promise<void> {
  if (replaced.length === 0) return;
  const columns: [number[], string[], number[], string[], string[], string[]] = [[], [], [], [], [], []];
  for (const r of replaced) {
    columns[0].push(r.organization_id);
    columns[1].push(r.target_kind);
    columns[2].push(r.target_id);
    columns[3].push(r.metric);
    columns[4].push(r.breakdown);
    columns[5].push(new Date(r.ts).toISOString());
  }
  for (const [statement, list] of STATEMENTS) {
    const params: unknown[] = list === null ? columns : [...columns, list === HOURLESS ? METRICS_WITHOUT_HOUR_ROLLUP : SAMPLED_METRICS];
    await sql.query(`with ${TOUCHED} ${statement}`, params);
  }
}

/** Fills the rollups of one organization from its raw readings (after a bulk load). */
export { rebuildRollups } from './rollups.rebuild.ts';
