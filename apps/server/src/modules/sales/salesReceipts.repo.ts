import { ORDER_MIN_TURNOVER, SALES_READING_METRICS, type SalesReadingMetric, TURNOVER_SCALE } from '@sitelens/domain';
import type { SqlTransaction } from '../../db/database.ts';
import { BinaryCopy } from '../metrics/write/copyFormat.ts';
import { type ReadingRow, writeReadings, writeReadingsFromSelect } from '../metrics/write/readings.write.ts';
import type { ReceiptColumns, WrittenReceipts } from './receiptColumns.ts';
import { insertNewReceipts, shopsByClock } from './salesNewReceipts.ts';

const STAGING_COLUMNS = 'zone_id, receipt_id, receipt_key, ts, bucket, items, turnover, amount, currency';
/** Receipts counted twice before migration 0034 keep the older row under chr(1) || its id until the receipt comes again. */
const LEGACY_KEY_PREFIX = '\u0001';
const CHUNK = 5_000;
/** Shops whose readings go to the engine in one call: 10 shops of a 10 MB file are ~80,000 readings. */
const SHOPS_PER_WRITE = 10;
const WORK_MEM = '256MB';
const COPY_CHUNK = 50_000;

/**
 * Upserts the receipts (a receipt already imported is replaced, never counted twice) and writes the
 * sales readings of every quarter hour they touch, old places of moved receipts included, summed
 * again from the table: orders (receipts with a turnover of 0 or more; a negative one is a return),
 * goods sold and turnover. The sums stay in the database: they go to the metrics engine's write path
 * as one statement (rollups by deltas, replaced values recomputed), not through the application.
 * Returns the readings at or after `recentSince` (epoch ms) for the live channel. Runs inside the
 * caller's transaction; an organization's imports take turns (PostgreSQL runs them concurrently, and
 * each sums quarter hours the other may be writing). A file of a new period takes a faster path
 * (insertNewReceipts) to the same result.
 */
export async function upsertReceipts(
  tx: SqlTransaction,
  organizationId: number,
  importId: number | null,
  receipts: ReceiptColumns,
  recentSince: number,
): Promise<WrittenReceipts> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('sitelens.sales.import'), $1)`, [organizationId]);
  const written = await insertNewReceipts(tx, organizationId, importId, receipts, recentSince);
  if (written) return written;
  // The sums and the engine's grouping hold a file's quarter hours (~400,000 readings for 10 MB): in memory, not spilled to disk.
  await tx.query(`SET LOCAL work_mem = '${WORK_MEM}'`);
  await tx.query(
    `CREATE TEMP TABLE sales_staging (zone_id int, receipt_id text, receipt_key text, ts timestamptz, bucket timestamptz, items float8, turnover float8, amount float8, currency text) ON COMMIT DROP`,
  );
  await stage(tx, receipts);
  await tx.query('ANALYZE sales_staging');
  // Only what changes is written: receipts new to the shop, and those whose time, amount, items or id
  // changed (a corrected file repeats most of its receipts as they were). `old_bucket` is where a
  // changed receipt was counted until now.
  await tx.query(
    `CREATE TEMP TABLE sales_changes ON COMMIT DROP AS
       SELECT s.*, r.bucket AS old_bucket FROM sales_staging s
         LEFT JOIN sales_receipts r ON r.organization_id = $1 AND r.zone_id = s.zone_id AND r.receipt_key = s.receipt_key
        WHERE r.zone_id IS NULL
           OR (r.ts, r.items, r.turnover, r.amount, r.currency, r.receipt_id) IS DISTINCT FROM (s.ts, s.items, s.turnover, s.amount, s.currency, s.receipt_id)`,
    [organizationId],
  );
  const [{ changed, added } = { changed: 0, added: 0 }] = (
    await tx.query<{ changed: number; added: number }>(`SELECT count(*)::int AS changed, count(*) FILTER (WHERE old_bucket IS NULL)::int AS added FROM sales_changes`)
  ).rows;
  const replaced = receipts.length - added;
  await tx.query(
    `CREATE TEMP TABLE sales_touched ON COMMIT DROP AS
       SELECT zone_id, bucket FROM sales_changes UNION SELECT zone_id, old_bucket FROM sales_changes WHERE old_bucket IS NOT NULL`,
  );
  // Receipts counted twice before migration 0034 (under a garbled id and a right one): the older row goes when its receipt comes again.
  const legacy = await tx.query<{ zone_id: number; bucket: Date }>(
    `DELETE FROM sales_receipts r USING sales_staging s
      WHERE r.organization_id = $1 AND r.zone_id = s.zone_id AND r.receipt_key >= $2 AND r.receipt_key < $3 AND sales_receipt_key(r.receipt_id) = s.receipt_key
      RETURNING r.zone_id, r.bucket`,
    [organizationId, LEGACY_KEY_PREFIX, '\u0002'],
  );
  if (legacy.rows.length) {
    await tx.query(`INSERT INTO sales_touched SELECT * FROM unnest($1::int[], $2::timestamptz[])`, [legacy.rows.map((r) => r.zone_id), legacy.rows.map((r) => r.bucket)]);
  }
  if (changed === 0 && legacy.rows.length === 0) return { replaced, readings: 0, recent: [] };
  // In the primary key's order: each insertion lands next to the last (a file in any order costs ~25% more).
  await tx.query(
    `INSERT INTO sales_receipts (organization_id, ${STAGING_COLUMNS}, import_id)
       SELECT $1, ${STAGING_COLUMNS}, $2 FROM sales_changes ORDER BY zone_id, receipt_key
     ON CONFLICT (organization_id, zone_id, receipt_key) DO UPDATE SET
       receipt_id = excluded.receipt_id, ts = excluded.ts, bucket = excluded.bucket, items = excluded.items, turnover = excluded.turnover,
       amount = excluded.amount, currency = excluded.currency, import_id = excluded.import_id`,
    [organizationId, importId],
  );
  // Each touched quarter hour summed again (a bucket its receipts all left sums to 0): one row of its three readings' values.
  await tx.query('ANALYZE sales_touched');
  await tx.query(
    `CREATE TEMP TABLE sales_sums ON COMMIT DROP AS
       SELECT t.zone_id, t.bucket, count(r.zone_id) FILTER (WHERE r.turnover >= ${ORDER_MIN_TURNOVER})::float8 AS orders,
              coalesce(sum(r.items), 0)::float8 AS goods_sold,
              coalesce(sum(round(r.turnover * ${TURNOVER_SCALE})), 0)::float8 / ${TURNOVER_SCALE} AS turnover
         FROM sales_touched t
         LEFT JOIN sales_receipts r ON r.organization_id = $1 AND r.zone_id = t.zone_id AND r.bucket = t.bucket
        GROUP BY t.zone_id, t.bucket`,
    [organizationId],
  );
  const readings = await writeSums(tx, organizationId, changed > added || legacy.rows.length > 0);
  const { rows } = await tx.query<{ recent: SumsJson }>(`SELECT ${SUMS_JSON} AS recent FROM sales_sums WHERE bucket >= to_timestamp($1)`, [recentSince / 1000]);
  return { replaced, readings, recent: readingsOfSums(organizationId, rows[0]?.recent ?? null) };
}

/** The column of sales_sums that holds each reading's value (the rule of SalesSums, in SQL above). */
const SUMS_COLUMN: Record<SalesReadingMetric, string> = { goodsSold: 'goods_sold', orders: 'orders', turnover: 'turnover' };

/** A quarter hour's sums as the sales readings, in SQL (the columns writeReadingsFromSelect takes; $1 the organization). */
const READINGS_OF_SUMS = `SELECT $1::int AS organization_id, 'zone'::text AS target_kind, s.zone_id AS target_id, m.metric, ''::text AS breakdown, s.bucket AS ts, m.value
  FROM sales_sums s CROSS JOIN LATERAL (VALUES ${SALES_READING_METRICS.map((m) => `('${m}', s.${SUMS_COLUMN[m]})`).join(', ')}) AS m(metric, value)`;

/**
 * Quarter hours' sums as one JSON value (rather than one row each: decoding it costs a fraction, see decisions, engine rows), the
 * time as epoch seconds (date_part: a float; extract would give numeric, twice as slow), not text to parse; then the
 * readings' values in SALES_READING_METRICS order.
 */
const SUMS_JSON = `json_agg(json_build_array(zone_id, date_part('epoch', bucket), ${SALES_READING_METRICS.map((m) => SUMS_COLUMN[m]).join(', ')}))`;
type SumsJson = Array<[number, number, ...number[]]> | null;

/** The sales readings of each quarter hour's sums. */
function readingsOfSums(organizationId: number, sums: SumsJson): ReadingRow[] {
  const readings: ReadingRow[] = [];
  for (const [targetId, seconds, ...values] of sums ?? []) {
    SALES_READING_METRICS.forEach((metric, i) => readings.push({ organizationId, targetKind: 'zone', targetId, metric, breakdown: '', ts: seconds * 1000, value: values[i]! }));
  }
  return readings;
}

/**
 * Hands the sums to the metrics engine's write path. A first import (no receipt replaced: its
 * readings are new, as a rule) goes through writeReadings a few shops at a time, so that the
 * application holds at most SHOPS_PER_WRITE shops' readings at once (shops of one site clock
 * together, which the engine places each instant of once) and the engine takes its
 * fastest path (COPY and deltas summed in the application; see docs/benchmarks.md, 2026-11-28).
 * A re-import, whose readings exist, stays in the database: one upsert that writes only the values
 * that changed.
 */
async function writeSums(tx: SqlTransaction, organizationId: number, reimport: boolean): Promise<number> {
  const { rows } = await tx.query<{ n: number; zone_ids: number[] | null }>('SELECT count(*)::int AS n, array_agg(DISTINCT zone_id) AS zone_ids FROM sales_sums');
  const total = SALES_READING_METRICS.length * rows[0]!.n;
  if (reimport) {
    await writeReadingsFromSelect(tx, (inKeyOrder) => `${READINGS_OF_SUMS}${inKeyOrder ? ' ORDER BY 1, 2, 3, 4, 5, 6' : ''}`, [organizationId]);
    return total;
  }
  for (const zoneIds of await shopsByClock(tx, rows[0]!.zone_ids ?? [], SHOPS_PER_WRITE)) {
    const { rows: sums } = await tx.query<{ sums: SumsJson }>(`SELECT ${SUMS_JSON} AS sums FROM sales_sums WHERE zone_id = ANY($1::int[])`, [zoneIds]);
    await writeReadings(tx, readingsOfSums(organizationId, sums[0]?.sums ?? null));
  }
  return total;
}

async function stage(tx: SqlTransaction, r: ReceiptColumns): Promise<void> {
  if (tx.copyFromBlob) {
    for (let start = 0; start < r.length; start += COPY_CHUNK) {
      const end = Math.min(r.length, start + COPY_CHUNK);
      const copy = new BinaryCopy(end - start, 80);
      for (let i = start; i < end; i++) {
        copy.row(9).int4(r.zoneIds[i]!).text(r.receiptIds[i]!).text(r.keys[i]!).timestamptz(r.ts[i]!).timestamptz(r.buckets[i]!).float8(r.items[i]!).float8(r.turnover[i]!).float8(r.amounts[i]!).text(r.currencies[i]!);
      }
      await tx.copyFromBlob(`COPY sales_staging (${STAGING_COLUMNS}) FROM '/dev/blob' WITH (FORMAT binary)`, copy.blob());
    }
    return;
  }
  for (let start = 0; start < r.length; start += CHUNK) {
    const end = Math.min(r.length, start + CHUNK);
    await tx.query(
      `INSERT INTO sales_staging (${STAGING_COLUMNS})
         SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::float8[], $7::float8[], $8::float8[], $9::text[])`,
      [
        r.zoneIds.slice(start, end),
        r.receiptIds.slice(start, end),
        r.keys.slice(start, end),
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
