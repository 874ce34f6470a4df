// Removal rules of the applied-filters preview (spec 001 §4), one entry point for every chip:
// - Today alone cannot be removed; a preset or custom list falls back to the default when its last
//   condition goes; removing a timespan removes the events tied to it (timespanRules.ts).
// - The highest zone cannot be removed; removing another zone resets to the first selectable zone.
// - All gender, All engagement and category roots cannot be removed; removing one resets it to All.
// - Removing an event drops its range; removing the day filter or the hour preset clears it.
// filterItems lists the chips of a state with whether each may be removed.
import { removeDayItem } from './dayFilter.ts';
import { deselectEvent } from './eventFilter.ts';
import type { FilterContext, FilterState } from './filterState.ts';
import { canRemoveTimespan, removeTimespan, timespanConditionId } from './timespanRules.ts';
import { defaultZoneId, highestZoneId } from './zoneFilter.ts';
import { pageAudience } from './pageFilters.ts';

export type FilterTarget =
  | { type: 'timespan'; conditionId: string }
  | { type: 'hours' }
  | { type: 'day'; index?: number }
  | { type: 'zone' }
  | { type: 'gender' }
  | { type: 'engagement' }
  | { type: 'category'; categoryId: number }
  | { type: 'event'; eventId: number };

export function canRemoveFilter(state: FilterState, target: FilterTarget, ctx: FilterContext): boolean {
  switch (target.type) {
    case 'timespan':
      return canRemoveTimespan(state, target.conditionId, ctx);
    case 'hours':
      return state.hours != null;
    case 'day':
      return state.day != null;
    case 'zone':
      return state.zoneId != null && state.zoneId !== highestZoneId(ctx.zones) && state.zoneId !== defaultZoneId(ctx);
    case 'gender':
      return state.gender !== 'ALL';
    case 'engagement':
      return state.engagement !== 'ALL';
    case 'category':
      return state.categories[target.categoryId] != null;
    case 'event':
      return state.eventIds.includes(target.eventId);
  }
}

/** Removes one filter by the rules above; a filter that cannot be removed leaves the state unchanged. */
export function removeFilter(state: FilterState, target: FilterTarget, ctx: FilterContext): FilterState {
  if (!canRemoveFilter(state, target, ctx)) return state;
  switch (target.type) {
    case 'timespan':
      return removeTimespan(state, target.conditionId, ctx);
    case 'hours':
      return { ...state, hours: null };
    case 'day':
      return { ...state, day: target.index === undefined ? null : removeDayItem(state.day, target.index) };
    case 'zone':
      return { ...state, zoneId: defaultZoneId(ctx) };
    case 'gender':
      return { ...state, gender: 'ALL' };
    case 'engagement':
      return { ...state, engagement: 'ALL' };
    case 'category': {
      const categories = { ...state.categories };
      delete categories[target.categoryId];
      return { ...state, categories };
    }
    case 'event':
      return deselectEvent(state, target.eventId, ctx);
  }
}

export interface FilterItem {
  target: FilterTarget;
  removable: boolean;
}

/** The chips of the applied-filters preview, in bar order, each with whether it may be removed. */
export function filterItems(state: FilterState, ctx: FilterContext): FilterItem[] {
  const audience = pageAudience(ctx.pageKind);
  const targets: FilterTarget[] = [
    ...state.timespans.filter((c) => c.eventId == null).map((c): FilterTarget => ({ type: 'timespan', conditionId: timespanConditionId(c) })),
    ...(state.hours ? [{ type: 'hours' } as const] : []),
    ...(state.day ? [{ type: 'day' } as const] : []),
    ...(state.zoneId != null ? [{ type: 'zone' } as const] : []),
    ...(audience.gender ? [{ type: 'gender' } as const] : []),
    ...(audience.engagement ? [{ type: 'engagement' } as const] : []),
    ...ctx.categories.map((c): FilterTarget => ({ type: 'category', categoryId: c.id })),
    ...state.eventIds.map((eventId): FilterTarget => ({ type: 'event', eventId })),
  ];
  return targets.map((target) => ({ target, removable: canRemoveFilter(state, target, ctx) }));
}
