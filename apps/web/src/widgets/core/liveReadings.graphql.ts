import { gql, type TypedDocumentNode } from '@apollo/client';
import type { PushedReading } from './liveScope.ts';

/** Readings of a site as the server writes them (apps/server/src/modules/live). */
export const LIVE_READINGS: TypedDocumentNode<{ liveReadings: PushedReading[] }, { installationId: number }> = gql`
  subscription WidgetLiveReadings($installationId: Int!) {
    liveReadings(installationId: $installationId) {
      targetKind
      targetId
      metric
    }
  }
`;
