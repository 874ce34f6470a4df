import { SALES_READING_METRICS, type SalesSums, addReceipt, salesReadingValue } from '@sitelens/domain';
import type { SqlTransaction } from '../../db/database.ts';
import { BinaryCopy } from '../metrics/write/copyFormat.ts';
import { type ReadingRow, writeReadings } from '../metrics/write/readings.write.ts';
import type { ReceiptColumns, WrittenReceipts } from './receiptColumns.ts';

const COLUMNS = 'organization_id, zone_id, receipt_id, receipt_key, ts, bucket, items, turnover, amount, currency, import_id';
const COPY_RECEIPTS = `COPY sales_receipts (${COLUMNS}) FROM '/dev/blob' WITH (FORMAT binary)`;
const COPY_CHUNK = 50_000;
const INSERT_CHUNK = 5_000;
/**
 * Shops of one site clock whose readings go to the engine in one call (it places each instant on a
 * clock once per call): 20 shops of a 10 MB file are ~160,000 readings.
 */
const SHOPS_OF_A_CLOCK_PER_WRITE = 20;
const UNIQUE_VIOLATION = '23505';

/**
 * The first import of a period, the usual case (each day's or month's file): when no receipt of
 * the organization lies in the quarter hours the file spans for each of its shops, its receipts are
 * inserted as they are (COPY on PGlite, in the primary key's order) and each quarter hour's sums
 * are the file's own, added up here: no staging table, no upsert, no sums read back. When a receipt
 * of the file exists already (imported before, maybe at another time), nothing is kept and it
 * answers null: the caller takes the path that replaces receipts. Inside the caller's transaction.
 */
export async function insertNewReceipts(
  tx: SqlTransaction,
  organizationId: number,
  importId: number | null,
  receipts: ReceiptColumns,
  recentSince: number,
): Promise<WrittenReceipts | null> {
  const spans = bucketSpans(receipts);
  const { rows: shared } = await tx.query<{ shared: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM unnest($2::int[], $3::timestamptz[], $4::timestamptz[]) AS u(zone_id, first, last)
       WHERE EXISTS (SELECT 1 FROM sales_receipts r WHERE r.organization_id = $1 AND r.zone_id = u.zone_id AND r.bucket BETWEEN u.first AND u.last)
          -- A receipt counted twice before migration 0034 waits for its next import on the replacing path.
          OR EXISTS (SELECT 1 FROM sales_receipts r WHERE r.organization_id = $1 AND r.zone_id = u.zone_id AND r.receipt_key >= $5 AND r.receipt_key < $6)) AS shared`,
    [organizationId, spans.zoneIds, spans.first.map(iso), spans.last.map(iso), '\u0001', '\u0002'],
  );
  if (shared[0]?.shared) return null;
  await tx.query('SAVEPOINT new_receipts');
  try {
    await insertInKeyOrder(tx, organizationId, importId, receipts);
  } catch (error) {
    if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
    await tx.query('ROLLBACK TO SAVEPOINT new_receipts');
    await tx.query('RELEASE SAVEPOINT new_receipts');
    return null;
  }
  await tx.query('RELEASE SAVEPOINT new_receipts');
  return writeFileSums(tx, organizationId, receipts, recentSince);
}

/** Each shop's first and last quarter hour in the file. */
function bucketSpans(r: ReceiptColumns) {
  const spans = new Map<number, { first: number; last: number }>();
  for (let i = 0; i < r.length; i++) {
    const span = spans.get(r.zoneIds[i]!);
    const bucket = r.buckets[i]!;
    if (!span) spans.set(r.zoneIds[i]!, { first: bucket, last: bucket });
    else if (bucket < span.first) span.first = bucket;
    else if (bucket > span.last) span.last = bucket;
  }
  const zoneIds = [...spans.keys()];
  return { zoneIds, first: zoneIds.map((z) => spans.get(z)!.first), last: zoneIds.map((z) => spans.get(z)!.last) };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Receipts by (zone, receipt key), the primary key's order: each insertion lands next to the last. */
async function insertInKeyOrder(tx: SqlTransaction, organizationId: number, importId: number | null, r: ReceiptColumns): Promise<void> {
  const order = Int32Array.from({ length: r.length }, (_, i) => i).sort((a, b) => {
    const ids = r.keys;
    return r.zoneIds[a]! - r.zoneIds[b]! || (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0);
  });
  if (tx.copyFromBlob) {
    for (let start = 0; start < order.length; start += COPY_CHUNK) {
      const part = order.subarray(start, start + COPY_CHUNK);
      const copy = new BinaryCopy(part.length, 120);
      for (const i of part) {
        copy.row(11).int4(organizationId).int4(r.zoneIds[i]!).text(r.receiptIds[i]!).text(r.keys[i]!).timestamptz(r.ts[i]!).timestamptz(r.buckets[i]!);
        copy.float8(r.items[i]!).float8(r.turnover[i]!).float8(r.amounts[i]!).text(r.currencies[i]!);
        if (importId === null) copy.null();
        else copy.int4(importId);
      }
      await tx.copyFromBlob(COPY_RECEIPTS, copy.blob());
    }
    return;
  }
  for (let start = 0; start < order.length; start += INSERT_CHUNK) {
    const part = Array.from(order.subarray(start, start + INSERT_CHUNK));
    await tx.query(
      `INSERT INTO sales_receipts (${COLUMNS})
         SELECT $1, u.*, $11::int FROM unnest($2::int[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::float8[], $8::float8[], $9::float8[], $10::text[]) AS u`,
      [
        organizationId,
        part.map((i) => r.zoneIds[i]),
        part.map((i) => r.receiptIds[i]),
        part.map((i) => r.keys[i]),
        part.map((i) => iso(r.ts[i]!)),
        part.map((i) => iso(r.buckets[i]!)),
        part.map((i) => r.items[i]),
        part.map((i) => r.turnover[i]),
        part.map((i) => r.amounts[i]),
        part.map((i) => r.currencies[i]),
        importId,
      ],
    );
  }
}

/**
 * The file's quarter hours summed per shop (the rule of SalesSums), handed to the metrics engine's
 * write path a few shops at a time, shops of one site clock together (the engine places each
 * instant on its clock once per call).
 */
async function writeFileSums(tx: SqlTransaction, organizationId: number, r: ReceiptColumns, recentSince: number): Promise<WrittenReceipts> {
  const byZone = new Map<number, Map<number, SalesSums>>();
  for (let i = 0; i < r.length; i++) {
    let buckets = byZone.get(r.zoneIds[i]!);
    if (!buckets) byZone.set(r.zoneIds[i]!, (buckets = new Map()));
    buckets.set(r.buckets[i]!, addReceipt(buckets.get(r.buckets[i]!), r.items[i]!, r.turnover[i]!));
  }
  const recent: ReadingRow[] = [];
  let readings = 0;
  for (const shops of await shopsByClock(tx, [...byZone.keys()], SHOPS_OF_A_CLOCK_PER_WRITE)) {
    const batch: ReadingRow[] = [];
    for (const id of shops) {
      const buckets = [...byZone.get(id)!].sort((a, b) => a[0] - b[0]);
      // In the readings' key order (metric, then time), which the engine's sort then finds as it is.
      for (const metric of SALES_READING_METRICS) {
        for (const [ts, sums] of buckets) {
          const reading: ReadingRow = { organizationId, targetKind: 'zone', targetId: id, metric, breakdown: '', ts, value: salesReadingValue(metric, sums) };
          batch.push(reading);
          if (ts >= recentSince) recent.push(reading);
        }
      }
    }
    await writeReadings(tx, batch);
    readings += batch.length;
  }
  return { replaced: 0, readings, recent };
}

/**
 * The shops in batches of one site clock each (time zone and change of day), `perBatch` at most:
 * a batch of shops on one clock shares most quarter hours, which the engine places on that clock once.
 */
export async function shopsByClock(tx: SqlTransaction, zoneIds: number[], perBatch: number): Promise<number[][]> {
  const { rows } = await tx.query<{ id: number; clock: string | null }>(
    `SELECT u.id, c.tz || ' ' || c.cod::text AS clock FROM unnest($1::int[]) AS u(id) LEFT JOIN target_sites c ON c.kind = 'zone' AND c.id = u.id ORDER BY c.tz, c.cod, u.id`,
    [zoneIds],
  );
  const batches: number[][] = [];
  rows.forEach((row, i) => {
    const last = batches.at(-1);
    if (last && row.clock === rows[i - 1]!.clock && last.length < perBatch) last.push(row.id);
    else batches.push([row.id]);
  });
  return batches;
}
