import { graphql } from '../../../shared/api/graphql.ts';

export const RENAME_DASHBOARD = graphql(`
  mutation RenameDashboard($id: Int!, $name: String!) {
    renameDashboard(id: $id, name: $name) {
      id
      name
    }
  }
`);

export const DELETE_DASHBOARD = graphql(`
  mutation DeleteDashboard($id: Int!) {
    deleteDashboard(id: $id)
  }
`);
