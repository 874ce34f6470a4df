import { useEffect, useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client';
import { LIVE_REFRESH_DEBOUNCE_MS, LIVE_REFRESH_MAX_WAIT_MS } from '@sitelens/domain';
import { debouncedCall } from './debouncedCall.ts';
import { listenLive, type LiveStatus } from './liveFeed.ts';
import { type LiveScope, touchesScope } from './liveScope.ts';

/**
 * A live widget re-reads its data when the server pushes readings in its scope (spec 001 §4):
 * one refetch per batch, and one after a reconnection. The engine computes the figures; the
 * pushed readings only say when. Answers the stream's status, 'failed' (poll) without a scope.
 */
export function useLiveRefresh(wanted: LiveScope | null, refetch: () => unknown): LiveStatus {
  const client = useApolloClient();
  // Kept by value: a widget re-rendered with equal requests keeps listening without a restart.
  const [scope, setScope] = useState(wanted);
  if (JSON.stringify(scope) !== JSON.stringify(wanted)) setScope(wanted);
  const [state, setState] = useState<{ scope: LiveScope | null; status: LiveStatus }>({ scope: null, status: 'connecting' });
  const refetchRef = useRef(refetch);
  useEffect(() => {
    refetchRef.current = refetch;
  });

  useEffect(() => {
    if (!scope) return undefined;
    // A failed re-read shows in the query's own error state; nothing to add here.
    const reread = () => void Promise.resolve(refetchRef.current()).catch(() => undefined);
    const refresh = debouncedCall(reread, LIVE_REFRESH_DEBOUNCE_MS, LIVE_REFRESH_MAX_WAIT_MS);
    const stop = listenLive(client, scope.installationId, {
      readings: (batch) => {
        if (batch.some((reading) => touchesScope(scope, reading))) refresh.trigger();
      },
      status: (status, reconnected) => {
        setState({ scope, status });
        if (status === 'up' && reconnected) refresh.trigger();
      },
    });
    return () => {
      stop();
      refresh.cancel();
    };
  }, [client, scope]);

  if (!scope) return 'failed';
  return state.scope === scope ? state.status : 'connecting';
}
