import { EVENT_PERIOD_FIELDS } from '../../../shared/api/eventPeriodFields.ts';
import { graphql, type ResultOf } from '../../../shared/api/graphql.ts';

export const EVENTS_OF_SITE = graphql(
  `
    query StopNGoEvents($installationId: Int!) {
      allEventsByInstallation(installationId: $installationId) {
        ...EventPeriodFields
        metrics
      }
    }
  `,
  [EVENT_PERIOD_FIELDS],
);

export type StopNGoEvent = ResultOf<typeof EVENTS_OF_SITE>['allEventsByInstallation'][number];

export const EVENT_LIMIT = graphql(`
  query StopNGoEventLimit($eventId: Int!) {
    eventById(eventId: $eventId) {
      id
      stopngo {
        limit
      }
    }
    stopNGoOccupancy(eventId: $eventId) {
      eventId
      inside
      limit
      placesLeft
      state
    }
  }
`);

export const UPDATE_LIMIT = graphql(`
  mutation UpdateEventStopNGoLimit($eventId: Int!, $limit: Int) {
    updateEventStopNGoLimit(eventId: $eventId, limit: $limit) {
      id
      stopngo {
        limit
      }
    }
  }
`);

const SCREEN_FIELDS = graphql(`
  fragment StopNGoScreenFields on StopNGoScreen {
    id
    name
    status
    language
    secondLanguage
    lastSeenAt
  }
`);

export const SCREENS = graphql(
  `
    query StopNGoScreens($eventId: Int!) {
      stopNGoScreens(eventId: $eventId) {
        ...StopNGoScreenFields
      }
    }
  `,
  [SCREEN_FIELDS],
);

export type StopNGoScreen = ResultOf<typeof SCREENS>['stopNGoScreens'][number];

export const CREATE_SCREEN = graphql(
  `
    mutation CreateStopNGoScreen($input: StopNGoScreenInput!) {
      createStopNGoScreen(input: $input) {
        secret
        screen {
          ...StopNGoScreenFields
        }
      }
    }
  `,
  [SCREEN_FIELDS],
);

export const RENEW_SCREEN = graphql(
  `
    mutation RenewStopNGoScreenSecret($id: Int!) {
      renewStopNGoScreenSecret(id: $id) {
        secret
        screen {
          ...StopNGoScreenFields
        }
      }
    }
  `,
  [SCREEN_FIELDS],
);

export const DELETE_SCREEN = graphql(`
  mutation DeleteStopNGoScreen($id: Int!) {
    deleteStopNGoScreen(id: $id)
  }
`);

/** What an entrance screen reads with its secret alone. */
export const SCREEN_DISPLAY = graphql(`
  subscription StopNGoDisplay($secret: String!) {
    stopNGoDisplay(secret: $secret) {
      state
      inside
      limit
      placesLeft
      language
      secondLanguage
      at
    }
  }
`);

export type ScreenDisplay = ResultOf<typeof SCREEN_DISPLAY>['stopNGoDisplay'];
