// Constants of the sales-metrics import and the sales funnel (spec 002 §5, §9).

/** Largest file the import takes: 10 MB in the 1024 base the byte sizes use. */
export const SALES_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** The columns of a sales file, in order (A to F); no header row. */
export const SALES_FILE_COLUMNS = ['receiptId', 'dateHour', 'shopId', 'numItems', 'turnover', 'currency'] as const;
export type SalesColumn = (typeof SALES_FILE_COLUMNS)[number];
export const SALES_FILE_COLUMN_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export type SalesColumnLetter = (typeof SALES_FILE_COLUMN_LETTERS)[number];

/** Accepted kinds of file, with their extensions and the media types browsers report for them. */
export const SALES_FILE_TYPES = {
  csv: { extensions: ['.csv'], mimeTypes: ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel'] },
  xlsx: { extensions: ['.xlsx'], mimeTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] },
  xls: { extensions: ['.xls'], mimeTypes: ['application/vnd.ms-excel'] },
} as const;
export type SalesFileType = keyof typeof SALES_FILE_TYPES;

/** Longest receipt id and shop id kept. */
export const SALES_ID_MAX_LENGTH = 64;
/** A receipt may be dated at most this far after the upload (tills whose clock runs a little fast). */
export const SALES_MAX_FUTURE_MS = 24 * 3600_000;
/** Error lines listed at most (the count says how many there were in all). */
export const SALES_MAX_LISTED_ERRORS = 1000;
/** Receipts are summed into readings of this many minutes (the counting data's own step). */
export const SALES_BUCKET_MINUTES = 15;

/** The error-details modal's largest height (spec 002 §9). */
export const SALES_ERROR_MODAL_MAX_HEIGHT_PX = 250;
/** The funnel's query string follows the filters after this pause (spec 002 §4). */
export const SALES_FUNNEL_QUERY_DEBOUNCE_MS = 500;
/** At most one funnel filter-click usage event per this many milliseconds (spec 002 §9). */
export const SALES_FUNNEL_TRACK_THROTTLE_MS = 3000;
/** Money in the funnel: two decimals; rates: percent with one decimal (spec 002 §9). */
export const SALES_FUNNEL_MONEY_DECIMALS = 2;
export const SALES_FUNNEL_RATE_DECIMALS = 1;
/** The reporting currency of an organization that has not chosen one. */
export const DEFAULT_REPORTING_CURRENCY = 'EUR';
