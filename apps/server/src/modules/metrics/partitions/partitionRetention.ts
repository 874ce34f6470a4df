import type { Database } from '../../../db/database.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { MONTH_PARTITIONED, type Month, addMonths, defaultPartition, isPartitioned, monthOf, partitionMonths, partitionName } from './monthPartitions.ts';
import { splitDefault } from './movePartitions.ts';

/** The first month READINGS_RETENTION_MONTHS keeps: the current month and the `keep` months before it. */
export function retentionCutoff(now: Date, keep: number): Month {
  return addMonths(monthOf(now), -keep);
}

export interface MaintenanceResult {
  /** Partitions made (months ahead, months found in a DEFAULT partition), all tables together. */
  added: number;
  /** Months whose partitions were dropped, oldest first. */
  dropped: Month[];
}

/**
 * The daily upkeep of partitioned readings (PostgreSQL, after partitionTables): the next months get
 * their partitions before their first reading, rows a DEFAULT partition took move into their month's
 * own, and, with `keepMonths`, months before the cutoff go whole (DROP TABLE: no row-by-row delete,
 * no dead rows to vacuum), with the month rollups of those months. Null when the tables are not
 * partitioned (the embedded PGlite, or a database not moved yet).
 */
export async function maintainPartitions(database: Database, now: Date, keepMonths?: number): Promise<MaintenanceResult | null> {
  if (database.engine !== 'postgres' || !(await isPartitioned(database.sql))) return null;
  const result: MaintenanceResult = { added: 0, dropped: [] };
  for (const t of MONTH_PARTITIONED) result.added += await withTransaction(database, (tx) => splitDefault(tx, t, monthOf(now)));
  if (keepMonths !== undefined) result.dropped = await dropMonthsBefore(database, retentionCutoff(now, keepMonths));
  return result;
}

/**
 * Drops every month before `cutoff`: the partitions of readings, hour and day rollups, their rows in
 * the DEFAULT partitions, and the month rollups. One transaction, then every data version moves
 * (a dropped table fires no trigger): no cached answer still counts a dropped reading.
 */
export async function dropMonthsBefore(database: Database, cutoff: Month): Promise<Month[]> {
  return withTransaction(database, async (tx) => {
    const dropped = new Set<Month>();
    for (const t of MONTH_PARTITIONED) {
      for (const month of await partitionMonths(tx, t.table)) {
        if (month >= cutoff) continue;
        await tx.query(`DROP TABLE ${partitionName(t.table, month)}`);
        dropped.add(month);
      }
      const limit = t.type === 'timestamptz' ? `'${cutoff} 00:00:00+00'::timestamptz` : `'${cutoff}'::date`;
      await tx.query(`DELETE FROM ${defaultPartition(t.table)} WHERE ${t.column} < ${limit}`);
    }
    await tx.query(`DELETE FROM rollup_month WHERE month < $1::date`, [cutoff]);
    await tx.query('UPDATE data_versions SET version = version + 1');
    return [...dropped].sort();
  });
}
