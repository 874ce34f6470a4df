import type { SourceTree, StoredMetric } from '@sitelens/domain';
import type { Database } from '../../db/database.ts';

/**
 * The site's zone tree, the devices placed in its zones, and which of those targets hold readings
 * of the metric (read from the month rollup: one row per target and month, so this stays cheap).
 */
export async function loadSourceTree(database: Database, site: { id: number; organizationId: number }, metric: StoredMetric): Promise<SourceTree> {
  const zoneRows = await database.sql.query<{ id: number; parent_id: number | null }>(
    'select id, parent_id from zones where installation_id = $1 and deleted_at is null order by id',
    [site.id],
  );
  const deviceRows = metric.targets.includes('device')
    ? await database.sql.query<{ id: number; zone_id: number | null }>('select id, zone_id from devices where installation_id = $1 order by id', [site.id])
    : { rows: [] };
  const zones = zoneRows.rows.map((z) => ({ id: Number(z.id), parentId: z.parent_id === null ? null : Number(z.parent_id) }));
  const devices = deviceRows.rows.map((d) => ({ id: Number(d.id), zoneId: d.zone_id === null ? null : Number(d.zone_id) }));
  const { rows } = await database.sql.query<{ kind: string; id: number }>(
    `select distinct target_kind as kind, target_id as id from rollup_month
      where organization_id = $1 and metric = $2
        and ((target_kind = 'zone' and target_id = any($3::int[])) or (target_kind = 'device' and target_id = any($4::int[])))`,
    [site.organizationId, metric.id, zones.map((z) => z.id), devices.map((d) => d.id)],
  );
  return { zones, devices, withReadings: new Set(rows.map((r) => `${r.kind}:${Number(r.id)}`)) };
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
