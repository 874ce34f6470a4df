import { graphql, type ResultOf } from '../../../shared/api/graphql.ts';
import { ZONE_TREE_FIELDS } from '../../../shared/api/zoneTreeFields.ts';

export const SITE_ZONES = graphql(
  `
    query WidgetSiteZones($installationId: Int!) {
      zonesByInstallation(installationId: $installationId) {
        ...ZoneTreeFields
      }
    }
  `,
  [ZONE_TREE_FIELDS],
);

export type ZoneNode = ResultOf<typeof SITE_ZONES>['zonesByInstallation'][number];
