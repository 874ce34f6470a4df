import { type Widget } from '@sitelens/domain';
import type { ChartData, ChartSeries } from './chartData.ts';
import { seriesFigure } from './chartItems.ts';

const TIME_GROUPS = new Set(['date', 'discontinuousDate']);

/**
 * The widget groups by a dimension (zone, gender, tag ...) and asks no time buckets: it compares
 * groups, and the engine answers one value per group over the whole range.
 */
export function comparesGroups(widget: Widget): boolean {
  return (
    widget.metrics.length > 0 &&
    widget.metrics.every((m) => m.groupBy !== undefined && !TIME_GROUPS.has(m.groupBy.type) && !m.groupBy.granularity && !m.granularity)
  );
}

/**
 * The groups as categories (zones, genders ...) and one series per metric, each group's one value
 * as its figure; a single "whole" series stays as it is.
 */
export function groupsAsCategories(data: ChartData): ChartData {
  const keys: string[] = [];
  const labels = new Map<string, string>();
  for (const s of data.series) {
    if (!labels.has(s.key)) {
      keys.push(s.key);
      labels.set(s.key, s.group);
    }
  }
  if (keys.length === 1 && keys[0] === 'all') return data;
  const metrics = [...new Set(data.series.map((s) => s.id.split(':')[0]!))];
  const series: ChartSeries[] = metrics.map((index) => {
    const own = data.series.filter((s) => s.id.split(':')[0] === index);
    const first = own[0]!;
    return {
      id: `${index}:groups`,
      metric: first.metric,
      unit: first.unit,
      key: 'groups',
      name: first.metricName,
      group: first.metricName,
      metricName: first.metricName,
      color: first.color,
      values: keys.map((key) => {
        const s = own.find((o) => o.key === key);
        return s ? seriesFigure(s.metric, s.values) : null;
      }),
    };
  });
  return {
    categories: keys.map((key) => ({ id: key, label: labels.get(key)!, t: null })),
    series,
    time: false,
    granularity: 0,
    runningFrom: null,
    points: series.reduce((n, s) => n + s.values.filter((v) => v !== null).length, 0),
  };
}
