// The dashboard, page and widget model of spec 001 §3, shared by the server (storage, GraphQL) and
// the web app (renderers). Stored as JSON where the spec leaves the shape open.

/** Widget types of spec 001 §3: chart and table types, then the custom ones. */
export const WIDGET_TYPES = [
  'table',
  'alertLogsTable',
  'areaChart',
  'barChart',
  'columnChart',
  'gridChart',
  'mapView',
  'lineChart',
  'pieChart',
  'kpis',
  'circleChart',
  'progressBarChart',
  'webChart',
  'heatmap',
  'weather',
  'zones',
] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

export function isWidgetType(value: string): value is WidgetType {
  return (WIDGET_TYPES as readonly string[]).includes(value);
}

/** Rendered through the shared widget wrapper; every other type goes through the generic widget. */
export const WRAPPED_WIDGET_TYPES: readonly WidgetType[] = ['kpis', 'mapView', 'alertLogsTable', 'heatmap'];

/** Real-time modes (spec 001 §4): slow poll 5 min, fast poll 1 min, live over the subscription. */
export type RealTimeMode = 'slow' | 'fast' | 'live';

export interface Threshold {
  value: number;
  color?: string;
  label?: string;
}

export interface WidgetConfiguration {
  hideUnit?: boolean;
  useCustomFormatter?: boolean;
  isMultiChart?: boolean;
  colors?: string[];
  stacked?: boolean;
  thresholds?: Threshold[];
  halfCircle?: boolean;
  isParallelCoordinates?: boolean;
  showMinMaxLabel?: boolean;
  avoidMergingYAxis?: boolean;
  /** Map view: views offered in its dropdown; other widgets: free-form. */
  dropdownsConfig?: unknown;
  isPercentage?: boolean;
  isKpiMenuHidden?: boolean;
  isBlockTitleVisible?: boolean;
  showLegend?: boolean;
  /** Weather widget: which site's coordinates to use (default: the page's installation). */
  installationId?: number;
  /** Kpis and zones widgets: what each figure is compared with (widgetComparison.ts); absent: the previous period of equal length. */
  comparison?: 'previousPeriod' | 'previousYear' | 'none';
}

/** A colorimetry band: a value v belongs to it when low <= v < high. */
export interface ColorimetryBand {
  limits: [number, number];
  color: string;
  text?: string;
  suffix?: string;
}

export interface MetricFilterCondition {
  type: string;
  operator?: 'IS' | 'IS_NOT';
  dateBegin?: string;
  dateEnd?: string;
  values?: string[];
}

export interface WidgetMetric {
  /** Metric id of the catalogue (`visitorsIn`, `co2`, ...). */
  type: string;
  configuration?: {
    colorimetry?: ColorimetryBand[];
    customDescription?: string;
    tooltip?: string;
    label?: string;
    color?: string;
  };
  limit?: number;
  filters?: { operator?: 'AND' | 'OR'; conditions: MetricFilterCondition[] };
  granularity?: number;
  sortBy?: { type: string; order: 'ASC' | 'DESC' };
  groupBy?: {
    type: string;
    aggregation?: string;
    tagId?: number;
    tagIds?: number[];
    granularity?: number;
    variant?: string;
  };
  target?: { kind: 'zone' | 'passage' | 'device'; ids: number[] };
  passageType?: string;
  complementary?: boolean;
  customTitles?: Record<string, string>;
}

/** A widget's width in the page grid: `auto` follows its type (the rule of gridLayout). */
export const WIDGET_WIDTHS = ['auto', 'half', 'full'] as const;
export type WidgetWidth = (typeof WIDGET_WIDTHS)[number];
/** A widget's height: `auto` is its content's; the others set a minimum height. */
export const WIDGET_HEIGHTS = ['auto', 'small', 'medium', 'large'] as const;
export type WidgetHeight = (typeof WIDGET_HEIGHTS)[number];

/** Where a widget sits besides its order: its width and height in the page grid (issue 32). */
export interface WidgetLayout {
  width?: WidgetWidth;
  height?: WidgetHeight;
}

export interface Widget {
  id: number;
  pageId: number;
  type: string;
  title: string;
  category: 'global' | 'specific';
  tooltipMessages?: string[];
  realTime?: RealTimeMode | null;
  order: number;
  kind: 'live' | 'custom';
  zoneIds: number[];
  deviceIds: number[];
  passageIds: number[];
  alertIds: number[];
  /** Filter types this widget does not follow (`date`, `day`, `zone`, `gender`, `engagement`, `category`). */
  ignoredFilters: string[];
  headers?: string[];
  metrics: WidgetMetric[];
  configuration: WidgetConfiguration;
  layout?: WidgetLayout;
}

export type GlobalFilterType = 'dashboard' | 'events' | 'timespan' | 'day' | 'zone' | 'gender' | 'engagement' | 'category';

/** A page's preset filter (spec 001 §3 "Global widget filter"). */
export interface GlobalWidgetFilter {
  id: number;
  type: GlobalFilterType;
  order: number;
  zoneIds?: number[];
  categoryId?: number;
  /** [from, to] as YYYY-MM-DD. */
  dateFilters?: [string, string];
  datePreset?: string;
  dayFilters?: { operator: 'IS' | 'IS_NOT'; values: number[] };
}

export interface Page {
  id: number;
  dashboardId: number;
  name: string;
  icon: string;
  order: number;
  widgets: Widget[];
  widgetGlobalFilters: GlobalWidgetFilter[];
}

export type DashboardType = 'custom' | 'atmosphereSite' | 'countingSite' | 'energySite' | 'marketPlace';
export type DashboardKind = 'user' | 'organization' | 'static' | 'marketplace';

export interface DashboardSummary {
  id: number;
  name: string;
  type: DashboardType;
  kind: DashboardKind;
  installationId: number | null;
  /** The route that opens it: `/counting/12`, `/dashboard/4/page/9`. */
  url: string;
  lastModified: string;
}
