import { metricDefinition } from '@sitelens/domain';
import type { ChartData } from './chartData.ts';
import { nextPaletteColor } from './seriesColors.ts';

/** One slice, ring or bar of a pie, circle or progress chart. */
export interface ChartItem {
  id: string;
  name: string;
  metric: string;
  color: string;
  value: number | null;
}

/**
 * A series' values as one figure: summed for counted metrics, the last value for running figures
 * (inside), the mean for levels (temperature, dwell, rates); null when none.
 */
export function seriesFigure(metric: string, values: ReadonlyArray<number | null>): number | null {
  const present = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (present.length === 0) return null;
  const aggregation = metricDefinition(metric)?.defaultAggregation;
  if (aggregation === 'sum') return present.reduce((s, v) => s + v, 0);
  if (aggregation === 'last') return present[present.length - 1]!;
  return present.reduce((s, v) => s + v, 0) / present.length;
}

/**
 * What a pie, circle or progress chart draws: one item per series, or, for a single series over
 * several categories (weekdays, zones as keys), one item per category.
 */
export function chartItems(data: ChartData, colors: readonly string[] = []): ChartItem[] {
  const only = data.series[0];
  if (data.series.length === 1 && only && data.categories.length > 1) {
    const used = new Set<string>(colors.map((c) => c.toUpperCase()));
    return data.categories.map((c, i) => {
      const color = colors[i] ?? (i === 0 && !used.has(only.color.toUpperCase()) ? only.color : nextPaletteColor(used, i));
      used.add(color.toUpperCase());
      return { id: `${only.id}:${c.id}`, name: c.label, metric: only.metric, color, value: only.values[i] ?? null };
    });
  }
  return data.series.map((s) => ({ id: s.id, name: s.name, metric: s.metric, color: s.color, value: seriesFigure(s.metric, s.values) }));
}
