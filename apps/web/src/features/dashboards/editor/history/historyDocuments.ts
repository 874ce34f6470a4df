import { graphql, type ResultOf } from '../../../../shared/api/graphql.ts';

export const DASHBOARD_VERSIONS = graphql(`
  query DashboardVersions($dashboardId: Int!) {
    dashboardVersions(dashboardId: $dashboardId) {
      dashboardId
      number
      authorName
      createdAt
      restoredFrom
      summary {
        first
        renamed
        pagesAdded
        pagesRemoved
        pagesChanged
        widgetsAdded
        widgetsRemoved
        widgetsChanged
      }
    }
  }
`);

export type VersionRow = ResultOf<typeof DASHBOARD_VERSIONS>['dashboardVersions'][number];

export const DASHBOARD_VERSION_MODEL = graphql(`
  query DashboardVersionModel($dashboardId: Int!, $number: Int!) {
    dashboardVersionModel(dashboardId: $dashboardId, number: $number)
  }
`);

export const RESTORE_DASHBOARD_VERSION = graphql(`
  mutation RestoreDashboardVersion($dashboardId: Int!, $number: Int!, $baseVersion: Int!) {
    restoreDashboardVersion(dashboardId: $dashboardId, number: $number, baseVersion: $baseVersion) {
      number
    }
  }
`);
