import { graphql, type ResultOf } from '../../../shared/api/graphql.ts';

export const INSTALLATION_BY_ID = graphql(`
  query InstallationById($installationId: Int!) {
    installationById(installationId: $installationId) {
      id
      name
      organizationId
      city
      country
      address
      timezone
      change_of_day_time
      families
    }
  }
`);

export type InstallationDetail = NonNullable<ResultOf<typeof INSTALLATION_BY_ID>['installationById']>;

export const KPIS = graphql(`
  query SiteKpis($input: KpiInput!) {
    kpis(input: $input) {
      metric
      unit
      value
    }
  }
`);

export type Kpi = ResultOf<typeof KPIS>['kpis'][number];
