import type { Widget } from '@sitelens/domain';
import { chartData } from '../charts/chartData.ts';
import { sheetDecimals } from './evolutionText.ts';
import type { RetailResult } from './retailData.graphql.ts';
import { type ExportEnv, type SheetRow, columnHeader, sheetTime, sheetValue, withoutEmptyColumns } from './exportSheet.ts';

/**
 * The chart's figures as a sheet: one row per time bucket (site time, the user's date format) or
 * per category, one column per drawn series named as the legend names it, with its unit. An answer
 * of one value per series (a pie, a total) reads one row per series instead.
 */
export function defaultCsv(widget: Widget, results: RetailResult[], { env, headers }: ExportEnv): SheetRow[] {
  const data = chartData(widget, results, env);
  if (data.series.length === 0) return [];
  if (!data.time && data.categories.length === 1) {
    const first = data.series[0]!;
    const rows: SheetRow[] = [[headers.item, columnHeader(first.metricName, first.metric, first.unit)]];
    for (const s of data.series) rows.push([s.group, sheetValue(s.metric, s.values[0], sheetDecimals(widget, s.metric))]);
    return rows;
  }
  const header: SheetRow = [data.time ? headers.time : headers.item, ...data.series.map((s) => columnHeader(s.name, s.metric, s.unit))];
  const rows = data.categories.map((c, i): SheetRow => [
    data.time && c.t !== null ? sheetTime(c.t, data.granularity, env) : c.label,
    ...data.series.map((s) => sheetValue(s.metric, s.values[i], sheetDecimals(widget, s.metric))),
  ]);
  return withoutEmptyColumns([header, ...rows]);
}
