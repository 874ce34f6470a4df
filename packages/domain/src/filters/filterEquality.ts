// Apply buttons are disabled when nothing changed (spec 001 §4): two states are equal when they
// select the same thing, whatever the order of their ranges, days, events or categories.
import type { FilterState } from './filterState.ts';
import { timespanConditionId } from './timespanRules.ts';

const sorted = <T>(values: readonly T[]): T[] => [...values].sort();

/** A canonical form of a state: equal states give the same string. */
export function filterKey(state: FilterState): string {
  return JSON.stringify({
    t: sorted(state.timespans.map(timespanConditionId)),
    h: state.hours ?? null,
    d: state.day ? { o: state.day.operator, d: sorted(state.day.days) } : null,
    z: state.zoneId ?? null,
    g: state.gender,
    e: state.engagement,
    c: sorted(Object.entries(state.categories).map(([k, v]) => `${k}:${v}`)),
    ev: sorted(state.eventIds),
  });
}

export function filtersEqual(a: FilterState, b: FilterState): boolean {
  return filterKey(a) === filterKey(b);
}

/** Apply is enabled only for a changed draft (validity of custom ranges is checked by the picker). */
export function canApplyFilters(draft: FilterState, applied: FilterState): boolean {
  return !filtersEqual(draft, applied);
}
