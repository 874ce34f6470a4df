import { migrationBanner } from './migrationBanner.ts';

/**
 * The blocking full-screen notice (spec 001 §2): once the migration deadline has passed, a view
 * that runs without a session token of its own is blocked. In Sitelens the session token is the
 * sign-in session (login, or its renewal through the session cookie); a token handed over by the
 * admin tool (the widget builder preview) has none. Signed-in users keep their data, with the
 * banner's after-deadline state. `today` is the viewer's local calendar date.
 */
export function migrationNoticeBlocks(input: { deadline: string | null; loading: boolean; today: string; hasSessionToken: boolean }): boolean {
  if (input.hasSessionToken) return false;
  return migrationBanner(input).state === 'afterDeadline';
}
