import { gql, type TypedDocumentNode } from '@apollo/client';

export interface OrganizationStats {
  installationCount: number;
  userCount: number;
  padCount: number;
  deviceAtmosphereCount: number;
  totalDeviceCount: number;
}

export const ORGANIZATION_STATS: TypedDocumentNode<{ organizationStats: OrganizationStats }> = gql`
  query OrganizationStats {
    organizationStats {
      installationCount
      userCount
      padCount
      deviceAtmosphereCount
      totalDeviceCount
    }
  }
`;
