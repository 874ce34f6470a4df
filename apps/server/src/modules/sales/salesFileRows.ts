import { Readable } from 'node:stream';
import { CsvReader, type CsvRecord, salesCellOfSheetJs, type SalesCell, type SalesFileType, type SheetJsCellLike, workbookSalesCells } from '@sitelens/domain';
import type ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';

/** One line of a sales file: its 1-based number in the file and its cells. */
export interface SalesFileLine {
  row: number;
  cells: SalesCell[];
}

/** The file could not be read as its type (a damaged ZIP, a truncated OLE2 file): PROCESSING_FAILED. */
export class UnreadableSalesFile extends Error {}

/** A kind of file without a reader (a type added to the domain's list but not here): IMPORT_TYPE_REQUIRED. */
export class MissingSalesReader extends Error {}

/**
 * The lines of a sales file in pieces (one await per piece read, not per line), read as a stream: CSV through the domain's reader (UTF-8, or
 * Windows-1252 when the bytes are not UTF-8, as older French spreadsheets save them), XLSX through
 * ExcelJS's streaming reader, XLS (at most 65,536 rows by its format) through SheetJS. Only the
 * first worksheet of a workbook is read.
 */
export async function* salesFileLines(type: SalesFileType, file: Blob): AsyncGenerator<readonly SalesFileLine[]> {
  try {
    if (type === 'csv') yield* csvLines(file);
    else if (type === 'xlsx') yield* xlsxLines(file);
    else if (type === 'xls') yield* xlsLines(file);
    else throw new MissingSalesReader(String(type));
  } catch (error) {
    if (error instanceof UnreadableSalesFile || error instanceof MissingSalesReader) throw error;
    throw new UnreadableSalesFile(error instanceof Error ? error.message : String(error));
  }
}

async function* csvLines(file: Blob): AsyncGenerator<readonly SalesFileLine[]> {
  const encoding = (await isUtf8(file)) ? 'utf-8' : 'windows-1252';
  const reader = new CsvReader();
  for await (const text of decoded(file, encoding)) yield reader.push(text).map(lineOfRecord);
  yield reader.end().map(lineOfRecord);
}

const lineOfRecord = (record: CsvRecord): SalesFileLine => ({ row: record.row, cells: record.fields });

async function* decoded(file: Blob, encoding: string): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of file.stream() as unknown as AsyncIterable<Uint8Array>) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** Whether the whole file decodes as UTF-8, read piece by piece. */
async function isUtf8(file: Blob): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of file.stream() as unknown as AsyncIterable<Uint8Array>) decoder.decode(chunk, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

async function* xlsxLines(file: Blob): AsyncGenerator<readonly SalesFileLine[]> {
  const input = Readable.from(file.stream() as unknown as AsyncIterable<Uint8Array>);
  // Loaded on the first XLSX read: a process that never reads one skips ExcelJS (half a second).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookReader(input, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  for await (const worksheet of workbook) {
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as unknown[];
      const cells: SalesCell[] = [];
      for (let c = 1; c < values.length; c++) cells.push(excelJsCell(values[c]));
      yield [{ row: row.number, cells: workbookSalesCells(cells) }];
    }
    // The first worksheet only; the rest of the package is not read.
    input.destroy();
    return;
  }
}

function excelJsCell(value: unknown): SalesCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return { kind: 'dateCell' };
  const v = value as { formula?: unknown; sharedFormula?: unknown; richText?: Array<{ text: string }>; text?: unknown; error?: unknown };
  if (v.formula !== undefined || v.sharedFormula !== undefined) return { kind: 'formula' };
  if (v.richText) return v.richText.map((part) => part.text).join('');
  if (v.text !== undefined) return String(v.text);
  if (v.error !== undefined) return String(v.error);
  return String(value);
}

async function* xlsLines(file: Blob): AsyncGenerator<readonly SalesFileLine[]> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const workbook = XLSX.read(bytes, { type: 'array', cellFormula: true, cellDates: true, cellHTML: false, cellStyles: false, dense: true });
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  if (!sheet) return;
  const rows = (sheet as unknown as { '!data'?: Array<Array<SheetJsCellLike | undefined> | undefined> })['!data'] ?? [];
  const lines: SalesFileLine[] = [];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (!row) continue;
    const cells: SalesCell[] = [];
    for (let c = 0; c < row.length; c++) cells.push(salesCellOfSheetJs(row[c]));
    lines.push({ row: r + 1, cells: workbookSalesCells(cells) });
  }
  yield lines;
}
