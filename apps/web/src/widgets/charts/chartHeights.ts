import { barChartHeight, DEFAULT_CHART_HEIGHT, MAX_INITIAL_SERIES, type Widget } from '@sitelens/domain';
import type { RetailResult } from '../core/retailData.graphql.ts';
import { inferredGranularity } from './categoryLabels.ts';
import { circleRows } from './circleOption.ts';
import { gridHeight } from './gridOption.ts';
import { comparesGroups } from './groupedData.ts';
import { progressHeight } from './progressOption.ts';

/** How many series and categories the answers hold, and whether they are buckets finer than a day. */
/** With `grouped` (the default), a widget comparing groups counts its groups as categories, as the bar chart draws them. */
export function answerShape(widget: Widget, results: readonly RetailResult[], grouped = true): { series: number; categories: number; subDay: boolean } {
  const ids = new Set<string>();
  const times = new Set<number>();
  let series = 0;
  for (const r of results) {
    for (const s of r.series) {
      series += 1;
      for (const p of s.points) {
        ids.add(p.t ?? p.key ?? 'total');
        if (p.t) times.add(Date.parse(p.t));
      }
    }
  }
  if (grouped && comparesGroups(widget)) {
    const keys = new Set(results.flatMap((r) => r.series.map((s) => s.key)));
    return { series: results.length, categories: keys.size, subDay: false };
  }
  const asked = Math.max(0, ...widget.metrics.map((m) => m.groupBy?.granularity ?? m.granularity ?? 0));
  const granularity = asked || inferredGranularity([...times].sort((a, b) => a - b));
  return { series, categories: ids.size, subDay: times.size > 0 && granularity < 86_400 };
}

/** Items of a pie, circle or progress chart: the series, or a single series' categories. */
const itemCount = (shape: ReturnType<typeof answerShape>) => (shape.series === 1 ? Math.max(1, shape.categories) : shape.series);

/** Line, area and column charts: the default height, more for one panel per metric. */
export function cartesianHeight(widget: Widget): number {
  const metrics = new Set(widget.metrics.map((m) => m.type)).size;
  return widget.configuration.isMultiChart && metrics > 1 ? Math.max(DEFAULT_CHART_HEIGHT, metrics * 220 + 40) : DEFAULT_CHART_HEIGHT;
}

/** Horizontal bars (spec 001 §9): 50 px a bar; a category holds a bar per shown series unless stacked. */
export function barHeight(widget: Widget, results: readonly RetailResult[]): number {
  const shape = answerShape(widget, results);
  const stacked = widget.configuration.stacked === true;
  const perCategory = stacked ? 1 : Math.max(1, Math.min(shape.series, MAX_INITIAL_SERIES));
  return barChartHeight(shape.categories * perCategory, stacked);
}

export function circleHeight(widget: Widget, results: readonly RetailResult[]): number {
  const rows = circleRows(itemCount(answerShape(widget, results)));
  return rows * (widget.configuration.halfCircle ? 220 : 260);
}

export function progressChartHeight(widget: Widget, results: readonly RetailResult[]): number {
  return progressHeight(itemCount(answerShape(widget, results)));
}

export function gridChartHeight(widget: Widget, results: readonly RetailResult[]): number {
  const shape = answerShape(widget, results, false);
  if (!shape.subDay) return gridHeight(Math.max(1, shape.series));
  // A row per weekday present; UTC dates stand in for the site's (the row count is at most one off).
  const dates = new Set(results.flatMap((r) => r.series.flatMap((s) => s.points.map((p) => p.t?.slice(0, 10)).filter(Boolean))));
  return gridHeight(Math.min(7, Math.max(1, dates.size)));
}
