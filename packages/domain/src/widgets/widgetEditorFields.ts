import type { TargetKind } from '../metrics/storedMetrics.ts';
import type { WidgetConfiguration, WidgetType } from './widgetModel.ts';

// What the dashboard editor's side panel offers for each widget type, read from what the renderers
// of apps/web/src/widgets actually use, so that no field is offered that changes nothing on screen.

/** Sections of the side panel, in the order they are shown. */
export type WidgetEditorSection =
  | 'title'
  | 'metrics'
  | 'targets'
  | 'grouping'
  | 'filters'
  | 'topN'
  | 'comparison'
  | 'thresholds'
  | 'colorBands'
  | 'colors'
  | 'display'
  | 'ignoredFilters'
  | 'refresh';

/** Page filter types a widget may ignore (Widget.ignoredFilters), in the order the panel lists them. */
export const IGNORABLE_FILTERS = ['date', 'day', 'zone', 'gender', 'engagement', 'category'] as const;
export type IgnorableFilter = (typeof IGNORABLE_FILTERS)[number];

/** The configuration switches a type's renderer reads. */
export type WidgetDisplaySwitch = keyof Pick<WidgetConfiguration, 'stacked' | 'showLegend' | 'halfCircle' | 'isPercentage' | 'hideUnit'>;

/** The gallery's schematic drawing of a type (drawn inline by the web app). */
export type WidgetThumbnail = 'table' | 'log' | 'area' | 'bars' | 'columns' | 'grid' | 'map' | 'line' | 'pie' | 'kpis' | 'gauge' | 'progress' | 'radar' | 'heatmap' | 'weather' | 'zones';

export interface WidgetEditorFields {
  sections: readonly WidgetEditorSection[];
  /** How many metrics the type draws: none, exactly one, or one or more. */
  metrics: 'none' | 'one' | 'several';
  /** Target kinds the type reads (its zoneIds, passageIds, deviceIds). */
  targets: readonly TargetKind[];
  switches: readonly WidgetDisplaySwitch[];
  /** Page filters the type's renderer follows, hence may be told to ignore. */
  ignorable: readonly IgnorableFilter[];
  thumbnail: WidgetThumbnail;
}

// Renderers that send their metrics' requests with the page's conditions (retailRequests,
// toRetailConditions, the zones and map widgets) follow all six; the alert log reads the zone and
// the dates (alertLogScope), the heatmap the zone and the gender (mapZoneId, its gender pick).
const ALL_FILTERS = IGNORABLE_FILTERS;

// "filters": the types whose metrics' own conditions reach the server (retailRequests, the zones
// widget). "topN": the types that draw one row, bar, slice or line per series, where keeping the
// largest N series and their order is visible; a gauge, a radar or a grid of cells is not one.
const CHART_SECTIONS = ['title', 'metrics', 'targets', 'grouping', 'filters', 'thresholds', 'colors', 'display', 'ignoredFilters', 'refresh'] as const;
const RANKED_SECTIONS = ['title', 'metrics', 'targets', 'grouping', 'filters', 'topN', 'thresholds', 'colors', 'display', 'ignoredFilters', 'refresh'] as const;
const CARTESIAN: Omit<WidgetEditorFields, 'thumbnail'> = {
  sections: RANKED_SECTIONS,
  metrics: 'several',
  targets: ['zone', 'passage', 'device'],
  switches: ['stacked', 'showLegend', 'hideUnit'],
  ignorable: ALL_FILTERS,
};
const ROUND: Omit<WidgetEditorFields, 'thumbnail'> = {
  sections: CHART_SECTIONS,
  metrics: 'one',
  targets: ['zone', 'passage', 'device'],
  switches: ['halfCircle', 'isPercentage', 'showLegend', 'hideUnit'],
  ignorable: ALL_FILTERS,
};

export const WIDGET_EDITOR_FIELDS: Readonly<Record<WidgetType, WidgetEditorFields>> = {
  table: {
    sections: ['title', 'metrics', 'targets', 'grouping', 'filters', 'topN', 'display', 'ignoredFilters', 'refresh'],
    metrics: 'several',
    targets: ['zone', 'passage', 'device'],
    switches: ['hideUnit'],
    ignorable: ALL_FILTERS,
    thumbnail: 'table',
  },
  alertLogsTable: { sections: ['title', 'targets', 'ignoredFilters'], metrics: 'none', targets: ['zone'], switches: [], ignorable: ['date', 'zone'], thumbnail: 'log' },
  areaChart: { ...CARTESIAN, thumbnail: 'area' },
  barChart: { ...CARTESIAN, thumbnail: 'bars' },
  columnChart: { ...CARTESIAN, thumbnail: 'columns' },
  gridChart: {
    sections: ['title', 'metrics', 'targets', 'grouping', 'filters', 'colors', 'display', 'ignoredFilters', 'refresh'],
    metrics: 'several',
    targets: ['zone', 'passage', 'device'],
    switches: ['showLegend', 'hideUnit'],
    ignorable: ALL_FILTERS,
    thumbnail: 'grid',
  },
  // The map's values come from its plan's views (dropdownsConfig), not from its metrics' conditions.
  mapView: { sections: ['title', 'metrics', 'targets', 'colorBands', 'ignoredFilters'], metrics: 'several', targets: ['zone'], switches: [], ignorable: ALL_FILTERS, thumbnail: 'map' },
  lineChart: { ...CARTESIAN, switches: ['showLegend', 'hideUnit'], thumbnail: 'line' },
  pieChart: {
    ...ROUND,
    sections: ['title', 'metrics', 'targets', 'grouping', 'filters', 'topN', 'colors', 'display', 'ignoredFilters', 'refresh'],
    switches: ['halfCircle', 'isPercentage', 'hideUnit'],
    thumbnail: 'pie',
  },
  kpis: {
    sections: ['title', 'metrics', 'targets', 'filters', 'comparison', 'colorBands', 'ignoredFilters', 'refresh'],
    metrics: 'several',
    targets: ['zone', 'passage', 'device'],
    switches: [],
    ignorable: ALL_FILTERS,
    thumbnail: 'kpis',
  },
  circleChart: { ...ROUND, thumbnail: 'gauge' },
  progressBarChart: { ...ROUND, switches: ['isPercentage', 'hideUnit'], thumbnail: 'progress' },
  webChart: {
    sections: ['title', 'metrics', 'targets', 'grouping', 'filters', 'display', 'ignoredFilters', 'refresh'],
    metrics: 'several',
    targets: ['zone', 'passage', 'device'],
    switches: ['hideUnit'],
    ignorable: ALL_FILTERS,
    thumbnail: 'radar',
  },
  heatmap: { sections: ['title', 'targets', 'ignoredFilters'], metrics: 'none', targets: ['zone'], switches: [], ignorable: ['zone', 'gender'], thumbnail: 'heatmap' },
  weather: { sections: ['title'], metrics: 'none', targets: [], switches: [], ignorable: [], thumbnail: 'weather' },
  zones: { sections: ['title', 'metrics', 'targets', 'filters', 'comparison', 'ignoredFilters', 'refresh'], metrics: 'one', targets: ['zone'], switches: [], ignorable: ALL_FILTERS, thumbnail: 'zones' },
};

export const widgetEditorFields = (type: WidgetType): WidgetEditorFields => WIDGET_EDITOR_FIELDS[type];

/** Translation keys of a type's name and one-line description (catalogue widgetGallery). */
export const widgetTypeNameKey = (type: WidgetType): string => `widgetGallery.types.${type}.name`;
export const widgetTypeDescriptionKey = (type: WidgetType): string => `widgetGallery.types.${type}.description`;
