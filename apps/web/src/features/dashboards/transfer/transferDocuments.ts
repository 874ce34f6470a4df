import { graphql, type ResultOf } from '../../../shared/api/graphql.ts';

export const EXPORT_DASHBOARD = graphql(`
  query ExportDashboard($dashboardId: Int!) {
    exportDashboard(dashboardId: $dashboardId)
  }
`);

export const PREVIEW_DASHBOARD_IMPORT = graphql(`
  query PreviewDashboardImport($text: String!) {
    previewDashboardImport(text: $text) {
      name
      errors {
        line
        column
        path
        message
      }
      references {
        kind
        fromId
        name
        siteId
        toId
      }
      candidates {
        kind
        id
        name
        siteId
      }
    }
  }
`);

export type ImportPreview = ResultOf<typeof PREVIEW_DASHBOARD_IMPORT>['previewDashboardImport'];
export type ImportReference = ImportPreview['references'][number];
export type ImportCandidate = ImportPreview['candidates'][number];

export const IMPORT_DASHBOARD = graphql(`
  mutation ImportDashboard($text: String!, $mapping: [DashboardIdMappingInput!]!, $name: String!) {
    importDashboard(text: $text, mapping: $mapping, name: $name) {
      id
      url
    }
  }
`);
