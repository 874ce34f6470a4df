import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { arrayLiteral } from './arrayLiteral.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('arrayLiteral, read back by the database', () => {
  it('gives every string back as it was, the awkward ones included', async () => {
    const values = ['zone', '', 'NULL', 'null', 'a,b', '{x}', 'say "hi"', 'back\\slash', ' padded ', 'tab\there', 'line\nbreak', 'Zürich', 'عربي', '2026-12-03T04:05:06.789Z', 'visitorsIn', 'gender:female'];
    const { rows } = await database.sql.query<{ v: string[] }>('select $1::text[] as v', [arrayLiteral(values)]);
    expect(rows[0]!.v).toEqual(values);
  });

  it('gives numbers back as they were, integers and doubles, and ISO instants as the same instants', async () => {
    const ints = [0, 1, -7, 2147483647];
    const doubles = [0.1, -2.5e-7, 1234567.891, 1e21, 5e-324];
    const instants = ['2026-01-01T00:00:00.000Z', '2026-03-29T01:15:00.123Z'];
    const { rows } = await database.sql.query<{ i: number[]; d: number[]; t: string[] }>(
      "select $1::int[] as i, $2::float8[] as d, array(select to_char(x at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') from unnest($3::timestamptz[]) x) as t",
      [arrayLiteral(ints), arrayLiteral(doubles), arrayLiteral(instants)],
    );
    expect(rows[0]!.i.map(Number)).toEqual(ints);
    expect(rows[0]!.d.map(Number)).toEqual(doubles);
    expect(rows[0]!.t).toEqual(instants);
  });

  it('an empty list is an empty array; a number that is not finite is refused', async () => {
    const { rows } = await database.sql.query<{ n: number }>('select cardinality($1::int[]) as n', [arrayLiteral([])]);
    expect(Number(rows[0]!.n)).toBe(0);
    expect(() => arrayLiteral([Number.NaN])).toThrow(/finite/);
  });
});
