import { graphql } from '../../../shared/api/graphql.ts';

export const DASHBOARD_TEMPLATES = graphql(`
  query DashboardTemplates($installationId: Int!) {
    dashboardTemplates(installationId: $installationId) {
      key
      available
      missing
    }
  }
`);

export const CREATE_EMPTY_DASHBOARD = graphql(`
  mutation CreateEmptyDashboard($name: String!, $installationId: Int) {
    createDashboard(name: $name, installationId: $installationId) {
      id
      url
    }
  }
`);

export const CREATE_DASHBOARD_FROM_TEMPLATE = graphql(`
  mutation CreateDashboardFromTemplate($installationId: Int!, $template: DashboardTemplateKey!, $name: String!, $language: String) {
    createDashboardFromTemplate(installationId: $installationId, template: $template, name: $name, language: $language) {
      id
      url
    }
  }
`);

export const DUPLICATE_DASHBOARD = graphql(`
  mutation DuplicateDashboard($dashboardId: Int!, $name: String!) {
    duplicateDashboard(dashboardId: $dashboardId, name: $name) {
      id
      url
    }
  }
`);
