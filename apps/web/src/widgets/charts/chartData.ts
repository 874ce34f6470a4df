import { metricDefinition, metricUnit, type Widget, type WidgetMetric } from '@sitelens/domain';
import type { RetailResult } from '../core/retailData.graphql.ts';
import { inferredGranularity, keyLabel, sameLocalDay, timeLabel } from './categoryLabels.ts';
import type { ChartEnv } from './chartEnv.ts';
import { nextPaletteColor } from './seriesColors.ts';

export interface ChartCategory {
  id: string;
  label: string;
  /** Epoch milliseconds of a time bucket; null for keys and totals. */
  t: number | null;
}

/** One drawn series: a metric's answer for one target, breakdown value, tag or the whole. */
export interface ChartSeries {
  id: string;
  metric: string;
  /** The metric's unit, which decides the value axis it shares. */
  unit: string | null;
  /** The series key of the answer ("all", a zone id, FEMALE ...), to match one target across metrics. */
  key: string;
  name: string;
  /** What the series is of, without the metric: the zone, gender or tag name (the metric's name for the whole). */
  group: string;
  /** The metric's name as the widget shows it. */
  metricName: string;
  color: string;
  /** One value per category, null where the answer has none. */
  values: Array<number | null>;
}

export interface ChartData {
  categories: ChartCategory[];
  series: ChartSeries[];
  /** The categories are time buckets. */
  time: boolean;
  /** Bucket size in seconds when `time`. */
  granularity: number;
  /** How many values are drawn (non-missing). */
  points: number;
  /** Index of the first time bucket that has not ended yet (the current hour, today), or null. */
  runningFrom: number | null;
}

const TOTAL = 'total';

const pointId = (p: { t: string | null; key: string | null }) => (p.t !== null ? String(Date.parse(p.t)) : (p.key ?? TOTAL));

/** Each answer with the widget metric that asked for it (answers come in the order of the metrics, "inside" may be left out). */
export function metricsOfResults(widget: Widget, results: readonly RetailResult[]): Array<WidgetMetric | undefined> {
  let next = 0;
  return results.map((r) => {
    const at = widget.metrics.findIndex((m, i) => i >= next && m.type === r.metric);
    if (at < 0) return undefined;
    next = at + 1;
    return widget.metrics[at];
  });
}

function categoriesOf(results: readonly RetailResult[], widget: Widget, env: ChartEnv): Pick<ChartData, 'categories' | 'time' | 'granularity'> {
  const ids: string[] = [];
  const seen = new Set<string>();
  let time = false;
  for (const r of results) {
    for (const s of r.series) {
      for (const p of s.points) {
        const id = pointId(p);
        if (p.t !== null) time = true;
        if (!seen.has(id)) {
          seen.add(id);
          ids.push(id);
        }
      }
    }
  }
  if (!time) {
    const words = env.labels;
    return { time, granularity: 0, categories: ids.map((id) => ({ id, t: null, label: id === TOTAL ? '' : keyLabel(id, env.locale, words) })) };
  }
  const times = ids.map(Number).sort((a, b) => a - b);
  const asked = Math.max(0, ...widget.metrics.map((m) => m.groupBy?.granularity ?? m.granularity ?? 0));
  const granularity = asked > 0 ? asked : inferredGranularity(times);
  const oneDay = sameLocalDay(times, env.timeZone);
  const categories = times.map((t) => ({ id: String(t), t, label: timeLabel(t, { format: env.dateFormat, tz: env.timeZone, granularity, oneDay }) }));
  return { time, granularity, categories };
}

function seriesNames(env: ChartEnv, metric: string, config: WidgetMetric | undefined, s: RetailResult['series'][number], manyMetrics: boolean): { name: string; group: string; metricName: string } {
  const metricName = config?.configuration?.label || env.labels.metricName(metric);
  const custom = config?.customTitles?.[s.key];
  if (custom) return { name: custom, group: custom, metricName };
  if (s.key === 'all') return { name: metricName, group: metricName, metricName };
  const label = env.labels.breakdownValue(s.label) ?? s.label;
  return { name: manyMetrics ? `${label} · ${metricName}` : label, group: label, metricName };
}

/** The widget's answers as categories and aligned series, named and coloured (catalogue colours first). */
export function chartData(widget: Widget, results: readonly RetailResult[], env: ChartEnv): ChartData {
  const { categories, time, granularity } = categoriesOf(results, widget, env);
  const index = new Map(categories.map((c, i) => [c.id, i]));
  const configs = metricsOfResults(widget, results);
  const custom = widget.configuration.colors?.filter(Boolean) ?? [];
  const used = new Set<string>(custom.map((c) => c.toUpperCase()));
  const manyMetrics = results.length > 1;
  const series: ChartSeries[] = [];
  let points = 0;
  results.forEach((r, ri) => {
    const config = configs[ri];
    r.series.forEach((s, si) => {
      const values: Array<number | null> = categories.map(() => null);
      for (const p of s.points) {
        const at = index.get(pointId(p));
        if (at !== undefined && p.value !== null && Number.isFinite(p.value)) {
          values[at] = p.value;
          points += 1;
        }
      }
      const n = series.length;
      const own = si === 0 ? (config?.configuration?.color ?? metricDefinition(r.metric)?.color) : undefined;
      const color = custom[n] ?? (own && !used.has(own.toUpperCase()) ? own : nextPaletteColor(used, n));
      used.add(color.toUpperCase());
      series.push({
        id: `${ri}:${s.key}`,
        metric: r.metric,
        unit: r.unit ?? metricUnit(r.metric),
        key: s.key,
        ...seriesNames(env, r.metric, config, s, manyMetrics),
        color,
        values,
      });
    });
  });
  return { categories, series, time, granularity, points, runningFrom: runningFrom(categories, granularity, env.now) };
}

/** The first bucket still running at `now`: its figure is partial, never a value beside complete ones. */
export function runningFrom(categories: readonly ChartCategory[], granularity: number, now: number | undefined): number | null {
  if (now === undefined || granularity <= 0) return null;
  const at = categories.findIndex((c) => c.t !== null && c.t + granularity * 1000 > now);
  return at < 0 ? null : at;
}
