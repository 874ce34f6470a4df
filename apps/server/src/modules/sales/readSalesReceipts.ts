import {
  CsvReader,
  type CsvRecord,
  SALES_BUCKET_MINUTES,
  SalesEncodingDetector,
  SalesFileChecker,
  type SalesFileLine,
  type SalesFileReport,
  type SalesFileType,
  type SalesRow,
  type SalesTextEncoding,
  type SheetJsCellLike,
  UnreadableUploadError,
  UploadLimitError,
  mixedEncodingErrors,
  receiptTurnover,
  salesCellOfSheetJs,
  salesReceiptKey,
  workbookSalesCells,
  xlsxSalesLines,
} from '@sitelens/domain';
import * as XLSX from '@e965/xlsx';
import { ReceiptColumns, type ReceiptColumnsData } from './receiptColumns.ts';

/** What the import knows of the organization when it reads a file: its shop codes and exchange rates (the reporting currency at 1). */
export interface SalesReadContext {
  now: number;
  shops: Array<[code: string, zoneId: number]>;
  rates: Array<[currency: string, rate: number]>;
}

/** A file read: its lines' report, the good lines as receipts, and the encoding a CSV was read in. */
export interface SalesFileRead {
  report: SalesFileReport;
  receipts: ReceiptColumnsData;
  encoding: SalesTextEncoding | null;
}

/** The file's text mixes UTF-8 with another encoding: refused whole, its lines listed (FILE_VALIDATION_FAILED). */
export class MixedEncodingError extends Error {
  constructor(readonly report: SalesFileReport) {
    super('mixed encodings');
  }
}

/** A kind of file without a reader (a type added to the domain's list but not here): IMPORT_TYPE_REQUIRED. */
export class MissingSalesReader extends Error {}

const BUCKET_MS = SALES_BUCKET_MINUTES * 60_000;

/**
 * Reads and checks every line of a sales file (run in the upload worker, off the request thread):
 * CSV decoded in the encoding its bytes show (a mix of UTF-8 and single-byte text is refused with its
 * lines), XLSX through the domain's streaming reader within the workbook limits, XLS (at most
 * 65,536 rows by its format) through SheetJS. Good lines become receipts in the reporting currency,
 * keyed by salesReceiptKey; shop ids and currencies the organization does not know are refused on
 * their line. Only the first worksheet of a workbook is read.
 */
export async function readSalesReceipts(type: SalesFileType, bytes: Uint8Array, context: SalesReadContext): Promise<SalesFileRead> {
  const shops = new Map(context.shops);
  const rates = new Map(context.rates);
  const checker = new SalesFileChecker({ now: context.now });
  const receipts = new ReceiptColumns();
  const accept = (row: SalesRow) => {
    const zoneId = shops.get(row.shopId);
    const rate = rates.get(row.currency);
    if (zoneId === undefined || rate === undefined) {
      checker.refuse([
        ...(zoneId === undefined ? [{ row: row.row, column: 'C' as const, code: 'unknownShop' as const }] : []),
        ...(rate === undefined ? [{ row: row.row, column: 'F' as const, code: 'noExchangeRate' as const }] : []),
      ]);
      return;
    }
    receipts.push({
      zoneId,
      receiptId: row.receiptId,
      key: salesReceiptKey(row.receiptId),
      ts: row.ts,
      bucket: Math.floor(row.ts / BUCKET_MS) * BUCKET_MS,
      items: row.numItems,
      turnover: receiptTurnover(row.turnover, rate),
      amount: row.turnover,
      currency: row.currency,
    });
  };
  let encoding: SalesTextEncoding | null = null;
  let lines: Iterable<readonly SalesFileLine[]> | AsyncIterable<readonly SalesFileLine[]>;
  if (type === 'csv') {
    const detector = new SalesEncodingDetector();
    detector.push(bytes);
    const check = detector.end();
    if (check.encoding === 'mixed') {
      const errors = mixedEncodingErrors(bytes, check);
      throw new MixedEncodingError({ rowsRead: 0, rowsAccepted: 0, errorCount: check.invalidCount, errors });
    }
    encoding = check.encoding;
    lines = csvLines(bytes, encoding);
  } else if (type === 'xlsx') lines = xlsxSalesLines(bytes);
  else if (type === 'xls') lines = xlsLines(bytes);
  else throw new MissingSalesReader(String(type));
  for await (const batch of lines) {
    for (const line of batch) {
      const row = checker.check(line.cells, line.row);
      if (row) accept(row);
    }
  }
  return { report: checker.report, receipts: receipts.toData(), encoding };
}

const PIECE = 256 * 1024;

function* csvLines(bytes: Uint8Array, encoding: SalesTextEncoding): Generator<readonly SalesFileLine[]> {
  const decoder = new TextDecoder(encoding);
  const reader = new CsvReader();
  for (let at = 0; at < bytes.length; at += PIECE) yield reader.push(decoder.decode(bytes.subarray(at, at + PIECE), { stream: true })).map(lineOfRecord);
  yield [...reader.push(decoder.decode()), ...reader.end()].map(lineOfRecord);
}

const lineOfRecord = (record: CsvRecord): SalesFileLine => ({ row: record.row, cells: record.fields });

function* xlsLines(bytes: Uint8Array): Generator<readonly SalesFileLine[]> {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, { type: 'array', cellFormula: true, cellDates: true, cellHTML: false, cellStyles: false, dense: true, sheets: 0 });
  } catch (error) {
    throw new UnreadableUploadError(`XLS: ${(error as Error).message}`);
  }
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  if (!sheet) return;
  const rows = (sheet as unknown as { '!data'?: Array<Array<SheetJsCellLike | undefined> | undefined> })['!data'] ?? [];
  const lines: SalesFileLine[] = [];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (!row) continue;
    const cells = [];
    for (let c = 0; c < row.length; c++) cells.push(salesCellOfSheetJs(row[c]));
    lines.push({ row: r + 1, cells: workbookSalesCells(cells) });
  }
  yield lines;
}

export { UnreadableUploadError, UploadLimitError };
