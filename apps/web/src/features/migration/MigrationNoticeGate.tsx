import { useSyncExternalStore } from 'react';
import { migrationBanner, migrationNoticeBlocks } from '@sitelens/domain';
import { useNavigate } from 'react-router';
import { sessionStore } from '../auth/sessionStore.ts';
import { useOrganizationDeadline } from './hooks/useOrganizationDeadline.ts';
import { localToday } from './localToday.ts';
import { MigrationNotice } from './MigrationNotice.tsx';

/**
 * Shows the blocking notice over every screen once the deadline has passed, for a view signed in
 * without a session token of its own (a token handed over by the admin tool); see migrationNotice.ts.
 */
export function MigrationNoticeGate() {
  const { status, source } = useSyncExternalStore(sessionStore.subscribe, sessionStore.getState);
  const navigate = useNavigate();
  const handedOver = status === 'signedIn' && source === 'handedOver';
  const { deadline, loading } = useOrganizationDeadline(!handedOver);
  const input = { deadline, loading, today: localToday(), hasSessionToken: !handedOver };
  if (!migrationNoticeBlocks(input)) return null;
  const signIn = () => {
    // The handed-over token goes; the user signs in with a session of their own.
    sessionStore.signOut();
    void navigate('/login');
  };
  return <MigrationNotice date={migrationBanner(input).displayDate ?? ''} onSignIn={signIn} />;
}
