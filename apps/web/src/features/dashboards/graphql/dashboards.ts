import { gql, type TypedDocumentNode } from '@apollo/client';
import type { DashboardSummary, OpeningHoursWindow, Page } from '@sitelens/domain';
import { OPENING_HOURS_FIELDS } from '../../../shared/api/openingHoursFields.ts';

/** A page as the API gives it: the domain Page plus the site its widgets read. */
export type PageData = Page & { installationId: number | null };

const PAGE_FIELDS = gql`
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
    }
  }
`;

export const ALL_DASHBOARDS: TypedDocumentNode<{ allDashboardsV2: DashboardSummary[] }> = gql`
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
`;

export const PAGES_BY_DASHBOARD: TypedDocumentNode<{ pagesByDashboardId: PageData[] }, { dashboardId: number }> = gql`
  query PagesByDashboardId($dashboardId: Int!) {
    pagesByDashboardId(dashboardId: $dashboardId) {
      ...PageFields
    }
  }
  ${PAGE_FIELDS}
`;

export const STATIC_PAGE: TypedDocumentNode<{ staticPageByInstallation: PageData }, { installationId: number; kind: string }> = gql`
  query StaticPageByInstallation($installationId: Int!, $kind: String!) {
    staticPageByInstallation(installationId: $installationId, kind: $kind) {
      ...PageFields
    }
  }
  ${PAGE_FIELDS}
`;

export interface SiteForWidgets {
  id: number;
  name: string;
  timezone: string;
  change_of_day_time: string;
  creationDate: string;
  opening_hours: Array<OpeningHoursWindow & { __typename?: string }>;
  zones: Array<{ id: number; parentIds: number[]; isDeleted: boolean; isDisabled: boolean }>;
}

export const SITE_FOR_WIDGETS: TypedDocumentNode<{ installationById: SiteForWidgets | null }, { installationId: number }> = gql`
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
  ${OPENING_HOURS_FIELDS}
`;
