import { randomBytes } from 'node:crypto';
import {
  SALES_BUCKET_MINUTES,
  SALES_FILE_MAX_BYTES,
  SalesFileChecker,
  type SalesFileReport,
  type SalesFileType,
  type SalesRow,
  isKnownTimeZone,
  receiptTurnover,
  salesFileTypeMatches,
} from '@sitelens/domain';
import type { BlobStore } from '../../blobs/blobStore.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../graphql/errors.ts';
import type { LivePubSub } from '../../live/livePubSub.ts';
import { publishReadings } from '../../live/publishReadings.ts';
import { withTransaction } from '../metrics/readings.write.ts';
import { exchangeRatesOf, insertSalesImport, reportingCurrencyOf, setReceiptsReplaced, shopZonesByCode } from './sales.repo.ts';
import { MissingSalesReader, salesFileLines, UnreadableSalesFile } from './salesFileRows.ts';
import { ReceiptColumns, upsertReceipts } from './salesReceipts.repo.ts';

/** What the import needs of the server: the same for the GraphQL call, the demo and the benchmark. */
export interface SalesImportDeps {
  database: Database;
  blobs: BlobStore;
  live?: LivePubSub;
  now: () => Date;
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
}

export interface SalesImportResult extends SalesFileReport {
  id: number;
  fileUrl: string;
  fileName: string;
  rowsImported: number;
  rowsRefused: number;
  receiptsReplaced: number;
}

const BUCKET_MS = SALES_BUCKET_MINUTES * 60_000;
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
  const head = await headBytes(file.blob, 4096);
  const type = salesFileTypeMatches(file.name, head);
  if (!type) throw new AppError('INVALID_FILE_TYPE');

  const { checker, receipts } = await readReceipts(deps, request.organizationId, type, file.blob);
  const { report } = checker;
  if (report.rowsAccepted === 0) {
    throw new AppError('FILE_VALIDATION_FAILED', { rowsRead: report.rowsRead, errorCount: report.errorCount, errors: report.errors });
  }

  const blobKey = `sales-imports/${request.organizationId}/${new Date(deps.now()).toISOString().slice(0, 10)}/${randomBytes(12).toString('hex')}.${type}`;
  try {
    await deps.blobs.put(blobKey, new Uint8Array(await file.blob.arrayBuffer()));
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
        byteSize: file.size,
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
    id: written.importId,
    fileUrl: salesFileUrl(written.importId),
    fileName: file.name,
    rowsImported: report.rowsAccepted,
    rowsRefused: report.rowsRead - report.rowsAccepted,
    receiptsReplaced: written.replaced,
  };
}

/** Reads and checks every line, keeping the good ones as receipts in the reporting currency. */
async function readReceipts(deps: SalesImportDeps, organizationId: number, type: SalesFileType, blob: Blob) {
  const [shops, rates, reporting] = await Promise.all([
    shopZonesByCode(deps.database, organizationId),
    exchangeRatesOf(deps.database, organizationId),
    reportingCurrencyOf(deps.database, organizationId),
  ]);
  const rateOf = new Map(rates.map((r) => [r.currency, r.rate]));
  rateOf.set(reporting, 1);
  const checker = new SalesFileChecker({ now: deps.now().getTime() });
  const receipts = new ReceiptColumns();
  const accept = (row: SalesRow) => {
    const zoneId = shops.get(row.shopId);
    const rate = rateOf.get(row.currency);
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
      ts: row.ts,
      bucket: Math.floor(row.ts / BUCKET_MS) * BUCKET_MS,
      items: row.numItems,
      turnover: receiptTurnover(row.turnover, rate),
      amount: row.turnover,
      currency: row.currency,
    });
  };
  try {
    for await (const lines of salesFileLines(type, blob)) {
      for (const line of lines) {
        const row = checker.check(line.cells, line.row);
        if (row) accept(row);
      }
    }
  } catch (error) {
    if (error instanceof MissingSalesReader) throw new AppError('IMPORT_TYPE_REQUIRED');
    if (error instanceof UnreadableSalesFile) {
      console.warn('sales import: unreadable file', error.message);
      throw new AppError('PROCESSING_FAILED');
    }
    throw error;
  }
  return { checker, receipts };
}

/** The first bytes of a file, read from its stream (Yoga's File has no slice). */
async function headBytes(blob: Blob, count: number): Promise<Uint8Array> {
  const reader = blob.stream().getReader();
  const parts: Uint8Array[] = [];
  let length = 0;
  try {
    while (length < count) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      length += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const head = new Uint8Array(Math.min(count, length));
  let at = 0;
  for (const part of parts) {
    const take = part.subarray(0, head.length - at);
    head.set(take, at);
    at += take.length;
    if (at >= head.length) break;
  }
  return head;
}
