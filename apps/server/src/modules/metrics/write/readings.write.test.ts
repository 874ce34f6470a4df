import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.ts';
import { openTestDatabase } from '../../../test/testDatabase.ts';
import { bulkLoadReadings, writeReadings, type ReadingRow } from './readings.write.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
beforeEach(() => database.sql.query('DELETE FROM readings'));

const t0 = Date.UTC(2026, 2, 2, 9, 0);
const reading = (minute: number, value: number, extra: Partial<ReadingRow> = {}): ReadingRow => ({
  organizationId: 1,
  targetKind: 'zone',
  targetId: 7,
  metric: 'visitorsIn',
  ts: t0 + minute * 60_000,
  value,
  ...extra,
});

async function stored() {
  const { rows } = await database.sql.query<{ n: number; total: number }>(
    'SELECT count(*)::int AS n, coalesce(sum(value), 0)::float8 AS total FROM readings',
  );
  return rows[0]!;
}

describe('writeReadings', () => {
  it('replaces a re-sent reading instead of adding it twice', async () => {
    expect(await writeReadings(database, [reading(0, 5), reading(1, 3), reading(1, 2, { breakdown: 'gender:MALE' })])).toBe(3);
    expect(await stored()).toEqual({ n: 3, total: 10 });
    await writeReadings(database, [reading(0, 6), reading(1, 3)]);
    expect(await stored()).toEqual({ n: 3, total: 11 });
  });

  it('keeps the last of two copies sent in one batch, and accepts Date times', async () => {
    expect(await writeReadings(database, [reading(0, 1), { ...reading(0, 4), ts: new Date(t0) }])).toBe(1);
    expect(await stored()).toEqual({ n: 1, total: 4 });
  });

  it('writes large batches in chunks, all or nothing', async () => {
    const good = Array.from({ length: 12_000 }, (_, i) => reading(i, 1));
    expect(await writeReadings(database, good)).toBe(12_000);
    expect(await stored()).toEqual({ n: 12_000, total: 12_000 });
    // The last chunk fails in the database (int4 overflow): the chunks before it must not stay.
    const failing = [...Array.from({ length: 11_000 }, (_, i) => reading(20_000 + i, 1)), reading(0, 1, { targetId: 2 ** 40 })];
    await expect(writeReadings(database, failing)).rejects.toThrow();
    expect(await stored()).toEqual({ n: 12_000, total: 12_000 });
  });

  it('stores times and values exactly as sent (binary COPY on both engines)', async () => {
    const sent = [
      reading(0, 0.1 + 0.2),
      reading(1, -1234.5678e-9),
      reading(2, 2 ** 53 + 2),
      reading(3, -0.75, { metric: 'co2', ts: Date.UTC(1999, 11, 31, 23, 59, 59, 999) }),
      reading(4, Number.MAX_VALUE, { ts: Date.UTC(2026, 2, 29, 1, 30, 0, 123), breakdown: 'gender:FEMALE' }),
      reading(5, 7, { organizationId: 2 ** 31 - 1, targetId: -(2 ** 31) }),
    ];
    expect(await writeReadings(database, sent)).toBe(sent.length);
    const { rows } = await database.sql.query<{ organization_id: number; target_id: number; metric: string; breakdown: string; ms: string; value: number }>(
      `SELECT organization_id, target_id, metric, breakdown, (extract(epoch from ts) * 1000)::bigint::text AS ms, value FROM readings ORDER BY ts, target_id`,
    );
    const expected = sent
      .map((r) => ({ organization_id: r.organizationId, target_id: r.targetId, metric: r.metric, breakdown: r.breakdown ?? '', ms: String(r.ts), value: r.value }))
      .sort((a, b) => Number(a.ms) - Number(b.ms));
    expect(rows.map((r) => ({ ...r, organization_id: Number(r.organization_id), target_id: Number(r.target_id), value: Number(r.value) }))).toEqual(expected);
  });

  it('refuses rows the table must never hold', async () => {
    await expect(writeReadings(database, [reading(0, 1, { metric: 'nope' })])).rejects.toThrow(/unknown metric/);
    await expect(writeReadings(database, [reading(0, Number.NaN)])).rejects.toThrow(/finite/);
    await expect(writeReadings(database, [reading(0, 1, { breakdown: 'gender:OTHER' })])).rejects.toThrow(/breakdown/);
    await expect(writeReadings(database, [reading(0, 1, { metric: 'co2', targetKind: 'passage' })])).rejects.toThrow(/target kind/);
    expect(await stored()).toEqual({ n: 0, total: 0 });
  });
});

describe('bulkLoadReadings', () => {
  it('loads an async stream of chunks in one transaction', async () => {
    async function* source() {
      for (let c = 0; c < 3; c++) yield Array.from({ length: 40_000 }, (_, i) => reading(c * 40_000 + i, 2));
    }
    // Into the empty table with its indexes built at the end: the primary key is back afterwards.
    expect(await bulkLoadReadings(database, source(), { indexesAfter: true })).toBe(120_000);
    expect(await stored()).toEqual({ n: 120_000, total: 240_000 });
    await expect(bulkLoadReadings(database, [reading(0, 9)])).rejects.toThrow(/duplicate key/);
  });

  it('fails as a whole when a reading already exists, and writeReadings then replaces it', async () => {
    await bulkLoadReadings(database, [reading(0, 1)]);
    const again = Array.from({ length: 60_000 }, (_, i) => reading(i + 1, 1));
    await expect(bulkLoadReadings(database, [again, [reading(0, 9)]])).rejects.toThrow(/duplicate key/);
    expect(await stored()).toEqual({ n: 1, total: 1 });
    await writeReadings(database, [reading(0, 9)]);
    expect(await stored()).toEqual({ n: 1, total: 9 });
  });

  it('stores breakdowns, tiny values and exact times through COPY', async () => {
    await bulkLoadReadings(database, [reading(0, 1.25, { breakdown: 'gender:FEMALE' }), reading(0, 1e-7, { metric: 'dwell' })]);
    const { rows } = await database.sql.query<{ metric: string; breakdown: string; value: number; ts: Date }>(
      'SELECT metric, breakdown, value, ts FROM readings ORDER BY metric',
    );
    expect(rows.map((r) => [r.metric, r.breakdown, r.value, new Date(r.ts).getTime()])).toEqual([
      ['dwell', '', 1e-7, t0],
      ['visitorsIn', 'gender:FEMALE', 1.25, t0],
    ]);
  });
});
