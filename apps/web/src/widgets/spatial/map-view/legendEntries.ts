import type { MapLegends } from './mapLegend.ts';

export interface LegendEntry {
  color: string;
  /** The band's or the caption's text. */
  label: string;
  /** The band's limits in words, shown dimmed after the label. */
  limits?: string;
  /** A scale's title: it opens the scale's row, without a swatch. */
  heading?: true;
}

export interface LegendWords {
  below: (value: string) => string;
  above: (value: string) => string;
  range: (from: string, to: string) => string;
}

/**
 * The legend's lines as the reader sees them: the view's bands with their limits, then the captions.
 * With a title (a view coloured on several scales), the bands come after the title of their scale.
 */
export function legendEntries(legends: MapLegends, words: LegendWords, title?: string): LegendEntry[] {
  return [
    ...(title && legends.bands.length > 0 ? [{ color: '', label: title, heading: true as const }] : []),
    ...legends.bands.map((b) => ({
      color: b.color,
      label: b.text ?? '',
      limits: `(${b.kind === 'below' ? words.below(b.to) : b.kind === 'above' ? words.above(b.from) : words.range(b.from, b.to)})`,
    })),
    ...legends.fixed.map((l) => ({ color: l.color, label: l.caption })),
  ];
}
