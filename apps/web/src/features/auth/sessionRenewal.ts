import { RENEW_MAX_POLLS, RENEW_POLL_MS } from '@sitelens/domain';
import { errorCodes, postGraphql } from '../../shared/api/postGraphql.ts';
import { sessionStore } from './sessionStore.ts';
import { createTokenRenewal } from './tokenRenewal.ts';

export const RENEW = 'query Renew { renew }';
const INVALID_SESSION_CODES = ['UNAUTHENTICATED', 'TOKEN_EXPIRED', 'FORBIDDEN'];

/** The session cookie authenticates renew; an expired bearer is not sent with it. */
async function requestRenewedToken(): Promise<string | null> {
  const answer = await postGraphql<{ renew: string | null }>(RENEW);
  if (answer.errors?.length) {
    if (errorCodes(answer.errors).some((code) => INVALID_SESSION_CODES.includes(code))) return null;
    throw new Error(answer.errors.map((e) => e.message).join('\n'));
  }
  return answer.data?.renew ?? null;
}

export const sessionRenewal = createTokenRenewal({
  async renew() {
    const token = await requestRenewedToken();
    if (token) sessionStore.signIn(token);
    else sessionStore.signOut(sessionStore.getState().status === 'signedIn' ? 'sessionExpired' : null);
    return token;
  },
  pollMs: RENEW_POLL_MS,
  maxPolls: RENEW_MAX_POLLS,
});

/** Logout-type end of a session that the server no longer accepts. */
export function invalidateSession(): void {
  if (sessionStore.getState().status === 'signedIn') sessionStore.signOut('sessionExpired');
}
