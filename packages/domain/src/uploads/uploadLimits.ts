import { SALES_FILE_MAX_BYTES } from '../sales/constants.ts';

/**
 * What reading an uploaded workbook may cost, on the server and in the browser alike (issue 28).
 * A workbook is a ZIP package: 10 MB of it can unpack to gigabytes (a "zip bomb"). Each limit is
 * checked before the bytes it bounds are held: the sizes the ZIP's central directory declares first,
 * then the bytes counted while they are inflated (declared sizes can lie), then the cells read.
 */
export const WORKBOOK_LIMITS = {
  /** Entries in the package (a spreadsheet has about 10 to 20). */
  maxEntries: 1_000,
  /** All entries unpacked, as declared and as counted: 20 times the upload limit. */
  maxUncompressedBytes: 20 * SALES_FILE_MAX_BYTES,
  /** The shared strings table, the one part held whole in memory (cells point into it). */
  maxSharedStringsBytes: 64 * 1024 * 1024,
  /** Strings in that table. */
  maxSharedStrings: 1_500_000,
  /** Any other part read whole (workbook, relationships, styles). */
  maxPartBytes: 8 * 1024 * 1024,
  /** Cells of the worksheet read (each `<c>`, empty ones included): 500,000 lines of six. */
  maxCells: 3_000_000,
} as const;

/** How long the server's worker may take over one file before it is stopped (UPLOAD_PARSE_TIMEOUT_SECONDS overrides). */
export const UPLOAD_PARSE_TIMEOUT_MS = 60_000;

/** Which limit a file went past; the web app words it (sales.import.limits.<limit>). */
export type UploadLimit = 'entries' | 'uncompressed' | 'sharedStrings' | 'part' | 'cells' | 'time' | 'memory' | 'pixels' | 'dimensions' | 'busy';

/** A file refused by a limit of reading it: never a crash, an answer. */
export class UploadLimitError extends Error {
  constructor(
    readonly limit: UploadLimit,
    detail = '',
  ) {
    super(`upload limit: ${limit}${detail ? ` (${detail})` : ''}`);
    this.name = 'UploadLimitError';
  }
}

/** A file that is not what it claims (a damaged ZIP, XML that does not parse): unreadable, not a limit. */
export class UnreadableUploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableUploadError';
  }
}
