import { graphql } from '../../../shared/api/graphql.ts';

export const LOGIN_WITH_OTP = graphql(`
  query LoginWithOtpToken($otp: String!) {
    loginWithOtpToken(otp: $otp)
  }
`);

export const RESEND_LOGIN_OTP = graphql(`
  mutation ResendLoginOtp {
    resendLoginOtp
  }
`);

export const REGISTER_BROWSER = graphql(`
  mutation RegisterBrowser {
    registerBrowser
  }
`);

export const REQUEST_PASSWORD_RESET = graphql(`
  mutation RequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email)
  }
`);

export const RESET_PASSWORD = graphql(`
  mutation ResetPassword($token: String!, $password: String!, $passwordConfirmation: String!) {
    resetPassword(token: $token, password: $password, passwordConfirmation: $passwordConfirmation)
  }
`);

export const SIGN_IN_PROVIDERS = graphql(`
  query SignInProviders {
    signInProviders {
      id
      kind
      label
      startPath
    }
  }
`);

export const SIGN_IN_ORGANIZATIONS = graphql(`
  query SignInOrganizations {
    myOrganizations {
      id
      name
      current
    }
  }
`);

export const SIGN_IN_SWITCH_ORGANIZATION = graphql(`
  mutation SignInSwitchOrganization($organizationId: Int!) {
    switchOrganization(organizationId: $organizationId)
  }
`);

export const PASSWORD_RESET_LINK_STATUS = graphql(`
  query PasswordResetLinkStatus($token: String!) {
    passwordResetLinkStatus(token: $token)
  }
`);
