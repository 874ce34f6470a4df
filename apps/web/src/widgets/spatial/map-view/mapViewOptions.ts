import type { MapElement, MapFilterOption, MapViewConfig, MapViewMetric, Widget } from '@sitelens/domain';

/** One entry of the map view's dropdown: the elements it colours and the metrics it shows. */
export interface MapViewOption {
  id: string;
  /** A fixed title (custom views, element names); otherwise the metric's translated name. */
  title?: string;
  metric?: string;
  zoneIds?: number[];
  passageIds?: number[];
  metrics: MapViewMetric[];
  hideMetricsName?: boolean;
  hideTooltipCaptions?: boolean;
  tooltipConfig?: MapFilterOption['tooltipConfig'];
}

/** The element's target as a key ('zone:12', 'passage:4'), or null for a drawing without data. */
export function elementKey(element: Pick<MapElement, 'zoneId' | 'passageId'>): string | null {
  if (element.zoneId !== undefined) return `zone:${element.zoneId}`;
  if (element.passageId !== undefined) return `passage:${element.passageId}`;
  return null;
}

/**
 * Metrics the configuration knows, first occurrence winning: the widget's own metrics (with their
 * bands), then the colorimetry configuration's, then those of the custom views.
 */
export function knownMetrics(config: MapViewConfig, widget: Pick<Widget, 'metrics'>): MapViewMetric[] {
  const all: MapViewMetric[] = [
    ...widget.metrics.map((m) => ({ type: m.type, colorimetry: m.configuration?.colorimetry, color: m.configuration?.color })),
    ...(config.colorimetryConfig?.metrics ?? []),
    ...config.filterOptions.flatMap((f) => f.metrics),
  ];
  const seen = new Set<string>();
  return all.filter((m) => (seen.has(m.type) ? false : (seen.add(m.type), true)));
}

const hasTarget = (e: MapElement) => elementKey(e) !== null;

/**
 * The views of the dropdown (spec 001 §4): the custom filter options, one view per metric, or one
 * view per zone, per passage or per element ('all') showing every metric on that element alone.
 * Without a filter type the custom options are used, and one view per metric when there are none.
 */
export function mapViewOptions(config: MapViewConfig, widget: Pick<Widget, 'metrics'>, nameOf: (e: MapElement) => string): MapViewOption[] {
  const metrics = knownMetrics(config, widget);
  const type = config.filterType ?? 'custom';
  if (type === 'custom' && config.filterOptions.length > 0) {
    return config.filterOptions.map((f, i) => ({ id: `custom:${i}`, ...f }));
  }
  if (type === 'zone' || type === 'passage' || type === 'all') {
    const elements = config.elements.filter((e) => (type === 'zone' ? e.zoneId !== undefined : type === 'passage' ? e.passageId !== undefined : hasTarget(e)));
    return elements.map((e) => ({
      id: elementKey(e)!,
      title: nameOf(e),
      ...(e.zoneId !== undefined ? { zoneIds: [e.zoneId] } : { passageIds: [e.passageId!] }),
      metrics,
    }));
  }
  return metrics.map((m) => ({ id: `metric:${m.type}`, metric: m.type, metrics: [m] }));
}

/** The elements a view colours: those it names, or every element with a target when it names none. */
export function viewElements(config: MapViewConfig, view: MapViewOption): MapElement[] {
  const named = view.zoneIds !== undefined || view.passageIds !== undefined;
  return config.elements.filter((e) => {
    if (!named) return hasTarget(e);
    return (e.zoneId !== undefined && (view.zoneIds ?? []).includes(e.zoneId)) || (e.passageId !== undefined && (view.passageIds ?? []).includes(e.passageId));
  });
}
