import { METRICS_WITHOUT_HOUR_ROLLUP } from '@sitelens/domain';
import type { SqlClient } from '../../../db/database.ts';
import { SAMPLED_METRICS } from '../request/sampledMetrics.ts';

/** What a write touched: one organization, some series, a time window. */
export interface RollupScope {
  organizationId: number;
  targetKind?: string;
  targetIds?: number[];
  metrics?: string[];
  /** Touched instants [from, to); omit both to rebuild the organization's rollups entirely. */
  from?: Date;
  to?: Date;
}

// The start of the local-clock hour holding instant `x` for a site in zone `s.tz`.
const hourFloor = (x: string) => `local_bucket_start(${x}, s.tz, 3600)`;
const businessDay = (x: string) => `((${x} at time zone s.tz) - s.cod)::date`;
const dayStart = (d: string) => `local_start(${d} + s.cod, s.tz)`;

/**
 * Recomputes, inside the caller's transaction, every rollup bucket the scope touches: hours from raw
 * readings, days from hours (from raw when the change-of-day time is not on the hour, and for the
 * metrics without hour rollup, which get no hour rows), months from days. Delete-then-insert keeps
 * each bucket exact whatever was replaced (and drops hour rows that a metric without hour rollup
 * may have from before: never read).
 */
export async function refreshRollups(sql: SqlClient, scope: RollupScope): Promise<void> {
  // Every statement names the same parameters in the same order (and the lists below that it reads).
  const params: unknown[] = [scope.organizationId, scope.targetKind ?? null, scope.targetIds ?? null, scope.metrics ?? null];
  const series = (alias: string) =>
    [
      `${alias}.organization_id = $1`,
      `($2::text is null or ${alias}.target_kind = $2)`,
      `($3::int[] is null or ${alias}.target_id = any($3::int[]))`,
      `($4::text[] is null or ${alias}.metric = any($4::text[]))`,
    ].join(' and ');
  const windowed = scope.from !== undefined && scope.to !== undefined;
  if (windowed) params.push(scope.from, scope.to);
  const from = '$5::timestamptz';
  const lastInstant = `($6::timestamptz - interval '1 microsecond')`;
  const join = (alias: string) => `join target_sites s on s.kind = ${alias}.target_kind and s.id = ${alias}.target_id`;
  const cols = 'organization_id, target_kind, target_id, metric, breakdown';

  // Each window is exact per site (time zone, change of day) and also has plain bounds a little
  // wider than any zone's effect, so that PostgreSQL reads the touched range through the index.
  const near = (col: string, slack: string) => `${col} >= ${from} - interval '${slack}' and ${col} < ${lastInstant} + interval '${slack}'`;
  // Hours are keyed by their start; a reading belongs to the touched hours when its own key does.
  const hourKeys = (key: string) => `${key} between ${hourFloor(from)} and ${hourFloor(lastInstant)}`;
  const hourWindow = (col: string, isKey: boolean) => (windowed ? `and ${near(col, '2 hours')} and ${hourKeys(isKey ? col : hourFloor(col))}` : '');
  const dayOfHour = (col: string) => (windowed ? `and ${near(col, '2 days')} ${dayWindow(businessDay(col))}` : '');
  const dayWindow = (col: string) => (windowed ? `and ${col} between ${businessDay(from)} and ${businessDay(lastInstant)}` : '');
  const dayRows = (col: string) => (windowed ? `and ${col} between ${plainDay(from)} - 2 and ${plainDay(lastInstant)} + 2 ${dayWindow(col)}` : '');
  const plainDay = (x: string) => `(${x} at time zone 'UTC')::date`;
  const monthWindow = (col: string) =>
    windowed
      ? `and ${col} between ${plainDay(from)} - 62 and ${plainDay(lastInstant)} + 62
         and ${col} between date_trunc('month', ${businessDay(from)})::date and date_trunc('month', ${businessDay(lastInstant)})::date`
      : '';
  // Every day of the touched months, to recompute those months whole.
  const monthDays = (col: string) =>
    windowed
      ? `and ${col} between ${plainDay(from)} - 62 and ${plainDay(lastInstant)} + 62
         and ${col} >= date_trunc('month', ${businessDay(from)})::date and ${col} < (date_trunc('month', ${businessDay(lastInstant)}) + interval '1 month')::date`
      : '';

  // Readings of the touched business days, for what days take from raw readings.
  const rawDays = windowed ? `and ${near('r.ts', '2 days')} and r.ts >= ${dayStart(businessDay(from))} and r.ts < ${dayStart(`${businessDay(lastInstant)} + 1`)}` : '';
  // Lists of metrics that only some statements read: each becomes a parameter of those statements
  // alone (unused placeholders are refused).
  const lists = { sampled: SAMPLED_METRICS, hourless: METRICS_WITHOUT_HOUR_ROLLUP };
  const sampled = '@sampled@';
  const hourless = '@hourless@';

  const statements = [
    `delete from rollup_hour h using target_sites s where s.kind = h.target_kind and s.id = h.target_id and ${series('h')} ${hourWindow('h.bucket', true)}`,
    `insert into rollup_hour (${cols}, bucket, sum, count, min, max)
       select r.organization_id, r.target_kind, r.target_id, r.metric, r.breakdown, ${hourFloor('r.ts')}, sum(r.value), count(*), min(r.value), max(r.value)
       from readings r ${join('r')} where ${series('r')} and r.metric <> all(${hourless}::text[]) ${hourWindow('r.ts', false)}
       group by 1, 2, 3, 4, 5, 6`,
    `delete from rollup_day d using target_sites s where s.kind = d.target_kind and s.id = d.target_id and ${series('d')} ${dayRows('d.day')}`,
    `insert into rollup_day (${cols}, day, sum, count, min, max)
       select h.organization_id, h.target_kind, h.target_id, h.metric, h.breakdown, ${businessDay('h.bucket')}, sum(h.sum), sum(h.count), min(h.min), max(h.max)
       from rollup_hour h ${join('h')} where ${series('h')} and extract(minute from s.cod) = 0 and h.metric <> all(${hourless}::text[]) ${dayOfHour('h.bucket')}
       group by 1, 2, 3, 4, 5, 6
       union all
       select r.organization_id, r.target_kind, r.target_id, r.metric, r.breakdown, ${businessDay('r.ts')}, sum(r.value), count(*), min(r.value), max(r.value)
       from readings r ${join('r')} where ${series('r')} and extract(minute from s.cod) <> 0 ${rawDays}
       group by 1, 2, 3, 4, 5, 6
       union all
       select r.organization_id, r.target_kind, r.target_id, r.metric, r.breakdown, ${businessDay('r.ts')}, sum(r.value), count(*), min(r.value), max(r.value)
       from readings r ${join('r')} where ${series('r')} and extract(minute from s.cod) = 0 and r.metric = any(${hourless}::text[]) ${rawDays}
       group by 1, 2, 3, 4, 5, 6`,
    `delete from rollup_day_values d using target_sites s where s.kind = d.target_kind and s.id = d.target_id and ${series('d')} ${dayRows('d.day')}`,
    `insert into rollup_day_values (${cols}, day, samples)
       select r.organization_id, r.target_kind, r.target_id, r.metric, r.breakdown, ${businessDay('r.ts')}, array_agg(r.value order by r.value)
       from readings r ${join('r')} where ${series('r')} and r.metric = any(${sampled}::text[]) ${rawDays}
       group by 1, 2, 3, 4, 5, 6`,
    `delete from rollup_month m using target_sites s where s.kind = m.target_kind and s.id = m.target_id and ${series('m')} ${monthWindow('m.month')}`,
    `insert into rollup_month (${cols}, month, sum, count, min, max)
       select d.organization_id, d.target_kind, d.target_id, d.metric, d.breakdown, date_trunc('month', d.day)::date, sum(d.sum), sum(d.count), min(d.min), max(d.max)
       from rollup_day d ${join('d')} where ${series('d')} ${monthDays('d.day')}
       group by 1, 2, 3, 4, 5, 6`,
  ];
  for (const statement of statements) {
    const own = [...params];
    const numbers = new Map<string, string>();
    const text = statement.replace(/@(sampled|hourless)@/g, (_, name: keyof typeof lists) => {
      let n = numbers.get(name);
      if (n === undefined) {
        own.push(lists[name]);
        n = `$${own.length}`;
        numbers.set(name, n);
      }
      return n;
    });
    await sql.query(text, own);
  }
}

/** Fills the rollups of one organization from its raw readings (after a bulk load). */
export { rebuildRollups } from './rollups.rebuild.ts';
