import type { RetailRequest } from '../../core/retailRequests.ts';

export interface SiteZone {
  id: number;
  parentIds: number[];
}

export interface SiteDevice {
  id: number;
  zone: { id: number } | null;
}

/** A reading's target as the liveValues query names it. */
export interface LiveTarget {
  targetKind: string;
  targetId: number;
}

/** The zones given and every zone under them. */
function withDescendants(ids: readonly number[], zones: readonly SiteZone[]): Set<number> {
  const out = new Set(ids);
  let grew = true;
  while (grew) {
    grew = false;
    for (const z of zones) {
      if (!out.has(z.id) && z.parentIds.some((p) => out.has(p))) {
        out.add(z.id);
        grew = true;
      }
    }
  }
  return out;
}

/**
 * Which latest readings stand for a request's target: the target itself, and for zones the zones
 * under them and the devices placed in any of those (air quality is measured by devices). Without a
 * target the request reads the site's top zone, so every zone and device counts.
 */
export function liveTargetFilter(
  target: RetailRequest['target'],
  zones: readonly SiteZone[],
  devices: readonly SiteDevice[],
): (reading: LiveTarget) => boolean {
  if (!target) {
    const top = zones.filter((z) => z.parentIds.length === 0).map((z) => z.id);
    return liveTargetFilter({ kind: 'zone', ids: top }, zones, devices);
  }
  if (target.kind !== 'zone') {
    const ids = new Set(target.ids);
    return (r) => r.targetKind === target.kind && ids.has(r.targetId);
  }
  const zoneIds = withDescendants(target.ids, zones);
  const deviceIds = new Set(devices.filter((d) => d.zone && zoneIds.has(d.zone.id)).map((d) => d.id));
  // Per metric, readings are either on zones (queues) or on devices (air quality), never both.
  return (r) => (r.targetKind === 'zone' && target.ids.includes(r.targetId)) || (r.targetKind === 'device' && deviceIds.has(r.targetId));
}
