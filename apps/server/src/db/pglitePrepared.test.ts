import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { integer, pgTable, text as textColumn, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PREPARED, preparedClient, preparedQuery } from './pglitePrepared.ts';

let client: PGlite;
let query: ReturnType<typeof preparedQuery>;

beforeAll(async () => {
  client = new PGlite();
  await client.exec(`create table items (id int primary key, name text not null, at timestamptz, tags text[], doc jsonb, amount numeric, big int8)`);
  await client.exec(`insert into items values (1, 'one', '2026-03-29 01:30+00', '{a,b}', '{"x": [1, 2]}', 12.50, 9007199254740993), (2, 'two', null, null, null, null, null)`);
  query = preparedQuery(client);
});
afterAll(() => client.close());

const preparedNames = async () => (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((r) => r.statement);

describe('PGlite prepared statements', () => {
  it('gives the rows PGlite query gives, prepared or not, for every type and null parameter', async () => {
    const text = 'select * from items where id = any($1::int[]) and ($2::text is null or name = $2) order by id';
    const expected = (await client.query(text, [[1, 2], null])).rows;
    expect(expected).toHaveLength(2);
    for (let i = 0; i < 3; i++) expect((await query(text, [[1, 2], null])).rows).toEqual(expected);
    expect((await query(text, [[1, 2], 'one'])).rows).toEqual([expected[0]]);
    expect((await preparedNames()).some((s) => s.includes('from items where id = any'))).toBe(true);
  });

  it('prepares a text on its second use only', async () => {
    const text = `select $1::int + 1 as n -- once`;
    expect((await query(text, [41])).rows).toEqual([{ n: 42 }]);
    expect((await preparedNames()).some((s) => s.includes('-- once'))).toBe(false);
    expect((await query(text, [1])).rows).toEqual([{ n: 2 }]);
    expect((await preparedNames()).some((s) => s.includes('-- once'))).toBe(true);
  });

  it('serializes parameters by the types the statement declares: JSON, dates and arrays', async () => {
    const text = 'select $1::jsonb as doc, $2::timestamptz as at, $3::text[] as tags';
    const at = new Date('2026-10-25T00:30:00Z');
    for (let i = 0; i < 2; i++) {
      expect((await query(text, [{ a: [1, 'x'] }, at, ['p', 'q r', '"s"']])).rows).toEqual([{ doc: { a: [1, 'x'] }, at, tags: ['p', 'q r', '"s"'] }]);
    }
  });

  it('keeps at most MAX_PREPARED statements, closing the least recently used', async () => {
    for (let i = 0; i < MAX_PREPARED + 20; i++) {
      for (let use = 0; use < 2; use++) expect((await query(`select ${i} as n, $1::int as m`, [use])).rows).toEqual([{ n: i, m: use }]);
    }
    const names = await preparedNames();
    expect(names.length).toBeLessThanOrEqual(MAX_PREPARED);
    expect(names.some((s) => s.startsWith(`select ${MAX_PREPARED + 19} as n`))).toBe(true);
    expect(names.some((s) => s.startsWith('select 0 as n'))).toBe(false);
  });

  it('throws the database error and stays usable: syntax, constraint and missing relation', async () => {
    await expect(query('select from nowhere where', [])).rejects.toThrow(/syntax error/);
    await expect(query('select from nowhere where', [])).rejects.toThrow(/syntax error/);
    const insert = 'insert into items (id, name) values ($1, $2)';
    await query(insert, [10, 'ten']);
    await query(insert, [11, 'eleven']);
    await expect(query(insert, [10, 'again'])).rejects.toMatchObject({ code: '23505' });
    expect((await query('select count(*)::int as n from items where id >= $1', [10])).rows).toEqual([{ n: 2 }]);
    await query('delete from items where id >= $1', [10]);
    await query('delete from items where id >= $1', [10]);
  });

  it('answers again after a schema change alters what a prepared statement returns', async () => {
    await client.exec('create table shapes (id int)');
    await client.exec('insert into shapes values (1)');
    const text = 'select * from shapes where id = $1';
    for (let i = 0; i < 2; i++) expect((await query(text, [1])).rows).toEqual([{ id: 1 }]);
    await client.exec(`alter table shapes add column label text default 'new'`);
    expect((await query(text, [1])).rows).toEqual([{ id: 1, label: 'new' }]);
    expect((await query(text, [1])).rows).toEqual([{ id: 1, label: 'new' }]);
  });

  it('waits for an open transaction to end, as PGlite query does', async () => {
    const count = 'select count(*)::int as n from items where name = $1';
    await query(count, ['tx']);
    let release!: () => void;
    let inserted!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query(`insert into items (id, name) values (20, 'tx')`);
      inserted();
      await held;
      throw new Error('roll back');
    });
    await insertedYet;
    const during = query(count, ['tx']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await expect(transaction).rejects.toThrow('roll back');
    // Run inside the open transaction, it would have counted the row the transaction then rolled back.
    expect((await during).rows).toEqual([{ n: 0 }]);
  });
});

describe('Drizzle on the prepared client', () => {
  const notes = pgTable('notes', { id: integer('id').primaryKey(), body: textColumn('body').notNull(), at: timestamp('at', { withTimezone: true, mode: 'string' }) });

  it('reads rows as arrays with its own parsers, writes, and runs PGlite transactions', async () => {
    await client.exec('create table notes (id int primary key, body text not null, at timestamptz)');
    const db = drizzle(preparedClient(client, query));
    await db.insert(notes).values({ id: 1, body: 'first', at: '2026-03-29 01:30:00+00' });
    for (let i = 0; i < 3; i++) {
      // Drizzle keeps instants as the text PostgreSQL sends: its parsers, not PGlite's, decode them.
      expect(await db.select().from(notes).where(eq(notes.id, 1))).toEqual([{ id: 1, body: 'first', at: '2026-03-29 01:30:00+00' }]);
    }
    expect((await preparedNames()).some((s) => s.includes('from "notes"'))).toBe(true);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(notes).values({ id: 2, body: 'second' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await db.transaction(async (tx) => void (await tx.insert(notes).values({ id: 3, body: 'third' })));
    expect((await db.select({ id: notes.id }).from(notes).orderBy(notes.id)).map((r) => r.id)).toEqual([1, 3]);
  });
});
