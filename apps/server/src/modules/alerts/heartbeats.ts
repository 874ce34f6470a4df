import type { Database } from '../../db/database.ts';
import type { ReadingRow } from '../metrics/write/readings.write.ts';

/**
 * Keeps the last time each device reported, after a batch committed: a device's own readings, a
 * passage's through the pads on it, a zone's through the pads placed on it without a passage.
 */
export async function recordHeartbeats(database: Database, organizationId: number, rows: readonly ReadingRow[], now: Date): Promise<void> {
  const latest = new Map<string, number>();
  for (const r of rows) {
    const key = `${r.targetKind}:${r.targetId}`;
    const ts = Math.min(+r.ts, now.getTime());
    if ((latest.get(key) ?? -Infinity) < ts) latest.set(key, ts);
  }
  if (latest.size === 0) return;
  const kinds: string[] = [];
  const ids: number[] = [];
  const times: string[] = [];
  for (const [key, ts] of latest) {
    const [kind, id] = key.split(':');
    kinds.push(kind!);
    ids.push(Number(id));
    times.push(new Date(ts).toISOString());
  }
  await database.sql.query(
    `insert into device_heartbeats (device_id, installation_id, last_seen_at)
     select d.id, d.installation_id, max(t.ts)
       from unnest($1::text[], $2::int[], $3::timestamptz[]) as t(kind, id, ts)
       join devices d on (t.kind = 'device' and d.id = t.id)
                      or (t.kind = 'passage' and d.passage_id = t.id)
                      or (t.kind = 'zone' and d.zone_id = t.id and d.kind = 'pad' and d.passage_id is null)
       join installations i on i.id = d.installation_id and i.organization_id = $4
      group by d.id, d.installation_id
     on conflict (device_id) do update set last_seen_at = greatest(device_heartbeats.last_seen_at, excluded.last_seen_at)`,
    [kinds, ids, times, organizationId],
  );
}

export async function heartbeatsOf(database: Database, installationId: number): Promise<Map<number, Date>> {
  const { rows } = await database.sql.query<{ device_id: number; last_seen_at: Date | string }>('select device_id, last_seen_at from device_heartbeats where installation_id = $1', [installationId]);
  return new Map(rows.map((r) => [r.device_id, new Date(r.last_seen_at)]));
}
