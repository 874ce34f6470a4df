// Timespan rules (spec 001 §4-§5): the default timespan, choosing a preset, validating and applying
// custom ranges, and removing a condition. The timespan is never left empty: a preset or custom
// list whose last condition goes falls back to the default; Today alone cannot be removed.
import { parseIsoDate } from '../time/calendarDate.ts';
import { pruneEvents } from './eventFilter.ts';
import type { FilterContext, FilterState, TimespanCondition } from './filterState.ts';
import { CUSTOM_TIMESPAN, type TimespanDefaults, type TimespanPreset, defaultTimespan, presetCondition } from './timespanPresets.ts';

/** One typed-in range of the custom picker; a field is '' or null while empty. */
export interface CustomRangeInput {
  dateBegin: string | null;
  dateEnd: string | null;
}

export type CustomRangeError = 'required' | 'invalid' | 'beforeMinDate' | 'afterToday' | 'endBeforeStart' | 'overlap';

/** A field error of the custom picker; index -1 with field 'timespan' when there is no range at all. */
export interface CustomRangeIssue {
  index: number;
  field: 'dateBegin' | 'dateEnd' | 'timespan';
  error: CustomRangeError | 'empty';
}

/** A stable id for a condition (chips, removal). */
export function timespanConditionId(c: TimespanCondition): string {
  return c.eventId != null ? `event:${c.eventId}` : `${c.label}:${c.dateBegin}:${c.dateEnd}`;
}

/** Whether the timespan is exactly the Today preset alone (the one timespan that cannot be removed). */
export function isTodayAlone(timespans: readonly TimespanCondition[]): boolean {
  return timespans.length === 1 && timespans[0]!.label === 'today' && timespans[0]!.eventId == null;
}

/**
 * Every problem of a custom range list: both dates required, real YYYY-MM-DD dates, inside
 * [minDate, today], end not before start, and no two ranges sharing a day. Empty list: 'empty'.
 */
export function validateCustomRanges(ranges: readonly CustomRangeInput[], ctx: Pick<FilterContext, 'today' | 'minDate'>): CustomRangeIssue[] {
  if (ranges.length === 0) return [{ index: -1, field: 'timespan', error: 'empty' }];
  const issues: CustomRangeIssue[] = [];
  const complete: { index: number; begin: string; end: string }[] = [];
  ranges.forEach((r, index) => {
    const before = issues.length;
    for (const field of ['dateBegin', 'dateEnd'] as const) {
      const value = r[field];
      if (!value) issues.push({ index, field, error: 'required' });
      else if (!parseIsoDate(value)) issues.push({ index, field, error: 'invalid' });
      else if (value < ctx.minDate) issues.push({ index, field, error: 'beforeMinDate' });
      else if (value > ctx.today) issues.push({ index, field, error: 'afterToday' });
    }
    if (issues.length > before) return;
    if (r.dateEnd! < r.dateBegin!) issues.push({ index, field: 'dateEnd', error: 'endBeforeStart' });
    else complete.push({ index, begin: r.dateBegin!, end: r.dateEnd! });
  });
  for (const a of complete) {
    if (complete.some((b) => b.index < a.index && a.begin <= b.end && b.begin <= a.end)) {
      issues.push({ index: a.index, field: 'dateBegin', error: 'overlap' });
    }
  }
  return issues;
}

/** Whether a date can be picked (the picker greys out the others). */
export function isSelectableDate(date: string, ctx: Pick<FilterContext, 'today' | 'minDate'>): boolean {
  return parseIsoDate(date) !== null && date >= ctx.minDate && date <= ctx.today;
}

/** Replaces the timespan with a preset; events outside it are dropped. */
export function choosePreset(state: FilterState, preset: TimespanPreset, ctx: FilterContext): FilterState {
  return pruneEvents({ ...state, timespans: [presetCondition(preset, ctx.today)] }, ctx);
}

/**
 * Replaces the timespan with valid custom ranges (sorted by start). Invalid input changes nothing:
 * the picker shows validateCustomRanges and keeps Apply disabled.
 */
export function applyCustomRanges(state: FilterState, ranges: readonly CustomRangeInput[], ctx: FilterContext): FilterState {
  if (validateCustomRanges(ranges, ctx).length) return state;
  const timespans = ranges
    .map((r) => ({ label: CUSTOM_TIMESPAN, dateBegin: r.dateBegin!, dateEnd: r.dateEnd! }))
    .sort((a, b) => a.dateBegin.localeCompare(b.dateBegin));
  return pruneEvents({ ...state, timespans }, ctx);
}

/**
 * Whether a condition's chip may be removed: not Today alone (spec), and not the default alone
 * either, since removing it would only bring it back.
 */
export function canRemoveTimespan(state: FilterState, conditionId: string, ctx: TimespanDefaults): boolean {
  if (!state.timespans.some((c) => timespanConditionId(c) === conditionId) || isTodayAlone(state.timespans)) return false;
  // Removing the last condition brings back the default: refused when that is what is shown already.
  const [only] = state.timespans;
  const fallback = defaultTimespan(ctx);
  const [first] = fallback;
  return !(state.timespans.length === 1 && fallback.length === 1 && only!.eventId == null && only!.dateBegin === first!.dateBegin && only!.dateEnd === first!.dateEnd);
}

/**
 * Removes one condition. Today alone stays; an event's condition takes its event with it; the last
 * condition going brings back the default; events no longer inside the timespan are dropped.
 */
export function removeTimespan(state: FilterState, conditionId: string, ctx: FilterContext): FilterState {
  if (!canRemoveTimespan(state, conditionId, ctx)) return state;
  const removed = state.timespans.find((c) => timespanConditionId(c) === conditionId)!;
  const rest = state.timespans.filter((c) => c !== removed);
  const eventIds = removed.eventId != null ? state.eventIds.filter((id) => id !== removed.eventId) : state.eventIds;
  return pruneEvents({ ...state, eventIds, timespans: rest.length ? rest : defaultTimespan(ctx) }, ctx);
}
