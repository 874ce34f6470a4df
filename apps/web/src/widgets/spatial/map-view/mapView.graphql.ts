import { graphql } from '../../../shared/api/graphql.ts';
import { ZONE_TREE_FIELDS } from '../../../shared/api/zoneTreeFields.ts';

/** The floor plan of a zone; `config` is JSON, read with the domain's isMapViewConfig. */
export const MAP_VIEW_CONFIG = graphql(`
  query MapViewConfig($zoneId: Int!) {
    mapViewConfigByZoneId(zoneId: $zoneId) {
      zoneId
      version
      config
    }
  }
`);

/** The site's zones and passages: names for the labels, and the top zone when the page names none. */
export const MAP_SITE_NAMES = graphql(
  `
    query MapSiteNames($installationId: Int!) {
      installationById(installationId: $installationId) {
        id
        zones {
          ...ZoneTreeFields
        }
      }
      passagesByInstallation(installationId: $installationId) {
        id
        name
      }
    }
  `,
  [ZONE_TREE_FIELDS],
);

export const MAP_TAG_NAMES = graphql(`
  query MapTagNames($ids: [Int!]!) {
    tagsByIds(ids: $ids) {
      id
      name
    }
  }
`);
