import type { SqlClient } from '../../../db/database.ts';

/**
 * The tables that grow with time, partitioned by month on PostgreSQL (docs/decisions.md, "Readings
 * partitioned by month"), with the column that places a row. rollup_month stays one table: one row
 * per series and month, a year of it is smaller than a day of readings.
 */
export const MONTH_PARTITIONED = [
  { table: 'readings', column: 'ts', type: 'timestamptz' },
  { table: 'rollup_hour', column: 'bucket', type: 'timestamptz' },
  { table: 'rollup_day', column: 'day', type: 'date' },
  { table: 'rollup_day_values', column: 'day', type: 'date' },
] as const;

export type PartitionedTable = (typeof MONTH_PARTITIONED)[number];

/** Months are named by their first day, 'YYYY-MM-01', in UTC (the partitions' bounds). */
export type Month = string;

/** The month of an instant, in UTC. */
export function monthOf(time: Date): Month {
  return `${time.toISOString().slice(0, 7)}-01`;
}

/** The month `count` months after `month` (before it when negative). */
export function addMonths(month: Month, count: number): Month {
  const date = new Date(`${month}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + count);
  return monthOf(date);
}

export const partitionName = (table: string, month: Month) => `${table}_p${month.slice(0, 4)}${month.slice(5, 7)}`;
export const defaultPartition = (table: string) => `${table}_pdefault`;

/** A bound of a month in the column's type: midnight UTC for instants, the day itself for dates. */
const bound = (t: PartitionedTable, month: Month) => (t.type === 'timestamptz' ? `'${month} 00:00:00+00'::timestamptz` : `'${month}'::date`);

/** Whether `table` is a partitioned table here (never on the embedded PGlite, which keeps one table). */
export async function isPartitioned(sql: SqlClient, table = 'readings'): Promise<boolean> {
  const { rows } = await sql.query<{ kind: string }>(`SELECT c.relkind::text AS kind FROM pg_class c WHERE c.oid = to_regclass($1)`, [table]);
  return rows[0]?.kind === 'p';
}

/** The months that have a partition of `table`, oldest first. */
export async function partitionMonths(sql: SqlClient, table: string): Promise<Month[]> {
  const { rows } = await sql.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = to_regclass($1) ORDER BY 1`,
    [table],
  );
  const pattern = new RegExp(`^${table}_p(\\d{4})(\\d{2})$`);
  return rows.flatMap(({ name }) => {
    const m = pattern.exec(name);
    return m ? [`${m[1]}-${m[2]}-01`] : [];
  });
}

/**
 * Gives `month` its partition of `t`, once. The rows of that month that the DEFAULT partition took
 * meanwhile (a reading of a month with no partition yet is never refused) move into it in the same
 * transaction: the new table is filled before it is attached, so no statement sees a row twice or
 * not at all. Run inside a transaction.
 */
export async function addMonthPartition(sql: SqlClient, t: PartitionedTable, month: Month): Promise<boolean> {
  const name = partitionName(t.table, month);
  if ((await sql.query(`SELECT 1 FROM pg_class WHERE oid = to_regclass($1)`, [name])).rows.length > 0) return false;
  const from = bound(t, month);
  const to = bound(t, addMonths(month, 1));
  await sql.query(`CREATE TABLE ${name} (LIKE ${t.table} INCLUDING DEFAULTS)`);
  await sql.query(
    `WITH moved AS (DELETE FROM ${defaultPartition(t.table)} WHERE ${t.column} >= ${from} AND ${t.column} < ${to} RETURNING *) INSERT INTO ${name} SELECT * FROM moved`,
  );
  // Attaching builds the partition's share of the primary key and checks its rows against the bounds.
  await sql.query(`ALTER TABLE ${t.table} ATTACH PARTITION ${name} FOR VALUES FROM (${from}) TO (${to})`);
  return true;
}

/** The months of the rows in `relation` (by default `t`'s DEFAULT partition: rows of months with no partition yet). */
export async function monthsIn(sql: SqlClient, t: PartitionedTable, relation = defaultPartition(t.table)): Promise<Month[]> {
  const utc = t.type === 'timestamptz' ? `(${t.column} AT TIME ZONE 'UTC')` : t.column;
  const { rows } = await sql.query<{ month: string }>(
    `SELECT DISTINCT to_char(date_trunc('month', ${utc}), 'YYYY-MM-DD') AS month FROM ${relation} ORDER BY 1`,
  );
  return rows.map((r) => r.month);
}
