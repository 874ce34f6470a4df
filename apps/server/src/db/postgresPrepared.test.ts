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

  it('answers a statement whose table a migration changed, closes the stale one and names it again', async () => {
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
    expect((await preparedTexts()).filter((t) => t === text)).toHaveLength(1);
  });

  it('passes on an error of its own kind that is not a stale statement', async () => {
    const query = preparedPoolQuery(pool);
    const text = 'select 1 / $1::int as q';
    await query(text, [1]);
    await query(text, [1]);
    await expect(query(text, [0])).rejects.toMatchObject({ code: '22012' });
    expect((await query(text, [2])).rows).toEqual([{ q: 0 }]);
  });

  it(`keeps at most ${MAX_NAMED} names, and closes the one it forgets on the connection`, async () => {
    const query = preparedPoolQuery(pool);
    await pool.query('deallocate all');
    const text = (n: number) => `select $1::int as n${n}`;
    for (let n = 0; n <= MAX_NAMED; n++) for (let use = 0; use < 2; use++) await query(text(n), [n]);
    // Text 0, the least recently used, was forgotten when text 128 was named, and closed at the next use.
    await query(text(1), [1]);
    expect(await preparedTexts()).toHaveLength(MAX_NAMED);
    expect(await preparedTexts()).not.toContain(text(0));
    for (let use = 0; use < 2; use++) expect((await query(text(0), [7])).rows).toEqual([{ n0: 7 }]);
    await query(text(0), [8]);
    expect(await preparedTexts()).toHaveLength(MAX_NAMED);
    expect((await preparedTexts()).filter((t) => t === text(0))).toHaveLength(1);
  });

  it('sends every statement unnamed when named statements are off (DATABASE_NAMED_STATEMENTS=off)', async () => {
    const query = preparedPoolQuery(pool, false);
    const text = 'select $1::int * 3 as triple';
    for (let i = 0; i < 3; i++) expect((await query(text, [i])).rows).toEqual([{ triple: i * 3 }]);
    expect(await preparedTexts()).not.toContain(text);
  });

  it('plans each execution with its own values on the server’s connections', async () => {
    expect((await database.sql.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
  });
});
