import type { ColorimetryBand } from '../widgets/widgetModel.ts';

/**
 * The floor plan of one zone as the map-view widget draws it (spec 001 §3 "Map view configuration"
 * and "Map element"). Stored as JSON per zone by the server; the web renderer reads the same type.
 * Coordinates are in the plan's own units (the SVG viewBox is 0 0 maxWidth height).
 */
export const MAP_VIEW_CONFIG_VERSION = 1;

export type MapTooltipMode = 'hover' | 'always';
export type MapTooltipPosition = 'center' | 'top' | 'bottom' | 'left' | 'right';

export interface MapTooltipConfig {
  mode?: MapTooltipMode;
  useTitle?: boolean;
  useLabel?: boolean;
  useUnit?: boolean;
  useIcon?: boolean;
  useValue?: boolean;
  backgroundColors?: string[];
  textColors?: string[];
}

export interface MapElementTooltip {
  title?: string;
  captions?: string[];
  color?: string;
  background?: string;
  fontSize?: number;
  hideCaptions?: boolean;
  backgroundColors?: string[];
  textColors?: string[];
  position?: MapTooltipPosition;
}

/** One drawn shape: an SVG path, or a rectangle from x, y, width and height. */
export interface MapElement {
  zoneId?: number;
  passageId?: number;
  tagId?: number;
  name?: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  path?: string;
  tooltipPosition?: MapTooltipPosition;
  backgroundColor?: string;
  textColor?: string;
  strokeColor?: string;
  strokeWidth?: number;
  opacity?: number;
  colorimetry?: ColorimetryBand[];
  tooltip?: MapElementTooltip;
}

/** A metric shown by a view, with its own colour bands. */
export interface MapViewMetric {
  type: string;
  colorimetry?: ColorimetryBand[];
  color?: string;
  text?: string;
}

/** One entry of the view dropdown: what to colour and which elements take part. */
export interface MapFilterOption {
  title: string;
  zoneIds?: number[];
  passageIds?: number[];
  metrics: MapViewMetric[];
  hideMetricsName?: boolean;
  hideTooltipCaptions?: boolean;
  tooltipConfig?: MapTooltipConfig;
}

export interface MapLayer {
  name: string;
  /** An image drawn under the elements (optional: a layer may be a plain colour). */
  url?: string;
  backgroundColor?: string;
}

export interface MapLegend {
  color: string;
  caption: string;
}

export interface MapColorimetryConfig {
  shouldLegendAlwaysVisible?: boolean;
  useColorimetryLegend?: boolean;
  useRelativeColorimetry?: boolean;
  colorimetry?: ColorimetryBand[];
  metrics?: MapViewMetric[];
  position?: 'top' | 'bottom' | 'left' | 'right';
}

export interface MapViewConfig {
  version: number;
  /** Width of the plan in its own units; the renderer scales it to the widget. */
  maxWidth: number;
  /** Height of the plan in the same units. */
  height: number;
  layers: MapLayer[];
  elements: MapElement[];
  backgrounds?: MapElement[];
  filterOptions: MapFilterOption[];
  /** What the dropdown lists: metrics, zones, passages, all, or the custom filterOptions. */
  filterType?: 'metric' | 'zone' | 'passage' | 'all' | 'custom';
  showList?: boolean;
  useColorimetryLegend?: boolean;
  useRelativeColorimetry?: boolean;
  shouldGlobalColorimetryLegendAlwaysVisible?: boolean;
  useItemTooltip?: boolean;
  colorimetry?: ColorimetryBand[];
  legends?: MapLegend[];
  legendConfig?: { useLegends: boolean };
  colorimetryConfig?: MapColorimetryConfig;
  tooltipAlwaysVisible?: boolean;
  tooltipConfig?: MapTooltipConfig;
  hideMetricsName?: boolean;
}

/** Checks the shape a stored configuration must have before the renderer trusts it. */
export function isMapViewConfig(value: unknown): value is MapViewConfig {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<MapViewConfig>;
  return (
    typeof v.version === 'number' &&
    typeof v.maxWidth === 'number' &&
    typeof v.height === 'number' &&
    Array.isArray(v.layers) &&
    Array.isArray(v.elements) &&
    v.elements.every((e) => typeof e === 'object' && e !== null && (typeof e.path === 'string' || (typeof e.width === 'number' && typeof e.height === 'number'))) &&
    Array.isArray(v.filterOptions) &&
    v.filterOptions.every((f) => typeof f?.title === 'string' && Array.isArray(f.metrics))
  );
}
