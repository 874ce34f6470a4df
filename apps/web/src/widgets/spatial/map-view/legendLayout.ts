import type { LegendEntry } from './legendEntries.ts';

/** Sizes of the legend drawn under the plan in a PNG, in CSS px (the screen's: 14 px swatches, 14 px text). */
export const LEGEND_PICTURE = { swatch: 14, swatchGap: 6, itemGap: 16, rowHeight: 24, margin: 12, fontSize: 14 } as const;

export interface PlacedRun {
  text: string;
  /** The run's left edge. */
  x: number;
  dimmed: boolean;
}

export interface PlacedEntry {
  /** Empty for a scale's title, drawn without a swatch. */
  color: string;
  swatchX: number;
  /** The row's top. */
  y: number;
  runs: PlacedRun[];
}

/**
 * Lays the legend out in rows under the plan, as the screen wraps it: swatch, label, then the limits
 * dimmed; a new row when an entry would pass the width, or one entry a row for a legend on the side.
 * A scale's title, without a swatch, is a row of its own above its bands.
 * Right to left, rows fill from the right edge and each entry reads from its swatch leftwards.
 */
export function layoutLegend(entries: readonly LegendEntry[], opts: { width: number; rtl: boolean; vertical: boolean; measure: (text: string) => number }): { entries: PlacedEntry[]; height: number } {
  const { swatch, swatchGap, itemGap, rowHeight, margin } = LEGEND_PICTURE;
  const space = opts.measure(' ');
  const placed: PlacedEntry[] = [];
  let x = margin;
  let row = 0;
  let afterHeading = false;
  for (const entry of entries) {
    const runs = [
      ...(entry.label ? [{ text: entry.label, dimmed: false }] : []),
      ...(entry.limits ? [{ text: entry.limits, dimmed: true }] : []),
    ].map((r) => ({ ...r, width: opts.measure(r.text) }));
    const textWidth = runs.reduce((sum, r) => sum + r.width, 0) + space * Math.max(0, runs.length - 1);
    const mark = entry.heading ? 0 : swatch + swatchGap;
    const width = mark + textWidth;
    // A scale's title is a row of its own: its bands read on the rows under it.
    if (placed.length > 0 && (opts.vertical || entry.heading || afterHeading || x + width > opts.width - margin)) {
      row += 1;
      x = margin;
    }
    // Left to right: [swatch][label][limits]; mirrored right to left: [limits][label][swatch].
    const mirror = (left: number, w: number) => (opts.rtl ? opts.width - left - w : left);
    let runX = x + mark;
    const placedRuns = runs.map((r) => {
      const run = { text: r.text, dimmed: r.dimmed, x: mirror(runX, r.width) };
      runX += r.width + space;
      return run;
    });
    placed.push({ color: entry.heading ? '' : entry.color, swatchX: mirror(x, swatch), y: margin + row * rowHeight, runs: placedRuns });
    x += width + itemGap;
    afterHeading = entry.heading === true;
  }
  return { entries: placed, height: placed.length ? margin + (row + 1) * rowHeight : 0 };
}
