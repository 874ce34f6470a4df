import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteThread } from './pgliteThread.ts';

const SCHEMA = `create table items (id int primary key, name text not null, at timestamptz, tags text[], doc jsonb, amount numeric, big int8, flag bool)`;
const ROWS = `insert into items values (1, 'one', '2026-03-29 01:30+00', '{a,b}', '{"x": [1, 2]}', 12.50, 9007199254740993, true), (2, 'two', null, null, null, null, null, null)`;

let thread: PGliteThread;
let local: PGlite;

beforeAll(async () => {
  [thread, local] = await Promise.all([PGliteThread.create(null), PGlite.create()]);
  for (const pg of [thread, local]) {
    await pg.exec(SCHEMA);
    await pg.exec(ROWS);
  }
});
afterAll(async () => {
  await thread.close();
  await local.close();
});

/** Timer ticks on this thread while `run` is under way. */
async function ticksDuring(run: () => Promise<unknown>): Promise<number> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  // Let the timer arm before the statement starts.
  await new Promise((resolve) => setTimeout(resolve, 20));
  ticks = 0;
  await run();
  clearInterval(timer);
  return ticks;
}

const HEAVY = 'select count(*)::int as n from generate_series(1, 4000000) g where g % 7 = 3';

describe('PGlite on a worker thread', () => {
  it('answers every type and parameter as PGlite on this thread does', async () => {
    const text = 'select * from items where id = any($1::int[]) and ($2::text is null or name = $2) order by id';
    const expected = (await local.query(text, [[1, 2], null])).rows;
    expect(expected).toHaveLength(2);
    expect((await thread.query(text, [[1, 2], null])).rows).toEqual(expected);
    const echo = 'select $1::jsonb as doc, $2::timestamptz as at, $3::text[] as tags, $4::numeric as n';
    const params = [{ a: [1, 'x'] }, new Date('2026-10-25T00:30:00Z'), ['p', 'q r', '"s"'], '1.25'];
    expect((await thread.query(echo, params)).rows).toEqual((await local.query(echo, params)).rows);
    expect((await thread.query(text, [[1], null], { rowMode: 'array' })).rows).toEqual((await local.query(text, [[1], null], { rowMode: 'array' })).rows);
    expect(await thread.exec('select 1 as a; select 2 as b')).toEqual(await local.exec('select 1 as a; select 2 as b'));
  });

  it('throws the database error with its code and stays usable', async () => {
    await expect(thread.query('select from nowhere where')).rejects.toThrow(/syntax error/);
    await expect(thread.query('insert into items (id, name) values (1, $1)', ['again'])).rejects.toMatchObject({ code: '23505' });
    await expect(thread.query('select * from missing')).rejects.toMatchObject({ code: '42P01' });
    expect((await thread.query('select count(*)::int as n from items')).rows).toEqual([{ n: 2 }]);
  });

  it('commits a transaction and rolls back one that fails, as a whole', async () => {
    await thread.transaction(async (tx) => {
      await tx.query(`insert into items (id, name) values (10, 'ten')`);
      await tx.query(`update items set name = 'ten!' where id = 10`);
    });
    await expect(
      thread.transaction(async (tx) => {
        await tx.query(`insert into items (id, name) values (11, 'eleven')`);
        await tx.query(`insert into items (id, name) values (10, 'ten again')`);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await thread.query('select id, name from items where id >= 10 order by id')).rows).toEqual([{ id: 10, name: 'ten!' }]);
  });

  it('copies from and to a blob', async () => {
    await thread.query(`copy items (id, name) from '/dev/blob' with (format csv)`, [], { blob: new Blob(['20,twenty\n21,"twenty, one"\n']) });
    expect((await thread.query('select name from items where id in (20, 21) order by id')).rows).toEqual([{ name: 'twenty' }, { name: 'twenty, one' }]);
    const copied = await thread.query(`copy (select id, name from items where id in (20, 21) order by id) to '/dev/blob' with (format csv)`);
    expect(await copied.blob!.text()).toBe('20,twenty\n21,"twenty, one"\n');
    expect((await thread.query('select 1 as n')).blob).toBeUndefined();
  });

  it('keeps this thread running while PostgreSQL executes, where PGlite on this thread blocks it', async () => {
    const [onThread, onLocal] = [await ticksDuring(() => thread.query(HEAVY)), await ticksDuring(() => local.query(HEAVY))];
    expect((await thread.query(HEAVY)).rows).toEqual((await local.query(HEAVY)).rows);
    expect(onLocal).toBe(0);
    expect(onThread).toBeGreaterThanOrEqual(3);
  });

  it('runs queued statements one at a time, in the order they were asked', async () => {
    await thread.exec('create table seq (n int)');
    await Promise.all(Array.from({ length: 50 }, (_, n) => thread.query('insert into seq values ($1)', [n])));
    expect((await thread.query<{ n: number }>('select n from seq')).rows.map((r) => r.n)).toEqual(Array.from({ length: 50 }, (_, n) => n));
  });

  it('keeps its data in its folder across a close and a new start, and refuses work once closed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitelens-thread-'));
    try {
      const first = await PGliteThread.create(dir);
      await first.exec(`create table kept (v text); insert into kept values ('still here')`);
      await first.close();
      await expect(first.query('select 1')).rejects.toThrow(/closed/);
      const second = await PGliteThread.create(dir);
      expect((await second.query('select v from kept')).rows).toEqual([{ v: 'still here' }]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
