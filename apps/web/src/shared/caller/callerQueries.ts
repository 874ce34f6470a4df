import { gql, type TypedDocumentNode } from '@apollo/client';
import type { OpeningHoursWindow, RightsTree } from '@sitelens/domain';
import { OPENING_HOURS_FIELDS } from '../api/openingHoursFields.ts';

export interface CurrentUser {
  id: number;
  createdAt: string;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  lang: string;
  dateFormat: string;
  role: string;
  isAdmin: boolean;
  timezone: string | null;
  organizationIds: number[];
  profileId: number | null;
  profile: { id: number; name: string; rights: RightsTree | null } | null;
}

export interface CurrentOrganization {
  id: number;
  name: string;
  logo: string | null;
  address: string | null;
  installationIds: number[];
  migrationDeadline: string | null;
  features: { dataExport: boolean; alertsRestricted: boolean };
}

export interface InstallationSummary {
  id: number;
  name: string;
  city: string | null;
  country: string | null;
  timezone: string;
  change_of_day_time: string;
  opening_hours: Array<OpeningHoursWindow & { __typename?: string }>;
  families: string[];
}

export const CURRENT_USER_FIELDS = gql`
  fragment CurrentUserFields on User {
    id
    createdAt
    name
    firstName
    lastName
    email
    lang
    dateFormat
    role
    isAdmin
    timezone
    organizationIds
    profileId
    profile {
      id
      name
      rights
    }
  }
`;

export const ME: TypedDocumentNode<{ me: CurrentUser }> = gql`
  query Me {
    me {
      ...CurrentUserFields
    }
  }
  ${CURRENT_USER_FIELDS}
`;

export const ORGANIZATION_BY_ID: TypedDocumentNode<
  { organizationById: CurrentOrganization | null },
  { organizationId: number }
> = gql`
  query OrganizationById($organizationId: Int!) {
    organizationById(organizationId: $organizationId) {
      id
      name
      logo
      address
      installationIds
      migrationDeadline
      features {
        dataExport
        alertsRestricted
      }
    }
  }
`;

export const ALL_INSTALLATIONS: TypedDocumentNode<{ allInstallations: InstallationSummary[] }> = gql`
  query AllInstallations {
    allInstallations {
      id
      name
      city
      country
      timezone
      change_of_day_time
      opening_hours {
        ...OpeningHoursFields
      }
      families
    }
  }
  ${OPENING_HOURS_FIELDS}
`;
