import { type ColorimetryBand, type MapViewConfig, formatMetricValue } from '@sitelens/domain';

export interface BandLegendItem {
  color: string;
  text?: string;
  /** below: under `to`; range: from `from` to `to`; above: `from` and more. */
  kind: 'below' | 'range' | 'above';
  from: string;
  to: string;
}

export interface MapLegends {
  /** The configured legends (colour, caption), when legends are on. */
  fixed: Array<{ color: string; caption: string }>;
  /** The colour bands of the view, when the colorimetry legend is shown. */
  bands: BandLegendItem[];
  position: 'top' | 'bottom' | 'left' | 'right';
}

/**
 * The legends under the plan: the configured captions when legendConfig.useLegends, and the bands
 * of the view when the colorimetry legend is on, always or only once an element is coloured. Band
 * limits use the metric's decimals; the open ends read "below" and "and more". Captions in a band's
 * colour are left to the band legend.
 */
export function mapLegends(
  config: MapViewConfig,
  bands: ColorimetryBand[],
  opts: { metric?: string; anyColoured: boolean; locale: string; unit?: string | null },
): MapLegends {
  const cc = config.colorimetryConfig;
  const useFixed = config.legendConfig?.useLegends ?? (config.legends?.length ?? 0) > 0;
  const useBands = cc?.useColorimetryLegend ?? config.useColorimetryLegend ?? false;
  const always = cc?.shouldLegendAlwaysVisible ?? config.shouldGlobalColorimetryLegendAlwaysVisible ?? false;
  const showBands = useBands && (always || opts.anyColoured) && bands.length > 0;
  const number = (v: number) => formatMetricValue(opts.metric ?? '', v, { locale: opts.locale, hideUnit: true });
  const last = bands.length - 1;
  // A caption that only repeats a band's colour is already said by the band legend.
  const bandColours = new Set(showBands ? bands.map((b) => b.color.toLowerCase()) : []);
  return {
    fixed: useFixed ? (config.legends ?? []).filter((l) => !bandColours.has(l.color.toLowerCase())) : [],
    bands: showBands
      ? bands.map((b, i) => {
          const suffix = b.suffix ?? opts.unit ?? '';
          const unit = (s: string) => (suffix ? `${s} ${suffix}` : s);
          const item: BandLegendItem = {
            color: b.color,
            kind: bands.length > 1 && i === 0 ? 'below' : bands.length > 1 && i === last ? 'above' : 'range',
            from: unit(number(b.limits[0])),
            to: unit(number(b.limits[1])),
          };
          if (b.text) item.text = b.text;
          return item;
        })
      : [],
    position: cc?.position ?? 'bottom',
  };
}
