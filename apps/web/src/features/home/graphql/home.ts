import { ALERT_LOG_FIELDS } from '../../../shared/api/alertLogFields.ts';
import { graphql, type ResultOf, type VariablesOf } from '../../../shared/api/graphql.ts';
import { PIN_FIELDS } from '../../../shared/api/pinFields.ts';

/** A site's figures through the metrics engine's retailDataBatch, the call the widgets make. */
export const HOME_FIGURES = graphql(`
  query HomeFigures($inputs: [RetailDataInput!]!) {
    retailDataBatch(inputs: $inputs) {
      metric
      unit
      series {
        key
        points {
          value
        }
      }
    }
  }
`);

export type HomeFigureRequest = VariablesOf<typeof HOME_FIGURES>['inputs'][number];

/** Alert episodes open at a given instant (those overlapping [now, now]), newest first. */
export const OPEN_ALERTS = graphql(
  `
  query HomeOpenAlerts($filter: AlertLogFilterInput, $first: Int) {
    alertLogConnection(filter: $filter, first: $first) {
      edges {
        node {
          ...AlertLogFields
        }
      }
      pageInfo {
        hasNextPage
      }
    }
  }
`,
  [ALERT_LOG_FIELDS],
);

export type OpenAlert = ResultOf<typeof OPEN_ALERTS>['alertLogConnection']['edges'][number]['node'];

export const HOME_PINS = graphql(
  `
    query HomePins {
      pins {
        ...PinFields
      }
    }
  `,
  [PIN_FIELDS],
);

export type HomePin = ResultOf<typeof HOME_PINS>['pins'][number];

export const NEXT_REPORTS = graphql(`
  query HomeNextReports {
    scheduledReports {
      id
      title
      siteName
      timeZone
      nextSendAt
    }
  }
`);
