import { DATE_FORMATS, isLanguage, nameError } from '@sitelens/domain';
import { badInput } from '../../graphql/errors.ts';
import type { ProfilePatch } from './users.repo.ts';

export const THEMES = ['LIGHT', 'DARK'] as const;

/**
 * Names and preferences of a user, each checked by the shared rules (own profile and user
 * management alike); BAD_USER_INPUT names the first field refused.
 */
export function checkedProfilePatch(input: Omit<ProfilePatch, 'phone'>): ProfilePatch {
  const patch: ProfilePatch = {};
  for (const field of ['firstName', 'lastName'] as const) {
    const value = input[field];
    if (value == null) continue;
    const error = nameError(value, field);
    if (error) throw badInput(field, error);
    patch[field] = value.trim();
  }
  if (input.lang != null) {
    if (!isLanguage(input.lang)) throw badInput('lang', 'errors.invalidLanguage');
    patch.lang = input.lang;
  }
  if (input.dateFormat != null) {
    if (!(DATE_FORMATS as readonly string[]).includes(input.dateFormat)) throw badInput('dateFormat', 'unknown format');
    patch.dateFormat = input.dateFormat;
  }
  if (input.theme != null) {
    if (!(THEMES as readonly string[]).includes(input.theme)) throw badInput('theme', 'unknown theme');
    patch.theme = input.theme;
  }
  if (input.timezone != null) {
    if (input.timezone !== '' && !isTimeZone(input.timezone)) throw badInput('timezone', 'unknown time zone');
    patch.timezone = input.timezone || null;
  }
  return patch;
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
