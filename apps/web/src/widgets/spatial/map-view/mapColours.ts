import { type ColorimetryBand, type MapElement, type MapViewConfig, type MapViewMetric, bandFor, relativeBands, relativeBandsByLevel } from '@sitelens/domain';
import { elementKey } from './mapViewOptions.ts';
import type { ElementValues } from './mapViewRequests.ts';

export interface ElementColour {
  /** The fill: the band's colour, or the element's own background when no band applies. */
  fill: string;
  band: ColorimetryBand | null;
  /** Index of the band in the view's bands (for per-level tooltip colours), -1 without one. */
  bandIndex: number;
  value: number | null;
  /** The scale (level of the hierarchy) the colour is read on; '' when the view has one scale. */
  scale: string;
}

/** One colour scale of a view: the level it covers, its bands and its elements. */
export interface ViewScale {
  level: string;
  bands: ColorimetryBand[];
  elements: MapElement[];
}

/** Which level of the hierarchy an element belongs to (elementLevel); one scale per level. */
export type LevelOf = (element: MapElement) => string;

const NEUTRAL_FILL = '#FFFFFF';

const valueOf = (values: ElementValues, element: MapElement, metric: MapViewMetric | undefined) => (metric ? (values.get(elementKey(element) ?? '')?.get(metric.type) ?? null) : null);

/** Relative colorimetry is on when the colorimetry configuration or the view config says so. */
export function usesRelativeColorimetry(config: MapViewConfig): boolean {
  return config.colorimetryConfig?.useRelativeColorimetry ?? config.useRelativeColorimetry ?? false;
}

/** The configured bands of a metric: its own, else the colorimetry configuration's, else the view config's. */
export function metricBands(config: MapViewConfig, metric: MapViewMetric | undefined): ColorimetryBand[] {
  return metric?.colorimetry ?? config.colorimetryConfig?.colorimetry ?? config.colorimetry ?? [];
}

/**
 * The bands that colour a view's elements for its first metric (spec 001 §5): as configured, or,
 * with relative colorimetry, spread from min(0, lowest value) to the highest value of the view.
 */
export function viewBands(config: MapViewConfig, metric: MapViewMetric | undefined, elements: MapElement[], values: ElementValues): ColorimetryBand[] {
  const bands = metricBands(config, metric);
  if (!metric || !usesRelativeColorimetry(config)) return bands;
  return relativeBands(
    bands,
    elements.map((e) => valueOf(values, e, metric)),
  );
}

/**
 * The colour scales of a view. Configured bands are one scale for all. Relative bands are spread
 * per level of the hierarchy (floors apart from their shops), so the large counts of one level do
 * not set the top of another's scale; with a single level there is one scale, as before.
 */
export function viewScales(config: MapViewConfig, metric: MapViewMetric | undefined, elements: MapElement[], values: ElementValues, levelOf?: LevelOf): ViewScale[] {
  if (!metric || !usesRelativeColorimetry(config) || !levelOf) return [{ level: '', bands: viewBands(config, metric, elements, values), elements }];
  const levels = relativeBandsByLevel(
    metricBands(config, metric),
    elements.map((e) => ({ level: levelOf(e), value: valueOf(values, e, metric) })),
  );
  if (levels.size <= 1) return [{ level: '', bands: viewBands(config, metric, elements, values), elements }];
  // Outer levels first (floors before shops), doors last.
  return [...levels]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }) * (a === 'passage' || b === 'passage' ? -1 : 1))
    .map(([level, bands]) => ({ level, bands, elements: elements.filter((e) => levelOf(e) === level) }));
}

/**
 * Each element's fill for the view's first metric: the band holding its value (low <= v < high) on
 * its level's scale. An element's own bands win over the view's (made relative over its level the
 * same way). A value outside every band is logged and leaves the element uncoloured, as a KPI shows
 * no badge (spec 001 §5).
 */
export function colourElements(
  config: MapViewConfig,
  metric: MapViewMetric | undefined,
  elements: MapElement[],
  values: ElementValues,
  log: (message: string) => void = console.error,
  levelOf?: LevelOf,
): Map<string, ElementColour> {
  const out = new Map<string, ElementColour>();
  for (const scale of viewScales(config, metric, elements, values, levelOf)) {
    for (const element of scale.elements) {
      const key = elementKey(element);
      if (!key) continue;
      const value = valueOf(values, element, metric);
      const bands = element.colorimetry?.length ? viewBands(config, { type: metric?.type ?? '', colorimetry: element.colorimetry }, scale.elements, values) : scale.bands;
      const band = bandFor(value, bands);
      if (value !== null && band === null && bands.length > 0) log(`[mapView] ${metric?.type} value ${value} of ${key} is outside every colorimetry band`);
      out.set(key, { fill: band?.color ?? element.backgroundColor ?? NEUTRAL_FILL, band, bandIndex: band ? bands.indexOf(band) : -1, value, scale: scale.level });
    }
  }
  return out;
}

/** Dark text on light fills, white on dark ones (WCAG relative luminance), for labels drawn on the plan. */
export function readableTextColour(fill: string, preferred?: string): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(fill.trim());
  if (!m) return preferred ?? '#1E293B';
  const n = parseInt(m[1]!, 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  const dark = luminance < 0.22;
  if (preferred) {
    const p = /^#?([0-9a-f]{6})$/i.exec(preferred.trim());
    const pl = p ? readableTextColour(preferred) : null;
    // Keep the configured colour when it already contrasts with the fill.
    if (pl && (pl === '#FFFFFF') === !dark) return preferred;
  }
  return dark ? '#FFFFFF' : '#1E293B';
}
