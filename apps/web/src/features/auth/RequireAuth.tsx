import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from './hooks/useSession.ts';
import { loginPathFor } from './returnPath.ts';

/** Unauthenticated visitors go to login; the path and query they asked for come back after sign-in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, notice } = useSession();
  const location = useLocation();
  if (status !== 'signedIn') {
    const origin = notice === 'loggedOut' ? '' : location.pathname + location.search;
    return <Navigate to={loginPathFor(origin)} replace />;
  }
  return children;
}
