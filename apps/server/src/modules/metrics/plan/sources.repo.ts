import type { Database } from '../../../db/database.ts';

export interface SiteZone {
  id: number;
  parentId: number | null;
  name: string;
  deleted: boolean;
  /** Of the metrics asked, those the zone holds readings of; null where the statement did not look. */
  held: ReadonlySet<string> | null;
}

/**
 * Every zone of each installation, deleted ones too, in id order: its tree (the live ones) and the
 * names of its targets. Which of the `metrics` each live zone with live dependents or devices holds
 * comes in the same statement: those are the zones domain targetsToProbe names (with devices of any
 * kind, a few more), so a request's tree needs no second look at the stored data.
 */
export async function zonesOfSites(database: Database, installationIds: number[], metrics: string[]): Promise<Map<number, SiteZone[]>> {
  // One JSON value rather than a row per zone: PGlite decodes rows field by field, at twice the cost of the query.
  const { rows } = await database.sql.query<{ zones: Array<[number, number | null, string, boolean, number, string[] | null]> }>(
    `select coalesce(json_agg(json_build_array(z.id, z.parent_id, z.name, z.deleted_at is not null, z.installation_id,
       case when z.deleted_at is null and (z.id in (select c.parent_id from zones c where c.installation_id = any($1::int[]) and c.deleted_at is null)
                                          or z.id in (select d.zone_id from devices d where d.installation_id = any($1::int[])))
         then array(select m from unnest($2::text[]) m where exists (
           select from rollup_month r where r.organization_id = i.organization_id and r.target_kind = 'zone' and r.target_id = z.id and r.metric = m))
       end) order by z.id), '[]') as zones
     from zones z join installations i on i.id = z.installation_id
     where z.installation_id = any($1::int[])`,
    [installationIds, metrics],
  );
  const found = new Map(installationIds.map((id) => [id, [] as SiteZone[]]));
  for (const [id, parentId, name, deleted, installationId, held] of rows[0]!.zones) {
    found.get(installationId)?.push({ id, parentId, name, deleted, held: held === null ? null : new Set(held) });
  }
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

/** Which of the metrics any zone, passage or device of the installation has ever had a reading of. */
export async function metricsHeldBySite(database: Database, organizationId: number, installationId: number, metrics: string[]): Promise<Set<string>> {
  if (metrics.length === 0) return new Set();
  const { rows } = await database.sql.query<{ metric: string }>(
    `select m as metric from unnest($3::text[]) m where exists (
       select from rollup_month r where r.organization_id = $1 and r.metric = m and (
         (r.target_kind = 'zone' and r.target_id in (select id from zones where installation_id = $2))
         or (r.target_kind = 'passage' and r.target_id in (select id from passages where installation_id = $2))
         or (r.target_kind = 'device' and r.target_id in (select id from devices where installation_id = $2))))`,
    [organizationId, installationId, metrics],
  );
  return new Set(rows.map((r) => r.metric));
}
