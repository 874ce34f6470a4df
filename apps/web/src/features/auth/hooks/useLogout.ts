import { useCallback } from 'react';
import { useApolloClient } from '@apollo/client';
import { useNavigate } from 'react-router';
import { LOGOUT } from '../graphql/auth.ts';
import { rememberEmail } from '../rememberedEmail.ts';
import { sessionStore } from '../sessionStore.ts';

/** Logout: revoke the session, clear the data cache and the stored email, go to login. */
export function useLogout(): () => Promise<void> {
  const client = useApolloClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await client.mutate({ mutation: LOGOUT });
    } catch {
      // The session may already be gone; the local part of the logout still happens.
    }
    rememberEmail(null);
    await client.clearStore();
    sessionStore.signOut('loggedOut');
    navigate('/login', { replace: true });
  }, [client, navigate]);
}
