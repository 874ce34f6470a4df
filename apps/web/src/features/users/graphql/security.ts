import { graphql } from '../../../shared/api/graphql.ts';

export const UPDATE_PASSWORD = graphql(`
  mutation UpdatePassword($oldPassword: String!, $newPassword: String!) {
    updatePassword(oldPassword: $oldPassword, newPassword: $newPassword)
  }
`);

export const UPDATE_OTP_CONTACT = graphql(`
  mutation UpdateOtpContact($otpContact: String, $code: String) {
    updateOtpContact(otpContact: $otpContact, code: $code) {
      codeSentTo
      recoveryCodes
      user {
        id
        otpContact
        isEmailVerified
        isPhoneVerified
      }
    }
  }
`);

export const ACCOUNT_SECURITY = graphql(`
  query AccountSecurity {
    trustedBrowsers {
      id
      label
      createdAt
      lastUsedAt
      current
    }
    mySessions {
      id
      label
      createdAt
      current
    }
  }
`);

export const REVOKE_TRUSTED_BROWSER = graphql(`
  mutation RevokeTrustedBrowser($id: Int!) {
    revokeTrustedBrowser(id: $id)
  }
`);

export const END_MY_SESSION = graphql(`
  mutation EndMySession($id: String!) {
    endMySession(id: $id)
  }
`);

export const SIGN_OUT_EVERYWHERE = graphql(`
  mutation SignOutEverywhere {
    signOutEverywhere
  }
`);

export const START_TOTP_ENROLMENT = graphql(`
  mutation StartTotpEnrolment {
    startTotpEnrolment {
      secret
      uri
    }
  }
`);

export const CONFIRM_TOTP = graphql(`
  mutation ConfirmTotp($code: String!) {
    confirmTotp(code: $code) {
      recoveryCodes
      user {
        id
        otpContact
      }
    }
  }
`);

export const RECOVERY_CODES_LEFT = graphql(`
  query RecoveryCodesLeft {
    recoveryCodesLeft
  }
`);

export const REGENERATE_RECOVERY_CODES = graphql(`
  mutation RegenerateRecoveryCodes {
    regenerateRecoveryCodes
  }
`);
