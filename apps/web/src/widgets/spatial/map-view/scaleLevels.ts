import type { MapElement } from '@sitelens/domain';
import type { LevelOf, ViewScale } from './mapColours.ts';

export interface TreeZone {
  id: number;
  name: string;
  /** The zone's parents, the first being the one it hangs under in the tree. */
  parentIds: readonly number[];
}

/** Each zone's depth in the site's tree: 0 for the top zone, 1 for its children (floors), 2 below (shops). */
export function zoneDepths(zones: readonly TreeZone[]): Map<number, number> {
  const parent = new Map(zones.map((z) => [z.id, z.parentIds[0]]));
  const depths = new Map<number, number>();
  for (const zone of zones) {
    let depth = 0;
    const seen = new Set([zone.id]);
    for (let up = parent.get(zone.id); up !== undefined && !seen.has(up); up = parent.get(up)) {
      seen.add(up);
      depth += 1;
    }
    depths.set(zone.id, depth);
  }
  return depths;
}

/** The level of a plan's element: a zone's depth in the tree ('zone:2'), or 'passage' for a door. */
export function levelOfElement(depths: ReadonlyMap<number, number>): LevelOf {
  return (element: MapElement) => (element.zoneId !== undefined ? `zone:${depths.get(element.zoneId) ?? 0}` : 'passage');
}

const SHOWN_NAMES = 3;

/**
 * What a scale covers, for its legend: the passages, or the zones under the named parents (floors'
 * scale: "zones in Whole centre"; shops' scale: "zones in Ground floor, Level 1, Level 2").
 */
export function scaleSubject(scale: ViewScale, zones: readonly TreeZone[]): { kind: 'passages' } | { kind: 'zones'; parents: string } {
  if (scale.level === 'passage') return { kind: 'passages' };
  const byId = new Map(zones.map((z) => [z.id, z]));
  const parents = [
    ...new Set(
      scale.elements.flatMap((e) => {
        const parentId = e.zoneId === undefined ? undefined : byId.get(e.zoneId)?.parentIds[0];
        const name = parentId === undefined ? undefined : byId.get(parentId)?.name;
        return name ? [name] : [];
      }),
    ),
  ];
  // The top zone has no parent: its scale is named after itself.
  if (parents.length === 0) parents.push(...scale.elements.flatMap((e) => (e.zoneId === undefined ? [] : [byId.get(e.zoneId)?.name ?? e.name ?? ''])).filter(Boolean));
  const shown = parents.slice(0, SHOWN_NAMES).join(', ');
  return { kind: 'zones', parents: parents.length > SHOWN_NAMES ? `${shown} +${parents.length - SHOWN_NAMES}` : shown };
}
