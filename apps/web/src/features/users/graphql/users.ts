import { gql, type TypedDocumentNode } from '@apollo/client';
import { CURRENT_USER_FIELDS, type CurrentUser } from '../../../shared/caller/callerQueries.ts';

export interface UserRow {
  id: number;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  lang: string;
  createdAt: string;
  profile: { id: number; name: string } | null;
}

export interface UserProfileInput {
  firstName?: string;
  lastName?: string;
  lang?: string;
  dateFormat?: string;
  timezone?: string;
  phone?: string;
  theme?: string;
}

export const ALL_USERS: TypedDocumentNode<{ allUsers: UserRow[] }> = gql`
  query AllUsers {
    allUsers {
      id
      name
      firstName
      lastName
      email
      role
      lang
      createdAt
      profile {
        id
        name
      }
    }
  }
`;

export const USER_BY_ID: TypedDocumentNode<{ userById: UserRow | null }, { userId: number }> = gql`
  query UserById($userId: Int!) {
    userById(userId: $userId) {
      id
      name
      firstName
      lastName
      email
      role
      lang
      createdAt
      profile {
        id
        name
      }
    }
  }
`;

export const UPDATE_USER_PROFILE: TypedDocumentNode<
  { updateUserProfile: CurrentUser },
  { profile: UserProfileInput }
> = gql`
  mutation UpdateUserProfile($profile: UserProfileInput!) {
    updateUserProfile(profile: $profile) {
      ...CurrentUserFields
    }
  }
  ${CURRENT_USER_FIELDS}
`;
