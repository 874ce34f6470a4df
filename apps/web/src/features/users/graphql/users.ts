import { graphql, type ResultOf, type VariablesOf } from '../../../shared/api/graphql.ts';
import { CUSTOM_LINK_FIELDS } from '../../../shared/api/customLinkFields.ts';
import { CURRENT_USER_FIELDS } from '../../../shared/caller/callerQueries.ts';

const USER_ROW_FIELDS = graphql(
  `
    fragment UserRowFields on User {
      id
      name
      firstName
      lastName
      email
      role
      lang
      createdAt
      picture
      profile {
        id
        name
      }
      customLinks {
        ...CustomLinkFields
      }
    }
  `,
  [CUSTOM_LINK_FIELDS],
);

export const ALL_USERS = graphql(
  `
    query AllUsers {
      allUsers {
        ...UserRowFields
      }
    }
  `,
  [USER_ROW_FIELDS],
);

export const USER_BY_ID = graphql(
  `
    query UserById($userId: Int!) {
      userById(userId: $userId) {
        ...UserRowFields
      }
    }
  `,
  [USER_ROW_FIELDS],
);

export type UserRow = ResultOf<typeof USER_ROW_FIELDS>;

export const UPDATE_USER_PROFILE = graphql(
  `
    mutation UpdateUserProfile($profile: UserProfileInput!) {
      updateUserProfile(profile: $profile) {
        ...CurrentUserFields
      }
    }
  `,
  [CURRENT_USER_FIELDS],
);

export type UserProfileInput = VariablesOf<typeof UPDATE_USER_PROFILE>['profile'];

export const UPDATE_USER_CUSTOM_LINKS = graphql(
  `
    mutation UpdateUserCustomLinks($userId: Int!, $customLinks: [CustomLinkInput!]!) {
      updateUserCustomLinks(userId: $userId, customLinks: $customLinks) {
        id
        customLinks {
          ...CustomLinkFields
        }
      }
    }
  `,
  [CUSTOM_LINK_FIELDS],
);
