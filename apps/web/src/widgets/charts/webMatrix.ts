import type { ChartData } from './chartData.ts';
import type { ChartEnv } from './chartEnv.ts';
import { seriesFigure } from './chartItems.ts';

/** A web chart's table: one axis per dimension, one line or polygon per entity. */
export interface WebMatrix {
  dimensions: Array<{ name: string; metric: string }>;
  entities: Array<{ name: string; color: string; values: Array<number | null> }>;
}

/**
 * Several metrics: an axis per metric and a line per target (series key), each metric reduced to
 * one figure; one metric: an axis per category (weekday, hour ...) and a line per series.
 */
export function webMatrix(data: ChartData, env: ChartEnv, wholeName: string): WebMatrix {
  const metrics = [...new Set(data.series.map((s) => s.metric))];
  if (metrics.length > 1) {
    const keys = [...new Set(data.series.map((s) => s.key))];
    return {
      dimensions: metrics.map((m) => ({ name: env.labels.metricName(m), metric: m })),
      entities: keys.map((key) => {
        const own = data.series.filter((s) => s.key === key);
        const first = own[0]!;
        const name = key === 'all' ? wholeName : first.group;
        return { name, color: first.color, values: metrics.map((m) => { const s = own.find((o) => o.metric === m); return s ? seriesFigure(m, s.values) : null; }) };
      }),
    };
  }
  const metric = metrics[0] ?? '';
  return {
    dimensions: data.categories.map((c) => ({ name: c.label, metric })),
    entities: data.series.map((s) => ({ name: s.name, color: s.color, values: s.values })),
  };
}
