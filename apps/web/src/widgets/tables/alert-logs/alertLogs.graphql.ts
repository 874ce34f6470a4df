import { ALERT_LOG_FIELDS } from '../../../shared/api/alertLogFields.ts';
import { graphql, type ResultOf } from '../../../shared/api/graphql.ts';

/** Alert episodes, newest first (apps/server alertlogs module). */
export const ALERT_LOGS = graphql(
  `
    query WidgetAlertLogs($filter: AlertLogFilterInput, $first: Int) {
      alertLogConnection(filter: $filter, first: $first) {
        edges {
          node {
            ...AlertLogFields
          }
        }
      }
    }
  `,
  [ALERT_LOG_FIELDS],
);

export type AlertLogNode = ResultOf<typeof ALERT_LOGS>['alertLogConnection']['edges'][number]['node'];

/** Alert episodes as they begin and end (spec 001 §7 live alerts, per organization and zone): the widget reloads on each. */
export const LIVE_ALERTS = graphql(`
  subscription WidgetLiveAlerts($zoneIds: [Int!]) {
    liveAlerts(zoneIds: $zoneIds) {
      id
      alertId
      dateEnd
    }
  }
`);
