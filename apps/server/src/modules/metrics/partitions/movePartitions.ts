import type { Database, SqlTransaction } from '../../../db/database.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { MONTH_PARTITIONED, type Month, type PartitionedTable, addMonthPartition, addMonths, defaultPartition, isPartitioned, monthOf, monthsIn } from './monthPartitions.ts';

/** Months given a partition ahead of the current one, by the move and by the daily job. */
export const MONTHS_AHEAD = 3;

export interface MoveResult {
  /** Rows per table, counted in the old table and in the new one (the move fails when they differ). */
  rows: Record<string, number>;
  /** Partitions made per table (the DEFAULT one not counted). */
  partitions: Record<string, number>;
}

/**
 * Moves the readings and the hour and day rollups of a PostgreSQL database into tables partitioned
 * by month (one partition per month of their rows, the next MONTHS_AHEAD months, and a DEFAULT one
 * that takes a row of any other month), all in one transaction: the tables are locked meanwhile and
 * a failure leaves the database as it was. Each row is copied once, the counts are compared before
 * commit. The way back is unpartitionTables. Returns null when the tables are partitioned already.
 * Meant for PostgreSQL (`npm run partitions`); the embedded PGlite keeps one table, and is moved only
 * by bench/partitions to measure what it would gain (docs/decisions.md).
 */
export async function partitionTables(database: Database, now: Date): Promise<MoveResult | null> {
  return withTransaction(database, async (tx) => ((await isPartitioned(tx)) ? null : moveUp(tx, now)));
}

/** What partitionNewDatabase did: partitioned an empty database, found it partitioned, or left rows alone. */
export type NewDatabasePartitions = 'partitioned' | 'already' | 'has rows';

/**
 * READINGS_PARTITIONS=auto at start on PostgreSQL: a database whose readings and rollups hold no row
 * yet is partitioned by month at once (nothing to copy, so no lock held for long); a database with
 * rows keeps its shape until an operator moves it (`npm run partitions -- up`, docs/scaling.md).
 * Several processes starting together on one database: one moves it, the others find it done.
 */
export async function partitionNewDatabase(database: Database, now: Date): Promise<NewDatabasePartitions> {
  return withTransaction(database, async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('sitelens.partitions'))`);
    if (await isPartitioned(tx)) return 'already';
    const { rows } = await tx.query<{ empty: boolean }>(`SELECT ${MONTH_PARTITIONED.map((t) => `NOT EXISTS (SELECT 1 FROM ${t.table})`).join(' AND ')} AS empty`);
    if (!rows[0]!.empty) return 'has rows';
    await moveUp(tx, now);
    return 'partitioned';
  });
}

async function moveUp(tx: SqlTransaction, now: Date): Promise<MoveResult> {
  const result: MoveResult = { rows: {}, partitions: {} };
  for (const t of MONTH_PARTITIONED) {
    const old = await setAside(tx, t.table);
    await tx.query(`CREATE TABLE ${t.table} (LIKE ${old.name} INCLUDING DEFAULTS) PARTITION BY RANGE (${t.column})`);
    await tx.query(`CREATE TABLE ${defaultPartition(t.table)} PARTITION OF ${t.table} DEFAULT`);
    // Every month of the rows has its partition before they are copied: each row is written once.
    result.partitions[t.table] = await addPartitions(tx, t, await monthsIn(tx, t, old.name), monthOf(now));
    // Rows go in before the primary key is built: one index build per partition instead of row by row.
    await tx.query(`INSERT INTO ${t.table} SELECT * FROM ${old.name}`);
    await tx.query(`ALTER TABLE ${t.table} ADD CONSTRAINT ${old.primaryKey} PRIMARY KEY (${old.keyColumns})`);
    result.rows[t.table] = await sameCount(tx, old.name, t.table);
    await tx.query(`DROP TABLE ${old.name}`);
    await addVersionTriggers(tx, t.table);
  }
  return result;
}

/** The way back: the partitioned tables become one table each again, rows and key as before. */
export async function unpartitionTables(database: Database): Promise<MoveResult | null> {
  return withTransaction(database, async (tx) => {
    if (!(await isPartitioned(tx))) return null;
    const result: MoveResult = { rows: {}, partitions: {} };
    for (const t of MONTH_PARTITIONED) {
      const old = await setAside(tx, t.table);
      await tx.query(`CREATE TABLE ${t.table} (LIKE ${old.name} INCLUDING DEFAULTS)`);
      // In key order, as migrations 0011 and 0012 left the rollups: a series' rows sit together.
      await tx.query(`INSERT INTO ${t.table} SELECT * FROM ${old.name} ORDER BY ${old.keyColumns}`);
      await tx.query(`ALTER TABLE ${t.table} ADD CONSTRAINT ${old.primaryKey} PRIMARY KEY (${old.keyColumns})`);
      result.rows[t.table] = await sameCount(tx, old.name, t.table);
      result.partitions[t.table] = 0;
      await tx.query(`DROP TABLE ${old.name}`);
      await addVersionTriggers(tx, t.table);
    }
    return result;
  });
}

/**
 * Gives each month found in `t`'s DEFAULT partition, and the months from `current` to MONTHS_AHEAD
 * after it, their partition. Returns how many it made. Run inside a transaction.
 */
export async function splitDefault(tx: SqlTransaction, t: PartitionedTable, current: Month): Promise<number> {
  return addPartitions(tx, t, await monthsIn(tx, t), current);
}

async function addPartitions(tx: SqlTransaction, t: PartitionedTable, found: Month[], current: Month): Promise<number> {
  const months = new Set(found);
  for (let i = 0; i <= MONTHS_AHEAD; i++) months.add(addMonths(current, i));
  let made = 0;
  for (const month of [...months].sort()) if (await addMonthPartition(tx, t, month)) made++;
  return made;
}

/** Renames `table` (and its primary key, whose name the new table takes) aside; returns what the new table needs. */
async function setAside(tx: SqlTransaction, table: string): Promise<{ name: string; primaryKey: string; keyColumns: string }> {
  const { rows } = await tx.query<{ name: string; columns: string }>(
    `SELECT c.conname AS name, string_agg(quote_ident(a.attname), ', ' ORDER BY k.i) AS columns
       FROM pg_constraint c CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY AS k(attnum, i)
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
      WHERE c.conrelid = $1::regclass AND c.contype = 'p' GROUP BY c.conname`,
    [table],
  );
  const key = rows[0];
  if (!key) throw new Error(`${table} has no primary key`);
  const name = `${table}_moving`;
  await tx.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  await tx.query(`ALTER TABLE ${table} RENAME TO ${name}`);
  await tx.query(`ALTER TABLE ${name} RENAME CONSTRAINT ${quote(key.name)} TO ${quote(`${table}_moving_pk`)}`);
  return { name, primaryKey: quote(key.name), keyColumns: key.columns };
}

async function sameCount(tx: SqlTransaction, from: string, to: string): Promise<number> {
  const { rows } = await tx.query<{ a: string; b: string }>(`SELECT (SELECT count(*) FROM ${from}) AS a, (SELECT count(*) FROM ${to}) AS b`);
  if (rows[0]!.a !== rows[0]!.b) throw new Error(`${to}: ${rows[0]!.b} rows after the move, ${rows[0]!.a} before`);
  return Number(rows[0]!.a);
}

/** The data-version triggers of migration 0046 (the result cache), on the new table. */
async function addVersionTriggers(tx: SqlTransaction, t: string): Promise<void> {
  await tx.query(`CREATE TRIGGER ${t}_version_insert AFTER INSERT ON ${t} REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_data_versions()`);
  await tx.query(`CREATE TRIGGER ${t}_version_update AFTER UPDATE ON ${t} REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_data_versions()`);
  await tx.query(`CREATE TRIGGER ${t}_version_delete AFTER DELETE ON ${t} REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_data_versions()`);
  await tx.query(`CREATE TRIGGER ${t}_version_truncate AFTER TRUNCATE ON ${t} FOR EACH STATEMENT EXECUTE FUNCTION bump_shared_data_version()`);
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
