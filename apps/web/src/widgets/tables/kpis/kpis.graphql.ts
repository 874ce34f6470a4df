import { graphql } from '../../../shared/api/graphql.ts';

export const LIVE_VALUES = graphql(`
  query WidgetLiveValues($installationId: Int!, $metrics: [String!]) {
    liveValues(installationId: $installationId, metrics: $metrics) {
      targetKind
      targetId
      label
      metric
      ts
      value
    }
  }
`);

/** Zones and air-quality devices of the site: which readings stand for a zone. */
export const LIVE_SCOPE = graphql(`
  query WidgetLiveScope($installationId: Int!) {
    zonesByInstallation(installationId: $installationId) {
      id
      parentIds
    }
    devicesAtmosphereByInstallation(installationId: $installationId) {
      id
      zone {
        id
      }
    }
  }
`);
