import { graphql, type ResultOf } from '../../../shared/api/graphql.ts';
import { OPENING_HOURS_FIELDS } from '../../../shared/api/openingHoursFields.ts';

const PAGE_FIELDS = graphql(`
  fragment PageFields on Page {
    id
    dashboardId
    name
    icon
    order
    installationId
    widgetGlobalFilters
    widgets {
      id
      pageId
      type
      title
      category
      tooltipMessages
      realTime
      order
      kind
      zoneIds
      deviceIds
      passageIds
      alertIds
      ignoredFilters
      headers
      metrics
      configuration
      layout
    }
  }
`);

/** A page as the API gives it; toPage reads its JSON fields into the domain Page. */
export type PageRow = ResultOf<typeof PAGE_FIELDS>;

export const ALL_DASHBOARDS = graphql(`
  query AllDashboardsV2 {
    allDashboardsV2 {
      id
      name
      type
      kind
      installationId
      url
      lastModified
    }
  }
`);

export type DashboardRow = ResultOf<typeof ALL_DASHBOARDS>['allDashboardsV2'][number];

export const PAGES_BY_DASHBOARD = graphql(
  `
    query PagesByDashboardId($dashboardId: Int!) {
      pagesByDashboardId(dashboardId: $dashboardId) {
        ...PageFields
      }
    }
  `,
  [PAGE_FIELDS],
);

export const STATIC_PAGE = graphql(
  `
    query StaticPageByInstallation($installationId: Int!, $kind: String!) {
      staticPageByInstallation(installationId: $installationId, kind: $kind) {
        ...PageFields
      }
    }
  `,
  [PAGE_FIELDS],
);

export const SITE_FOR_WIDGETS = graphql(
  `
    query SiteForWidgets($installationId: Int!) {
      installationById(installationId: $installationId) {
        id
        name
        timezone
        change_of_day_time
        creationDate
        opening_hours {
          ...OpeningHoursFields
        }
        zones {
          id
          parentIds
          isDeleted
          isDisabled
        }
      }
    }
  `,
  [OPENING_HOURS_FIELDS],
);

export type SiteForWidgets = NonNullable<ResultOf<typeof SITE_FOR_WIDGETS>['installationById']>;
