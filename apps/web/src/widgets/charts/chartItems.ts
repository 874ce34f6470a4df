import { seriesFigure } from '@sitelens/domain';
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

/** A series' values as one figure, as the engine ranks a top N (the domain's rule, one place). */
export { seriesFigure };

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
