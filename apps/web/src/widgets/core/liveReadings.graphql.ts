import { graphql } from '../../shared/api/graphql.ts';

/** Readings of a site as the server writes them (apps/server/src/modules/live). */
export const LIVE_READINGS = graphql(`
  subscription WidgetLiveReadings($installationId: Int!) {
    liveReadings(installationId: $installationId) {
      targetKind
      targetId
      metric
    }
  }
`);
