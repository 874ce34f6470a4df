import { metricDefinition } from './catalogue/metricLookup.ts';

// The order of a metric request's series when it asks for one (sortBy), before its top N (limit)
// are kept: the engine ranks, so "top 3" is the three largest, not the first three by id.

export interface SortBy {
  type: string;
  order: string;
}

/** Sort types the engine knows: by each series' figure over the range. */
export const SORT_TYPES = ['value'] as const;
export const SORT_ORDERS = ['ASC', 'DESC'] as const;

export const isSortBy = (s: SortBy): boolean => (SORT_TYPES as readonly string[]).includes(s.type) && (SORT_ORDERS as readonly string[]).includes(s.order);

/**
 * One figure for a series of values, as the catalogue aggregates the metric: the total of a count,
 * the last value of a level read at the end, the mean of the others; null when nothing was measured.
 */
export function seriesFigure(metric: string, values: ReadonlyArray<number | null>): number | null {
  const present = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (present.length === 0) return null;
  const aggregation = metricDefinition(metric)?.defaultAggregation;
  if (aggregation === 'sum') return present.reduce((s, v) => s + v, 0);
  if (aggregation === 'last') return present[present.length - 1]!;
  return present.reduce((s, v) => s + v, 0) / present.length;
}

/** The series ranked by their figure (series without one last, ties in their first order). */
export function rankSeries<S extends { points: ReadonlyArray<{ value: number | null }> }>(metric: string, series: readonly S[], order: string): S[] {
  const figures = new Map(series.map((s) => [s, seriesFigure(metric, s.points.map((p) => p.value))]));
  const sign = order === 'ASC' ? 1 : -1;
  return [...series].sort((a, b) => {
    const fa = figures.get(a) ?? null;
    const fb = figures.get(b) ?? null;
    if (fa === null || fb === null) return fa === fb ? 0 : fa === null ? 1 : -1;
    return sign * (fa - fb);
  });
}
