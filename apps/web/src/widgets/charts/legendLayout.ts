/**
 * How a chart's legend row is laid out at the chart's width, in px.
 *
 * ECharts' scroll legend (ScrollableLegendView) clips the names at a window that ends beside its page
 * arrows and counter, and the name across that edge is drawn cut (ECharts starts the next page on it,
 * so it is read whole there). Names of natural widths nearly always leave one across the edge. So a
 * legend that pages gives every name the same slot, and as many slots as fill the window exactly: a
 * page ends with a whole name, the next one starts right at the window's edge and draws nothing in
 * it, and the next page starts on that name; the same pages come back when paging backwards.
 */

export const LEGEND_FONT = 12;
/** The marker before (after, right to left) each name. */
export const MARKER_WIDTH = 14;
export const MARKER_HEIGHT = 10;
/** ECharts' own space between a marker and its name (LegendView's text position). */
export const MARKER_GAP = 5;
/** The stroke of a line chart's marker (a line through the series' point), on or off. */
export const LINE_MARKER_WIDTH = 2;
/**
 * How far a line chart's marker reaches past its box on each side in ECharts' layout: half its
 * stroke, past the line's ends (zrender's bounds of a stroked path). Other markers are filled boxes
 * without a border (legendOption).
 */
export const LINE_MARKER_OVERHANG = LINE_MARKER_WIDTH / 2;
/** zrender shortens a text wider than its box less a pixel (parseText's truncation). */
const TRUNCATION_ROOM = 1;
/** Between two names, and between the names' window and the page arrows. */
export const ITEM_GAP = 10;
/** A longer name is shortened with an ellipsis (the legend's tooltip names it whole). */
export const MAX_NAME_WIDTH = 180;
/** The narrowest name box a paged legend gives (a few letters and the ellipsis). */
const MIN_NAME_WIDTH = 40;
/** ECharts' default padding of the legend box, on each side. */
export const LEGEND_PADDING = 5;
/**
 * Left free at each end of the row: the width the chart is laid out at is its measured width rounded,
 * and ECharts reads its own (a pixel less at most).
 */
export const LEGEND_EDGE = 2;

/**
 * ECharts' default page arrows (triangles 12 by 20 in their path), drawn at the same aspect so that
 * they are exactly PAGE_ICON_SIZE[0] wide: ECharts fits an icon's path into its size keeping the
 * path's aspect, and the arrows' width is part of the names' window.
 */
export const PAGE_ICONS = ['M0,0L12,-10L12,10z', 'M0,0L-12,-10L-12,10z'];
export const PAGE_ICON_SIZE: [number, number] = [9, 15];
export const PAGE_FONT = 12;
/** ECharts keeps room for the page counter by measuring this placeholder (ScrollableLegendView). */
const PAGE_PLACEHOLDER = 'xx/xx';
/** ECharts' default space between an arrow and the counter. */
const PAGE_BUTTON_ITEM_GAP = 5;
/**
 * The slots end this much before the window's edge, so that float rounding never starts the next
 * name after the edge (ECharts would then start the next page on the previous, whole name): what
 * the next name draws in the window is a hundredth of a pixel.
 */
const SLOT_SLACK = 0.01;

export type LegendLayout =
  /** Every name fits on one row at its own width: no pages. */
  | { paged: false }
  | {
      paged: true;
      /** The legend box's width (ECharts' legend `width`): the row, arrows and counter included. */
      width: number;
      /** Every name's text box (textStyle.width); shorter names are padded to it. */
      nameWidth: number;
      /** Names on each page. */
      perPage: number;
      /** Between each arrow and the counter: room for a counter wider than ECharts' placeholder. */
      pageButtonItemGap: number;
    };

/**
 * The legend row of `names` in a chart `chartWidth` px wide; null while the width is not known
 * (ECharts then lays the row out itself). `measure` is the width of a text as ECharts draws it,
 * `markerOverhang` how far the chart's markers reach past their box (LINE_MARKER_OVERHANG for lines).
 */
export function legendLayout(
  names: readonly string[],
  chartWidth: number,
  measure: (text: string, fontSize: number) => number,
  markerOverhang = 0,
): LegendLayout | null {
  if (chartWidth <= 0) return null;
  const row = chartWidth - 2 * (LEGEND_PADDING + LEGEND_EDGE);
  const texts = names.map((name) => Math.min(MAX_NAME_WIDTH, measure(name, LEGEND_FONT) + TRUNCATION_ROOM));
  // An item is laid out from its marker's bounds to its text box's (whichever side the marker is on).
  const item = (text: number) => MARKER_WIDTH + markerOverhang + MARKER_GAP + text;
  const natural = texts.reduce((sum, text) => sum + item(text), 0) + ITEM_GAP * Math.max(0, names.length - 1);
  if (natural <= row) return { paged: false };

  // A counter of more digits than the placeholder ("12/12" for twelve pages at most) is centred on
  // it: the arrows move apart by its overflow so that it never runs under them.
  const placeholder = measure(PAGE_PLACEHOLDER, PAGE_FONT);
  const widestCounter = measure(`${names.length}/${names.length}`, PAGE_FONT);
  const pageButtonItemGap = PAGE_BUTTON_ITEM_GAP + Math.max(0, (widestCounter - placeholder) / 2);
  const controller = 2 * PAGE_ICON_SIZE[0] + 2 * pageButtonItemGap + placeholder;
  // ECharts' window for the names: the row less the arrows, the counter and the gap before them.
  const clip = row - controller - ITEM_GAP;
  const slot = (text: number) => item(text) + ITEM_GAP;
  // Too narrow for a name of a few letters: ECharts lays the row out itself.
  if (clip < slot(MIN_NAME_WIDTH)) return null;
  // As many names as fit at the longest one's width, then the window shared out between them.
  const perPage = Math.max(1, Math.floor(clip / slot(Math.max(...texts))));
  const nameWidth = (clip - SLOT_SLACK) / perPage - item(0) - ITEM_GAP;
  return { paged: true, width: row, nameWidth, perPage, pageButtonItemGap };
}
