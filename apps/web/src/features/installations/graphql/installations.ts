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

export interface Zone {
  id: number;
  name: string;
  installationId: number;
  parentIds: number[];
  childIds: number[];
  sensorId: number | null;
  isDisabled: boolean;
  isDeleted: boolean;
}

export interface RetailPoint {
  t: string | null;
  key: string | null;
  value: number | null;
}

export interface RetailSeries {
  key: string;
  label: string;
  points: RetailPoint[];
}

export interface RetailDataInput {
  installationId: number;
  metric: string;
  granularity?: number;
  groupBy?: { type: string; aggregation?: string; granularity?: number };
  filters?: {
    operator?: string;
    conditions: Array<{ type: string; operator?: string; dateBegin?: string; dateEnd?: string; values?: string[] }>;
  };
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

export const ZONES_BY_INSTALLATION: TypedDocumentNode<{ zonesByInstallation: Zone[] }, { installationId: number }> = gql`
  query ZonesByInstallation($installationId: Int!) {
    zonesByInstallation(installationId: $installationId) {
      id
      name
      installationId
      parentIds
      childIds
      sensorId
      isDisabled
      isDeleted
    }
  }
`;

export const RETAIL_DATA: TypedDocumentNode<
  { retailData: { metric: string; unit: string | null; series: RetailSeries[] } },
  { input: RetailDataInput }
> = gql`
  query RetailData($input: RetailDataInput!) {
    retailData(input: $input) {
      metric
      unit
      series {
        key
        label
        points {
          t
          key
          value
        }
      }
    }
  }
`;
