import { InflateBudget, type ZipEntry, inflateZipEntry, readZipDirectory } from '../uploads/zipDirectory.ts';
import { UnreadableUploadError, UploadLimitError, WORKBOOK_LIMITS } from '../uploads/uploadLimits.ts';
import { XmlScanner, xmlAttribute } from '../uploads/xmlScanner.ts';
import { type SalesCell, workbookSalesCells } from './salesRows.ts';

/** One line of a sales file: its 1-based number in the file and its cells. */
export interface SalesFileLine {
  row: number;
  cells: SalesCell[];
}

type Limits = typeof WORKBOOK_LIMITS;
/** Columns kept of a row; a cell further right still counts in the row's column count, capped here. */
const MAX_COLUMNS = 256;

/**
 * The lines of an XLSX file's first worksheet, read as a stream within the workbook limits (the same
 * on the server and in the browser's pre-check): the central directory's declared sizes first, then
 * every part counted while it inflates, then the cells. Only the shared strings are held (cells
 * point into them); the worksheet goes by, a batch of lines at a time. Formula cells and cells in a
 * date format become their markers (a date cell has no time zone); text, numbers, booleans and
 * errors as they are.
 */
export async function* xlsxSalesLines(bytes: Uint8Array, limits: Limits = WORKBOOK_LIMITS): AsyncGenerator<SalesFileLine[]> {
  const entries = new Map(readZipDirectory(bytes, limits).map((e) => [e.name.replace(/^\/+/, ''), e]));
  const budget = new InflateBudget(limits.maxUncompressedBytes);
  const part = async (name: string) => (entries.has(name) ? readPart(bytes, entries.get(name)!, limits, budget) : null);

  const workbook = await part('xl/workbook.xml');
  if (workbook === null) throw new UnreadableUploadError('no xl/workbook.xml');
  const rels = relationships((await part('xl/_rels/workbook.xml.rels')) ?? '');
  const firstSheetId = xmlAttribute(/<(?:\w+:)?sheet\s[^>]*>/.exec(workbook)?.[0] ?? '', 'r:id') ?? xmlAttribute(/<(?:\w+:)?sheet\s[^>]*>/.exec(workbook)?.[0] ?? '', 'id');
  const target = (type: string, fallback: string) => {
    const found = [...rels.values()].find((r) => r.type.endsWith(`/${type}`));
    return found ? partPath(found.target) : fallback;
  };
  const sheetName = (firstSheetId && rels.get(firstSheetId) ? partPath(rels.get(firstSheetId)!.target) : null) ?? 'xl/worksheets/sheet1.xml';
  const sheet = entries.get(sheetName);
  if (!sheet) throw new UnreadableUploadError(`no worksheet ${sheetName}`);
  const dateStyles = dateStyleIndexes((await part(target('styles', 'xl/styles.xml'))) ?? '');
  const stringsEntry = entries.get(target('sharedStrings', 'xl/sharedStrings.xml'));
  const strings = stringsEntry ? await sharedStrings(bytes, stringsEntry, limits, budget) : [];
  yield* sheetLines(bytes, sheet, strings, dateStyles, limits, budget);
}

async function readPart(bytes: Uint8Array, entry: ZipEntry, limits: Limits, budget: InflateBudget): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of inflateZipEntry(bytes, entry, { maxBytes: limits.maxPartBytes, limit: 'part' }, budget)) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/** A relationship target as a path in the package: relative to xl/, or absolute from the root. */
function partPath(target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = ['xl'];
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece && piece !== '.') parts.push(piece);
  }
  return parts.join('/');
}

function relationships(xml: string): Map<string, { type: string; target: string }> {
  const out = new Map<string, { type: string; target: string }>();
  for (const [tag] of xml.matchAll(/<(?:\w+:)?Relationship\s[^>]*>/g)) {
    const id = xmlAttribute(tag, 'Id');
    const target = xmlAttribute(tag, 'Target');
    if (id && target) out.set(id, { type: xmlAttribute(tag, 'Type') ?? '', target });
  }
  return out;
}

/** Built-in number formats that show a date or a time (ECMA-376 §18.8.30, and the East Asian ones). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** Whether a custom format code shows a date or time: d, m, y, h or s outside quotes, escapes and colours. */
export function isDateFormatCode(code: string): boolean {
  const bare = code.replace(/"[^"]*"/g, '').replace(/\\./g, '').replace(/\[(?![hms]+\])[^\]]*\]/gi, '');
  return /[dmyhs]/i.test(bare.split(';')[0] ?? '');
}

/** The style indexes (cellXfs) whose number format is a date or a time. */
function dateStyleIndexes(xml: string): Set<number> {
  const custom = new Map<number, string>();
  for (const [tag] of xml.matchAll(/<(?:\w+:)?numFmt\s[^>]*>/g)) custom.set(Number(xmlAttribute(tag, 'numFmtId')), xmlAttribute(tag, 'formatCode') ?? '');
  const cellXfs = /<(?:\w+:)?cellXfs[\s>][\s\S]*?<\/(?:\w+:)?cellXfs>/.exec(xml)?.[0] ?? '';
  const out = new Set<number>();
  let index = 0;
  for (const [tag] of cellXfs.matchAll(/<(?:\w+:)?xf[\s/>][^>]*>/g)) {
    const id = Number(xmlAttribute(tag, 'numFmtId') ?? 0);
    if (DATE_FORMAT_IDS.has(id) || (custom.has(id) && isDateFormatCode(custom.get(id)!))) out.add(index);
    index++;
  }
  return out;
}

/** The shared strings table (rich text runs joined, phonetic runs left out), within its limits. */
async function sharedStrings(bytes: Uint8Array, entry: ZipEntry, limits: Limits, budget: InflateBudget): Promise<string[]> {
  const strings: string[] = [];
  let current = '';
  let inText = false;
  let phonetic = 0;
  const scanner = new XmlScanner({
    open(name, _attributes, selfClosing) {
      if (name === 'si') current = '';
      else if (name === 'rPh' && !selfClosing) phonetic++;
      else if (name === 't' && !selfClosing && phonetic === 0) inText = true;
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic = Math.max(0, phonetic - 1);
      else if (name === 'si') {
        if (strings.length >= limits.maxSharedStrings) throw new UploadLimitError('sharedStrings', `more than ${limits.maxSharedStrings} strings`);
        strings.push(current);
      }
    },
    text(text) {
      if (inText) current += text;
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of inflateZipEntry(bytes, entry, { maxBytes: limits.maxSharedStringsBytes, limit: 'sharedStrings' }, budget)) scanner.push(decoder.decode(chunk, { stream: true }));
  scanner.push(decoder.decode());
  scanner.end();
  return strings;
}

function columnIndex(reference: string | undefined, next: number): number {
  if (!reference) return next;
  let index = 0;
  let i = 0;
  for (; i < reference.length; i++) {
    const c = reference.charCodeAt(i);
    if (c < 65 || c > 90) break;
    index = index * 26 + (c - 64);
  }
  return i === 0 ? next : index - 1;
}

async function* sheetLines(bytes: Uint8Array, entry: ZipEntry, strings: string[], dateStyles: Set<number>, limits: Limits, budget: InflateBudget): AsyncGenerator<SalesFileLine[]> {
  let lines: SalesFileLine[] = [];
  let cellCount = 0;
  let rowNumber = 0;
  let cells: SalesCell[] = [];
  let column = 0;
  let type = '';
  let style = -1;
  let formula = false;
  let value = '';
  let inValue = false;
  let inInline = false;
  let inText = false;
  let phonetic = 0;
  let done = false;
  const scanner = new XmlScanner({
    open(name, attributes, selfClosing) {
      switch (name) {
        case 'row':
          rowNumber = Number(xmlAttribute(attributes, 'r') ?? rowNumber + 1) || rowNumber + 1;
          cells = [];
          column = 0;
          if (selfClosing) cells = [];
          break;
        case 'c':
          if (++cellCount > limits.maxCells) throw new UploadLimitError('cells', `more than ${limits.maxCells} cells`);
          column = columnIndex(xmlAttribute(attributes, 'r'), column);
          type = xmlAttribute(attributes, 't') ?? 'n';
          style = Number(xmlAttribute(attributes, 's') ?? -1);
          formula = false;
          value = '';
          break;
        case 'f':
          formula = true;
          break;
        case 'v':
          inValue = !selfClosing;
          break;
        case 'is':
          inInline = !selfClosing;
          break;
        case 'rPh':
          if (!selfClosing) phonetic++;
          break;
        case 't':
          inText = inInline && !selfClosing && phonetic === 0;
          break;
      }
    },
    close(name) {
      switch (name) {
        case 'v':
          inValue = false;
          break;
        case 't':
          inText = false;
          break;
        case 'rPh':
          phonetic = Math.max(0, phonetic - 1);
          break;
        case 'is':
          inInline = false;
          break;
        case 'c': {
          const cell = cellValue(type, value, formula, dateStyles.has(style), strings);
          if (column < MAX_COLUMNS) {
            while (cells.length < column) cells.push(null);
            cells[column] = cell;
          } else if (cell !== null && cells.length < MAX_COLUMNS) {
            while (cells.length < MAX_COLUMNS) cells.push(null);
          }
          column += 1;
          break;
        }
        case 'row':
          lines.push({ row: rowNumber, cells: workbookSalesCells(cells) });
          break;
        case 'sheetData':
          done = true;
          break;
      }
    },
    text(text) {
      if (inValue || inText) value += text;
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of inflateZipEntry(bytes, entry, { maxBytes: limits.maxUncompressedBytes, limit: 'uncompressed' }, budget)) {
    scanner.push(decoder.decode(chunk, { stream: true }));
    if (lines.length) {
      yield lines;
      lines = [];
    }
    // The first worksheet's cells only: what follows them (merges, print settings) is not read.
    if (done) return;
  }
  scanner.push(decoder.decode());
  scanner.end();
  if (lines.length) yield lines;
}

function cellValue(type: string, value: string, formula: boolean, dateStyle: boolean, strings: string[]): SalesCell {
  if (formula) return { kind: 'formula' };
  switch (type) {
    case 's': {
      if (value === '') return null;
      const text = strings[Number(value)];
      if (text === undefined) throw new UnreadableUploadError(`a cell points to shared string ${value}, which does not exist`);
      return text;
    }
    case 'inlineStr':
    case 'str':
      return value;
    case 'b':
      return value.trim() === '1' ? 'TRUE' : 'FALSE';
    case 'e':
      return value;
    case 'd':
      return value === '' ? null : { kind: 'dateCell' };
    default: {
      if (value.trim() === '') return null;
      if (dateStyle) return { kind: 'dateCell' };
      const number = Number(value);
      return Number.isFinite(number) ? number : value;
    }
  }
}
