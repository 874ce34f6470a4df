import { useSyncExternalStore } from 'react';
import { sessionStore } from '../../auth/sessionStore.ts';

/** The token in memory, re-read whenever the session changes (a token message signs in). */
export function useSessionToken(): string | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getToken);
}
