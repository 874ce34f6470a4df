import { CUSTOM_LINK_FIELDS } from '../api/customLinkFields.ts';
import { graphql, type ResultOf } from '../api/graphql.ts';
import { OPENING_HOURS_FIELDS } from '../api/openingHoursFields.ts';

/** What the shell and every screen know of the signed-in user. */
export const CURRENT_USER_FIELDS = graphql(
  `
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
      theme
      phone
      isPhoneVerified
      isEmailVerified
      hasPassword
      otpContact
      picture
      organizationIds
      profileId
      profile {
        id
        name
        rights
      }
      customLinks {
        ...CustomLinkFields
      }
    }
  `,
  [CUSTOM_LINK_FIELDS],
);

export const ME = graphql(
  `
    query Me {
      me {
        ...CurrentUserFields
      }
    }
  `,
  [CURRENT_USER_FIELDS],
);

export const ORGANIZATION_FIELDS = graphql(
  `
    fragment OrganizationFields on Organization {
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
      customLinks {
        ...CustomLinkFields
      }
    }
  `,
  [CUSTOM_LINK_FIELDS],
);

export const ORGANIZATION_BY_ID = graphql(
  `
    query OrganizationById($organizationId: Int!) {
      organizationById(organizationId: $organizationId) {
        ...OrganizationFields
      }
    }
  `,
  [ORGANIZATION_FIELDS],
);

export type CurrentUser = ResultOf<typeof CURRENT_USER_FIELDS>;
export type CurrentOrganization = ResultOf<typeof ORGANIZATION_FIELDS>;

export const ALL_INSTALLATIONS = graphql(
  `
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
  `,
  [OPENING_HOURS_FIELDS],
);

/** A site as the shell lists it for every screen. */
export type InstallationSummary = ResultOf<typeof ALL_INSTALLATIONS>['allInstallations'][number];
