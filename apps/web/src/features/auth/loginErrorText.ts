import type { TFunction } from 'i18next';

/** Server codes of a failed sign-in, in words (spec 000 §8). */
export function loginErrorText(code: string | undefined, t: TFunction): string {
  switch (code) {
    case 'LOGIN_WRONG_CREDENTIALS':
      return t('errors.LOGIN_WRONG_CREDENTIALS');
    case 'LOGIN_RATE_LIMITED':
      return t('errors.LOGIN_RATE_LIMITED');
    case 'LOGIN_SSO_USER_NOT_FOUND':
      return t('errors.LOGIN_SSO_USER_NOT_FOUND');
    case 'LOGIN_SSO_FAILED':
      return t('errors.LOGIN_SSO_FAILED');
    default:
      return t('errors.common');
  }
}
