import type { WidgetMetric, WidgetType } from '@sitelens/domain';
import type { ModelWidget } from './dashboardModel.ts';

/** What a new widget is built from: the site's top zone, the metrics its sensors measure, a title. */
export interface WidgetDefaults {
  topZoneId: number | null;
  /** Metric ids the site measures, preferred first (visitorsIn on counting sites, co2 on air quality). */
  siteMetrics: readonly string[];
  title: string;
}

const HOUR = 3600;

/** The grouping each chart type reads best with; types absent here take the metric as it is. */
const GROUPING: Partial<Record<WidgetType, Pick<WidgetMetric, 'granularity' | 'groupBy'>>> = {
  lineChart: { granularity: HOUR, groupBy: { type: 'date', aggregation: 'sum' } },
  areaChart: { granularity: HOUR, groupBy: { type: 'date', aggregation: 'sum' } },
  columnChart: { groupBy: { type: 'discontinuousDate', variant: 'weekday', aggregation: 'sum' } },
  barChart: { groupBy: { type: 'zone' } },
  table: { groupBy: { type: 'zone' } },
  pieChart: { groupBy: { type: 'gender' } },
};

/** Types that need no metric (the weather, the plan of heat, the alert log). */
const NO_METRIC: ReadonlySet<WidgetType> = new Set(['weather', 'heatmap', 'alertLogsTable', 'zones']);

/**
 * A new widget of a type, ready to show data: a metric the site measures, on the page's top zone,
 * with the grouping the type reads best with. The user refines it in the side panel.
 */
export function defaultWidget(type: WidgetType, d: WidgetDefaults): Omit<ModelWidget, 'id'> {
  const metricId = d.siteMetrics[0] ?? 'visitorsIn';
  const zoneIds = d.topZoneId !== null ? [d.topZoneId] : [];
  const averaged = metricId !== 'visitorsIn' && metricId !== 'visitorsOut';
  const grouping = GROUPING[type];
  const groupBy = grouping?.groupBy && averaged && grouping.groupBy.aggregation ? { ...grouping.groupBy, aggregation: 'average' } : grouping?.groupBy;
  const metrics: WidgetMetric[] = NO_METRIC.has(type) ? [] : [{ type: metricId, ...grouping, ...(groupBy ? { groupBy } : {}) }];
  return {
    type,
    title: d.title,
    category: 'global',
    kind: 'custom',
    realTime: null,
    tooltipMessages: [],
    zoneIds: type === 'heatmap' || type === 'mapView' ? zoneIds : [],
    deviceIds: [],
    passageIds: [],
    alertIds: [],
    ignoredFilters: [],
    metrics,
    configuration: type === 'pieChart' ? { showLegend: true } : {},
  };
}

/** The first metric of each family of a site, in the order a new widget prefers them. */
const FAMILY_METRICS: Record<string, string> = { counting: 'visitorsIn', atmosphere: 'co2', energy: 'electricityConsumption', sales: 'turnover' };

export function metricsOfFamilies(families: readonly string[]): string[] {
  return Object.keys(FAMILY_METRICS)
    .filter((f) => families.includes(f))
    .map((f) => FAMILY_METRICS[f]!);
}
