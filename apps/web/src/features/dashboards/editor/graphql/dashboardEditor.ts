import { graphql } from '../../../../shared/api/graphql.ts';

/** The dashboard as the editor opens it: its model and the version a save names as its base. */
export const EDITABLE_DASHBOARD = graphql(`
  query EditableDashboard($dashboardId: Int!) {
    editableDashboard(dashboardId: $dashboardId) {
      version
      model
    }
  }
`);

export const SAVE_DASHBOARD = graphql(`
  mutation SaveDashboard($dashboardId: Int!, $baseVersion: Int!, $model: JSON!) {
    saveDashboard(dashboardId: $dashboardId, baseVersion: $baseVersion, model: $model) {
      number
    }
  }
`);

/** "Save as a copy" after a conflict: a new dashboard of the caller's, then the draft saved on it. */
export const CREATE_DASHBOARD_COPY = graphql(`
  mutation CreateDashboardCopy($name: String!) {
    createDashboard(name: $name) {
      id
    }
  }
`);

/** The site's zones with their names, for a page's zone filter. */
export const ZONES_OF_SITE = graphql(`
  query EditorZonesOfSite($installationId: Int!) {
    zonesByInstallation(installationId: $installationId) {
      id
      name
      parentIds
      isDeleted
    }
  }
`);
