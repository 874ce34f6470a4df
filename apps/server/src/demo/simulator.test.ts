import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadingRow } from '../modules/metrics/write/readings.write.ts';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { generateDemo } from './generateDemo.ts';
import { startSimulator, type Simulator } from './simulator.ts';

const SEED = 11;
const GENERATED = new Date('2026-03-12T10:07:00Z');
// The server comes back two days later, on a Saturday afternoon.
const RESTART = Date.parse('2026-03-14T15:14:00Z');
const MINUTE = 60_000;

let database: Database;
let nowMs = RESTART;
const now = () => new Date(nowMs);
const running: Simulator[] = [];

function simulator(writes: ReadingRow[][] = []): Simulator {
  const sim = startSimulator(database, { seed: SEED, now, intervalMs: 3_600_000, onWrite: (rows) => writes.push(rows) });
  running.push(sim);
  return sim;
}

async function timestamps(from: number, to: number) {
  const { rows } = await database.sql.query<{ ts: Date; n: number }>(
    'SELECT ts, count(*)::int AS n FROM readings WHERE ts >= $1 AND ts < $2 GROUP BY ts ORDER BY ts',
    [new Date(from), new Date(to)],
  );
  return rows.map((r) => ({ ts: new Date(r.ts).getTime(), n: r.n }));
}

beforeAll(async () => {
  database = await openTestDatabase();
  await generateDemo(database, { seed: SEED, now: GENERATED, days: 1 });
});
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
  await database.close();
});

describe('startSimulator', () => {
  const first: ReadingRow[][] = [];
  let sim: Simulator;

  it('back-fills quarter hours from the newest reading, then the minutes of the current quarter', async () => {
    sim = simulator(first);
    expect(await sim.tick()).toBe(0); // runs after the start-up back-fill, with nothing left to write
    expect(first).toHaveLength(1);
    const stamps = await timestamps(Date.parse('2026-03-12T10:00:00Z'), RESTART + MINUTE);
    const quarters = stamps.filter((s) => s.ts < Date.parse('2026-03-14T15:00:00Z'));
    const minutes = stamps.filter((s) => s.ts >= Date.parse('2026-03-14T15:00:00Z'));
    expect(quarters).toHaveLength(2 * 96 + 5 * 4);
    expect(quarters.every((s) => s.ts % (15 * MINUTE) === 0)).toBe(true);
    expect(minutes.map((s) => new Date(s.ts).toISOString().slice(11, 16))).toEqual(
      Array.from({ length: 14 }, (_, i) => `15:${String(i).padStart(2, '0')}`),
    );
    expect(first[0]!.length).toBe(stamps.reduce((sum, s) => sum + s.n, 0));
    // Saturday afternoon in Lyon: the shopping centre counts visitors today.
    const { rows } = await database.sql.query<{ entries: number }>(
      `SELECT sum(r.value)::int AS entries FROM readings r JOIN zones z ON z.id = r.target_id AND r.target_kind = 'zone'
        WHERE z.name = 'Whole centre' AND r.metric = 'visitorsIn' AND r.breakdown = '' AND r.ts >= '2026-03-14T00:00:00+01:00'`,
    );
    expect(rows[0]!.entries).toBeGreaterThan(1000);
  });

  it('writes the elapsed minutes on each tick', async () => {
    nowMs += 3 * MINUTE;
    const written = await sim.tick();
    expect(written).toBeGreaterThan(50);
    const stamps = await timestamps(RESTART, nowMs);
    expect(stamps.map((s) => new Date(s.ts).toISOString().slice(11, 16))).toEqual(['15:14', '15:15', '15:16']);
    expect(stamps.reduce((sum, s) => sum + s.n, 0)).toBe(written);
  });

  it('replaces, not doubles, the readings of a minute written twice (two servers on one database)', async () => {
    const other = simulator();
    expect(await other.tick()).toBe(0);
    nowMs += 3 * MINUTE;
    const before = await database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM readings');
    const once = await sim.tick();
    const sumAfterOnce = await database.sql.query<{ total: number }>('SELECT sum(value)::float8 AS total FROM readings');
    expect(await other.tick()).toBe(once);
    const after = await database.sql.query<{ n: number; total: number }>('SELECT count(*)::int AS n, sum(value)::float8 AS total FROM readings');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n + once);
    expect(after.rows[0]!.total).toBeCloseTo(sumAfterOnce.rows[0]!.total, 6);
  });

  it('gives 1-minute counts that add up to what the generator writes for the quarter hour', async () => {
    const reference = await openTestDatabase();
    try {
      await generateDemo(reference, { seed: SEED, now: new Date(Date.parse('2026-03-14T15:20:00Z')), days: 1 });
      const sums = async (db: Database) =>
        (
          await db.sql.query<{ key: string; total: number }>(
            `SELECT target_kind || target_id || metric AS key, round(sum(value)::numeric, 2)::float8 AS total FROM readings
              WHERE ts >= '2026-03-14T15:00:00Z' AND ts < '2026-03-14T15:15:00Z'
                AND breakdown = '' AND metric IN ('visitorsIn', 'visitorsOut', 'orders', 'electricityConsumption', 'heatConsumption')
              GROUP BY 1 ORDER BY 1`,
          )
        ).rows;
      const simulated = await sums(database);
      const generated = await sums(reference);
      expect(simulated.map((r) => r.key)).toEqual(generated.map((r) => r.key));
      // Counts match exactly; energy up to the rounding of fifteen 1-minute readings.
      simulated.forEach((r, i) => expect(r.total, r.key).toBeCloseTo(generated[i]!.total, r.key.includes('Consumption') ? 1 : 6));
      expect(simulated.filter((r) => r.key.includes('visitorsIn')).length).toBeGreaterThan(20);
    } finally {
      await reference.close();
    }
  });

  it('stops, and a restart resumes exactly where the data ends', async () => {
    await sim.stop();
    const restarted: ReadingRow[][] = [];
    const again = simulator(restarted);
    expect(await again.tick()).toBe(0);
    expect(restarted.flat()).toHaveLength(0);
    nowMs += 20 * MINUTE; // 15:40: twenty 1-minute steps, no gap, no quarter-hour reading among them
    await again.tick();
    const stamps = await timestamps(Date.parse('2026-03-14T15:20:00Z'), nowMs);
    expect(stamps.map((s) => new Date(s.ts).toISOString().slice(11, 16))).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `15:2${i}`),
      ...Array.from({ length: 10 }, (_, i) => `15:3${i}`),
    ]);
  });

  it("holds a quarter hour's first minute back until its second one is due", async () => {
    const sim = simulator();
    await sim.tick();
    nowMs = Date.parse('2026-03-14T15:46:30Z');
    await sim.tick();
    expect((await timestamps(Date.parse('2026-03-14T15:40:00Z'), nowMs)).map((s) => new Date(s.ts).toISOString().slice(14, 16))).toEqual([
      '40', '41', '42', '43', '44',
    ]);
    nowMs = Date.parse('2026-03-14T15:47:00Z');
    await sim.tick();
    expect((await timestamps(Date.parse('2026-03-14T15:45:00Z'), nowMs)).map((s) => new Date(s.ts).toISOString().slice(14, 16))).toEqual(['45', '46']);
  });
});
