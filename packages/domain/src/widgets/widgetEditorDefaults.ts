import type { GroupByType } from '../metrics/catalogue/groupByTypes.ts';
import { GRANULARITIES } from '../time/bucketStart.ts';
import { widgetEditorFields } from './widgetEditorFields.ts';
import { editorMetricsForFamilies } from './widgetEditorOptions.ts';
import type { Widget, WidgetMetric, WidgetType } from './widgetModel.ts';

/** A widget as the editor keeps it: no id, page or order yet (the web's ModelWidget has the same shape). */
export type EditorWidget = Omit<Widget, 'id' | 'pageId' | 'order' | 'type'> & { id?: number; type: WidgetType };

/** What a new widget needs to know of its site. */
export interface EditorSite {
  /** Installation.families: counting, atmosphere, energy, sales. */
  families: readonly string[];
  /** The site's top zone (selecting it is selecting the whole site), null when it has none. */
  topZoneId: number | null;
}

// The metric each kind of widget starts with when the site measures it; else the site's first metric.
const PREFERRED = ['visitorsIn', 'co2', 'electricityConsumption', 'turnover', 'temperature'];
const PREFERRED_ONE_VALUE = ['inside', 'co2', 'temperature', 'visitorsIn', 'electricityConsumption', 'turnover'];

/** The group-by a new metric of each type starts with: a time axis for series, one value for gauges. */
function startingGroupBy(type: WidgetType): WidgetMetric['groupBy'] {
  if (type === 'circleChart' || type === 'progressBarChart') return { type: 'all' };
  if (type === 'pieChart' || type === 'webChart') return { type: 'zoneId' satisfies GroupByType };
  return { type: 'date', granularity: GRANULARITIES.hour };
}

/** The metric a new widget of this type shows on a site with these families (undefined: none fits). */
export function defaultMetricId(type: WidgetType, families: readonly string[]): string | undefined {
  const available = editorMetricsForFamilies(families).map((m) => m.id);
  const order = type === 'circleChart' || type === 'progressBarChart' || type === 'zones' ? PREFERRED_ONE_VALUE : PREFERRED;
  return order.find((id) => available.includes(id)) ?? available[0];
}

/** A new metric of a widget: grouped as the type draws it; kpis and zones ask one figure per metric. */
export function newEditorMetric(type: WidgetType, metricId: string): WidgetMetric {
  const groupBy = type === 'kpis' || type === 'zones' || type === 'mapView' ? undefined : startingGroupBy(type);
  return groupBy ? { type: metricId, groupBy } : { type: metricId };
}

/**
 * A new widget of a type for a site, as the server accepts it: a catalogue metric fitting the type
 * (when the type draws metrics), the site's top zone as its target, and the title given (the
 * translated type name: widgetTypeNameKey).
 */
export function widgetEditorDefault(type: WidgetType, site: EditorSite, title: string): EditorWidget {
  const fields = widgetEditorFields(type);
  const metricId = fields.metrics === 'none' ? undefined : defaultMetricId(type, site.families);
  const zoneIds = fields.targets.includes('zone') && site.topZoneId !== null ? [site.topZoneId] : [];
  return {
    type,
    title,
    category: 'global',
    kind: 'custom',
    realTime: null,
    zoneIds,
    deviceIds: [],
    passageIds: [],
    alertIds: [],
    ignoredFilters: [],
    metrics: metricId ? [newEditorMetric(type, metricId)] : [],
    configuration: fields.switches.includes('showLegend') ? { showLegend: true } : {},
  };
}
