import { type OccupancyVerdict, eventInForce, occupancyTargets, stopNGoVerdict } from '@sitelens/domain';
import type { ServerDeps } from '../../graphql/context.ts';
import { organizationContext } from '../auth/organizationContext.ts';
import { type EventRow, eventsOf } from '../installations/installations.repo.ts';
import { retailData } from '../metrics/retailData.service.ts';
import { countingTopology } from './stopngo.repo.ts';

export interface SiteOccupancy extends OccupancyVerdict {
  installationId: number;
  /** The event whose limit applies, or null when none is in force. */
  eventId: number | null;
  at: Date;
}

/**
 * People inside the site now, through the metrics engine: its "inside" over the current business day
 * (reset at the change of day), read where people enter the site (domain occupancyTargets): the
 * passages into its outer zones that count people, else those zones.
 */
export async function peopleInside(deps: ServerDeps, organizationId: number, installationId: number): Promise<number> {
  const ctx = organizationContext(deps, organizationId);
  const topology = await countingTopology(deps.database, organizationId, installationId);
  const targets = occupancyTargets(topology.zones, topology.passages, topology.counted);
  const inside = async (kind: 'zone' | 'passage', ids: number[]) => {
    if (ids.length === 0) return 0;
    const answer = await retailData(ctx, { installationId, metric: 'inside', groupBy: { type: 'all' }, target: { kind, ids } });
    return answer.series[0]?.points[0]?.value ?? 0;
  };
  const [byPassages, byZones] = await Promise.all([inside('passage', targets.passages), inside('zone', targets.zones)]);
  return byPassages + byZones;
}

/**
 * The limit that applies: the given event's while it runs; without one, the smallest limit among the
 * site's running events (the strictest wins when two overlap).
 */
function limitInForce(events: EventRow[], eventId: number | null | undefined, now: number): { eventId: number | null; limit: number | null } {
  const running = events.filter((e) => e.stopngoLimit !== null && eventInForce(e, now) && (eventId == null || e.id === eventId));
  const strictest = running.sort((a, b) => a.stopngoLimit! - b.stopngoLimit! || a.id - b.id)[0];
  return strictest ? { eventId: strictest.id, limit: strictest.stopngoLimit } : { eventId: null, limit: null };
}

/**
 * Occupancy of site X against its Stop&Go limit: the one function the entrance screens, the back
 * office and the "Stop&Go limit" alert condition read. The caller has checked that the site belongs
 * to the organization; an event of another site counts as no event.
 */
export async function siteOccupancy(deps: ServerDeps, q: { organizationId: number; installationId: number; eventId?: number | null }): Promise<SiteOccupancy> {
  const now = deps.now();
  const [events, inside] = await Promise.all([eventsOf(deps.database, q.installationId), peopleInside(deps, q.organizationId, q.installationId)]);
  const { eventId, limit } = limitInForce(events, q.eventId, now.getTime());
  return { installationId: q.installationId, eventId, at: now, ...stopNGoVerdict({ inside, limit }) };
}
