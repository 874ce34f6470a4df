import { graphql, type ResultOf } from '../../../shared/api/graphql.ts';

export const SITE_ZONES = graphql(`
  query WidgetSiteZones($installationId: Int!) {
    zonesByInstallation(installationId: $installationId) {
      id
      name
      parentIds
      isDisabled
      isDeleted
    }
  }
`);

export type ZoneNode = ResultOf<typeof SITE_ZONES>['zonesByInstallation'][number];
