import { graphql } from '../../shared/api/graphql.ts';

const INVITATION_FIELDS = graphql(`
  fragment InvitationFields on Invitation {
    id
    email
    lang
    profile {
      id
      name
    }
    sentAt
    expiresAt
  }
`);

export const PENDING_INVITATIONS = graphql(
  `
    query PendingInvitations {
      invitations {
        ...InvitationFields
      }
    }
  `,
  [INVITATION_FIELDS],
);

export const INVITE_PROFILES = graphql(`
  query InviteProfiles {
    profiles {
      id
      name
      rights
    }
  }
`);

export const INVITE_USER = graphql(
  `
    mutation InviteUser($email: String!, $lang: String!, $profileId: Int) {
      inviteUser(email: $email, lang: $lang, profileId: $profileId) {
        ...InvitationFields
      }
    }
  `,
  [INVITATION_FIELDS],
);

export const RESEND_INVITATION = graphql(
  `
    mutation ResendInvitation($userId: Int!) {
      resendInvitation(userId: $userId) {
        ...InvitationFields
      }
    }
  `,
  [INVITATION_FIELDS],
);

export const CANCEL_INVITATION = graphql(`
  mutation CancelInvitation($userId: Int!) {
    cancelInvitation(userId: $userId)
  }
`);

/** The list's extra columns (status, last sign-in, two-factor), read beside the user rows. */
export const USER_ACCOUNT_STATES = graphql(`
  query UserAccountStates {
    allUsers {
      id
      status
      lastSignInAt
      twoFactorEnabled
    }
  }
`);
