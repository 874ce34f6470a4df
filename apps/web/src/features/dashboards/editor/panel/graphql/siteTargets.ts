import { graphql, type ResultOf } from '../../../../../shared/api/graphql.ts';

/** What the side panel offers as a widget's metrics and targets: the site's families, zones, passages and devices (and its organization, whose tags filter metrics). */
export const SITE_TARGETS = graphql(`
  query WidgetPanelSiteTargets($installationId: Int!) {
    installationById(installationId: $installationId) {
      id
      organizationId
      families
      zones {
        id
        name
        isDeleted
      }
    }
    topZoneByInstallation(installationId: $installationId) {
      id
    }
    passagesByInstallation(installationId: $installationId) {
      id
      name
    }
    devicesAtmosphereByInstallation(installationId: $installationId) {
      id
      name
    }
  }
`);

export type SiteTargetsData = ResultOf<typeof SITE_TARGETS>;
