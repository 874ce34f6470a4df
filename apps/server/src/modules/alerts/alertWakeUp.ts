import { ALERT_CONDITION_TYPES, conditionReading } from '@sitelens/domain';
import type { Database } from '../../db/database.ts';
import type { ReadingRow } from '../metrics/write/readings.write.ts';
import { settingsVersions } from './alertSettings.ts';

const typesReading = (targets: string) => ALERT_CONDITION_TYPES.filter((t) => conditionReading(t)?.targets === targets);
/** Condition types that read atmosphere devices when given some (co2, humidity, temperature). */
const DEVICE_TYPES = typesReading('atmosphereDevices');
/** Condition types that read the passages of their pads when those have one (flux, intrusion). */
const PAD_TYPES = typesReading('pads');

/**
 * The enabled alerts a committed batch can change: those whose condition reads one of the
 * batch's metrics (conditionInputMetrics) on what the batch touched, as measure() reads it:
 * - a zone condition reads its zone, its dependent zones and the devices placed in them, so it wakes
 *   for a reading of its zone, of a zone under it, or of a device or passage in either;
 * - an atmosphere condition with devices wakes for those devices; a flux or an intrusion with pads on
 *   a passage for those passages; a status condition for its pads' heartbeats (recordHeartbeats:
 *   the pad, its passage, the zone it is placed in without a passage);
 * - a condition of the whole site (Stop&Go, or no zone and nothing narrower) for any reading of its site.
 * Read at each batch, so another process's alert or zone changes count at once: the versions of what
 * it depends on, and the wake-up query itself only when they moved since this process last answered
 * a batch of the same shape (docs/decisions.md, "Narrow wake-up" and "The wake-up kept per batch shape").
 */
export async function alertsWokenBy(database: Database, organizationId: number, rows: readonly ReadingRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const metrics = [...new Set(rows.map((r) => r.metric))].sort();
  const targets = new Map<string, [string, number]>();
  for (const r of rows) targets.set(`${r.targetKind}:${r.targetId}`, [r.targetKind, r.targetId]);
  // Batches of one gateway touch the same targets again and again: their answer is kept under the
  // versions of what it reads (alertSettings.ts), which one small statement reads at each batch.
  const shape = `${organizationId}|${metrics.join(',')}|${[...targets.keys()].sort().join(',')}`;
  const { settings, trees } = await settingsVersions(database);
  const version = `${settings}.${trees}`;
  const kept = keptOf(database);
  const known = kept.get(shape);
  if (known && known.version === version) {
    kept.delete(shape);
    kept.set(shape, known);
    return known.ids;
  }
  wakeUpQueries += 1;
  const ids = await wokenNow(database, organizationId, metrics, [...targets.values()]);
  kept.set(shape, { version, ids });
  for (const oldest of kept.keys()) {
    if (kept.size <= KEPT_SHAPES) break;
    kept.delete(oldest);
  }
  return ids;
}

/** How many times this process ran the wake-up query (tests read it: a batch of a known shape asks only the versions). */
let wakeUpQueries = 0;
export const alertWakeUpQueries = (): number => wakeUpQueries;

/** Batch shapes kept per database, least recently used first out. */
const KEPT_SHAPES = 256;
const keptAnswers = new WeakMap<Database, Map<string, { version: string; ids: number[] }>>();
function keptOf(database: Database): Map<string, { version: string; ids: number[] }> {
  let kept = keptAnswers.get(database);
  if (!kept) keptAnswers.set(database, (kept = new Map()));
  return kept;
}

async function wokenNow(database: Database, organizationId: number, metrics: string[], targets: Array<[string, number]>): Promise<number[]> {
  const kinds = targets.map(([k]) => k);
  const ids = targets.map(([, id]) => id);
  const { rows: woken } = await database.sql.query<{ id: number }>(
    `with recursive touched as (
       select t.kind, t.id, coalesce(z.installation_id, p.installation_id, d.installation_id) as installation_id,
              coalesce(z.id, p.zone_id, d.zone_id) as zone_id, d.passage_id
         from unnest($2::text[], $3::int[]) as t(kind, id)
         left join zones z on t.kind = 'zone' and z.id = t.id
         left join passages p on t.kind = 'passage' and p.id = t.id
         left join devices d on t.kind = 'device' and d.id = t.id
     ),
     zones_up(id) as (
       select zone_id from touched where zone_id is not null
       union
       select z.parent_id from zones z join zones_up u on z.id = u.id where z.parent_id is not null
     ),
     devices_read as (
       select id from touched where kind = 'device'
       union select d.id from touched t join devices d on t.kind = 'passage' and d.passage_id = t.id
       union select d.id from touched t join devices d on t.kind = 'zone' and d.zone_id = t.id and d.passage_id is null
     ),
     passages_read as (
       select id from touched where kind = 'passage'
       union select passage_id from touched where passage_id is not null
     )
     select a.id from alerts a join alert_conditions c on c.alert_id = a.id
      where a.organization_id = $1 and a.enabled and c.input_metrics && $4::text[]
        and a.installation_id in (select installation_id from touched)
        and (
          c.zone_id in (select id from zones_up)
          or c.device_atmosphere_ids && array(select id from devices_read)
          or c.pad_ids && array(select id from devices_read)
          or exists (select from devices pad where pad.id = any(c.pad_ids) and pad.passage_id in (select id from passages_read))
          or c.type = 'stopNGoLimit'
          or (c.zone_id is null and c.type <> 'status'
              and (c.type <> all($5::text[]) or c.device_atmosphere_ids = '{}')
              and (c.type <> all($6::text[]) or not exists (select from devices pad where pad.id = any(c.pad_ids) and pad.passage_id is not null)))
        )
      order by a.id`,
    [organizationId, kinds, ids, metrics, DEVICE_TYPES, PAD_TYPES],
  );
  return woken.map((r) => Number(r.id));
}
