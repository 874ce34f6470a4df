// Zone filter rules (spec 001 §4): one zone at a time; the default is the highest-level zone;
// selecting the highest zone clears the child checks; the dependent zones (descendants) of the
// active zone are included; on atmosphere pages zones without a sensor are disabled.
import type { FilterContext, FilterPageKind, FilterZone } from './filterState.ts';

/** Whether a zone can be chosen on this kind of page. */
export function isZoneSelectable(zone: FilterZone, pageKind: FilterPageKind): boolean {
  if (zone.isDisabled) return false;
  return pageKind !== 'atmosphere' || zone.sensorId != null;
}

/** Zones in tree order (depth first, siblings by id): the order of the zone menu. */
export function zonesInTreeOrder(zones: readonly FilterZone[]): FilterZone[] {
  const ids = new Set(zones.map((z) => z.id));
  const children = new Map<number | null, FilterZone[]>();
  for (const z of zones) {
    const parent = z.parentId != null && ids.has(z.parentId) ? z.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), z]);
  }
  const out: FilterZone[] = [];
  const visit = (parent: number | null) => {
    for (const z of (children.get(parent) ?? []).sort((a, b) => a.id - b.id)) {
      out.push(z);
      visit(z.id);
    }
  };
  visit(null);
  return out;
}

/** The highest-level zone (a root; the lowest id among several), or null when the site has none. */
export function highestZoneId(zones: readonly FilterZone[]): number | null {
  return zonesInTreeOrder(zones)[0]?.id ?? null;
}

/**
 * The default zone: the highest-level zone when selectable, else the first selectable zone in tree
 * order, else the highest zone anyway (the zone filter is never empty while the site has zones).
 */
export function defaultZoneId(ctx: Pick<FilterContext, 'zones' | 'pageKind'>): number | null {
  const ordered = zonesInTreeOrder(ctx.zones);
  return ordered.find((z) => isZoneSelectable(z, ctx.pageKind))?.id ?? ordered[0]?.id ?? null;
}

/** The zone and all its descendants: what the engine includes for the active zone. */
export function dependentZoneIds(zones: readonly FilterZone[], zoneId: number): number[] {
  const out = [zoneId];
  for (let i = 0; i < out.length; i++) {
    for (const z of zones) if (z.parentId === out[i] && !out.includes(z.id)) out.push(z.id);
  }
  return out;
}

/**
 * The checked boxes of the zone menu: the highest zone alone (its children's checks are cleared),
 * or the active zone with its dependent zones.
 */
export function checkedZoneIds(zones: readonly FilterZone[], zoneId: number | null): number[] {
  if (zoneId == null) return [];
  if (zoneId === highestZoneId(zones)) return [zoneId];
  return dependentZoneIds(zones, zoneId);
}

/** Selects one zone; an unknown or disabled zone leaves the state as it was. */
export function selectZone<S extends { zoneId: number | null }>(state: S, zoneId: number, ctx: Pick<FilterContext, 'zones' | 'pageKind'>): S {
  const zone = ctx.zones.find((z) => z.id === zoneId);
  if (!zone || !isZoneSelectable(zone, ctx.pageKind)) return state;
  return { ...state, zoneId };
}

/**
 * On air-quality pages a zone counts as having a sensor when it or a zone depending on it has one:
 * the building whose rooms carry the sensors answers for all of them (their average), so it can be
 * chosen, and it is the default zone as on every other page. Zones with no sensor at any depth stay
 * disabled.
 */
export function withDependentSensors(zones: readonly FilterZone[]): FilterZone[] {
  return zones.map((zone) => {
    if (zone.sensorId != null) return zone;
    const below = dependentZoneIds(zones, zone.id).map((id) => zones.find((z) => z.id === id)?.sensorId).find((s) => s != null);
    return below != null ? { ...zone, sensorId: below } : zone;
  });
}
