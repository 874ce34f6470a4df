import type { TFunction } from 'i18next';

/** Server codes of a failed sign-in, in words (spec 000 §8). */
export function loginErrorText(code: string | undefined, t: TFunction): string {
  switch (code) {
    case 'LOGIN_WRONG_CREDENTIALS':
      return t('errors.LOGIN_WRONG_CREDENTIALS');
    case 'LOGIN_RATE_LIMITED':
      return t('errors.LOGIN_RATE_LIMITED');
    default:
      return t('errors.common');
  }
}
