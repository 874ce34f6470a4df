import { useMemo } from 'react';
import { useQuery } from '@apollo/client';
import { useSearchParams } from 'react-router';
import { eventInForce } from '@sitelens/domain';
import { useCaller } from '../../../shared/caller/CallerProvider.tsx';
import { EVENTS_OF_SITE, type StopNGoEvent } from '../graphql/stopngo.ts';

/**
 * The counting site and event the page works on, kept in the address (?site=&event=) so a reload
 * or a shared link opens the same one; by default the first counting site and its first running event.
 */
export function useStopNGoSelection() {
  const { installations } = useCaller();
  const [params, setParams] = useSearchParams();
  const sites = useMemo(() => (installations ?? []).filter((i) => i.families.includes('counting')), [installations]);
  const site = sites.find((s) => String(s.id) === params.get('site')) ?? sites[0] ?? null;
  const eventsQuery = useQuery(EVENTS_OF_SITE, { variables: { installationId: site?.id ?? 0 }, skip: !site });
  const events = useMemo(() => (eventsQuery.data?.allEventsByInstallation ?? []).filter((e) => e.metrics.includes('counting')), [eventsQuery.data]);
  const now = Date.now();
  const event: StopNGoEvent | null =
    events.find((e) => String(e.id) === params.get('event')) ?? events.find((e) => eventInForce(e, now)) ?? events[0] ?? null;

  const choose = (next: { site?: number; event?: number | null }) => {
    const values = new URLSearchParams(params);
    if (next.site !== undefined) {
      values.set('site', String(next.site));
      values.delete('event');
    }
    if (next.event != null) values.set('event', String(next.event));
    setParams(values, { replace: true });
  };

  return {
    loading: installations === undefined || eventsQuery.loading,
    error: eventsQuery.error,
    sites,
    site,
    events,
    event,
    running: event ? eventInForce(event, now) : false,
    chooseSite: (id: number) => choose({ site: id }),
    chooseEvent: (id: number) => choose({ event: id }),
  };
}
