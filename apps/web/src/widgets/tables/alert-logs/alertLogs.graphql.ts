import { gql, type TypedDocumentNode } from '@apollo/client';
import type { AlertLogEntry } from '@sitelens/domain';
import type { AlertLogFilter } from './alertLogScope.ts';

export type AlertLogNode = AlertLogEntry & { id: number; alertId: number };

/** Alert episodes, newest first (apps/server alertlogs module). */
export const ALERT_LOGS: TypedDocumentNode<
  { alertLogConnection: { edges: Array<{ node: AlertLogNode }> } },
  { filter: AlertLogFilter; first: number }
> = gql`
  query WidgetAlertLogs($filter: AlertLogFilterInput, $first: Int) {
    alertLogConnection(filter: $filter, first: $first) {
      edges {
        node {
          id
          alertId
          conditionType
          metrics {
            type
            threshold
            value
          }
          dateBegin
          dateEnd
          zoneId
          passageId
          deviceId
          message
          zone {
            name
          }
        }
      }
    }
  }
`;

/** Alert episodes as they begin and end (spec 001 §7 live alerts, per organization and zone): the widget reloads on each. */
export const LIVE_ALERTS: TypedDocumentNode<{ liveAlerts: { id: number; alertId: number | null; dateEnd: string | null } }, { zoneIds: number[] | null }> = gql`
  subscription WidgetLiveAlerts($zoneIds: [Int!]) {
    liveAlerts(zoneIds: $zoneIds) {
      id
      alertId
      dateEnd
    }
  }
`;
