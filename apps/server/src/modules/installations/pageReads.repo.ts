import type { Database } from '../../db/database.ts';
import { type InstallationJson, type InstallationRow, installationFromJson } from './installations.repo.ts';
import type { ZoneView } from './zoneViews.ts';

// What every page asks first (its site and the site's zones), each in one statement: the site's row
// with what its field `families` reads, and the zones with their relations. Each was two to five
// statements, one after the other, which cost a page more than its chart's SQL (docs/benchmarks.md,
// 2026-12-03).

/** The installation's row with the metric families of its events (sorted, each once), or null. */
export async function installationWithFamilies(database: Database, id: number): Promise<(InstallationRow & { families: string[] }) | null> {
  const { rows } = await database.sql.query<{ row: InstallationJson; families: string[] }>(
    `select row_to_json(i) as row,
       coalesce((select json_agg(distinct m order by m) from events e, unnest(e.metrics) m where e.installation_id = i.id), '[]') as families
     from installations i where i.id = $1`,
    [id],
  );
  const found = rows[0];
  return found ? { ...installationFromJson(found.row), families: found.families } : null;
}

/** A site's organization and its zones as the Zone type exposes them. */
export interface SiteZones {
  organizationId: number;
  zones: ZoneView[];
}

/**
 * Each installation's organization and its zones as the Zone type exposes them (zoneViews' rules:
 * children by id, the zone's first air sensor, its tags by id), in one statement for all of them
 * (a list of sites asks their zones side by side); an id with no installation answers null. The
 * caller checks the organization before it answers.
 */
export async function zoneViewsOfInstallations(database: Database, installationIds: readonly number[]): Promise<Map<number, SiteZones | null>> {
  const { rows } = await database.sql.query<{ id: number; organization_id: number; zones: ZoneJson[] }>(
    `select i.id, i.organization_id,
       coalesce((select json_agg(json_build_object(
           'id', z.id, 'name', z.name, 'installationId', z.installation_id, 'parentId', z.parent_id,
           'childIds', coalesce((select json_agg(c.id order by c.id) from zones c where c.parent_id = z.id), '[]'),
           'sensorId', (select min(d.id) from devices d where d.zone_id = z.id and d.kind = 'atmosphere'),
           'tagIds', coalesce((select json_agg(t.tag_id order by t.tag_id) from zone_tags t where t.zone_id = z.id), '[]'),
           'isDisabled', z.is_disabled, 'isDeleted', z.deleted_at is not null, 'areaM2', z.area_m2) order by z.id)
         from zones z where z.installation_id = i.id), '[]') as zones
     from installations i where i.id = any($1::int[])`,
    [[...installationIds]],
  );
  const found = new Map<number, SiteZones | null>(installationIds.map((id) => [id, null]));
  for (const row of rows) {
    found.set(row.id, {
      organizationId: row.organization_id,
      zones: row.zones.map(({ parentId, ...z }) => ({ ...z, parentIds: parentId === null ? [] : [parentId] })),
    });
  }
  return found;
}

type ZoneJson = Omit<ZoneView, 'parentIds'> & { parentId: number | null };
