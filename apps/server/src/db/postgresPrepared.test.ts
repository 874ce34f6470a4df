import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/testDatabase.ts';
import { MAX_NAMED, PREPARED_SESSION_OPTION, preparedPoolQuery } from './postgresPrepared.ts';

// Named statements on PostgreSQL (the embedded database has its own: pglitePrepared.test.ts).
const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let pool: pg.Pool;

/** What the pool's one connection holds prepared, by text. */
const preparedTexts = async () => (await pool.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((r) => r.statement);

beforeAll(async () => {
  database = await openTestDatabase({ serverUrl: PG });
  // One connection, so that what it holds prepared is what the queries below left on it.
  pool = new pg.Pool({ connectionString: database.url!, max: 1, options: PREPARED_SESSION_OPTION });
});

afterAll(async () => {
  await pool.end();
  await database.close();
});

describe('preparedPoolQuery', () => {
  it('names a parameterised text on its second use, and runs it with each use’s values', async () => {
    const query = preparedPoolQuery(pool);
    const text = 'select $1::int + 1 as next';
    expect((await query(text, [1])).rows).toEqual([{ next: 2 }]);
    expect(await preparedTexts()).not.toContain(text);
    expect((await query(text, [41])).rows).toEqual([{ next: 42 }]);
    expect(await preparedTexts()).toContain(text);
    expect((await query(text, [9])).rows).toEqual([{ next: 10 }]);
    expect((await preparedTexts()).filter((t) => t === text)).toHaveLength(1);
  });

  it('leaves texts without parameters unnamed (they may hold several statements)', async () => {
    const query = preparedPoolQuery(pool);
    const text = 'select 1 as one; select 2 as two';
    for (let i = 0; i < 3; i++) await query(text);
    expect(await preparedTexts()).not.toContain(text);
  });

  it('answers a statement whose table a migration changed, and names it again', async () => {
    const query = preparedPoolQuery(pool);
    await pool.query('create table prepared_probe (a int)');
    await pool.query('insert into prepared_probe values (1)');
    const text = 'select * from prepared_probe where a = $1';
    await query(text, [1]);
    expect((await query(text, [1])).rows).toEqual([{ a: 1 }]);
    // Another process's migration: the prepared statement's result no longer fits (0A000).
    await pool.query('alter table prepared_probe add column b text default $$x$$');
    expect((await query(text, [1])).rows).toEqual([{ a: 1, b: 'x' }]);
    expect((await query(text, [1])).rows).toEqual([{ a: 1, b: 'x' }]);
    expect((await query(text, [1])).rows).toEqual([{ a: 1, b: 'x' }]);
  });

  it(`keeps at most ${MAX_NAMED} names: the least recently used is forgotten and named afresh on its return`, async () => {
    const query = preparedPoolQuery(pool);
    const text = (n: number) => `select $1::int as n${n}`;
    for (let n = 0; n <= MAX_NAMED; n++) for (let use = 0; use < 2; use++) await query(text(n), [n]);
    const before = (await preparedTexts()).filter((t) => t === text(0)).length;
    // Text 0 was forgotten by the process (its old name stays parsed on the connection): two uses name it again.
    for (let use = 0; use < 2; use++) expect((await query(text(0), [7])).rows).toEqual([{ n0: 7 }]);
    expect((await preparedTexts()).filter((t) => t === text(0))).toHaveLength(before + 1);
  });

  it('plans each execution with its own values on the server’s connections', async () => {
    expect((await database.sql.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
  });
});
