import { useCallback } from 'react';
import { useMutation } from '@apollo/client';
import { graphql } from '../api/graphql.ts';
import { hasConsent } from './consent.ts';

const RECORD_USAGE_EVENTS = graphql(`
  mutation RecordUsageEvents($events: [UsageEventInput!]!) {
    recordUsageEvents(events: $events) {
      stored
    }
  }
`);

/**
 * Records a usage event (filters, bookmarks, exports, viewed charts) in the server's own store,
 * only once the visitor has consented; a failure is logged, never shown.
 */
export function useTrackUsage(): (name: string, properties?: Record<string, unknown>) => void {
  const [record] = useMutation(RECORD_USAGE_EVENTS);
  return useCallback(
    (name, properties = {}) => {
      if (!hasConsent()) return;
      record({ variables: { events: [{ name, properties, at: new Date().toISOString() }] } }).catch((error: unknown) => {
        console.warn('usage event not recorded', name, error);
      });
    },
    [record],
  );
}
