import type { TargetKind } from './storedMetrics.ts';

/** One stored target whose readings feed one series of an answer. */
export interface SeriesSource {
  series: string;
  kind: TargetKind;
  id: number;
}

export interface ZoneNode {
  id: number;
  parentId: number | null;
}

export interface PlacedTarget {
  id: number;
  zoneId: number | null;
}

/** A site's zone tree, the devices placed in its zones, and which targets hold readings of the metric. */
export interface SourceTree {
  zones: readonly ZoneNode[];
  devices: readonly PlacedTarget[];
  /** "zone:12", "device:4": of the targets targetsToProbe names, those with a reading of the metric (any time). */
  withReadings: ReadonlySet<string>;
}

/**
 * A zone's own sources: its own readings when it has any of the metric, else those of the devices
 * placed in it (atmosphere and meters are stored per device). A zone of the tree without devices is
 * read as itself whether or not it holds readings: holding none, it adds nothing to any answer, so
 * nobody needs to ask (targetsToProbe).
 */
export function ownSources(tree: SourceTree, zoneId: number): Array<{ kind: TargetKind; id: number }> {
  if (tree.zones.some((z) => z.id === zoneId) && !tree.devices.some((d) => d.zoneId === zoneId)) return [{ kind: 'zone', id: zoneId }];
  return heldSources(tree, zoneId);
}

/**
 * A zone with its dependents: its own sources when it has any, else the union of its dependent
 * zones' (recursively). A zone's own sensor wins over its children's, so an entrance counter and the
 * counters of the rooms behind it are never added together (docs/decisions.md, "Dependent zones").
 */
export function zoneSources(tree: SourceTree, zoneId: number, seen: Set<number> = new Set()): Array<{ kind: TargetKind; id: number }> {
  if (seen.has(zoneId)) return [];
  seen.add(zoneId);
  const dependents = tree.zones.filter((z) => z.parentId === zoneId);
  if (dependents.length === 0) return ownSources(tree, zoneId);
  const own = heldSources(tree, zoneId);
  if (own.length) return own;
  return dependents.flatMap((z) => zoneSources(tree, z.id, seen));
}

/** The zone if it holds readings of the metric, else its devices that do; empty when neither. */
function heldSources(tree: SourceTree, zoneId: number): Array<{ kind: TargetKind; id: number }> {
  if (tree.withReadings.has(`zone:${zoneId}`)) return [{ kind: 'zone', id: zoneId }];
  return tree.devices.filter((d) => d.zoneId === zoneId && tree.withReadings.has(`device:${d.id}`)).map((d) => ({ kind: 'device' as const, id: d.id }));
}

/**
 * The targets whose holding readings of the metric the two rules above can depend on, as "zone:12",
 * "device:4": the zones with dependents or devices, and the devices. Only these need a look at the
 * stored data; on a site of rooms under one entrance, that is the entrance alone.
 */
export function targetsToProbe(zones: readonly ZoneNode[], devices: readonly PlacedTarget[]): string[] {
  const parents = new Set(zones.map((z) => z.parentId));
  const placed = new Set(devices.map((d) => d.zoneId));
  return [...zones.filter((z) => parents.has(z.id) || placed.has(z.id)).map((z) => `zone:${z.id}`), ...devices.map((d) => `device:${d.id}`)];
}

/** Sources keyed "kind:id", without repeats, in first-seen order. */
export function uniqueSources<T extends { kind: TargetKind; id: number; series: string }>(sources: readonly T[]): T[] {
  const seen = new Set<string>();
  return sources.filter((s) => {
    const key = `${s.series}|${s.kind}:${s.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
