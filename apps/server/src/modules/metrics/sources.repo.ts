import type { Database } from '../../db/database.ts';

/** The live zones of each installation (id, parent), in id order: the zone tree of a source plan. */
export async function zonesOfSites(database: Database, installationIds: number[]): Promise<Map<number, Array<{ id: number; parentId: number | null }>>> {
  const { rows } = await database.sql.query<{ id: number; parent_id: number | null; installation_id: number }>(
    'select id, parent_id, installation_id from zones where installation_id = any($1::int[]) and deleted_at is null order by id',
    [installationIds],
  );
  const found = new Map(installationIds.map((id) => [id, [] as Array<{ id: number; parentId: number | null }>]));
  for (const z of rows) found.get(Number(z.installation_id))?.push({ id: Number(z.id), parentId: z.parent_id === null ? null : Number(z.parent_id) });
  return found;
}

/** The devices of each installation (id, zone), in id order. */
export async function devicesOfSites(database: Database, installationIds: number[]): Promise<Map<number, Array<{ id: number; zoneId: number | null }>>> {
  const { rows } = await database.sql.query<{ id: number; zone_id: number | null; installation_id: number }>(
    'select id, zone_id, installation_id from devices where installation_id = any($1::int[]) order by id',
    [installationIds],
  );
  const found = new Map(installationIds.map((id) => [id, [] as Array<{ id: number; zoneId: number | null }>]));
  for (const d of rows) found.get(Number(d.installation_id))?.push({ id: Number(d.id), zoneId: d.zone_id === null ? null : Number(d.zone_id) });
  return found;
}

/**
 * Which of the given targets hold readings of the given metric, as "metric|kind|id": one index probe
 * each in the month rollup (one row per target, metric, breakdown and month).
 */
export async function targetsWithReadings(database: Database, organizationId: number, asks: ReadonlyArray<{ metric: string; kind: string; id: number }>): Promise<Set<string>> {
  if (asks.length === 0) return new Set();
  const { rows } = await database.sql.query<{ metric: string; kind: string; id: number }>(
    `select a.metric, a.kind, a.id from unnest($2::text[], $3::text[], $4::int[]) as a(metric, kind, id)
      where exists (select from rollup_month r where r.organization_id = $1 and r.target_kind = a.kind and r.target_id = a.id and r.metric = a.metric)`,
    [organizationId, asks.map((a) => a.metric), asks.map((a) => a.kind), asks.map((a) => a.id)],
  );
  return new Set(rows.map((r) => `${r.metric}|${r.kind}|${Number(r.id)}`));
}

/** Devices or passages placed in the given zones, in id order. */
export async function placedIn(database: Database, kind: 'device' | 'passage', zoneIds: number[]): Promise<Array<{ id: number; zoneId: number }>> {
  const { rows } = await database.sql.query<{ id: number; zone_id: number }>(
    `select id, zone_id from ${kind === 'device' ? 'devices' : 'passages'} where zone_id = any($1::int[]) order by id`,
    [zoneIds],
  );
  return rows.map((r) => ({ id: Number(r.id), zoneId: Number(r.zone_id) }));
}

/** Zones carrying each of the tags, among the given zones. */
export async function zonesByTag(database: Database, tagIds: number[], zoneIds: number[]): Promise<Array<{ tagId: number; zoneId: number }>> {
  const { rows } = await database.sql.query<{ tag_id: number; zone_id: number }>(
    'select tag_id, zone_id from zone_tags where tag_id = any($1::int[]) and zone_id = any($2::int[]) order by tag_id, zone_id',
    [tagIds, zoneIds],
  );
  return rows.map((r) => ({ tagId: Number(r.tag_id), zoneId: Number(r.zone_id) }));
}
