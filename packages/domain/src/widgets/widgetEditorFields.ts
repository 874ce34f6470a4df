import type { TargetKind } from '../metrics/storedMetrics.ts';
import type { WidgetConfiguration, WidgetType } from './widgetModel.ts';

// What the dashboard editor's side panel offers for each widget type, read from what the renderers
// of apps/web/src/widgets actually use, so that no field is offered that changes nothing on screen.

/** Sections of the side panel, in the order they are shown. */
export type WidgetEditorSection = 'title' | 'metrics' | 'targets' | 'grouping' | 'comparison' | 'thresholds' | 'colorBands' | 'colors' | 'display' | 'refresh';

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
  thumbnail: WidgetThumbnail;
}

const CHART_SECTIONS = ['title', 'metrics', 'targets', 'grouping', 'thresholds', 'colors', 'display', 'refresh'] as const;
const CARTESIAN: Omit<WidgetEditorFields, 'thumbnail'> = {
  sections: CHART_SECTIONS,
  metrics: 'several',
  targets: ['zone', 'passage', 'device'],
  switches: ['stacked', 'showLegend', 'hideUnit'],
};
const ROUND: Omit<WidgetEditorFields, 'thumbnail'> = {
  sections: CHART_SECTIONS,
  metrics: 'one',
  targets: ['zone', 'passage', 'device'],
  switches: ['halfCircle', 'isPercentage', 'showLegend', 'hideUnit'],
};

export const WIDGET_EDITOR_FIELDS: Readonly<Record<WidgetType, WidgetEditorFields>> = {
  table: { sections: ['title', 'metrics', 'targets', 'grouping', 'display', 'refresh'], metrics: 'several', targets: ['zone', 'passage', 'device'], switches: ['hideUnit'], thumbnail: 'table' },
  alertLogsTable: { sections: ['title', 'targets'], metrics: 'none', targets: ['zone'], switches: [], thumbnail: 'log' },
  areaChart: { ...CARTESIAN, thumbnail: 'area' },
  barChart: { ...CARTESIAN, thumbnail: 'bars' },
  columnChart: { ...CARTESIAN, thumbnail: 'columns' },
  gridChart: { sections: ['title', 'metrics', 'targets', 'grouping', 'colors', 'display', 'refresh'], metrics: 'several', targets: ['zone', 'passage', 'device'], switches: ['showLegend', 'hideUnit'], thumbnail: 'grid' },
  mapView: { sections: ['title', 'metrics', 'targets', 'colorBands'], metrics: 'several', targets: ['zone'], switches: [], thumbnail: 'map' },
  lineChart: { ...CARTESIAN, switches: ['showLegend', 'hideUnit'], thumbnail: 'line' },
  pieChart: { ...ROUND, sections: ['title', 'metrics', 'targets', 'grouping', 'colors', 'display', 'refresh'], switches: ['halfCircle', 'isPercentage', 'hideUnit'], thumbnail: 'pie' },
  kpis: { sections: ['title', 'metrics', 'targets', 'comparison', 'colorBands', 'refresh'], metrics: 'several', targets: ['zone', 'passage', 'device'], switches: [], thumbnail: 'kpis' },
  circleChart: { ...ROUND, thumbnail: 'gauge' },
  progressBarChart: { ...ROUND, switches: ['isPercentage', 'hideUnit'], thumbnail: 'progress' },
  webChart: { sections: ['title', 'metrics', 'targets', 'grouping', 'display', 'refresh'], metrics: 'several', targets: ['zone', 'passage', 'device'], switches: ['hideUnit'], thumbnail: 'radar' },
  heatmap: { sections: ['title', 'targets'], metrics: 'none', targets: ['zone'], switches: [], thumbnail: 'heatmap' },
  weather: { sections: ['title'], metrics: 'none', targets: [], switches: [], thumbnail: 'weather' },
  zones: { sections: ['title', 'metrics', 'targets', 'comparison', 'refresh'], metrics: 'one', targets: ['zone'], switches: [], thumbnail: 'zones' },
};

export const widgetEditorFields = (type: WidgetType): WidgetEditorFields => WIDGET_EDITOR_FIELDS[type];

/** Translation keys of a type's name and one-line description (catalogue widgetGallery). */
export const widgetTypeNameKey = (type: WidgetType): string => `widgetGallery.types.${type}.name`;
export const widgetTypeDescriptionKey = (type: WidgetType): string => `widgetGallery.types.${type}.description`;
