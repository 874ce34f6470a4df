import { graphql } from '../../../shared/api/graphql.ts';

export const INVITATION_BY_TOKEN = graphql(`
  query InvitationByToken($token: String!) {
    invitationByToken(token: $token) {
      email
      organizationName
      lang
      firstName
      lastName
      phone
      isPhoneVerified
      otpContact
      createdAt
    }
  }
`);

export const ACCEPT_INVITATION = graphql(`
  mutation AcceptInvitation($token: String!, $password: String!, $firstName: String!, $lastName: String!, $phone: String, $lang: String) {
    acceptInvitation(token: $token, password: $password, firstName: $firstName, lastName: $lastName, phone: $phone, lang: $lang)
  }
`);

/** acceptInvitation with the recovery codes of the two-factor chosen (issue 29.17). */
export const COMPLETE_ONBOARDING = graphql(`
  mutation CompleteOnboarding($token: String!, $password: String!, $firstName: String!, $lastName: String!, $phone: String, $lang: String) {
    completeOnboarding(token: $token, password: $password, firstName: $firstName, lastName: $lastName, phone: $phone, lang: $lang) {
      recoveryCodes
    }
  }
`);

export const SEND_INVITATION_CODE = graphql(`
  mutation SendInvitationVerificationCode($token: String!, $phone: String!) {
    sendInvitationVerificationCode(token: $token, phone: $phone)
  }
`);

export const VERIFY_INVITATION_CONTACT = graphql(`
  mutation VerifyInvitationContact($token: String!, $otp: String!) {
    verifyInvitationContact(token: $token, otp: $otp)
  }
`);

export const UPDATE_INVITATION_OTP_CONTACT = graphql(`
  mutation UpdateInvitationOtpContact($token: String!, $otpContact: String) {
    updateInvitationOtpContact(token: $token, otpContact: $otpContact)
  }
`);

export const REQUEST_NEW_INVITATION = graphql(`
  mutation RequestNewInvitation($token: String!) {
    requestNewInvitation(token: $token)
  }
`);
