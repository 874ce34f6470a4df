import { graphql, type ResultOf, type VariablesOf } from '../../../shared/api/graphql.ts';
import { ORGANIZATION_FIELDS } from '../../../shared/caller/callerQueries.ts';

export const ORGANIZATION_STATS = graphql(`
  query OrganizationStats {
    organizationStats {
      installationCount
      userCount
      padCount
      deviceAtmosphereCount
      totalDeviceCount
    }
  }
`);

export type OrganizationStats = ResultOf<typeof ORGANIZATION_STATS>['organizationStats'];

export const UPDATE_ORGANIZATION = graphql(
  `
    mutation UpdateOrganization(
      $id: Int!
      $name: String
      $address: String
      $logo: String
      $customLinks: [CustomLinkInput!]
      $migrationDeadline: Date
    ) {
      updateOrganization(id: $id, name: $name, address: $address, logo: $logo, customLinks: $customLinks, migrationDeadline: $migrationDeadline) {
        ...OrganizationFields
      }
    }
  `,
  [ORGANIZATION_FIELDS],
);

export type UpdateOrganizationVariables = VariablesOf<typeof UPDATE_ORGANIZATION>;
