// The bridge from the filter bar's state to what widgets send (appliedFilters.ts): conditions
// combine with AND, dates with OR, exactly as the metrics engine expects.
import type { AppliedFilters } from './appliedFilters.ts';
import type { FilterState } from './filterState.ts';

export function toAppliedFilters(state: FilterState): AppliedFilters {
  return {
    timespans: state.timespans.map((c) => ({ dateBegin: c.dateBegin, dateEnd: c.dateEnd, label: c.label, ...(c.eventId != null ? { eventId: c.eventId } : {}) })),
    hours: state.hours,
    day: state.day && state.day.days.length ? { operator: state.day.operator, days: [...state.day.days].sort((a, b) => a - b) } : null,
    zoneId: state.zoneId,
    gender: state.gender,
    engagement: state.engagement,
    tagIds: Object.values(state.categories),
    eventIds: [...state.eventIds],
  };
}
