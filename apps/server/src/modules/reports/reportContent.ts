import { GRANULARITIES, bucketStart, bucketStarts, metricDefinition } from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { kpis } from '../metrics/derive/kpis.service.ts';
import { retailData } from '../metrics/retailData.service.ts';
import type { DataRow, SummaryRow } from './reportWorkbook.ts';

/** The site page's key figures and the data columns, by the kind of event (spec 001 static dashboards). */
const COUNTING = { summary: ['visitorsIn', 'visitorsOut', 'dwell', 'captureRate'], columns: ['visitorsIn', 'visitorsOut'] };
const ATMOSPHERE = { summary: ['comfortScore', 'co2', 'temperature', 'humidity'], columns: ['co2', 'temperature', 'humidity'] };
/** Columns whose buckets add up; the others average (3 and 6 hours are read hourly and merged). */
const SUMMED = new Set(['visitorsIn', 'visitorsOut']);

export const metricsOfEvent = (eventMetrics: readonly string[]) => (eventMetrics.includes('counting') || !eventMetrics.includes('atmosphere') ? COUNTING : ATMOSPHERE);

export interface ReportScope {
  installationId: number;
  zoneIds: number[];
  timeZone: string;
  /** The site's change-of-day time (its business days). */
  changeOfDay: string;
  from: number;
  to: number;
  granularity: number;
  eventMetrics: readonly string[];
}

const dateFilter = (from: number, to: number) => ({ operator: 'AND', conditions: [{ type: 'date', dateBegin: new Date(from), dateEnd: new Date(to) }] });

/** The period's key figures with the previous equal period: the same call the site page's KPI row makes. */
export async function reportSummary(ctx: Context, scope: ReportScope): Promise<SummaryRow[]> {
  const { summary } = metricsOfEvent(scope.eventMetrics);
  const figures = await kpis(ctx, { installationId: scope.installationId, metrics: summary, filters: dateFilter(scope.from, scope.to), target: { kind: 'zone', ids: scope.zoneIds } });
  return figures.map((k) => ({ metric: k.metric, unit: k.unit, value: k.value, previousValue: k.previousValue, evolution: k.evolution }));
}

/**
 * One row per bucket of the report's granularity, each column a metric of the event, from the
 * metrics engine: every bucket of the period, so a day without data is a row without values.
 */
export async function reportRows(ctx: Context, scope: ReportScope): Promise<{ columns: Array<{ metric: string; unit: string | null }>; rows: DataRow[] }> {
  const { columns } = metricsOfEvent(scope.eventMetrics);
  const merged = scope.granularity === 10800 || scope.granularity === 21600;
  const asked = merged ? GRANULARITIES.hour : scope.granularity;
  const answers = await Promise.all(
    columns.map((metric) =>
      retailData(ctx, { installationId: scope.installationId, metric, granularity: asked, filters: dateFilter(scope.from, scope.to), target: { kind: 'zone', ids: scope.zoneIds } }),
    ),
  );
  const byBucket = new Map<number, Array<{ sum: number; n: number } | null>>();
  for (const t of bucketStarts(scope.from, scope.to, { granularity: scope.granularity, tz: scope.timeZone, changeOfDay: scope.changeOfDay })) byBucket.set(t, columns.map(() => null));
  answers.forEach((answer, col) => {
    for (const point of answer.series[0]?.points ?? []) {
      if (!point.t) continue;
      const t = merged ? bucketStart(point.t.getTime(), { granularity: scope.granularity, tz: scope.timeZone }) : point.t.getTime();
      const cells = byBucket.get(t) ?? columns.map(() => null);
      if (point.value !== null) {
        const cell = cells[col] ?? { sum: 0, n: 0 };
        cell.sum += point.value;
        cell.n += 1;
        cells[col] = cell;
      }
      byBucket.set(t, cells);
    }
  });
  const rows = [...byBucket.entries()]
    .sort(([a], [b]) => a - b)
    .map(([t, cells]) => ({ t, values: cells.map((c, i) => (c === null ? null : SUMMED.has(columns[i]!) ? c.sum : c.sum / c.n)) }));
  return { columns: columns.map((metric) => ({ metric, unit: metricDefinition(metric)?.unit ?? null })), rows };
}
