import { graphql, type ResultOf } from './graphql.ts';

/** An alert-log entry (spec 001 §3) as the alert-log widget and the home page's open alerts read it. */
export const ALERT_LOG_FIELDS = graphql(`
  fragment AlertLogFields on AlertLog {
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
    installationId
    zoneId
    passageId
    deviceId
    message
    zone {
      name
    }
  }
`);

export type AlertLogFields = ResultOf<typeof ALERT_LOG_FIELDS>;
