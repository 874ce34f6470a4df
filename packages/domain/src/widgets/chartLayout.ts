// Layout constants and sizing rules of spec 001 §9, shared by the web renderers and tests.

/** Table rows are 69 px; 8 are visible before scrolling. */
export const TABLE_ROW_HEIGHT = 69;
export const TABLE_VISIBLE_ROWS = 8;
/** Height added to the rows for the header and the pagination. */
export const TABLE_CHROME_HEIGHT = 100;

/** A table's height for `rows` rows: 69 x rows + 100. */
export function tableHeight(rows: number = TABLE_VISIBLE_ROWS): number {
  return TABLE_ROW_HEIGHT * Math.max(0, Math.floor(rows)) + TABLE_CHROME_HEIGHT;
}

/** The height a table takes for its data: its rows up to the 8 visible ones (at least one row). */
export function visibleTableHeight(rowCount: number): number {
  return tableHeight(Math.min(TABLE_VISIBLE_ROWS, Math.max(1, Math.floor(rowCount))));
}

export const KPI_PER_ROW = 4;
/** Series shown when a chart first draws; the others start hidden in the legend. */
export const MAX_INITIAL_SERIES = 8;
/** Label-removal threshold for charts with many series. */
export const LABEL_REMOVAL_THRESHOLD = 0;

export const DEFAULT_CHART_HEIGHT = 400;
export const BAR_HEIGHT = 50;
export const STACKED_BAR_EXTRA_HEIGHT = 150;
export const BAR_CHART_MAX_HEIGHT = 550;

/**
 * A bar chart's height (spec 001 §9). Read as: the chart is 400 px by default; a plain bar chart
 * grows to 50 px per bar once that reaches 400 px; a stacked one shrinks to 50 px per bar plus 150
 * while that stays at most 400 px. Never more than 550 px.
 */
export function barChartHeight(bars: number, stacked = false): number {
  const n = Math.max(0, Math.floor(bars));
  const height = stacked
    ? Math.min(DEFAULT_CHART_HEIGHT, BAR_HEIGHT * n + STACKED_BAR_EXTRA_HEIGHT)
    : Math.max(DEFAULT_CHART_HEIGHT, BAR_HEIGHT * n);
  return Math.min(height, BAR_CHART_MAX_HEIGHT);
}

/** Loading skeletons: 8 x 6 bars, 5 x 6 grid cells, 6 table rows, 4 KPI cards. */
export const SKELETONS = {
  bars: { columns: 8, rows: 6 },
  grid: { columns: 5, rows: 6 },
  tableRows: 6,
  kpiCards: 4,
} as const;

/** Default width of the off-screen container a PNG export is drawn in. */
export const EXPORT_WIDTH = 2480;
export const SELECT_MAX_HEIGHT = 450;

/** Date picker and filter dropdown sizes. */
export const DATE_PICKER_MIN_WIDTH = 730;
export const DATE_PICKER_MAX_HEIGHT = 498;
export const DROPDOWN_WRAPPER_MARGIN = 6;
export const DROPDOWN_MIN_WIDTH = 440;
export const EVENTS_DROPDOWN_MIN_WIDTH = 515;
export const ZONE_DROPDOWN_MIN_WIDTH = 441;
export const DAY_OPERATOR_WIDTH = 168;

/** Screens at most 1024 px wide are scaled from a 1200 px layout. */
export const SMALL_SCREEN_MAX_WIDTH = 1024;
export const SMALL_SCREEN_BASE_WIDTH = 1200;

/** A widget counts as viewed after 5 s at half visibility (spec 001 §9). */
export const VIEWED_CHART_MS = 5000;
export const VIEWED_CHART_RATIO = 0.5;

export const ALERT_LOG_POLL_MS = 30_000;
export const ALERT_LOG_VISIBLE_ROWS = 3;

export const TIMESPAN_DEBOUNCE_MS = 400;
export const SEARCH_DEBOUNCE_MS = 500;
/** Map view: the matching view is selected this long after the dropdown changes. */
export const MAP_VIEW_RESELECT_MS = 100;
