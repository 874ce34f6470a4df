import { EVENT_PERIOD_FIELDS } from '../../../shared/api/eventPeriodFields.ts';
import { graphql, type ResultOf } from '../../../shared/api/graphql.ts';
import { ZONE_TREE_FIELDS } from '../../../shared/api/zoneTreeFields.ts';

/** The zones of the zone filter (spec 001 §7 zonesByInstallation). */
export const FILTER_ZONES = graphql(
  `
    query FilterZones($installationId: Int!) {
      zonesByInstallation(installationId: $installationId) {
        ...ZoneTreeFields
      }
    }
  `,
  [ZONE_TREE_FIELDS],
);

export type FilterZoneRow = ResultOf<typeof FILTER_ZONES>['zonesByInstallation'][number];

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
