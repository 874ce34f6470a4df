import { EVENT_PERIOD_FIELDS } from '../../../shared/api/eventPeriodFields.ts';
import { graphql, type ResultOf } from '../../../shared/api/graphql.ts';

/**
 * The site's organization (for its tag categories) and the events of the event filter, in one call:
 * installationById carries both, where allEventsByInstallation (spec 002 §7) would need a second.
 */
export const FILTER_EVENTS = graphql(
  `
    query FilterEvents($installationId: Int!) {
      installationById(installationId: $installationId) {
        id
        organizationId
        events {
          ...EventPeriodFields
        }
      }
    }
  `,
  [EVENT_PERIOD_FIELDS],
);

export type FilterEventRow = NonNullable<ResultOf<typeof FILTER_EVENTS>['installationById']>['events'][number];
