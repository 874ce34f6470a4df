import { SALES_FILE_MAX_BYTES, SALES_FILE_TYPES, type SalesFileType } from './constants.ts';

/** Why the browser refuses a selection before reading it (spec 002 §8, client errors). */
export type SalesFileSelectionError = 'noFile' | 'tooManyFiles' | 'invalidFileType' | 'fileTooLarge';

/** The kind of file its name says, or null for any other extension. */
export function salesFileTypeOfName(name: string): SalesFileType | null {
  const lower = name.toLowerCase();
  for (const [type, spec] of Object.entries(SALES_FILE_TYPES) as Array<[SalesFileType, (typeof SALES_FILE_TYPES)[SalesFileType]]>) {
    if (spec.extensions.some((ext) => lower.endsWith(ext))) return type;
  }
  return null;
}

/** The first problem of a selection of files, or null when it is one file of an accepted type and size. */
export function checkSalesFileSelection(files: ReadonlyArray<{ name: string; size: number }>): SalesFileSelectionError | null {
  if (files.length === 0) return 'noFile';
  if (files.length > 1) return 'tooManyFiles';
  const [file] = files;
  if (!salesFileTypeOfName(file!.name)) return 'invalidFileType';
  if (file!.size > SALES_FILE_MAX_BYTES) return 'fileTooLarge';
  return null;
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);

/**
 * The kind of file its first bytes show (up to 4 KB are enough): XLSX is a ZIP package, XLS an OLE2
 * compound file, CSV text without NUL bytes. Null for anything else (images, PDFs, executables).
 */
export function sniffSalesFileType(head: Uint8Array): SalesFileType | null {
  if (startsWith(head, ZIP)) return 'xlsx';
  if (startsWith(head, OLE2)) return 'xls';
  // UTF-16 text (Excel's "Unicode text") has NUL bytes: its byte order mark says what it is.
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff])) return 'csv';
  const sample = head.subarray(0, 4096);
  if (sample.includes(0)) return null;
  // Text: no control bytes other than tab, line feed and carriage return (a BOM and UTF-8 are fine).
  for (const b of sample) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return null;
  return 'csv';
}

/** Whether the content agrees with the name: a renamed image or a ZIP called .csv is refused. */
export function salesFileTypeMatches(name: string, head: Uint8Array): SalesFileType | null {
  const byName = salesFileTypeOfName(name);
  return byName !== null && sniffSalesFileType(head) === byName ? byName : null;
}
