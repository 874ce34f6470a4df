import type { GroupByType } from '../metrics/catalogue/groupByTypes.ts';
import { GRANULARITIES } from '../time/bucketStart.ts';
import { widgetEditorFields } from './widgetEditorFields.ts';
import { editorGroupBys, editorMetricsForFamilies } from './widgetEditorOptions.ts';
import type { Widget, WidgetMetric, WidgetType } from './widgetModel.ts';

/** A widget as the editor keeps it: no id, page or order yet (the web's ModelWidget has the same shape). */
export type EditorWidget = Omit<Widget, 'id' | 'pageId' | 'order' | 'type'> & { id?: number; type: WidgetType };

/** What a new widget needs to know of its site. */
export interface EditorSite {
  /** Installation.families: counting, atmosphere, energy, sales. */
  families: readonly string[];
  /** The site's top zone (selecting it is selecting the whole site), null when it has none. */
  topZoneId: number | null;
  /** The top zone's live children (a centre's floors, a store's departments): what a new comparison compares. */
  childZoneIds?: readonly number[];
}

// The metric each kind of widget starts with when the site measures it; else the site's first metric.
// Counts over the period come first: a level read at the period's end ("inside") is 0 for a closed day.
const PREFERRED = ['visitorsIn', 'co2', 'electricityConsumption', 'turnover', 'temperature'];
// A gauge fills a ring up to a maximum: a rate (its maximum is 100 %) says something, a count fills its ring whole.
const PREFERRED_GAUGE = ['captureRate', 'co2', 'temperature', 'visitorsIn', 'electricityConsumption', 'turnover'];

/** The types that draw one slice, axis or bar per group: a new one compares groups from its first view. */
const COMPARISONS: ReadonlySet<WidgetType> = new Set(['pieChart', 'webChart', 'progressBarChart']);
/** Groups a comparison needs to be one: a radar of two axes is a line. */
const fewestGroups = (type: WidgetType) => (type === 'webChart' ? 3 : 2);

/** The group-by a new metric of each type starts with: a time axis for series, one value for gauges. */
function startingGroupBy(type: WidgetType): WidgetMetric['groupBy'] {
  if (type === 'circleChart' || type === 'progressBarChart') return { type: 'all' };
  if (type === 'pieChart' || type === 'webChart') return { type: 'zoneId' satisfies GroupByType };
  return { type: 'date', granularity: GRANULARITIES.hour };
}

/** The metric a new widget of this type shows on a site with these families (undefined: none fits). */
export function defaultMetricId(type: WidgetType, families: readonly string[]): string | undefined {
  const available = editorMetricsForFamilies(families).map((m) => m.id);
  const order = type === 'circleChart' ? PREFERRED_GAUGE : PREFERRED;
  return order.find((id) => available.includes(id)) ?? available[0];
}

/** A new metric of a widget: grouped as the type draws it; kpis and zones ask one figure per metric. */
export function newEditorMetric(type: WidgetType, metricId: string): WidgetMetric {
  const groupBy = type === 'kpis' || type === 'zones' || type === 'mapView' ? undefined : startingGroupBy(type);
  return groupBy ? { type: metricId, groupBy } : { type: metricId };
}

/**
 * What a new pie, radar or progress bars compares: the top zone's children, each with its dependents
 * (the floors of a centre), when there are enough of them; else the metric's genders on the whole
 * site; else nothing (the type's start: the top zone alone).
 */
function startingComparison(type: WidgetType, metricId: string, site: EditorSite): { zoneIds: number[]; groupBy: WidgetMetric['groupBy'] } | null {
  if (!COMPARISONS.has(type) || site.topZoneId === null) return null;
  const children = site.childZoneIds ?? [];
  const allowed = editorGroupBys(metricId) as string[];
  if (children.length >= fewestGroups(type) && allowed.includes('zone')) return { zoneIds: [...children], groupBy: { type: 'zone' } };
  if (allowed.includes('gender')) return { zoneIds: [site.topZoneId], groupBy: { type: 'gender' } };
  return null;
}

/** The zones a new widget targets: its comparison's, else the whole site and, for the zones widget, its children too. */
function startingZones(type: WidgetType, site: EditorSite): number[] {
  if (site.topZoneId === null) return [];
  return type === 'zones' ? [site.topZoneId, ...(site.childZoneIds ?? [])] : [site.topZoneId];
}

/**
 * A new widget of a type for a site, as the server accepts it: a catalogue metric fitting the type
 * (when the type draws metrics), the site's top zone as its target (a pie, radar or progress bars
 * compare its children, or genders; the zones widget lists it with its children), and the title
 * given (the translated type name: widgetTypeNameKey).
 */
export function widgetEditorDefault(type: WidgetType, site: EditorSite, title: string): EditorWidget {
  const fields = widgetEditorFields(type);
  const metricId = fields.metrics === 'none' ? undefined : defaultMetricId(type, site.families);
  const comparison = metricId ? startingComparison(type, metricId, site) : null;
  const zoneIds = !fields.targets.includes('zone') ? [] : (comparison?.zoneIds ?? startingZones(type, site));
  const metric = metricId ? newEditorMetric(type, metricId) : undefined;
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
    metrics: metric ? [comparison ? { ...metric, groupBy: comparison.groupBy } : metric] : [],
    configuration: fields.switches.includes('showLegend') ? { showLegend: true } : {},
  };
}
