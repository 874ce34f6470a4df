import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { BREAKDOWN_VALUES, storedMetric, type TargetKind } from '@sitelens/domain';
import type { Database, SqlTransaction } from '../../../db/database.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { BinaryCopy } from './copyFormat.ts';
import { arrayLiteral } from '../../../db/arrayLiteral.ts';
import { type Announcement, type GroupWriter, announceInGroup, writeInGroup } from './readings.groupCommit.ts';
import { upsertSelectWithDeltas, upsertWithDeltas } from './rollups.increment.ts';
import { type NewReading, addNewReadingsToRollups } from './rollups.newReadings.ts';
import { type ReplacedReading, refreshRollups } from './rollups.refresh.ts';

/** One sensor value on its way into `readings`. breakdown '' (the default) is the total. */
export interface ReadingRow {
  organizationId: number;
  targetKind: TargetKind;
  targetId: number;
  metric: string;
  breakdown?: string;
  ts: Date | number;
  value: number;
}

type Writer = Database | SqlTransaction;
type RowSource = readonly ReadingRow[] | Iterable<readonly ReadingRow[]> | AsyncIterable<readonly ReadingRow[]>;

const COLUMNS = 'organization_id, target_kind, target_id, metric, breakdown, ts, value';
const UNNEST = `SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::text[], $6::timestamptz[], $7::float8[])`;
const COPY_READINGS = `COPY readings (${COLUMNS}) FROM '/dev/blob' WITH (FORMAT binary)`;
const COPY_READINGS_STDIN = `COPY readings (${COLUMNS}) FROM STDIN WITH (FORMAT binary)`;
const WRITE_CHUNK = 5_000;
const COPY_CHUNK = 50_000;

/**
 * The one write path for readings: upserts rows (a re-sent reading replaces itself), all or nothing.
 * Duplicates inside the batch keep the last one. Returns the number of distinct readings written.
 * On PGlite, batches written to the database while another is being written go together in one
 * transaction when all their readings are new (readings.groupCommit.ts).
 */
export async function writeReadings(target: Writer, rows: readonly ReadingRow[], announcement?: Announcement): Promise<number> {
  const sorted = rows
    .map((row, i) => {
      checkReading(row, i);
      return withDefaults(row);
    })
    .sort(byKey);
  // The sort is stable: of readings with the same key, the last one in the batch ends their run.
  const unique = sorted.filter((reading, i) => i === sorted.length - 1 || byKey(reading, sorted[i + 1]!) !== 0);
  if (unique.length === 0) return 0;
  if ('engine' in target && target.engine === 'pglite') await writeInGroup(target, () => groupWriter(target), unique, announcement);
  else await againOnDeadlock(target, () => inTransaction(target, (tx) => writeUnique(tx, unique)));
  return unique.length;
}

const DEADLOCK = '40P01';
const DEADLOCK_ATTEMPTS = 4;

/**
 * PostgreSQL: batches written side by side can wait on each other's rollup rows (a reading new to
 * one batch and replaced by another takes the upsert path, whose locks come in another order), and
 * PostgreSQL then aborts one of them as a deadlock, to be run again. A batch in a transaction of its
 * own is run again, a few times, after a short random pause; inside a caller's transaction the
 * caller decides.
 */
async function againOnDeadlock<T>(target: Writer, run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!('engine' in target) || (error as { code?: string }).code !== DEADLOCK || attempt >= DEADLOCK_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/**
 * The write path for readings computed in the database inside the caller's transaction (a sales
 * import's quarter-hour sums): `select` yields organization_id, target_kind, target_id, metric,
 * breakdown, ts and value, unique on the key and in key order when asked, of stored metrics only (the caller
 * vouches for them: writeReadings checks each row, this path never sees them). Upserts them in one
 * statement with the rollups' deltas, then recomputes the buckets where a value was replaced.
 */
export async function writeReadingsFromSelect(tx: SqlTransaction, select: (inKeyOrder: boolean) => string, params: unknown[]): Promise<void> {
  // PGlite (the writer offers COPY) runs one transaction at a time: no lock order to keep, no sorts.
  const inKeyOrder = tx.copyFromBlob === undefined;
  await refreshRollups(tx, await upsertSelectWithDeltas(tx, select(inKeyOrder), params, inKeyOrder));
}

/**
 * Tells the write path that a batch of readings for `database` is on its way (its checks still
 * running), so that a batch written meanwhile waits briefly for it on PGlite. Settle it once the
 * batch is passed to writeReadings or will not be; a no-op on PostgreSQL.
 */
export function announceReadings(database: Database): Announcement {
  return database.engine === 'pglite' ? announceInGroup(database, () => groupWriter(database)) : { settle: () => undefined };
}

/** Distinct readings in one transaction: a plain insert when all are new, else the upsert. */
async function writeUnique(tx: SqlTransaction, unique: UniqueReading[]): Promise<void> {
  // Usually every reading is new: a plain insert, and the rollups take the batch as deltas.
  if (await insertAllNew(tx, unique)) {
    await addNewReadingsToRollups(tx, unique);
    return;
  }
  const replaced: ReplacedReading[] = [];
  for (let start = 0; start < unique.length; start += WRITE_CHUNK) {
    replaced.push(...(await upsertWithDeltas(tx, unnestParams(unique.slice(start, start + WRITE_CHUNK)))));
  }
  // New readings were added to the rollups as deltas; buckets where a value changed are recomputed.
  await refreshRollups(tx, replaced);
}

const groupWriter = (database: Database): GroupWriter<UniqueReading> => ({
  writeOne: (batch) => withTransaction(database, (tx) => writeUnique(tx, batch)),
  // A reading in two batches of the group makes the insert fail like an existing one: each batch then goes alone.
  writeGroup: (readings) =>
    withTransaction(database, async (tx) => {
      if (!(await insertAllNew(tx, readings))) return false;
      await addNewReadingsToRollups(tx, readings);
      return true;
    }),
});

/** A reading with its defaults filled in, ready for the rollups' deltas. */
type UniqueReading = ReadingRow & NewReading;

/** The row itself when its defaults are filled in already (ingest's rows), else a copy that has them. */
function withDefaults(row: ReadingRow): UniqueReading {
  if (typeof row.ts === 'number' && row.breakdown !== undefined) return row as UniqueReading;
  return { ...row, breakdown: row.breakdown ?? '', ts: +row.ts };
}

// A reading that exists already (unique violation), or a concurrent batch's (deadlock, PostgreSQL).
const EXISTING_READING = new Set(['23505', '40P01']);

/**
 * Inserts the batch when none of its readings exists yet (COPY on PGlite, multi-row inserts on
 * PostgreSQL), in key order (sorted in place: concurrent batches meet in the same order, index
 * insertions stay close together, and the rollups' deltas find each series' rows together), behind a savepoint:
 * returns false, with nothing written, when one does, and the caller takes the upsert path.
 */
async function insertAllNew(tx: SqlTransaction, rows: UniqueReading[]): Promise<boolean> {
  await tx.query('SAVEPOINT insert_new_readings');
  try {
    // In key order: each index insertion lands next to the last one (random order costs about twice as much on PGlite).
    const sorted = rows.sort(byKey);
    if (tx.copyFromBlob) {
      for (let start = 0; start < sorted.length; start += COPY_CHUNK) {
        await tx.copyFromBlob(COPY_READINGS, copyRows(sorted.slice(start, start + COPY_CHUNK)).blob());
      }
    } else if (tx.copyFromStdin) {
      for (let start = 0; start < sorted.length; start += COPY_CHUNK) {
        await tx.copyFromStdin(COPY_READINGS_STDIN, copyRows(sorted.slice(start, start + COPY_CHUNK)).finished());
      }
    } else {
      for (let start = 0; start < sorted.length; start += WRITE_CHUNK) {
        await tx.query(`INSERT INTO readings (${COLUMNS}) ${UNNEST}`, unnestParams(sorted.slice(start, start + WRITE_CHUNK)));
      }
    }
  } catch (error) {
    if (!EXISTING_READING.has((error as { code?: string }).code ?? '')) throw error;
    await tx.query('ROLLBACK TO SAVEPOINT insert_new_readings');
    await tx.query('RELEASE SAVEPOINT insert_new_readings');
    return false;
  }
  await tx.query('RELEASE SAVEPOINT insert_new_readings');
  return true;
}

function byKey(a: NewReading, b: NewReading): number {
  return (
    a.organizationId - b.organizationId ||
    compare(a.targetKind, b.targetKind) ||
    a.targetId - b.targetId ||
    compare(a.metric, b.metric) ||
    compare(a.breakdown, b.breakdown) ||
    a.ts - b.ts
  );
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Fast path for readings that do not exist yet (demo generation, imports into an empty range):
 * COPY on PGlite, multi-row inserts on PostgreSQL, one transaction. With `indexesAfter` (the
 * benchmark's year of readings) and an empty table, the indexes are dropped first and built once at
 * the end instead of being maintained row by row (the table stays locked until commit). A reading that already exists, or comes twice,
 * makes the whole load fail (unique violation); use writeReadings to replace readings. Rollups are
 * not touched: call rebuildRollups after.
 */
export async function bulkLoadReadings(target: Writer, source: RowSource, options: { indexesAfter?: boolean } = {}): Promise<number> {
  const loaded = await inTransaction(target, async (tx) => {
    const { rows } = options.indexesAfter ? await tx.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM readings) AS empty') : { rows: [{ empty: false }] };
    const rebuild = rows[0]!.empty;
    if (rebuild) for (const text of DROP_INDEXES) await tx.query(text);
    let count = 0;
    let pending: ReadingRow[] = [];
    const flush = async () => {
      if (pending.length === 0) return;
      if (tx.copyFromBlob) await tx.copyFromBlob(COPY_READINGS, copyRows(pending).blob());
      else if (tx.copyFromStdin) await tx.copyFromStdin(COPY_READINGS_STDIN, copyRows(pending).finished());
      else await tx.query(`INSERT INTO readings (${COLUMNS}) ${UNNEST}`, unnestParams(pending));
      count += pending.length;
      pending = [];
      // The embedded engine runs in this thread: between chunks, the server's other work gets a turn
      // (the sign-in page answers while the demo is loaded on a first start).
      await yieldToEventLoop();
    };
    for await (const chunk of chunks(source)) {
      for (const row of chunk) {
        checkReading(row, count + pending.length);
        pending.push(row);
        if (pending.length >= (tx.copyFromBlob || tx.copyFromStdin ? COPY_CHUNK : WRITE_CHUNK)) await flush();
      }
    }
    await flush();
    if (rebuild) for (const text of CREATE_INDEXES) await tx.query(text);
    return count;
  });
  // The load's write-ahead log is not kept (PGlite on disk; inside a caller's transaction, the caller's turn).
  if ('engine' in target) await target.checkpoint?.();
  return loaded;
}

// The readings table's one index, its primary key, as migration 0000 creates it (name included).
const KEY_COLUMNS = 'organization_id, target_kind, target_id, metric, breakdown, ts';
const PRIMARY_KEY = 'readings_organization_id_target_kind_target_id_metric_breakdown_ts_pk';
const DROP_INDEXES = [`ALTER TABLE readings DROP CONSTRAINT ${PRIMARY_KEY}`];
const CREATE_INDEXES = [`ALTER TABLE readings ADD CONSTRAINT ${PRIMARY_KEY} PRIMARY KEY (${KEY_COLUMNS})`];

function inTransaction<T>(target: Writer, fn: (tx: SqlTransaction) => Promise<T>): Promise<T> {
  return 'engine' in target ? withTransaction(target, fn) : fn(target);
}

async function* chunks(source: RowSource): AsyncIterable<readonly ReadingRow[]> {
  if (Array.isArray(source) && (source.length === 0 || !Array.isArray(source[0]))) {
    yield source as readonly ReadingRow[];
    return;
  }
  for await (const chunk of source as AsyncIterable<readonly ReadingRow[]>) yield chunk;
}

/** The rows as the seven array parameters of UNNEST, each an array literal (arrayLiteral: cheaper than the driver's escaping). */
function unnestParams(rows: readonly ReadingRow[]): string[] {
  const n = rows.length;
  const organizations = new Array<number>(n);
  const kinds = new Array<string>(n);
  const targets = new Array<number>(n);
  const metrics = new Array<string>(n);
  const breakdowns = new Array<string>(n);
  const instants = new Array<string>(n);
  const values = new Array<number>(n);
  // A batch holds few instants (every zone reports at the same quarter-hours): each written once.
  const iso = new Map<number, string>();
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    organizations[i] = r.organizationId;
    kinds[i] = r.targetKind;
    targets[i] = r.targetId;
    metrics[i] = r.metric;
    breakdowns[i] = r.breakdown ?? '';
    const ms = +r.ts;
    let instant = iso.get(ms);
    if (instant === undefined) {
      instant = new Date(ms).toISOString();
      iso.set(ms, instant);
    }
    instants[i] = instant;
    values[i] = r.value;
  }
  return [organizations, kinds, targets, metrics, breakdowns, instants, values].map(arrayLiteral);
}

/** The rows in COPY's binary format (see BinaryCopy), columns as COLUMNS lists them. */
function copyRows(rows: readonly ReadingRow[]): BinaryCopy {
  const copy = new BinaryCopy(rows.length);
  for (const r of rows) {
    copy.row(7).int4(r.organizationId).text(r.targetKind).int4(r.targetId).text(r.metric).text(r.breakdown ?? '').timestamptz(+r.ts).float8(r.value);
  }
  return copy;
}

/** Catches programming errors before they reach the table; ingestion validates user input earlier. */
function checkReading(row: ReadingRow, index: number): void {
  const why = readingFault(row);
  if (why) throw new RangeError(`Reading ${index} (${row.metric} on ${row.targetKind} ${row.targetId}): ${why}`);
}

function readingFault(row: ReadingRow): string | null {
  const metric = storedMetric(row.metric);
  if (!metric) return 'unknown metric';
  if (!metric.targets.includes(row.targetKind)) return 'metric not stored on this target kind';
  if (!Number.isInteger(row.organizationId) || !Number.isInteger(row.targetId)) return 'ids must be integers';
  if (!Number.isFinite(row.value)) return 'value must be a finite number';
  if (!Number.isFinite(+row.ts)) return 'invalid time';
  const breakdown = row.breakdown ?? '';
  if (breakdown !== '') {
    const [dimension = '', value = ''] = breakdown.split(':');
    if (!metric.breakdowns.includes(dimension) || !BREAKDOWN_VALUES[dimension]?.includes(value)) return `invalid breakdown "${breakdown}"`;
  }
  return null;
}
