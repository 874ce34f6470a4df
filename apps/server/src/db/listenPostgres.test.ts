import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/testDatabase.ts';
import { listenPostgres } from './listenPostgres.ts';

// PostgreSQL's LISTEN on a connection of its own (PGlite's listen is in-process and cannot be lost).
const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase({ serverUrl: PG });
});

afterAll(async () => {
  await database.close();
});

describe('listenPostgres', () => {
  it('says when its connection is lost and when it listens again, and hears what comes after', async () => {
    const payloads: string[] = [];
    const gaps: boolean[] = [];
    const stop = await listenPostgres(database.url!, 'sitelens_test', (p) => payloads.push(p), (listening) => gaps.push(listening));
    try {
      await database.sql.query(`select pg_notify('sitelens_test', 'before')`);
      await expect.poll(() => payloads, { timeout: 5_000, interval: 20 }).toEqual(['before']);
      // The server ends the listening connection (a failover, an administrator's kill).
      await database.sql.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'sitelens-listen' and datname = current_database()`);
      await expect.poll(() => gaps, { timeout: 10_000, interval: 20 }).toEqual([false, true]);
      await database.sql.query(`select pg_notify('sitelens_test', 'after')`);
      await expect.poll(() => payloads, { timeout: 5_000, interval: 20 }).toEqual(['before', 'after']);
    } finally {
      await stop();
    }
  }, 30_000);
});
