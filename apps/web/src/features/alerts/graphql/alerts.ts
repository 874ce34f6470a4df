import { graphql, type ResultOf } from '../../../shared/api/graphql.ts';

export const ALERT_LIST = graphql(`
  query AlertList($first: Int, $after: String, $filter: AlertFilterInput) {
    alertConnection(first: $first, after: $after, filter: $filter, sort: NAME_ASC) {
      count
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        name
        enabled
        installationId
        triggered
        condition {
          type
        }
        actions {
          type
        }
      }
    }
  }
`);

export type AlertListItem = ResultOf<typeof ALERT_LIST>['alertConnection']['nodes'][number];

export const ALERT_BY_ID = graphql(`
  query AlertById($alertId: Int!) {
    alertById(alertId: $alertId) {
      id
      name
      enabled
      installationId
      eventId
      reminderMinutes
      condition {
        type
        value
        min
        max
        direction
        zoneId
        padIds
        deviceAtmosphereIds
        padStatusCodes
        maxTrigger
      }
      actions {
        type
        msgTitle
        msgContent
        recipients
        url
      }
      planning {
        name
        mails
        phones
        userIds
      }
      schedule {
        beginDay
        beginHour
        beginMinute
        endDay
        endHour
        endMinute
      }
    }
  }
`);

export type AlertDetails = NonNullable<ResultOf<typeof ALERT_BY_ID>['alertById']>;

export const ALERT_FORM_OPTIONS = graphql(`
  query AlertFormOptions($installationId: Int!) {
    zonesByInstallation(installationId: $installationId) {
      id
      name
      isDeleted
      areaM2
    }
    devicesAtmosphereByInstallation(installationId: $installationId) {
      id
      name
    }
    padsByInstallation(installationId: $installationId) {
      id
      name
    }
    allEventsByInstallation(installationId: $installationId) {
      id
      name
    }
  }
`);

export const ALERT_RECIPIENTS = graphql(`
  query AlertRecipients {
    alertRecipients {
      userId
      name
      email
      emailVerified
      hasPhone
      phoneVerified
      canReadAlerts
    }
  }
`);

export type AlertRecipient = ResultOf<typeof ALERT_RECIPIENTS>['alertRecipients'][number];

export const CREATE_ALERT = graphql(`
  mutation CreateAlertWithDetails($input: CreateAlertWithDetailsInput!) {
    createAlertWithDetails(input: $input) {
      id
    }
  }
`);

export const UPDATE_ALERT_DETAILS = graphql(`
  mutation UpdateAlertWithDetails($input: UpdateAlertWithDetailsInput!) {
    updateAlertWithDetails(input: $input) {
      id
      name
      enabled
    }
  }
`);

export const TOGGLE_ALERT = graphql(`
  mutation UpdateAlert($id: Int!, $enabled: Boolean!) {
    updateAlert(id: $id, enabled: $enabled) {
      id
      enabled
    }
  }
`);

export const DELETE_ALERT = graphql(`
  mutation DeleteAlert($id: Int!) {
    deleteAlert(id: $id)
  }
`);
