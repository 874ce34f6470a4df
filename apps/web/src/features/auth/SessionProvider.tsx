import { useEffect, useRef, type ReactNode } from 'react';
import { useApolloClient } from '@apollo/client';
import { FullPageLoader } from '../../shared/layout/FullPageLoader.tsx';
import { useSession } from './hooks/useSession.ts';
import { sessionRenewal } from './sessionRenewal.ts';
import { sessionStore } from './sessionStore.ts';

/**
 * Starts the session on load: with no token in memory the session cookie is exchanged for one
 * (renew). Clears the data cache whenever a session ends, whatever ended it.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const { status } = useSession();
  const previous = useRef(status);

  useEffect(() => {
    if (sessionStore.getState().status !== 'checking') return;
    sessionRenewal.renew().catch(() => sessionStore.signOut());
  }, []);

  useEffect(() => {
    if (previous.current === 'signedIn' && status === 'signedOut') void client.clearStore();
    previous.current = status;
  }, [status, client]);

  if (status === 'checking') return <FullPageLoader />;
  return children;
}
