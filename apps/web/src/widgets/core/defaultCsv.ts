import type { Widget } from '@sitelens/domain';
import type { RetailResult } from './retailData.graphql.ts';

/** One row per point: metric, series, time or key, value. */
export function defaultCsv(_widget: Widget, results: RetailResult[]): Array<Array<string | number | null>> {
  const rows: Array<Array<string | number | null>> = [['metric', 'series', 'time', 'key', 'value']];
  for (const result of results) {
    for (const series of result.series) {
      for (const point of series.points) rows.push([result.metric, series.label, point.t, point.key, point.value]);
    }
  }
  return rows;
}
