import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.ts';
import { generateDemo } from '../../../demo/generateDemo.ts';
import { openTestDatabase } from '../../../test/testDatabase.ts';
import { type ReadingRow, writeReadings } from '../write/readings.write.ts';
import { rebuildRollups } from '../write/rollups.refresh.ts';
import { isPartitioned, partitionMonths } from './monthPartitions.ts';
import { partitionNewDatabase, partitionTables, unpartitionTables } from './movePartitions.ts';
import type { Config } from '../../../config.ts';
import type { JobDeps } from '../../../jobs/jobDeps.ts';
import { createJobQueue } from '../../../jobs/jobQueue.ts';
import { until } from '../../../jobs/testSupport/until.ts';
import { maintainPartitions } from './partitionRetention.ts';
import { partitionsJob } from './partitions.jobs.ts';

// Issue 31.3: readings and the hour and day rollups partitioned by month on PostgreSQL, moved there
// from one table and back again without losing or double-counting a reading, retention by whole months.
// Always PostgreSQL (PGlite keeps one table): listed in vitest.config.ts's ENGINE_FIXED.
const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NOW = new Date('2026-03-12T10:07:00Z');
const HOUR = 3_600_000;
// Each table's rows as text; a rollup's sum rounded (summed in another order, a float differs in its last bits).
const KEY = 'organization_id, target_kind, target_id, metric, breakdown';
const stats = (bucket: string) => `concat_ws(',', ${KEY}, ${bucket}, round(sum::numeric, 6), count, min, max)`;
const TABLES: Record<string, string> = {
  readings: 'x::text',
  rollup_hour: stats('bucket'),
  rollup_day: stats('day'),
  rollup_month: stats('month'),
  rollup_day_values: 'x::text',
};

let database: Database;
let organizationId: number;
let zoneId: number;

/** Readings' count and exact sum per site, target kind and metric: what a move must keep. */
const perSiteAndMetric = async () =>
  (
    await database.sql.query(
      `SELECT s.installation_id AS site, r.target_kind, r.metric, count(*)::int AS n, sum(r.value::numeric)::text AS total
         FROM readings r JOIN target_sites s ON s.kind = r.target_kind AND s.id = r.target_id GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    )
  ).rows;

/** Every row of every table, as one digest per table: equal digests, equal rows. */
const digests = async () => {
  const out: Record<string, unknown> = {};
  for (const [t, row] of Object.entries(TABLES)) {
    const { rows } = await database.sql.query(`SELECT count(*)::int AS n, md5(string_agg(${row}, '|' ORDER BY ${row})) AS digest FROM ${t} x`);
    out[t] = rows[0];
  }
  return out;
};

/** What a full rebuild of the rollups gives, as digests (the rollups kept on write must equal it). */
async function rebuiltDigests(): Promise<Record<string, unknown>> {
  await rebuildRollups(database.sql, organizationId);
  return digests();
}

const reading = (ts: string | number, value: number): ReadingRow => ({ organizationId, targetKind: 'zone', targetId: zoneId, metric: 'visitorsIn', ts: new Date(ts), value });

beforeAll(async () => {
  database = await openTestDatabase({ serverUrl: PG });
  // Starts from one table, as a database made before partitions (a new test database is partitioned, as at a first start).
  await unpartitionTables(database);
  // The demo's last 40 days (two months and a bit), and a year before them of hourly readings on one zone.
  const demo = await generateDemo(database, { seed: 3, now: NOW, days: 40 });
  organizationId = demo.organizationId;
  zoneId = (await database.sql.query<{ id: number }>(`SELECT target_id AS id FROM readings WHERE target_kind = 'zone' AND metric = 'visitorsIn' LIMIT 1`)).rows[0]!.id;
  const year: ReadingRow[] = [];
  for (let t = demo.from.getTime() - 365 * 24 * HOUR; t < demo.from.getTime(); t += HOUR) year.push(reading(t, (t / HOUR) % 17));
  await writeReadings(database, year);
  await rebuildRollups(database.sql, organizationId);
}, 240_000);

afterAll(() => database?.close());

describe('readings partitioned by month on PostgreSQL', () => {
  it('leaves a database that holds readings in one table at start (READINGS_PARTITIONS=auto moves only a new one)', async () => {
    const before = await perSiteAndMetric();
    expect(await partitionNewDatabase(database, NOW)).toBe('has rows');
    expect(await isPartitioned(database.sql)).toBe(false);
    expect(await perSiteAndMetric()).toEqual(before);
  });

  it('moves a database of many months into monthly partitions and back, every row once', async () => {
    const before = { series: await perSiteAndMetric(), digests: await digests() };
    expect((before.digests.readings as { n: number }).n).toBeGreaterThan(300_000);

    const up = await partitionTables(database, NOW);
    expect(await isPartitioned(database.sql)).toBe(true);
    // 2025-01 .. 2026-03 from the rows, and three months ahead.
    expect(await partitionMonths(database.sql, 'readings')).toHaveLength(18);
    expect(up!.rows.readings).toBe((before.digests.readings as { n: number }).n);
    const { rows: inDefault } = await database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM readings_pdefault');
    expect(inDefault[0]!.n).toBe(0);
    expect(await perSiteAndMetric()).toEqual(before.series);
    expect(await digests()).toEqual(before.digests);
    // Moving again is a no-op.
    expect(await partitionTables(database, NOW)).toBeNull();

    const down = await unpartitionTables(database);
    expect(down!.rows.readings).toBe((before.digests.readings as { n: number }).n);
    expect(await isPartitioned(database.sql)).toBe(false);
    expect(await perSiteAndMetric()).toEqual(before.series);
    expect(await digests()).toEqual(before.digests);
    // The way back leaves the result cache's triggers in place: a write moves the organization's data version.
    const version = async () => (await database.sql.query<{ v: string }>('SELECT version::text AS v FROM data_versions WHERE organization_id = $1', [organizationId])).rows[0]?.v;
    const v0 = await version();
    await writeReadings(database, [reading('2026-03-01T09:00:00Z', 1234)]);
    expect(await version()).not.toBe(v0);
    await partitionTables(database, NOW);
  }, 240_000);

  it('writes, replaces and counts readings once on partitions, and takes a month that has no partition yet', async () => {
    expect(await isPartitioned(database.sql)).toBe(true);
    // New readings, a replaced value and a re-sent one in one batch (the upsert path), and a reading of 2031.
    await writeReadings(database, [reading('2026-03-01T09:00:00Z', 99), reading('2026-03-01T09:15:00Z', 5), reading('2026-03-01T09:30:00Z', 6)]);
    await writeReadings(database, [reading('2026-03-01T09:00:00Z', 99), reading('2026-03-01T09:15:00Z', 7), reading('2026-02-01T09:45:00Z', 8)]);
    await writeReadings(database, [reading('2031-06-01T12:00:00Z', 42)]);
    const kept = await digests();
    expect(await rebuiltDigests()).toEqual(kept);
    const { rows } = await database.sql.query<{ p: string; value: number }>(`SELECT tableoid::regclass::text AS p, value FROM readings WHERE ts = '2031-06-01T12:00:00Z'`);
    expect(rows).toEqual([{ p: 'readings_pdefault', value: 42 }]);

    // The daily upkeep gives 2031-06 its partition, moving the reading there, and the next months theirs.
    const result = await maintainPartitions(database, NOW);
    expect(result!.added).toBeGreaterThan(0);
    const { rows: moved } = await database.sql.query<{ p: string }>(`SELECT tableoid::regclass::text AS p FROM readings WHERE ts = '2031-06-01T12:00:00Z'`);
    expect(moved).toEqual([{ p: 'readings_p203106' }]);
    expect(await digests()).toEqual(kept);
  }, 120_000);

  it('drops whole months past READINGS_RETENTION_MONTHS and keeps the months after them exact', async () => {
    const recent = `SELECT metric, count(*)::int AS n, sum(value::numeric)::text AS total FROM readings WHERE ts >= '2026-01-01' GROUP BY 1 ORDER BY 1`;
    const before = (await database.sql.query(recent)).rows;
    const shared = async () => (await database.sql.query<{ v: string }>('SELECT version::text AS v FROM data_versions WHERE organization_id = 0')).rows[0]!.v;
    const v0 = await shared();

    // March 2026, keep 2 months before it: January 2026 onwards.
    const result = await maintainPartitions(database, NOW, 2);
    expect(result!.dropped[0]).toBe('2025-01-01');
    expect(result!.dropped.at(-1)).toBe('2025-12-01');
    expect((await partitionMonths(database.sql, 'readings'))[0]).toBe('2026-01-01');
    for (const [table, column] of [['readings', 'ts'], ['rollup_hour', 'bucket'], ['rollup_day', 'day'], ['rollup_day_values', 'day'], ['rollup_month', 'month']]) {
      const { rows } = await database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} < '2026-01-01'::date`);
      expect({ table, n: rows[0]!.n }).toEqual({ table, n: 0 });
    }
    expect((await database.sql.query(recent)).rows).toEqual(before);
    // Every cached answer is dropped with them, and the rollups left are those the readings left give
    // (a rebuild also makes the business day that a zone west of UTC begins before the cutoff: not kept).
    expect(await shared()).not.toBe(v0);
    const kept = await digests();
    await rebuildRollups(database.sql, organizationId);
    for (const [table, column] of [['rollup_hour', 'bucket'], ['rollup_day', 'day'], ['rollup_day_values', 'day'], ['rollup_month', 'month']]) {
      await database.sql.query(`DELETE FROM ${table} WHERE ${column} < '2026-01-01'::date`);
    }
    expect(await digests()).toEqual(kept);
  }, 120_000);

  it('runs as the daily metrics.partitions job on the queue, and logs the months it dropped', async () => {
    const logged: unknown[] = [];
    const log = { info: (obj: unknown, msg?: string) => logged.push({ obj, msg }), warn: () => undefined, error: () => undefined };
    const deps = { database, log, now: () => NOW, config: { READINGS_RETENTION_MONTHS: 1 } as Config } as unknown as JobDeps;
    const queue = createJobQueue({ database, definitions: [partitionsJob], now: () => NOW, log, pollMs: 100, schedulePollMs: 60_000, maintenanceSeconds: 60, work: true });
    await queue.start(deps);
    try {
      await queue.enqueue(partitionsJob, {});
      await until(() => logged.some((l) => (l as { msg?: string }).msg === 'readings: months past retention dropped'), 20_000, 'the job');
    } finally {
      await queue.stop({ timeoutMs: 1000 });
    }
    expect(logged).toContainEqual({ obj: { added: 0, dropped: ['2026-01-01'], keepMonths: 1 }, msg: 'readings: months past retention dropped' });
    expect((await partitionMonths(database.sql, 'readings'))[0]).toBe('2026-02-01');
  }, 60_000);
});
