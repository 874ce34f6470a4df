import type { WidgetHeight, WidgetLayout } from '@sitelens/domain';

/** Types that need the page's full width: wide tables, plans, rows of cards, long bars. */
export const FULL_WIDTH_TYPES: ReadonlySet<string> = new Set(['kpis', 'mapView', 'table', 'alertLogsTable', 'heatmap', 'barChart', 'webChart', 'zones']);

/**
 * Narrowest column a half-width widget reads well in (px). Two columns from 684 px of grid, so "half
 * width" shows as half beside the sidebar from 1024 px windows up (those are laid out at 1200 px and
 * scaled down, useSmallScreenScale: about 900 px of grid; 1280 px gives about 1,000); one column only
 * where the content itself is narrow, such as the editor's grid beside its side panel.
 */
export const MIN_COLUMN_WIDTH = 330;

/** Columns a grid of `width` px holds with `gap` px between them: two when both fit, else one. */
export function gridColumns(width: number, gap: number): 1 | 2 {
  return width >= MIN_COLUMN_WIDTH * 2 + gap ? 2 : 1;
}

/** A widget as the grid places it: its type, and the width and height it was given (auto when absent). */
export type GridItem = string | { type: string; layout?: WidgetLayout | null };

function widthOf(item: GridItem): 'full' | 'half' | 'auto' {
  if (typeof item === 'string') return FULL_WIDTH_TYPES.has(item) ? 'full' : 'auto';
  const width = item.layout?.width ?? 'auto';
  if (width !== 'auto') return width;
  return FULL_WIDTH_TYPES.has(item.type) ? 'full' : 'auto';
}

/**
 * How many columns each widget spans, in page order, so that every row is full: a widget's width
 * comes from its layout, else from its type, and an automatic half-width widget that would stay
 * alone on its row (the next one needs the full width, or it is the last) takes the whole row
 * instead of leaving a hole beside it. A widget set to `half` keeps half, even alone.
 */
export function gridSpans(items: readonly GridItem[], columns: 1 | 2): number[] {
  if (columns === 1) return items.map(() => 1);
  const spans: number[] = [];
  let used = 0;
  items.forEach((item, i) => {
    const width = widthOf(item);
    if (width === 'full') {
      spans.push(2);
      used = 0;
      return;
    }
    if (used === 1 || width === 'half') {
      spans.push(1);
      used = (used + 1) % 2;
      return;
    }
    const next = items[i + 1];
    const alone = next === undefined || widthOf(next) === 'full';
    spans.push(alone ? 2 : 1);
    used = alone ? 0 : 1;
  });
  return spans;
}

/** The minimum height (px) of each height a widget can be given; `auto` is its content's. */
export const WIDGET_MIN_HEIGHTS: Record<WidgetHeight, number | undefined> = { auto: undefined, small: 240, medium: 380, large: 560 };

export function widgetMinHeight(layout: WidgetLayout | null | undefined): number | undefined {
  return WIDGET_MIN_HEIGHTS[layout?.height ?? 'auto'];
}
