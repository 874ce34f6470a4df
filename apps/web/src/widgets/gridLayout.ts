/** Types that need the page's full width: wide tables, plans, rows of cards, long bars. */
export const FULL_WIDTH_TYPES: ReadonlySet<string> = new Set(['kpis', 'mapView', 'table', 'alertLogsTable', 'heatmap', 'barChart', 'webChart', 'zones']);

/** Narrowest column a half-width widget reads well in (px). */
export const MIN_COLUMN_WIDTH = 520;

/** Columns a grid of `width` px holds with `gap` px between them: two when both fit, else one. */
export function gridColumns(width: number, gap: number): 1 | 2 {
  return width >= MIN_COLUMN_WIDTH * 2 + gap ? 2 : 1;
}

/**
 * How many columns each widget spans, in page order, so that every row is full: a widget's width
 * comes from its type, and a half-width widget that would stay alone on its row (the next one needs
 * the full width, or it is the last) takes the whole row instead of leaving a hole beside it.
 */
export function gridSpans(types: readonly string[], columns: 1 | 2): number[] {
  if (columns === 1) return types.map(() => 1);
  const spans: number[] = [];
  let used = 0;
  types.forEach((type, i) => {
    const full = FULL_WIDTH_TYPES.has(type);
    if (full) {
      spans.push(2);
      used = 0;
      return;
    }
    if (used === 1) {
      spans.push(1);
      used = 0;
      return;
    }
    const next = types[i + 1];
    const alone = next === undefined || FULL_WIDTH_TYPES.has(next);
    spans.push(alone ? 2 : 1);
    used = alone ? 0 : 1;
  });
  return spans;
}
