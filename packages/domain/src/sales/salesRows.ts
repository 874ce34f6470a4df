import { normalizeCurrency } from './currencies.ts';
import { SALES_FILE_COLUMN_LETTERS, SALES_ID_MAX_LENGTH, SALES_MAX_FUTURE_MS, SALES_MAX_LISTED_ERRORS, type SalesColumnLetter } from './constants.ts';
import { parseSalesDateHour } from './salesDateHour.ts';
import { storedMetric } from '../metrics/storedMetrics.ts';

/**
 * One cell as a reader hands it over: CSV gives text; spreadsheets give text, numbers, or a marker
 * for what cannot be taken as it is (a formula, a date cell, which has no time zone).
 */
export type SalesCell = string | number | null | { kind: 'formula' } | { kind: 'dateCell' };

/** A row that passed every rule: one receipt. */
export interface SalesRow {
  row: number;
  receiptId: string;
  ts: number;
  shopId: string;
  numItems: number;
  turnover: number;
  currency: string;
}

/** Reasons a line is refused; the web app owns the words (sales.import.rowErrors.<code>). */
export type SalesRowErrorCode =
  | 'columnCount'
  | 'headerRow'
  | 'empty'
  | 'formula'
  | 'tooLong'
  | 'invalidDate'
  | 'dateWithoutZone'
  | 'unknownTimeZone'
  | 'dateCell'
  | 'dateInFuture'
  | 'notNumeric'
  | 'outOfRange'
  | 'unknownCurrency'
  | 'duplicateReceipt'
  | 'notUtf8'
  // Checked by the server only: it knows the shops and the exchange rates.
  | 'unknownShop'
  | 'noExchangeRate';

export interface SalesRowError {
  row: number;
  code: SalesRowErrorCode;
  column?: SalesColumnLetter;
  /** columnCount: the number of columns found; duplicateReceipt: the row it repeats. */
  found?: number;
}

const NO_COLUMNS: ReadonlySet<SalesColumnLetter | undefined> = new Set();
const NUMBER = /^[+-]?(\d+([.,]\d+)?|[.,]\d+)$/;
const isEmpty = (cell: SalesCell | undefined) => cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
const isMarker = (cell: SalesCell | undefined, kind: 'formula' | 'dateCell') => typeof cell === 'object' && cell !== null && cell.kind === kind;
// A text starting with "=" is a formula typed into a CSV: a spreadsheet opening the data later would run it.
const isFormulaText = (cell: SalesCell | undefined) => typeof cell === 'string' && cell.trimStart().startsWith('=');

function text(cell: SalesCell | undefined): string {
  if (typeof cell === 'number') return String(cell);
  return typeof cell === 'string' ? cell.trim() : '';
}

/** A receipt's items and amount stay within the stored metrics' ranges (goodsSold, turnover), so sums cannot overflow. */
const SALES_MAX_ITEMS = storedMetric('goodsSold')!.range[1];
const SALES_MAX_TURNOVER = storedMetric('turnover')!.range[1];

function numeric(cell: SalesCell | undefined): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  const t = text(cell);
  return NUMBER.test(t) ? Number(t.replace(',', '.')) : null;
}

/** Cells without the empty ones past the sixth column (trailing separators of some exports). */
function trimmed(cells: readonly SalesCell[]): readonly SalesCell[] {
  let end = cells.length;
  while (end > SALES_FILE_COLUMN_LETTERS.length && isEmpty(cells[end - 1])) end -= 1;
  return end === cells.length ? cells : cells.slice(0, end);
}

/**
 * A workbook row's cells as the checker takes them. A workbook stores no empty cell, so a row whose
 * last cells were left empty ends early: its missing cells up to column F are empty values (the
 * empty-value message on their column), not missing columns. A CSV line keeps its own count.
 */
export function workbookSalesCells(cells: SalesCell[]): SalesCell[] {
  while (cells.length < SALES_FILE_COLUMN_LETTERS.length) cells.push(null);
  return cells;
}

/** A line with nothing in it: skipped, and it keeps its number. */
export const isBlankSalesRow = (cells: readonly SalesCell[]) => cells.every(isEmpty);

/**
 * Checks one line of a sales file (spec 002 §5): exactly 6 columns; receipt id required; date and
 * hour ISO 8601 with a time and an offset or zone; shop id required; number of items and turnover
 * required and numeric; currency an ISO 4217 code. Every problem of the line is reported.
 */
export function checkSalesRow(raw: readonly SalesCell[], row: number, opts: { now: number }): { row: SalesRow } | { errors: SalesRowError[] } {
  const cells = trimmed(raw);
  if (cells.length !== SALES_FILE_COLUMN_LETTERS.length) return { errors: [{ row, code: 'columnCount', found: cells.length }] };
  if (row === 1 && looksLikeHeader(cells)) return { errors: [{ row, code: 'headerRow' }] };
  const errors: SalesRowError[] = [];
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i];
    const column = SALES_FILE_COLUMN_LETTERS[i]!;
    if (isMarker(cell, 'formula') || isFormulaText(cell)) failed(errors, row, column, 'formula');
    else if (isEmpty(cell)) failed(errors, row, column, 'empty');
  }
  // Columns already refused get no second reason (most lines have none: no set for them).
  const bad: ReadonlySet<SalesColumnLetter | undefined> = errors.length === 0 ? NO_COLUMNS : new Set(errors.map((e) => e.column));
  const [receipt, dateHour, shop, items, turnover, currency] = cells;
  const receiptId = text(receipt);
  const shopId = text(shop);
  if (!bad.has('A') && receiptId.length > SALES_ID_MAX_LENGTH) failed(errors, row, 'A', 'tooLong');
  let ts = NaN;
  if (!bad.has('B')) {
    if (isMarker(dateHour, 'dateCell')) failed(errors, row, 'B', 'dateCell');
    else {
      const parsed = parseSalesDateHour(text(dateHour));
      if (!parsed.ok) failed(errors, row, 'B', parsed.reason);
      else if (parsed.ts > opts.now + SALES_MAX_FUTURE_MS) failed(errors, row, 'B', 'dateInFuture');
      else ts = parsed.ts;
    }
  }
  if (!bad.has('C') && shopId.length > SALES_ID_MAX_LENGTH) failed(errors, row, 'C', 'tooLong');
  const numItems = numeric(items);
  if (!bad.has('D') && numItems === null) failed(errors, row, 'D', 'notNumeric');
  else if (!bad.has('D') && Math.abs(numItems!) > SALES_MAX_ITEMS) failed(errors, row, 'D', 'outOfRange');
  const amount = numeric(turnover);
  if (!bad.has('E') && amount === null) failed(errors, row, 'E', 'notNumeric');
  else if (!bad.has('E') && Math.abs(amount!) > SALES_MAX_TURNOVER) failed(errors, row, 'E', 'outOfRange');
  const code = normalizeCurrency(text(currency));
  if (!bad.has('F') && code === null) failed(errors, row, 'F', 'unknownCurrency');
  if (errors.length > 0) return { errors };
  return { row: { row, receiptId, ts, shopId, numItems: numItems!, turnover: amount!, currency: code! } };
}

/** Records a refused column of a line (a module function: no closure per line, of which a file has 150,000). */
function failed(errors: SalesRowError[], row: number, column: SalesColumnLetter, code: SalesRowErrorCode): void {
  errors.push({ row, column, code });
}

/** A first line whose date and both numbers are words: column titles, which the format has none of. */
function looksLikeHeader(cells: readonly SalesCell[]): boolean {
  const words = (cell: SalesCell | undefined) => typeof cell === 'string' && !isEmpty(cell) && numeric(cell) === null;
  return words(cells[1]) && !parseSalesDateHour(text(cells[1])).ok && words(cells[3]) && words(cells[4]);
}

/** What a whole file's check gives: the good rows' count and the refused lines (at most SALES_MAX_LISTED_ERRORS listed). */
export interface SalesFileReport {
  rowsRead: number;
  rowsAccepted: number;
  errorCount: number;
  errors: SalesRowError[];
}

/**
 * Checks the lines of one file in order, the same way in the browser and on the server: each line
 * by checkSalesRow, and a receipt (shop id and receipt id) twice in the file is refused the second
 * time. Blank lines are skipped. Keeps only the receipts' keys, not the lines.
 */
export class SalesFileChecker {
  /** Receipt ids seen per shop id, with their row (no string key built per line). */
  private readonly seen = new Map<string, Map<string, number>>();
  readonly report: SalesFileReport = { rowsRead: 0, rowsAccepted: 0, errorCount: 0, errors: [] };

  constructor(private readonly opts: { now: number }) {}

  /** The receipt of a good line, or null when the line is blank or refused (its errors are kept). */
  check(cells: readonly SalesCell[], row: number): SalesRow | null {
    if (isBlankSalesRow(cells)) return null;
    this.report.rowsRead += 1;
    const result = checkSalesRow(cells, row, this.opts);
    if ('errors' in result) {
      this.reject(result.errors);
      return null;
    }
    let receipts = this.seen.get(result.row.shopId);
    if (!receipts) this.seen.set(result.row.shopId, (receipts = new Map()));
    const first = receipts.get(result.row.receiptId);
    if (first !== undefined) {
      this.reject([{ row, code: 'duplicateReceipt', column: 'A', found: first }]);
      return null;
    }
    receipts.set(result.row.receiptId, row);
    this.report.rowsAccepted += 1;
    return result.row;
  }

  /** Refuses a line that passed the file rules for a reason only the server knows (shop, exchange rate). */
  refuse(errors: SalesRowError[]): void {
    this.report.rowsAccepted -= 1;
    this.reject(errors);
  }

  private reject(errors: SalesRowError[]): void {
    this.report.errorCount += errors.length;
    for (const e of errors) if (this.report.errors.length < SALES_MAX_LISTED_ERRORS) this.report.errors.push(e);
  }
}

/** A SheetJS cell as its readers give it (type t, value v, formula f), without importing the library. */
export interface SheetJsCellLike {
  t: string;
  v?: unknown;
  f?: string;
  w?: string;
}

/** The sales cell of a SheetJS cell (XLS on the server, XLS and XLSX in the browser's pre-check). */
export function salesCellOfSheetJs(cell: SheetJsCellLike | undefined | null): SalesCell {
  if (!cell || cell.t === 'z') return null;
  if (cell.f) return { kind: 'formula' };
  switch (cell.t) {
    case 'n':
      return typeof cell.v === 'number' ? cell.v : null;
    case 'd':
      return { kind: 'dateCell' };
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'e':
      return cell.w ?? '#ERROR';
    default:
      return cell.v === undefined || cell.v === null ? null : String(cell.v);
  }
}
