import type { PlacedTarget, ZoneNode } from './seriesSources.ts';
import type { TargetKind } from './storedMetrics.ts';

/** The zone and every zone depending on it (its children, theirs, ...). */
export function zoneWithDependents(zones: readonly ZoneNode[], zoneId: number): Set<number> {
  return zonesWithDependents(zones, [zoneId]);
}

/** The zones and every zone depending on any of them. */
export function zonesWithDependents(zones: readonly ZoneNode[], zoneIds: readonly number[]): Set<number> {
  const found = new Set(zoneIds);
  for (let grew = true; grew; ) {
    grew = false;
    for (const z of zones) {
      if (z.parentId !== null && found.has(z.parentId) && !found.has(z.id)) {
        found.add(z.id);
        grew = true;
      }
    }
  }
  return found;
}

export interface ZoneScopeInput {
  kind: TargetKind;
  ids: readonly number[];
  /** The page's zone filter: the selected zone. */
  scopeZoneId: number;
  zones: readonly ZoneNode[];
  /** Where each device or passage of the request's kind is placed (unused for zones). */
  placed: readonly PlacedTarget[];
  /** The answer has one series per zone: a scope that leaves one zone lists its dependents instead. */
  perZone: boolean;
}

/**
 * A widget's targets narrowed to the page's zone filter (spec 001 §4, "dependent zones of the active
 * zone are included"): zones inside the selected zone stay; a zone the selected zone depends on (the
 * site's top zone, a floor) becomes the selected zone; devices and passages stay when they are placed
 * in it or in a zone depending on it. A per-zone answer left with the selected zone alone lists its
 * dependents, so "visitors per zone" on Level 1 shows Level 1's shops.
 */
export function scopeTargets({ kind, ids, scopeZoneId, zones, placed, perZone }: ZoneScopeInput): number[] {
  const inside = zoneWithDependents(zones, scopeZoneId);
  if (kind !== 'zone') {
    const zoneOf = new Map(placed.map((p) => [p.id, p.zoneId]));
    return ids.filter((id) => {
      const zone = zoneOf.get(id);
      return zone !== undefined && zone !== null && inside.has(zone);
    });
  }
  const out: number[] = [];
  for (const id of ids) {
    const kept = inside.has(id) ? id : zoneWithDependents(zones, id).has(scopeZoneId) ? scopeZoneId : null;
    if (kept !== null && !out.includes(kept)) out.push(kept);
  }
  if (perZone && out.length === 1 && out[0] === scopeZoneId) {
    const dependents = zones.filter((z) => z.parentId === scopeZoneId).map((z) => z.id);
    if (dependents.length) return dependents;
  }
  return out;
}
