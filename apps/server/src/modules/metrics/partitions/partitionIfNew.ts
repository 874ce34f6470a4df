import type { Database } from '../../../db/database.ts';
import { partitionNewDatabase } from './movePartitions.ts';

/**
 * At start on PostgreSQL (READINGS_PARTITIONS=auto): a new database gets its readings and rollups
 * partitioned by month; one that already holds readings in one table is told how to move it, once per start.
 */
export async function partitionIfNew(database: Database, now: Date): Promise<void> {
  const outcome = await partitionNewDatabase(database, now);
  if (outcome === 'partitioned') console.log('readings: a new database, partitioned by month (READINGS_PARTITIONS=auto)');
  if (outcome === 'has rows') console.log('readings: one table holding rows; `npm run partitions -w @sitelens/server -- up` moves them into monthly partitions (docs/scaling.md)');
}
