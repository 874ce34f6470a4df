import { EVENT_PERIOD_FIELDS } from '../../../shared/api/eventPeriodFields.ts';
import { graphql, type ResultOf } from '../../../shared/api/graphql.ts';

/** What the list, the form and an update read of a report: one selection, so all three stay the same. */
const SCHEDULED_REPORT_FIELDS = graphql(`
  fragment ScheduledReportFields on ScheduledReport {
    id
    title
    language
    installationId
    siteName
    timeZone
    eventId
    eventName
    zoneId
    zoneName
    zoneDeleted
    sendDay
    hour
    daysIncluded
    granularity
    emails
    enabled
    status
    nextSendAt
  }
`);

export const SCHEDULED_REPORTS = graphql(
  `
  query ScheduledReports {
    scheduledReports {
      ...ScheduledReportFields
    }
  }
`,
  [SCHEDULED_REPORT_FIELDS],
);

export const SCHEDULED_REPORT = graphql(
  `
  query ScheduledReport($id: Int!) {
    scheduledReport(id: $id) {
      ...ScheduledReportFields
    }
  }
`,
  [SCHEDULED_REPORT_FIELDS],
);

export const CREATE_REPORT = graphql(`
  mutation CreateScheduledReport($input: ScheduledReportInput!) {
    createScheduledReport(input: $input) {
      id
    }
  }
`);

export const UPDATE_REPORT = graphql(
  `
  mutation UpdateScheduledReport($id: Int!, $input: ScheduledReportInput!) {
    updateScheduledReport(id: $id, input: $input) {
      ...ScheduledReportFields
    }
  }
`,
  [SCHEDULED_REPORT_FIELDS],
);

export const SET_REPORT_ENABLED = graphql(`
  mutation SetScheduledReportEnabled($id: Int!, $enabled: Boolean!) {
    setScheduledReportEnabled(id: $id, enabled: $enabled) {
      id
      enabled
      nextSendAt
    }
  }
`);

export const DELETE_REPORT = graphql(`
  mutation DeleteScheduledReport($id: Int!) {
    deleteScheduledReport(id: $id)
  }
`);

export const SEND_REPORT_NOW = graphql(`
  mutation SendScheduledReportNow($id: Int!) {
    sendScheduledReportNow(id: $id)
  }
`);

export const UNSUBSCRIBE_REPORT = graphql(`
  mutation UnsubscribeReport($token: String!) {
    unsubscribeReport(token: $token)
  }
`);

export const REPORT_SITE_CHOICES = graphql(
  `
    query ReportSiteChoices($installationId: Int!) {
      allEventsByInstallation(installationId: $installationId) {
        ...EventPeriodFields
      }
    }
  `,
  [EVENT_PERIOD_FIELDS],
);

export type ScheduledReport = ResultOf<typeof SCHEDULED_REPORTS>['scheduledReports'][number];

export const CREATE_RETAIL_REPORT = graphql(`
  mutation CreateRetailReport($from: DateTime!, $to: DateTime!, $zoneIds: [Int!]!, $granularity: Int!, $emails: [String!]!) {
    createRetailReport(from: $from, to: $to, zoneIds: $zoneIds, granularity: $granularity, emails: $emails)
  }
`);
