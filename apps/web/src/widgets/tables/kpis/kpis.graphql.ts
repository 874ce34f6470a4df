import { gql, type TypedDocumentNode } from '@apollo/client';
import type { LiveEntry } from './kpiCards.ts';
import type { SiteDevice, SiteZone } from './liveTargets.ts';

export const LIVE_VALUES: TypedDocumentNode<
  { liveValues: Array<LiveEntry & { targetKind: string }> },
  { installationId: number; metrics: string[] }
> = gql`
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
`;

/** Zones and air-quality devices of the site: which readings stand for a zone. */
export const LIVE_SCOPE: TypedDocumentNode<{ zonesByInstallation: SiteZone[]; devicesAtmosphereByInstallation: SiteDevice[] }, { installationId: number }> = gql`
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
`;
