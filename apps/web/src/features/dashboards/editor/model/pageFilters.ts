import type { GlobalWidgetFilter } from '@sitelens/domain';

const nextId = (filters: readonly GlobalWidgetFilter[]) => Math.max(0, ...filters.map((f) => f.id)) + 1;

/** The page's zone filter set to these zones; none removes it (the page then shows the whole site). */
export function withZones(filters: readonly GlobalWidgetFilter[], zoneIds: number[]): GlobalWidgetFilter[] {
  const rest = filters.filter((f) => f.type !== 'zone');
  if (zoneIds.length === 0) return rest;
  const current = filters.find((f) => f.type === 'zone');
  return [...rest, { id: current?.id ?? nextId(filters), type: 'zone', order: current?.order ?? rest.length, zoneIds }];
}

/** The page's timespan preset; null removes every timespan preset. */
export function withDatePreset(filters: readonly GlobalWidgetFilter[], preset: string | null): GlobalWidgetFilter[] {
  const rest = filters.filter((f) => f.type !== 'timespan');
  if (preset === null) return rest;
  const current = filters.find((f) => f.type === 'timespan');
  return [...rest, { id: current?.id ?? nextId(filters), type: 'timespan', order: current?.order ?? rest.length, datePreset: preset }];
}
