import { gql, type TypedDocumentNode } from '@apollo/client';

export interface InstallationDetail {
  id: number;
  name: string;
  organizationId: number;
  city: string | null;
  country: string | null;
  address: string | null;
  timezone: string;
  change_of_day_time: string;
  families: string[];
}

export const INSTALLATION_BY_ID: TypedDocumentNode<
  { installationById: InstallationDetail | null },
  { installationId: number }
> = gql`
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
`;

export interface Kpi {
  metric: string;
  unit: string | null;
  value: number | null;
}

export const KPIS: TypedDocumentNode<
  { kpis: Kpi[] },
  { input: { installationId: number; metrics: string[]; filters: { operator: string; conditions: Array<{ type: string; dateBegin: string; dateEnd: string }> } } }
> = gql`
  query SiteKpis($input: KpiInput!) {
    kpis(input: $input) {
      metric
      unit
      value
    }
  }
`;
