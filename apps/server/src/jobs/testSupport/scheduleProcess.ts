// Test support: a server-like process that runs the real job queue and schedule ticker on a
// PostgreSQL database, on a clock shifted by CLOCK_OFFSET_MS; its one job kind (recordRun) writes
// each run to test_runs. processes.test.ts starts two of them side by side.
import { openDatabase } from '../../db/database.ts';
import type { JobDeps } from '../jobDeps.ts';
import { createJobQueue } from '../jobQueue.ts';
import { recordRun } from './recordRun.ts';

const database = await openDatabase({ url: process.env.DATABASE_URL });
const offset = Number(process.env.CLOCK_OFFSET_MS ?? 0);
const now = () => new Date(Date.now() + offset);
const log = { info: () => undefined, warn: console.warn, error: console.error };
const jobs = createJobQueue({ database, definitions: [recordRun], now, log, pollMs: 500, schedulePollMs: 300, maintenanceSeconds: 60, work: true });
await jobs.start({ database, log, now } as unknown as JobDeps);
process.stdout.write('ready\n');

process.once('SIGTERM', async () => {
  await jobs.stop({ timeoutMs: 2000 });
  await database.close();
  process.exit(0);
});
