import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/testDatabase.ts';
import { PostgresListener } from './listenPostgres.ts';

// PostgreSQL's LISTEN on one connection of its own per database (PGlite's listen is in-process and cannot be lost).
const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase({ serverUrl: PG });
});

afterAll(async () => {
  await database.close();
});

const listening = async () =>
  Number((await database.sql.query(`select count(*) as n from pg_stat_activity where application_name = 'sitelens-listen' and datname = current_database()`)).rows[0]!.n);

describe('PostgresListener', () => {
  it('says when its connection is lost and when it listens again, and hears what comes after', async () => {
    const payloads: string[] = [];
    const gaps: boolean[] = [];
    const listener = new PostgresListener(database.url!);
    const stop = await listener.listen('sitelens_test', (p) => payloads.push(p), (listening) => gaps.push(listening));
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
      await listener.close();
    }
  }, 30_000);

  it('listens on every channel over one connection, and lets it go when nobody listens', async () => {
    const listener = new PostgresListener(database.url!);
    const heard: string[] = [];
    const gaps: string[] = [];
    try {
      const stopA = await listener.listen('sitelens_a', (p) => heard.push(`a:${p}`), (on) => gaps.push(`a:${on}`));
      const stopB = await listener.listen('sitelens_b', (p) => heard.push(`b:${p}`), (on) => gaps.push(`b:${on}`));
      const stopB2 = await listener.listen('sitelens_b', (p) => heard.push(`b2:${p}`), () => {});
      expect(await listening()).toBe(1);
      await database.sql.query(`select pg_notify('sitelens_a', '1'), pg_notify('sitelens_b', '2')`);
      await expect.poll(() => [...heard].sort(), { timeout: 5_000, interval: 20 }).toEqual(['a:1', 'b2:2', 'b:2']);
      // Lost: every listener is told, and every channel is listened again on the new connection.
      await database.sql.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'sitelens-listen' and datname = current_database()`);
      await expect.poll(() => [...gaps].sort(), { timeout: 10_000, interval: 20 }).toEqual(['a:false', 'a:true', 'b:false', 'b:true']);
      expect(await listening()).toBe(1);
      await stopB();
      await database.sql.query(`select pg_notify('sitelens_a', '3'), pg_notify('sitelens_b', '4')`);
      await expect.poll(() => heard.slice(3).sort(), { timeout: 5_000, interval: 20 }).toEqual(['a:3', 'b2:4']);
      await stopB2();
      await stopA();
      await expect.poll(listening, { timeout: 5_000, interval: 50 }).toBe(0);
    } finally {
      await listener.close();
    }
  }, 30_000);
});
