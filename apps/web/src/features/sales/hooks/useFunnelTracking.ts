import { useCallback, useRef } from 'react';
import { SALES_FUNNEL_TRACK_THROTTLE_MS } from '@sitelens/domain';
import { useTrackUsage } from '../../../shared/usage/useTrackUsage.ts';

/** Funnel filter clicks as usage events, at most one per 3 s (spec 002 §9). */
export function useFunnelTracking(): (filter: 'sites' | 'dates') => void {
  const track = useTrackUsage();
  const last = useRef(0);
  return useCallback(
    (filter) => {
      const now = Date.now();
      if (now - last.current < SALES_FUNNEL_TRACK_THROTTLE_MS) return;
      last.current = now;
      track('salesFunnelFilterClicked', { filter });
    },
    [track],
  );
}
