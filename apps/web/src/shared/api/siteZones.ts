import type { FilterZone } from '@sitelens/domain';
import { graphql, type ResultOf } from './graphql.ts';
import { ZONE_TREE_FIELDS } from './zoneTreeFields.ts';

/**
 * A site's zones with their place in the tree and their state: one query for the zone filter, the
 * zones table and the site forms (export, reports), so Apollo's cache answers them all from one call.
 */
export const SITE_ZONES = graphql(
  `
    query SiteZones($installationId: Int!) {
      zonesByInstallation(installationId: $installationId) {
        ...ZoneTreeFields
      }
    }
  `,
  [ZONE_TREE_FIELDS],
);

export type SiteZoneRow = ResultOf<typeof SITE_ZONES>['zonesByInstallation'][number];

/** The zones a choice can fall on, as the domain's zone rules take them: deleted zones left out, each with its parent. */
export function toFilterZones(rows: readonly SiteZoneRow[]): FilterZone[] {
  return rows
    .filter((z) => !z.isDeleted)
    .map((z) => ({ id: z.id, parentId: z.parentIds[0] ?? null, name: z.name, sensorId: z.sensorId, isDisabled: z.isDisabled }));
}
