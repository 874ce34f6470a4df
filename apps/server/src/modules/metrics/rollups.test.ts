import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createOrganization, createSite } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { announceReadings, writeReadings } from './write/readings.write.ts';
import { withTransaction } from '../../db/transaction.ts';
import { rebuildRollups } from './write/rollups.refresh.ts';

let database: Database;
let org = 0;
let zone = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  org = (await createOrganization(database)).id;
  zone = (await createSite(database, org, { timezone: 'Asia/Kolkata', changeOfDayTime: '04:00' })).top.id;
});

afterAll(() => database.close());

const write = (iso: string, value: number) =>
  writeReadings(database, [{ organizationId: org, targetKind: 'zone', targetId: zone, metric: 'visitorsIn', ts: new Date(iso), value }]);

async function rollup(table: 'rollup_hour' | 'rollup_day' | 'rollup_month') {
  const col = table === 'rollup_hour' ? `to_char(bucket at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI')` : table === 'rollup_day' ? 'day::text' : 'month::text';
  const { rows } = await database.sql.query<{ k: string; sum: number; count: number; min: number; max: number }>(
    `select ${col} as k, sum, count, min, max from ${table} where target_id = $1 and metric = 'visitorsIn' order by 1`,
    [zone],
  );
  return rows.map((r) => [r.k, Number(r.sum), Number(r.count), Number(r.min), Number(r.max)]);
}

describe('rollups kept on write', () => {
  it('fill local hours, business days and months as readings arrive in separate writes', async () => {
    await write('2026-03-01T00:40:00Z', 5); // 06:10 local, business day 1 March
    await write('2026-03-20T10:00:00Z', 7); // 15:30 local, 20 March
    await write('2026-03-20T10:20:00Z', 1); // 15:50 local, same local hour
    await write('2026-03-31T21:00:00Z', 2); // 02:30 local on 1 April: business day 31 March (day starts 04:00)
    expect(await rollup('rollup_month')).toEqual([['2026-03-01', 15, 4, 1, 7]]);
    expect(await rollup('rollup_day')).toEqual([
      ['2026-03-01', 5, 1, 5, 5],
      ['2026-03-20', 8, 2, 1, 7],
      ['2026-03-31', 2, 1, 2, 2],
    ]);
    const hours = await rollup('rollup_hour');
    expect(hours.map((h) => h[0])).toEqual(['2026-03-01T00:30', '2026-03-20T09:30', '2026-03-31T20:30']);
  });

  it('replace a corrected reading instead of adding it again', async () => {
    await write('2026-03-20T10:00:00Z', 9);
    expect(await rollup('rollup_day')).toContainEqual(['2026-03-20', 10, 2, 1, 9]);
    expect(await rollup('rollup_month')).toEqual([['2026-03-01', 17, 4, 1, 9]]);
  });

  it('take late readings and corrections that lower a maximum or raise a minimum, as a full rebuild would', async () => {
    // Late: an earlier hour of a day that already has readings; a re-sent reading with its old value.
    await writeReadings(database, [
      { organizationId: org, targetKind: 'zone', targetId: zone, metric: 'visitorsIn', ts: new Date('2026-03-20T04:00:00Z'), value: 4 },
      { organizationId: org, targetKind: 'zone', targetId: zone, metric: 'visitorsIn', ts: new Date('2026-03-20T10:20:00Z'), value: 1 },
    ]);
    expect(await rollup('rollup_day')).toContainEqual(['2026-03-20', 14, 3, 1, 9]);
    // The 9 was the day's maximum and the 1 its minimum: both corrected inside one batch with a new reading.
    await writeReadings(database, [
      { organizationId: org, targetKind: 'zone', targetId: zone, metric: 'visitorsIn', ts: new Date('2026-03-20T10:00:00Z'), value: 3 },
      { organizationId: org, targetKind: 'zone', targetId: zone, metric: 'visitorsIn', ts: new Date('2026-03-20T10:20:00Z'), value: 2 },
      { organizationId: org, targetKind: 'zone', targetId: zone, metric: 'visitorsIn', ts: new Date('2026-03-20T10:25:00Z'), value: 6 },
    ]);
    expect(await rollup('rollup_day')).toContainEqual(['2026-03-20', 15, 4, 2, 6]);
    expect(await rollup('rollup_hour')).toContainEqual(['2026-03-20T09:30', 11, 3, 2, 6]);
    expect(await rollup('rollup_month')).toEqual([['2026-03-01', 22, 6, 2, 6]]);
    const kept = await Promise.all((['rollup_hour', 'rollup_day', 'rollup_month'] as const).map(rollup));
    await rebuildRollups(database.sql, org);
    expect(await Promise.all((['rollup_hour', 'rollup_day', 'rollup_month'] as const).map(rollup))).toEqual(kept);
  });

  it('count a reading once when two batches bring it at the same time', async () => {
    // PostgreSQL: the second batch starts while the first is still open, and waits on its row.
    // Each must see from its own insert whether it added the reading; PGlite runs them in turn.
    const reading = { organizationId: org, targetKind: 'zone' as const, targetId: zone, metric: 'visitorsIn', ts: new Date('2026-05-04T10:00:00Z'), value: 5 };
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstWritten = () => {};
    const written = new Promise<void>((resolve) => (firstWritten = resolve));
    const first = withTransaction(database, async (tx) => {
      await writeReadings(tx, [reading]);
      firstWritten();
      await held;
    });
    await written;
    const second = writeReadings(database, [reading]);
    setTimeout(release, 300);
    await Promise.all([first, second]);
    expect((await rollup('rollup_day')).filter((d) => d[0] === '2026-05-04')).toEqual([['2026-05-04', 5, 1, 5, 5]]);
    expect((await rollup('rollup_month')).filter((m) => m[0] === '2026-05-01')).toEqual([['2026-05-01', 5, 1, 5, 5]]);
  });

  it('match a full rebuild when a batch of new readings opens some hours and adds to existing ones', async () => {
    const site = await createSite(database, org, { timezone: 'America/New_York', changeOfDayTime: '00:00' });
    const target = site.top.id;
    const at = (iso: string, metric: string, value: number, breakdown = '') =>
      ({ organizationId: org, targetKind: 'zone' as const, targetId: target, metric, breakdown, ts: new Date(iso), value });
    // The first batch opens 03:00 and 04:00 UTC; the second adds to 04:00 and opens 05:00 and the next local day.
    await writeReadings(database, [at('2026-06-10T03:15:00Z', 'visitorsIn', 4), at('2026-06-10T04:00:00Z', 'visitorsIn', 2), at('2026-06-10T04:00:00Z', 'co2', 500)]);
    await writeReadings(database, [
      at('2026-06-10T04:30:00Z', 'visitorsIn', 7),
      at('2026-06-10T04:30:00Z', 'visitorsIn', 3, 'gender:MALE'),
      at('2026-06-10T04:45:00Z', 'co2', 450),
      at('2026-06-10T05:10:00Z', 'visitorsIn', 1),
      at('2026-06-11T04:10:00Z', 'co2', 610),
    ]);
    const snapshot = async () => {
      const read = async (sql: string) => (await database.sql.query(sql, [target])).rows.map((r) => JSON.stringify(r));
      return {
        hours: await read(`select to_char(bucket at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as b, metric, breakdown, sum, count, min, max from rollup_hour where target_id = $1 order by 1, 2, 3`),
        days: await read('select day::text, metric, breakdown, sum, count, min, max from rollup_day where target_id = $1 order by 1, 2, 3'),
        months: await read('select month::text, metric, breakdown, sum, count, min, max from rollup_month where target_id = $1 order by 1, 2, 3'),
        values: await read('select day::text, metric, samples from rollup_day_values where target_id = $1 order by 1, 2'),
      };
    };
    const kept = await snapshot();
    expect(kept.hours).toHaveLength(6);
    expect(kept.hours).toContainEqual(JSON.stringify({ b: '2026-06-10T04:00', metric: 'visitorsIn', breakdown: '', sum: 9, count: 2, min: 2, max: 7 }));
    expect(kept.values).toEqual([
      JSON.stringify({ day: '2026-06-10', metric: 'co2', samples: [450, 500] }),
      JSON.stringify({ day: '2026-06-11', metric: 'co2', samples: [610] }),
    ]);
    await rebuildRollups(database.sql, org);
    expect(await snapshot()).toEqual(kept);
  });
  it('match a full rebuild when concurrent batches go in together, and give a reading in two of them the later value', async () => {
    const site = await createSite(database, org, { timezone: 'Europe/Paris', changeOfDayTime: '00:00' });
    const target = site.top.id;
    const at = (iso: string, metric: string, value: number) => ({ organizationId: org, targetKind: 'zone' as const, targetId: target, metric, ts: new Date(iso), value });
    const read = async (sql: string) => (await database.sql.query(sql, [target])).rows.map((r) => JSON.stringify(r));
    const snapshot = async () => ({
      hours: await read(`select to_char(bucket at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as b, metric, sum, count, min, max from rollup_hour where target_id = $1 order by 1, 2`),
      days: await read('select day::text, metric, sum, count, min, max from rollup_day where target_id = $1 order by 1, 2'),
      months: await read('select month::text, metric, sum, count, min, max from rollup_month where target_id = $1 order by 1, 2'),
      values: await read('select day::text, metric, samples from rollup_day_values where target_id = $1 order by 1, 2'),
    });
    // Written at once: on PGlite the four go in one transaction.
    await Promise.all([
      writeReadings(database, [at('2026-07-01T08:00:00Z', 'visitorsIn', 4), at('2026-07-01T08:00:00Z', 'co2', 700)]),
      writeReadings(database, [at('2026-07-01T08:15:00Z', 'visitorsIn', 6), at('2026-07-01T08:15:00Z', 'co2', 520)]),
      writeReadings(database, [at('2026-07-01T08:30:00Z', 'visitorsIn', 1), at('2026-07-01T21:59:00Z', 'co2', 430)]),
      writeReadings(database, [at('2026-07-01T22:00:00Z', 'visitorsIn', 9), at('2026-07-01T22:00:00Z', 'co2', 610)]),
    ]);
    const transactions = async () => (await read('select count(distinct xmin::text)::int as n from readings where target_id = $1'))[0];
    if (database.engine === 'pglite') expect(await transactions()).toBe(JSON.stringify({ n: 1 }));
    const kept = await snapshot();
    expect(kept.hours).toContainEqual(JSON.stringify({ b: '2026-07-01T08:00', metric: 'visitorsIn', sum: 11, count: 3, min: 1, max: 6 }));
    expect(kept.values).toEqual([
      JSON.stringify({ day: '2026-07-01', metric: 'co2', samples: [430, 520, 700] }),
      JSON.stringify({ day: '2026-07-02', metric: 'co2', samples: [610] }),
    ]);
    await rebuildRollups(database.sql, org);
    expect(await snapshot()).toEqual(kept);

    // The second and third batches bring the same new reading. On PGlite they are written in arrival order, so the
    // third's value stays; PostgreSQL runs them side by side and either may commit last. Rollups match a rebuild on both.
    await Promise.all([
      writeReadings(database, [at('2026-07-03T10:00:00Z', 'visitorsIn', 2)]),
      writeReadings(database, [at('2026-07-03T10:05:00Z', 'visitorsIn', 5), at('2026-07-03T10:10:00Z', 'co2', 800)]),
      writeReadings(database, [at('2026-07-03T10:10:00Z', 'co2', 640), at('2026-07-03T10:20:00Z', 'visitorsIn', 3)]),
      writeReadings(database, [at('2026-07-03T10:30:00Z', 'visitorsIn', 8)]),
    ]);
    const third = await snapshot();
    expect(third.hours).toContainEqual(JSON.stringify({ b: '2026-07-03T10:00', metric: 'visitorsIn', sum: 18, count: 4, min: 2, max: 8 }));
    const co2 = database.engine === 'pglite' ? [640] : [640, 800];
    expect(co2.map((v) => JSON.stringify({ b: '2026-07-03T10:00', metric: 'co2', sum: v, count: 1, min: v, max: v })).some((h) => third.hours.includes(h))).toBe(true);
    await rebuildRollups(database.sql, org);
    expect(await snapshot()).toEqual(third);
  });
  it('keep every batch when overlapping batches go in side by side round after round (PostgreSQL runs a deadlocked one again)', async () => {
    const site = await createSite(database, org, { timezone: 'Europe/Paris', changeOfDayTime: '00:00' });
    const target = site.top.id;
    const at = (day: number, minutes: number, metric: string, value: number) => ({
      organizationId: org,
      targetKind: 'zone' as const,
      targetId: target,
      metric,
      ts: new Date(Date.UTC(2026, 7, day, 8, minutes)),
      value,
    });
    const read = async (sql: string) => (await database.sql.query(sql, [target])).rows.map((r) => JSON.stringify(r));
    const snapshot = async () => [
      ...(await read('select bucket::text, metric, sum, count, min, max from rollup_hour where target_id = $1 order by 1, 2')),
      ...(await read('select day::text, metric, sum, count, min, max from rollup_day where target_id = $1 order by 1, 2')),
      ...(await read('select month::text, metric, sum, count, min, max from rollup_month where target_id = $1 order by 1, 2')),
    ];
    for (let day = 1; day <= 12; day++) {
      // Each round: batches sharing readings (new to one, replaced by another) and hours, in both metric orders.
      const written = await Promise.all([
        writeReadings(database, [at(day, 0, 'visitorsIn', 2), at(day, 10, 'co2', 800), at(day, 50, 'visitorsIn', 1)]),
        writeReadings(database, [at(day, 10, 'co2', 640), at(day, 20, 'visitorsIn', 3), at(day, 0, 'visitorsIn', 4)]),
        writeReadings(database, [at(day, 30, 'visitorsIn', 8), at(day, 10, 'co2', 700), at(day, 40, 'co2', 500)]),
        writeReadings(database, [at(day, 40, 'co2', 510), at(day, 20, 'visitorsIn', 6), at(day, 50, 'visitorsIn', 7)]),
      ]);
      expect(written).toEqual([3, 3, 3, 3]);
    }
    const { rows } = await database.sql.query<{ n: number }>('select count(*)::int as n from readings where target_id = $1', [target]);
    expect(rows[0]!.n).toBe(12 * 6);
    const kept = await snapshot();
    await rebuildRollups(database.sql, org);
    expect(await snapshot()).toEqual(kept);
  });

  it('let a batch announced while its checks run join the transaction being gathered (PGlite), and write it alone when unannounced', async () => {
    const site = await createSite(database, org, { timezone: 'Europe/Paris' });
    const target = site.top.id;
    const batch = (minute: number) => [{ organizationId: org, targetKind: 'zone' as const, targetId: target, metric: 'visitorsIn', ts: Date.UTC(2026, 7, 3, 9, minute), value: 1 }];
    const later = <T>(fn: () => Promise<T>) => new Promise<T>((resolve, reject) => setTimeout(() => fn().then(resolve, reject), 5));
    const transactions = async (fromMinute: number, toMinute: number) =>
      (
        await database.sql.query<{ n: number }>('select count(distinct xmin::text)::int as n from readings where target_id = $1 and ts >= $2 and ts < $3', [
          target,
          new Date(Date.UTC(2026, 7, 3, 9, fromMinute)),
          new Date(Date.UTC(2026, 7, 3, 9, toMinute)),
        ])
      ).rows[0]!.n;

    const announced = announceReadings(database);
    await Promise.all([writeReadings(database, batch(0)), later(() => writeReadings(database, batch(1), announced))]);
    await Promise.all([writeReadings(database, batch(10)), later(() => writeReadings(database, batch(11)))]);
    // An announcement settled without a batch does not hold the next one back for long.
    announceReadings(database).settle();
    await writeReadings(database, batch(20));
    if (database.engine === 'pglite') {
      expect(await transactions(0, 2)).toBe(1);
      expect(await transactions(10, 12)).toBe(2);
    }
    const { rows } = await database.sql.query<{ sum: number }>(`select sum from rollup_hour where target_id = $1`, [target]);
    expect(rows.map((r) => Number(r.sum))).toEqual([5]);
  });
});

describe('rebuildRollups', () => {
  it('writes a shuffled batch of new readings and the buckets it opens in key order, with the sums a rebuild gives', async () => {
    const organization = (await createOrganization(database)).id;
    const site = await createSite(database, organization, { timezone: 'Asia/Kolkata', changeOfDayTime: '04:00' });
    const rows = [];
    for (let quarter = 0; quarter < 4 * 96; quarter++) {
      for (const targetId of [site.child.id, site.top.id]) {
        for (const metric of ['visitorsIn', 'co2']) rows.push({ organizationId: organization, targetKind: 'zone' as const, targetId, metric, ts: Date.UTC(2026, 4, 1) + quarter * 900_000, value: (quarter * 7) % 11 });
      }
    }
    // A fixed shuffle: the order a sales file's sums or a gateway's late batch may come in.
    let seed = 7;
    for (let i = rows.length - 1; i > 0; i--) {
      seed = (seed * 48_271) % 2_147_483_647;
      const j = seed % (i + 1);
      [rows[i], rows[j]] = [rows[j]!, rows[i]!];
    }
    expect(await writeReadings(database, rows)).toBe(rows.length);
    const tables = [['readings', 'ts'], ['rollup_hour', 'bucket'], ['rollup_day', 'day'], ['rollup_month', 'month']] as const;
    const keys = async (table: string, bucket: string, by: string) =>
      (await database.sql.query<{ k: string }>(`select concat_ws('|', target_id, metric, ${bucket}, ${table === 'readings' ? 'value' : 'sum, count, min, max'}) as k from ${table} where organization_id = $1 order by ${by}`, [organization])).rows.map((r) => r.k);
    const written = [];
    for (const [table, bucket] of tables) {
      const physical = await keys(table, bucket, 'ctid');
      expect(physical.length).toBeGreaterThan(2);
      // On disk in key order on PGlite, the embedded default; on PostgreSQL the space the earlier tests of this file freed
      // (pruned row versions) takes some of these rows out of place, and its readings go in key order for the lock order only.
      if (database.engine === 'pglite') expect(physical).toEqual(await keys(table, bucket, `target_kind, target_id, metric, breakdown, ${bucket}`));
      written.push(physical);
    }
    await rebuildRollups(database.sql, organization);
    for (const [i, [table, bucket]] of tables.entries()) {
      expect((await keys(table, bucket, `target_kind, target_id, metric, breakdown, ${bucket}`)).sort()).toEqual([...written[i]!].sort());
    }
  });

  it('writes every level in key order, so that one target’s buckets sit together on disk', async () => {
    const organization = (await createOrganization(database)).id;
    const site = await createSite(database, organization, { timezone: 'Europe/Paris' });
    const zones = [site.top.id, site.child.id];
    // Written as sensors send them: every zone and metric each quarter hour, over three days.
    const rows = [];
    for (let quarter = 0; quarter < 3 * 96; quarter++) {
      for (const targetId of zones) {
        for (const metric of ['visitorsIn', 'co2']) rows.push({ organizationId: organization, targetKind: 'zone' as const, targetId, metric, ts: Date.UTC(2026, 2, 1) + quarter * 900_000, value: quarter % 7 });
      }
    }
    await writeReadings(database, rows);
    // As at full scale: readings read in the order they were written (a scan, not the key's index), grouped by hashing.
    await withTransaction(database, async (tx) => {
      for (const setting of ['enable_indexscan', 'enable_bitmapscan', 'enable_indexonlyscan', 'enable_sort']) await tx.query(`set local ${setting} = off`);
      await rebuildRollups(tx, organization);
    });
    for (const [table, bucket] of [['rollup_hour', 'bucket'], ['rollup_day', 'day'], ['rollup_month', 'month']] as const) {
      const order = async (by: string) =>
        (await database.sql.query<{ k: string }>(`select concat_ws('|', target_id, metric, ${bucket}) as k from ${table} where organization_id = $1 order by ${by}`, [organization])).rows.map((r) => r.k);
      const inKeyOrder = await order(`target_kind, target_id, metric, breakdown, ${bucket}`);
      const physical = await order('ctid');
      expect(physical.length).toBeGreaterThan(2);
      if (database.engine === 'pglite') expect(physical).toEqual(inKeyOrder);
      // On PostgreSQL, the earlier tests of this file leave dead row versions in these tables: pruning them while the rebuild
      // writes frees line pointers and page space that the rebuild's rows may take, out of place. Rows written in key order
      // stay in long runs of it; rows written unordered (grouped by hashing) break it at about every second row.
      const rank = new Map(inKeyOrder.map((key, i) => [key, i]));
      const ranks = physical.map((key) => rank.get(key)!);
      const descents = ranks.filter((r, i) => i > 0 && r < ranks[i - 1]!).length;
      expect(descents).toBeLessThanOrEqual(Math.max(2, Math.floor(ranks.length / 10)));
    }
  });
});
