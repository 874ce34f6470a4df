import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openTestDatabase } from '../test/testDatabase.ts';
import { openDatabase } from './database.ts';

// PostgreSQL's parallel workers per statement: none on our connections unless DATABASE_PARALLEL_WORKERS says.
const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase({ serverUrl: PG });
  await database.sql.query('create table parallel_probe as select g from generate_series(1, 20000) g');
  await database.sql.query('analyze parallel_probe');
  // Parallel plans made free for the planner on every new connection of this database, so that
  // only the workers allowed per statement decide whether a plan takes any.
  const name = new URL(database.url!).pathname.slice(1);
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  try {
    for (const setting of ['parallel_setup_cost', 'parallel_tuple_cost', 'min_parallel_table_scan_size']) {
      await admin.query(`alter database ${name} set ${setting} = 0`);
    }
  } finally {
    await admin.end();
  }
});

afterAll(async () => {
  await database.close();
});

async function planOf(url: string, parallelWorkers?: number): Promise<{ workers: string; plan: string }> {
  const opened = await openDatabase(parallelWorkers === undefined ? { url } : { url, parallelWorkers });
  try {
    const { rows } = await opened.sql.query<{ max_parallel_workers_per_gather: string }>('show max_parallel_workers_per_gather');
    const plan = await opened.sql.query<{ 'QUERY PLAN': string }>('explain select count(*) from parallel_probe');
    return { workers: rows[0]!.max_parallel_workers_per_gather, plan: plan.rows.map((r) => r['QUERY PLAN']).join('\n') };
  } finally {
    await opened.close();
  }
}

describe('parallel workers on our connections', () => {
  it('plans no parallel workers by default, even where the planner finds them free', async () => {
    const { workers, plan } = await planOf(database.url!);
    expect(workers).toBe('0');
    expect(plan).not.toMatch(/Gather|Parallel/);
  });

  it('lets DATABASE_PARALLEL_WORKERS give them back', async () => {
    const { workers, plan } = await planOf(database.url!, 2);
    expect(workers).toBe('2');
    expect(plan).toMatch(/Gather/);
    expect(plan).toMatch(/Parallel Seq Scan on parallel_probe/);
  });
});
