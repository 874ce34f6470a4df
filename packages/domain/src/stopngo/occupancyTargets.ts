import type { PlacedTarget, ZoneNode } from '../metrics/seriesSources.ts';

/** What a site's occupancy is read from: passages (door counters) and zones, each through the engine's "inside". */
export interface OccupancyTargets {
  passages: number[];
  zones: number[];
}

/**
 * The site's counting topology for Stop&Go: people enter the site through the passages into its outer
 * zones (those without a parent among the site's zones). As the engine reads a zone, a zone's own
 * counts win (a gateway that totals the doors); an outer zone without them is read through its
 * passages that carry counts (door counters); one with neither is read as a zone (its devices or
 * dependents). Passages into inner zones (a shop's door from the mall) move people within the site
 * and are never counted, nor are a zone and its passages both.
 */
export function occupancyTargets(
  zones: readonly ZoneNode[],
  passages: readonly PlacedTarget[],
  counted: { passages: ReadonlySet<number>; zones: ReadonlySet<number> },
): OccupancyTargets {
  const ids = new Set(zones.map((z) => z.id));
  const outer = zones.filter((z) => z.parentId === null || !ids.has(z.parentId)).map((z) => z.id);
  const out: OccupancyTargets = { passages: [], zones: [] };
  for (const zoneId of outer) {
    const doors = counted.zones.has(zoneId) ? [] : passages.filter((p) => p.zoneId === zoneId && counted.passages.has(p.id)).map((p) => p.id);
    if (doors.length) out.passages.push(...doors);
    else out.zones.push(zoneId);
  }
  return out;
}
