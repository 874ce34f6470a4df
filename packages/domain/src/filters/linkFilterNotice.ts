import type { FilterState } from './filterState.ts';
import { timespanPreset } from './timespanPresets.ts';

/** A part of a link's filters the page could not use: its period, its zone, or other filters (tags, events). */
export type LinkFilterPart = 'period' | 'zone' | 'filters';

/**
 * What a link asked for that the page does not show (readFilterParams drops what it cannot use,
 * silently): a period before the site's data, reversed or to come, a zone or tag of no such site,
 * an event it does not have. Read against the state the link gave, so the page can say so instead
 * of showing other figures as if they were the link's. Parameters a page ignores by design (the
 * audience of a page without one, a timespan beside custom dates) are not reported.
 */
export function unusedLinkFilters(params: URLSearchParams, state: FilterState): LinkFilterPart[] {
  const parts: LinkFilterPart[] = [];
  const own = state.timespans.filter((c) => c.eventId == null);
  const froms = params.getAll('from');
  const tos = params.getAll('to');
  if (froms.length > 0 || tos.length > 0) {
    const shown = new Set(own.filter((c) => !timespanPreset(c.label)).map((c) => `${c.dateBegin}/${c.dateEnd}`));
    const asked = Array.from({ length: Math.max(froms.length, tos.length) }, (_, i) => `${froms[i] ?? ''}/${tos[i] ?? ''}`);
    if (asked.some((range) => !shown.has(range))) parts.push('period');
  } else if (params.has('timespan') && !timespanPreset(params.get('timespan') ?? '')) {
    parts.push('period');
  }
  const zone = params.get('zone');
  if (zone !== null && String(state.zoneId) !== zone) parts.push('zone');
  const tags = new Set(Object.values(state.categories).map(String));
  const events = new Set(state.eventIds.map(String));
  if (params.getAll('tag').some((id) => !tags.has(id)) || params.getAll('event').some((id) => !events.has(id))) parts.push('filters');
  return parts;
}
