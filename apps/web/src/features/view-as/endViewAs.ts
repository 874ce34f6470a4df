import { sessionStore } from '../auth/sessionStore.ts';
import { viewAsStore } from './viewAsStore.ts';

/**
 * The view-as is over without End session (its time ran out, or the server refused its token):
 * the credential goes and the sign-in page shows (spec 000 §2 "redirects to login at zero").
 */
export function viewAsRanOut(): void {
  viewAsStore.clear();
  sessionStore.signOut('sessionExpired');
}
