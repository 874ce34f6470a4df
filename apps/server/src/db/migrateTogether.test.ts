import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrationsFolder, openDatabase } from './database.ts';

// Issue 31.1: a web and a worker (or two webs) started together on a new PostgreSQL database both
// bring the schema up to date; the migrations run once, and neither start fails.
const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `sitelens_test_${randomBytes(6).toString('hex')}`;
const url = Object.assign(new URL(PG), { pathname: `/${name}` }).toString();
const opened: Database[] = [];

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(() => admin(`create database ${name}`));

afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
  await admin(`drop database if exists ${name} with (force)`);
});

describe('processes starting together on an empty PostgreSQL database', () => {
  it('apply each migration once, one after the other, and both open', async () => {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const results = await Promise.allSettled([openDatabase({ url }), openDatabase({ url }), openDatabase({ url })]);
    for (const r of results) if (r.status === 'fulfilled') opened.push(r.value);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'opened'))).toEqual(['opened', 'opened', 'opened']);
    const { rows } = await opened[0]!.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    expect(rows[0]!.n).toBe(journal.entries.length);
  }, 120_000);
});
