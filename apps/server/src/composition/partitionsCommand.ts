import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { partitionMonths } from '../modules/metrics/partitions/monthPartitions.ts';
import { partitionTables, unpartitionTables } from '../modules/metrics/partitions/movePartitions.ts';

/**
 * `npm run partitions -w @sitelens/server -- up|down|status` on the PostgreSQL of DATABASE_URL: moves
 * readings and the hour and day rollups into monthly partitions (up), back into one table each
 * (down), or prints which months have one (status). One transaction each way, the tables locked
 * meanwhile: run it with the server stopped or quiet (docs/scaling.md gives the time it takes).
 */
const action = process.argv[2];
if (action !== 'up' && action !== 'down' && action !== 'status') {
  console.error('usage: partitions up|down|status (PostgreSQL of DATABASE_URL)');
  process.exit(2);
}
const config = loadConfig();
if (!config.DATABASE_URL) {
  console.error('partitions: DATABASE_URL is not set; the embedded PGlite keeps one table (docs/decisions.md)');
  process.exit(2);
}
const database = await openDatabase({ url: config.DATABASE_URL });
try {
  const started = performance.now();
  if (action === 'status') {
    const months = await partitionMonths(database.sql, 'readings');
    console.log(months.length ? `readings partitioned: ${months[0]} .. ${months.at(-1)} (${months.length} months)` : 'readings: one table');
  } else {
    const result = action === 'up' ? await partitionTables(database, new Date()) : await unpartitionTables(database);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(result ? `${action}: ${JSON.stringify(result)} in ${seconds} s` : `${action}: nothing to do`);
  }
} finally {
  await database.close();
}
