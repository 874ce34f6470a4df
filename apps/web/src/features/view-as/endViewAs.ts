import type { ApolloClient } from '@apollo/client';
import { sessionStore } from '../auth/sessionStore.ts';
import { END_VIEW_AS } from './graphql/viewAs.ts';
import { viewAsStore } from './viewAsStore.ts';

/** Set while this tab ends its own view-as: the end it then hears of is that one, not news. */
let ending = false;

/**
 * The view-as is over without End session (its time ran out, the server refused its token, or the
 * server said its session ended: the administrator signed out in another tab, the session was
 * revoked): the credential goes and the sign-in page shows, saying that the view-as ended (spec 000
 * §2 "redirects to login at zero").
 */
export function viewAsRanOut(): void {
  if (ending) return;
  viewAsStore.clear();
  sessionStore.signOut('viewAsEnded');
}

/**
 * End session: the view-as's token is revoked on the server and the administrator is back on the
 * page they started from, signed in as themselves. The profile's "Log out" does this too while
 * viewing as someone: signing out there ended the administrator's own session in every tab.
 */
export async function endViewAs(client: ApolloClient<unknown>): Promise<void> {
  const state = viewAsStore.getState();
  if (!state) return;
  ending = true;
  try {
    await client.mutate({ mutation: END_VIEW_AS });
  } catch {
    // Already over on the server: the local part still happens.
  }
  viewAsStore.clear();
  window.location.assign(state.returnTo);
}
