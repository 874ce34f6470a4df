import type { PlacedTarget, ZoneNode } from '../metrics/seriesSources.ts';

/** What a site's occupancy is read from: passages (door counters) and zones, each through the engine's "inside". */
export interface OccupancyTargets {
  passages: number[];
  zones: number[];
}

/**
 * The site's counting topology for Stop&Go: people enter the site through the passages into its outer
 * zones (those without a parent among the site's zones). An outer zone whose passages carry counts is
 * read through them; one without counted passages is read as a zone (its own readings, else its
 * devices or dependents, as the engine reads any zone). Passages into inner zones (a shop's door from
 * the mall) move people within the site and are never counted, nor are a zone and its passages both.
 */
export function occupancyTargets(zones: readonly ZoneNode[], passages: readonly PlacedTarget[], counted: ReadonlySet<number>): OccupancyTargets {
  const ids = new Set(zones.map((z) => z.id));
  const outer = zones.filter((z) => z.parentId === null || !ids.has(z.parentId)).map((z) => z.id);
  const out: OccupancyTargets = { passages: [], zones: [] };
  for (const zoneId of outer) {
    const doors = passages.filter((p) => p.zoneId === zoneId && counted.has(p.id)).map((p) => p.id);
    if (doors.length) out.passages.push(...doors);
    else out.zones.push(zoneId);
  }
  return out;
}
