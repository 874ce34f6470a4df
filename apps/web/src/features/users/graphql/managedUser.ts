import { graphql, type ResultOf, type VariablesOf } from '../../../shared/api/graphql.ts';
import { CURRENT_USER_FIELDS } from '../../../shared/caller/callerQueries.ts';

/** A managed user with every field the General, Preferences and Security tabs show. */
export const MANAGED_USER = graphql(
  `
    query ManagedUser($userId: Int!) {
      userById(userId: $userId) {
        ...CurrentUserFields
      }
    }
  `,
  [CURRENT_USER_FIELDS],
);

export type ManagedUser = NonNullable<ResultOf<typeof MANAGED_USER>['userById']>;

export const UPDATE_MANAGED_USER = graphql(
  `
    mutation UpdateManagedUser($userId: Int!, $user: ManagedUserInput!) {
      updateUser(userId: $userId, user: $user) {
        ...CurrentUserFields
      }
    }
  `,
  [CURRENT_USER_FIELDS],
);

export type ManagedUserInput = VariablesOf<typeof UPDATE_MANAGED_USER>['user'];

export const DELETE_USER = graphql(`
  mutation DeleteUser($userId: Int!) {
    deleteUser(userId: $userId)
  }
`);

export const END_USER_SESSIONS = graphql(`
  mutation EndUserSessions($userId: Int!) {
    endUserSessions(userId: $userId)
  }
`);

export const RESET_USER_TWO_FACTOR = graphql(
  `
    mutation ResetUserTwoFactor($userId: Int!) {
      resetUserTwoFactor(userId: $userId) {
        ...CurrentUserFields
        twoFactorEnabled
      }
    }
  `,
  [CURRENT_USER_FIELDS],
);

export const RIGHTS_PROFILES = graphql(`
  query RightsProfiles {
    profiles {
      id
      name
      rights
    }
  }
`);

export type RightsProfile = ResultOf<typeof RIGHTS_PROFILES>['profiles'][number];

export const CREATE_PROFILE = graphql(`
  mutation CreateRightsProfile($profile: RightsProfileInput!) {
    createProfile(profile: $profile) {
      id
      name
      rights
    }
  }
`);

export const UPDATE_PROFILE = graphql(`
  mutation UpdateRightsProfile($id: Int!, $profile: RightsProfileInput!) {
    updateProfile(id: $id, profile: $profile) {
      id
      name
      rights
    }
  }
`);

export const DELETE_PROFILE = graphql(`
  mutation DeleteRightsProfile($id: Int!) {
    deleteProfile(id: $id)
  }
`);

export const AUDIT_LOG = graphql(`
  query AuditLog($first: Int, $offset: Int) {
    auditLog(first: $first, offset: $offset) {
      id
      createdAt
      adminEmail
      userEmail
      operation
      objectName
      changedFields
      outcome
    }
  }
`);
