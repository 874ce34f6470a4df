import type { SqlTransaction } from '../../db/database.ts';
import { BinaryCopy } from '../metrics/copyFormat.ts';
import type { ReadingRow } from '../metrics/readings.write.ts';

/** Accepted receipts of one file, column by column (150,000 of them stay a few arrays, not objects). */
export class ReceiptColumns {
  readonly zoneIds: number[] = [];
  readonly receiptIds: string[] = [];
  readonly ts: number[] = [];
  readonly buckets: number[] = [];
  readonly items: number[] = [];
  readonly turnover: number[] = [];
  readonly amounts: number[] = [];
  readonly currencies: string[] = [];

  get length(): number {
    return this.zoneIds.length;
  }

  push(r: { zoneId: number; receiptId: string; ts: number; bucket: number; items: number; turnover: number; amount: number; currency: string }): void {
    this.zoneIds.push(r.zoneId);
    this.receiptIds.push(r.receiptId);
    this.ts.push(r.ts);
    this.buckets.push(r.bucket);
    this.items.push(r.items);
    this.turnover.push(r.turnover);
    this.amounts.push(r.amount);
    this.currencies.push(r.currency);
  }
}

const STAGING_COLUMNS = 'zone_id, receipt_id, ts, bucket, items, turnover, amount, currency';
const CHUNK = 5_000;
const COPY_CHUNK = 50_000;

/**
 * Upserts the receipts (a receipt already imported is replaced, never counted twice) and returns
 * the sales readings of every quarter hour they touch, old places of moved receipts included,
 * summed again from the table: orders (receipts with a turnover of 0 or more; a negative one is a
 * return), goods sold and turnover. Runs inside the caller's transaction.
 */
export async function upsertReceipts(
  tx: SqlTransaction,
  organizationId: number,
  importId: number | null,
  receipts: ReceiptColumns,
): Promise<{ readings: ReadingRow[]; replaced: number }> {
  await tx.query(
    `CREATE TEMP TABLE sales_staging (zone_id int, receipt_id text, ts timestamptz, bucket timestamptz, items float8, turnover float8, amount float8, currency text) ON COMMIT DROP`,
  );
  await stage(tx, receipts);
  const [{ replaced } = { replaced: 0 }] = (
    await tx.query<{ replaced: number }>(
      `SELECT count(*)::int AS replaced FROM sales_receipts r JOIN sales_staging s ON r.zone_id = s.zone_id AND r.receipt_id = s.receipt_id WHERE r.organization_id = $1`,
      [organizationId],
    )
  ).rows;
  await tx.query(`CREATE TEMP TABLE sales_touched ON COMMIT DROP AS SELECT DISTINCT zone_id, bucket FROM sales_staging`);
  if (replaced > 0) {
    await tx.query(
      `INSERT INTO sales_touched SELECT DISTINCT r.zone_id, r.bucket FROM sales_receipts r JOIN sales_staging s ON r.zone_id = s.zone_id AND r.receipt_id = s.receipt_id
        WHERE r.organization_id = $1 AND NOT EXISTS (SELECT 1 FROM sales_touched t WHERE t.zone_id = r.zone_id AND t.bucket = r.bucket)`,
      [organizationId],
    );
  }
  await tx.query(
    `INSERT INTO sales_receipts (organization_id, ${STAGING_COLUMNS}, import_id)
       SELECT $1, ${STAGING_COLUMNS}, $2 FROM sales_staging
     ON CONFLICT (organization_id, zone_id, receipt_id) DO UPDATE SET
       ts = excluded.ts, bucket = excluded.bucket, items = excluded.items, turnover = excluded.turnover,
       amount = excluded.amount, currency = excluded.currency, import_id = excluded.import_id`,
    [organizationId, importId],
  );
  // One JSON value rather than one row per quarter hour: decoding it costs a fraction (see decisions, engine rows).
  const { rows } = await tx.query<{ sums: Array<[number, string, number, number, number]> | null }>(
    `SELECT json_agg(json_build_array(t.zone_id, t.bucket, s.orders, s.goods, s.turnover)) AS sums
       FROM sales_touched t
       CROSS JOIN LATERAL (
         SELECT count(*) FILTER (WHERE r.turnover >= 0) AS orders, coalesce(sum(r.items), 0) AS goods, coalesce(sum(r.turnover), 0) AS turnover
           FROM sales_receipts r WHERE r.organization_id = $1 AND r.zone_id = t.zone_id AND r.bucket = t.bucket
       ) s`,
    [organizationId],
  );
  const readings: ReadingRow[] = [];
  for (const [zoneId, bucket, orders, goods, turnover] of rows[0]?.sums ?? []) {
    const ts = Date.parse(bucket);
    const reading = (metric: string, value: number): ReadingRow => ({ organizationId, targetKind: 'zone', targetId: zoneId, metric, breakdown: '', ts, value });
    readings.push(reading('orders', orders), reading('goodsSold', goods), reading('turnover', Math.round(turnover * 100) / 100));
  }
  return { readings, replaced };
}

async function stage(tx: SqlTransaction, r: ReceiptColumns): Promise<void> {
  if (tx.copyFromBlob) {
    for (let start = 0; start < r.length; start += COPY_CHUNK) {
      const end = Math.min(r.length, start + COPY_CHUNK);
      const copy = new BinaryCopy(end - start, 80);
      for (let i = start; i < end; i++) {
        copy.row(8).int4(r.zoneIds[i]!).text(r.receiptIds[i]!).timestamptz(r.ts[i]!).timestamptz(r.buckets[i]!).float8(r.items[i]!).float8(r.turnover[i]!).float8(r.amounts[i]!).text(r.currencies[i]!);
      }
      await tx.copyFromBlob(`COPY sales_staging (${STAGING_COLUMNS}) FROM '/dev/blob' WITH (FORMAT binary)`, copy.blob());
    }
    return;
  }
  for (let start = 0; start < r.length; start += CHUNK) {
    const end = Math.min(r.length, start + CHUNK);
    await tx.query(
      `INSERT INTO sales_staging (${STAGING_COLUMNS})
         SELECT * FROM unnest($1::int[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::float8[], $6::float8[], $7::float8[], $8::text[])`,
      [
        r.zoneIds.slice(start, end),
        r.receiptIds.slice(start, end),
        r.ts.slice(start, end).map((t) => new Date(t).toISOString()),
        r.buckets.slice(start, end).map((t) => new Date(t).toISOString()),
        r.items.slice(start, end),
        r.turnover.slice(start, end),
        r.amounts.slice(start, end),
        r.currencies.slice(start, end),
      ],
    );
  }
}
