// Shared fixtures of the filter rule tests: a site with a zone tree, events and tag categories.
import { defaultFilters } from './defaultFilters.ts';
import type { FilterContext, FilterState } from './filterState.ts';

export const zones = [
  { id: 1, parentId: null, name: 'Mall' },
  { id: 2, parentId: 1, name: 'Food court', sensorId: 10 },
  { id: 3, parentId: 2, name: 'Terrace', sensorId: 11 },
  { id: 4, parentId: 1, name: 'Parking' },
  { id: 5, parentId: 1, name: 'Closed wing', sensorId: 12, isDisabled: true },
];

export const events = [
  { id: 7, name: 'Été en fête', dateBegin: '2026-03-02', dateEnd: '2026-03-04' },
  { id: 8, name: 'Black Friday', dateBegin: '2025-11-28', dateEnd: '2025-11-28' },
  { id: 9, name: 'Anniversary', dateBegin: '2026-03-10', dateEnd: null, neverEnding: true },
  { id: 10, name: 'Next season', dateBegin: '2026-04-01', dateEnd: '2026-04-30' },
];

export const categories = [
  { id: 20, name: 'Floor', tags: [{ id: 21, name: 'Ground' }, { id: 22, name: 'First' }] },
  { id: 30, name: 'Use', tags: [{ id: 31, name: 'Shops' }] },
];

/** Wednesday 18 March 2026, a site created on 1 June 2025, counting page, default Today. */
export function context(over: Partial<FilterContext> = {}): FilterContext {
  return { today: '2026-03-18', minDate: '2025-06-01', defaultPreset: 'today', pageKind: 'counting', zones, events, categories, ...over };
}

export function initial(over: Partial<FilterContext> = {}): FilterState {
  return defaultFilters(context(over));
}
