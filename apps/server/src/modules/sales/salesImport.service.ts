import { randomBytes } from 'node:crypto';
import {
  SALES_FILE_MAX_BYTES,
  type SalesFileReport,
  type SalesFileType,
  type SalesTextEncoding,
  UnreadableUploadError,
  UploadLimitError,
  isKnownTimeZone,
  salesFileTypeMatches,
} from '@sitelens/domain';
import type { BlobStore } from '../../blobs/blobStore.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../graphql/errors.ts';
import type { LivePubSub } from '../../live/livePubSub.ts';
import { publishReadings } from '../live/publishReadings.ts';
import { withTransaction } from '../../db/transaction.ts';
import { exchangeRatesOf, insertSalesImport, reportingCurrencyOf, setReceiptsReplaced, shopZonesByCode } from './sales.repo.ts';
import type { UploadSandbox } from '../../uploads/uploadSandbox.ts';
import { MissingSalesReader, MixedEncodingError, type SalesFileRead, readSalesReceipts } from './readSalesReceipts.ts';
import { ReceiptColumns } from './receiptColumns.ts';
import { upsertReceipts } from './salesReceipts.repo.ts';

/** What the import needs of the server: the same for the GraphQL call, the demo and the benchmark. */
export interface SalesImportDeps {
  database: Database;
  blobs: BlobStore;
  live?: LivePubSub;
  now: () => Date;
  /**
   * Where files are read: worker threads with their own heap and time limits. Every upload goes
   * there; only the demo's own generated files, which no user sends, are read in this thread.
   */
  sandbox?: UploadSandbox;
}

export interface SalesUpload {
  name: string;
  size: number;
  blob: Blob;
}

export interface SalesImportRequest {
  organizationId: number;
  userId: number | null;
  file: SalesUpload | null | undefined;
  uploaderDateTime: string;
  uploaderTimezone: string;
  /** Aborts when the request is abandoned: the file's worker is stopped. */
  signal?: AbortSignal;
}

export interface SalesImportResult extends SalesFileReport {
  /** The encoding a CSV was read in; null for a workbook. */
  encoding: SalesTextEncoding | null;
  id: number;
  fileUrl: string;
  fileName: string;
  rowsImported: number;
  rowsRefused: number;
  receiptsReplaced: number;
}

/** The live channel hears of the imported quarter hours of the last day only (live widgets show today; a year of history would be one huge message). */
const LIVE_WINDOW_MS = 24 * 3600_000;
// The uploader's own clock as the browser writes it: local ISO time, seconds and milliseconds optional.
const LOCAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/** Where an import's original file is kept, and the address that serves it to its organization. */
export const salesFileUrl = (importId: number) => `/api/sales-imports/${importId}/file`;

/**
 * Imports one sales file (spec 002 §5): checks the request and the file's type by content, reads
 * the lines as a stream with the domain's rules, looks shop ids up among the organization's shop
 * codes and converts other currencies with the rates it keeps. The good lines become receipts and
 * the sales readings of their quarter hours through the metrics engine's write path (rollups kept),
 * in one transaction; the live channel hears of the last day's after the commit. A refused line costs only
 * itself; a file without one good line is FILE_VALIDATION_FAILED with the lines in its extensions.
 */
export async function importSalesFile(deps: SalesImportDeps, request: SalesImportRequest): Promise<SalesImportResult> {
  const { file } = request;
  // Yoga's multipart parser gives its own File class: any Blob-like with a stream will do.
  if (!file || typeof file.blob?.stream !== 'function') throw new AppError('FILE_REQUIRED');
  if (file.size > SALES_FILE_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', { maxBytes: SALES_FILE_MAX_BYTES });
  if (!LOCAL_ISO.test(request.uploaderDateTime) || Number.isNaN(Date.parse(`${request.uploaderDateTime}Z`))) throw new AppError('INVALID_DATE_FORMAT');
  if (!isKnownTimeZone(request.uploaderTimezone)) throw new AppError('INVALID_TIMEZONE_FORMAT');
  // At most 10 MB (Yoga stops the part past it): held once, handed to the worker without a copy.
  const bytes = new Uint8Array(await file.blob.arrayBuffer());
  if (bytes.length > SALES_FILE_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', { maxBytes: SALES_FILE_MAX_BYTES });
  if (bytes.length === 0) throw new AppError('FILE_EMPTY');
  const type = salesFileTypeMatches(file.name, bytes.subarray(0, 4096));
  if (!type) throw new AppError('INVALID_FILE_TYPE');

  const kept = bytes.slice();
  const read = await readReceipts(deps, request, type, bytes);
  const { report } = read;
  const receipts = ReceiptColumns.fromData(read.receipts);
  if (report.rowsRead === 0) throw new AppError('FILE_EMPTY');
  if (report.rowsAccepted === 0) {
    throw new AppError('FILE_VALIDATION_FAILED', { rowsRead: report.rowsRead, errorCount: report.errorCount, errors: report.errors });
  }

  const blobKey = `sales-imports/${request.organizationId}/${new Date(deps.now()).toISOString().slice(0, 10)}/${randomBytes(12).toString('hex')}.${type}`;
  try {
    await deps.blobs.put(blobKey, kept);
  } catch (error) {
    console.error('sales import: the original file could not be stored', error);
    throw new AppError('STORAGE_FAILED');
  }

  let written;
  try {
    written = await withTransaction(deps.database, async (tx) => {
      const importId = await insertSalesImport(tx, {
        organizationId: request.organizationId,
        userId: request.userId,
        fileName: file.name.slice(0, 255),
        fileType: type,
        encoding: read.encoding,
        byteSize: kept.length,
        blobKey,
        uploaderDateTime: request.uploaderDateTime,
        uploaderTimezone: request.uploaderTimezone,
        rowsRead: report.rowsRead,
        rowsImported: report.rowsAccepted,
        rowsRefused: report.rowsRead - report.rowsAccepted,
        receiptsReplaced: 0,
        createdAt: deps.now(),
      });
      const { recent, replaced } = await upsertReceipts(tx, request.organizationId, importId, receipts, deps.now().getTime() - LIVE_WINDOW_MS);
      if (replaced > 0) await setReceiptsReplaced(tx, importId, replaced);
      return { importId, recent, replaced };
    });
  } catch (error) {
    console.error('sales import: the receipts could not be written', error);
    await deps.blobs.delete(blobKey).catch(() => undefined);
    throw new AppError('PROCESSING_FAILED');
  }
  // The seam after the commit: live widgets, and whatever listens there, hear of the new figures.
  if (deps.live && written.recent.length) publishReadings(deps.live, written.recent);
  return {
    ...report,
    encoding: read.encoding,
    id: written.importId,
    fileUrl: salesFileUrl(written.importId),
    fileName: file.name,
    rowsImported: report.rowsAccepted,
    rowsRefused: report.rowsRead - report.rowsAccepted,
    receiptsReplaced: written.replaced,
  };
}

/**
 * Reads and checks every line in the upload sandbox (a worker thread with its own heap and time
 * limits, stopped if the request is abandoned), with the organization's shop codes and rates.
 */
async function readReceipts(deps: SalesImportDeps, request: SalesImportRequest, type: SalesFileType, bytes: Uint8Array): Promise<SalesFileRead> {
  const [shops, rates, reporting] = await Promise.all([
    shopZonesByCode(deps.database, request.organizationId),
    exchangeRatesOf(deps.database, request.organizationId),
    reportingCurrencyOf(deps.database, request.organizationId),
  ]);
  const context = { now: deps.now().getTime(), shops: [...shops], rates: [...rates.map((r) => [r.currency, r.rate] as [string, number]), [reporting, 1] as [string, number]] };
  try {
    if (!deps.sandbox) return await readSalesReceipts(type, bytes, context);
    return await deps.sandbox.run<SalesFileRead>('salesFile', { type, bytes, context }, { owner: `organization:${request.organizationId}`, signal: request.signal, transfer: [bytes.buffer as ArrayBuffer] });
  } catch (error) {
    if (error instanceof MixedEncodingError) throw new AppError('FILE_VALIDATION_FAILED', { rowsRead: error.report.rowsRead, errorCount: error.report.errorCount, errors: error.report.errors, reason: 'mixedEncoding' });
    if (error instanceof MissingSalesReader) throw new AppError('IMPORT_TYPE_REQUIRED');
    if (error instanceof UploadLimitError) {
      console.warn('sales import: a file past the upload limits', error.message);
      throw new AppError('PROCESSING_FAILED', { reason: 'limits', limit: error.limit });
    }
    if (error instanceof UnreadableUploadError) {
      console.warn('sales import: unreadable file', error.message);
      throw new AppError('PROCESSING_FAILED', { reason: 'unreadable' });
    }
    throw error;
  }
}
