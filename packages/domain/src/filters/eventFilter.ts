// Event filter rules (spec 001 §4-§5): selecting an event adds its date range to the timespan;
// changing the timespan drops the events no longer in it; the search ignores case and accents.
import type { FilterContext, FilterEvent, FilterState, TimespanCondition } from './filterState.ts';
import { type TimespanDefaults, defaultTimespan } from './timespanPresets.ts';
import { foldForSearch } from '../i18n/foldForSearch.ts';

/**
 * The selectable range of an event: its dates clamped to [minDate, today] (a never-ending or open
 * event runs to today); null when nothing of it is selectable (a future event).
 */
export function eventRange(event: FilterEvent, ctx: Pick<FilterContext, 'today' | 'minDate'>): { dateBegin: string; dateEnd: string } | null {
  const end = event.neverEnding || !event.dateEnd || event.dateEnd > ctx.today ? ctx.today : event.dateEnd;
  const begin = event.dateBegin < ctx.minDate ? ctx.minDate : event.dateBegin;
  return begin <= end ? { dateBegin: begin, dateEnd: end } : null;
}

const overlaps = (a: { dateBegin: string; dateEnd: string }, b: { dateBegin: string; dateEnd: string }) =>
  a.dateBegin <= b.dateEnd && b.dateBegin <= a.dateEnd;

/**
 * Keeps the events whose range meets at least one timespan condition, and the event conditions of
 * the events still selected; an emptied timespan becomes the default.
 */
export function pruneEvents(state: FilterState, ctx: Pick<FilterContext, 'minDate' | 'events'> & TimespanDefaults): FilterState {
  const eventIds = state.eventIds.filter((id) => {
    const event = ctx.events.find((e) => e.id === id);
    const range = event && eventRange(event, ctx);
    return range != null && state.timespans.some((c) => overlaps(c, range));
  });
  const timespans = state.timespans.filter((c) => c.eventId == null || eventIds.includes(c.eventId));
  return { ...state, eventIds, timespans: timespans.length ? timespans : defaultTimespan(ctx) };
}

/** Deselects an event: drops it and its timespan condition (the default comes back if nothing is left). */
export function deselectEvent(state: FilterState, eventId: number, ctx: FilterContext): FilterState {
  const timespans = state.timespans.filter((c) => c.eventId !== eventId);
  return {
    ...state,
    eventIds: state.eventIds.filter((id) => id !== eventId),
    timespans: timespans.length ? timespans : defaultTimespan(ctx),
  };
}

/** Selects an event: adds it and its range as a timespan condition. Unknown or future events change nothing. */
export function selectEvent(state: FilterState, eventId: number, ctx: FilterContext): FilterState {
  const event = ctx.events.find((e) => e.id === eventId);
  const range = event && eventRange(event, ctx);
  if (!range || state.eventIds.includes(eventId)) return state;
  const condition: TimespanCondition = { label: 'event', ...range, eventId };
  return { ...state, eventIds: [...state.eventIds, eventId], timespans: [...state.timespans, condition] };
}

/** Events whose name contains the query, ignoring case and accents; an empty query lists all. */
export function searchEvents<E extends { name: string }>(events: readonly E[], query: string): E[] {
  const q = foldForSearch(query);
  return events.filter((e) => foldForSearch(e.name).includes(q));
}
