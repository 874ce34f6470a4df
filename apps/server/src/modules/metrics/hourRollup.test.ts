import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRANULARITIES, METRICS_WITHOUT_HOUR_ROLLUP } from '@sitelens/domain';
import type { Database } from '../../db/database.ts';
import { createOrganization, createSite, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { startTestServer } from '../../test/testServer.ts';
import { type ReadingRow, writeReadings, writeReadingsFromSelect } from './write/readings.write.ts';
import { withTransaction } from '../../db/transaction.ts';
import { type RetailQuery } from './sql/retailQuery.ts';
import { buildRetailSql } from './sql/retailSql.ts';
import { rebuildRollups } from './write/rollups.refresh.ts';

/**
 * Metrics without hour rollup (the sales metrics): every write path and the rebuild keep no hour row
 * for them and exact days and months, and the engine answers their hours from raw readings.
 */
const QUERY = `query($input: RetailDataInput!) { retailData(input: $input) { series { key points { t value } } } }`;

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let token = '';
let org = 0;
// Paris: days start on the hour (06:00); Kolkata (+05:30): days start at 04:30, off the hour.
const sites = { paris: { site: 0, zone: 0 }, kolkata: { site: 0, zone: 0 } };

beforeAll(async () => {
  database = await openTestDatabase();
  org = (await createOrganization(database)).id;
  await createUser(database, { email: 'sales@acme.test', organizationIds: [org], role: 'admin' });
  const paris = await createSite(database, org, { timezone: 'Europe/Paris', changeOfDayTime: '06:00' });
  const kolkata = await createSite(database, org, { name: 'Mumbai', timezone: 'Asia/Kolkata', changeOfDayTime: '04:30' });
  sites.paris = { site: paris.site.id, zone: paris.top.id };
  sites.kolkata = { site: kolkata.site.id, zone: kolkata.top.id };
  server = await startTestServer(database);
  token = await server.signIn('sales@acme.test');
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** Sparse receipts: a few quarter hours a day over 29 June to 2 July 2026 (a month edge), on both sites. */
function receipts(shift: number): ReadingRow[] {
  const rows: ReadingRow[] = [];
  for (const zone of [sites.paris.zone, sites.kolkata.zone]) {
    for (let quarter = 0; quarter < 4 * 96; quarter += 3 + (quarter % 5)) {
      const ts = new Date(Date.UTC(2026, 5, 29) + quarter * 900_000);
      const orders = 1 + ((quarter + shift) % 4);
      rows.push({ organizationId: org, targetKind: 'zone', targetId: zone, metric: 'orders', ts, value: orders });
      rows.push({ organizationId: org, targetKind: 'zone', targetId: zone, metric: 'goodsSold', ts, value: orders * 3 });
      rows.push({ organizationId: org, targetKind: 'zone', targetId: zone, metric: 'turnover', ts, value: orders * 12.5 });
      rows.push({ organizationId: org, targetKind: 'zone', targetId: zone, metric: 'visitorsIn', ts, value: 10 + (quarter % 7) });
    }
  }
  return rows;
}

const read = async (text: string, params: unknown[] = [org]) => (await database.sql.query(text, params)).rows.map((r) => JSON.stringify(r));

/** The organization's rollups, and the same sums of days and months computed from the raw readings. */
async function rollupsAndRaw() {
  const business = `((r.ts at time zone s.tz) - s.cod)::date`;
  const stats = 'sum(r.value)::float8 as sum, count(*)::int as count, min(r.value)::float8 as min, max(r.value)::float8 as max';
  const raw = (bucket: string) =>
    read(`select r.target_id, r.metric, (${bucket})::text as b, ${stats}
            from readings r join target_sites s on s.kind = r.target_kind and s.id = r.target_id
           where r.organization_id = $1 group by 1, 2, 3 order by 1, 2, 3`);
  const kept = (table: string, bucket: string) =>
    read(`select target_id, metric, ${bucket}::text as b, sum::float8 as sum, count::int as count, min::float8 as min, max::float8 as max
            from ${table} r where organization_id = $1 order by 1, 2, 3`);
  return {
    hourMetrics: await read(`select distinct metric from rollup_hour where organization_id = $1 order by 1`),
    days: await kept('rollup_day', 'day'),
    rawDays: await raw(business),
    months: await kept('rollup_month', 'month'),
    rawMonths: await raw(`date_trunc('month', ${business})::date`),
  };
}

async function expectNoSalesHours() {
  const state = await rollupsAndRaw();
  // Hours are still kept for the other metrics.
  expect(state.hourMetrics).toEqual([JSON.stringify({ metric: 'visitorsIn' })]);
  expect(state.days).toEqual(state.rawDays);
  expect(state.months).toEqual(state.rawMonths);
  return state;
}

describe('metrics without hour rollup', () => {
  it('are the sales metrics', () => {
    expect([...METRICS_WITHOUT_HOUR_ROLLUP].sort()).toEqual(['goodsSold', 'orders', 'turnover']);
  });

  it('get no hour rows from new readings, replaced ones, an import computed in SQL or a rebuild, and keep exact days and months', async () => {
    // All new: the plain insert and the deltas computed in the application (COPY of new buckets on PGlite).
    await writeReadings(database, receipts(0));
    const first = await expectNoSalesHours();
    expect(first.days.length).toBeGreaterThan(8);
    // Half replaced with other values, half re-sent as they were, and some new: the upsert with deltas,
    // then the recomputation of the replaced buckets.
    const again = receipts(0).map((r, i) => (i % 2 === 0 ? { ...r, value: r.value + 1 } : r));
    again.push({ organizationId: org, targetKind: 'zone', targetId: sites.kolkata.zone, metric: 'orders', ts: new Date('2026-06-30T23:05:00Z'), value: 4 });
    await writeReadings(database, again);
    await expectNoSalesHours();
    // An import's sums computed in the database (the sales import's path): new and replaced readings.
    await withTransaction(database, (tx) =>
      writeReadingsFromSelect(
        tx,
        (inKeyOrder) => `select $1::int as organization_id, 'zone'::text as target_kind, z::int as target_id, m::text as metric, ''::text as breakdown, t::timestamptz as ts, v::float8 as value
          from unnest($2::int[], $3::text[], $4::timestamptz[], $5::float8[]) as u(z, m, t, v) ${inKeyOrder ? 'order by 1, 2, 3, 4, 5, 6' : ''}`,
        [org, [sites.paris.zone, sites.paris.zone, sites.kolkata.zone], ['orders', 'turnover', 'orders'], ['2026-06-29T00:00:00Z', '2026-06-29T00:00:00Z', '2026-07-01T13:40:00Z'], [9, 99.5, 2]],
      ),
    );
    const kept = await expectNoSalesHours();
    await rebuildRollups(database.sql, org);
    expect(await expectNoSalesHours()).toEqual(kept);
  });

  it('ignore hour rows that an older database holds for them, when a day is recomputed', async () => {
    // Before this change, sales hours were rolled up: such a row (here a wrong one) must never feed a day again.
    await database.sql.query(
      `insert into rollup_hour (organization_id, target_kind, target_id, metric, breakdown, bucket, sum, count, min, max)
       values ($1, 'zone', $2, 'orders', '', '2026-06-30T08:00:00Z', 1000, 1, 1000, 1000)
       on conflict (organization_id, target_kind, target_id, metric, breakdown, bucket) do update set sum = 1000, count = 1, min = 1000, max = 1000`,
      [org, sites.paris.zone],
    );
    // A reading replaced in another hour of the same business day recomputes the day.
    await writeReadings(database, [{ organizationId: org, targetKind: 'zone', targetId: sites.paris.zone, metric: 'orders', ts: new Date('2026-06-30T12:00:00Z'), value: 7 }]);
    const state = await rollupsAndRaw();
    expect(state.days).toEqual(state.rawDays);
    expect(state.months).toEqual(state.rawMonths);
    // The engine does not read it either: hours come from the readings.
    const points = await answer(sites.paris.site, 'orders', GRANULARITIES.hour, '2026-06-30T08:00:00Z', '2026-06-30T09:00:00Z');
    expect(points.map((p) => p.value)).not.toContain(1000);
    await rebuildRollups(database.sql, org);
    await expectNoSalesHours();
  });

  it.each([
    ['on the hour', 'paris', '2026-06-29T04:00:00Z', '2026-07-02T04:00:00Z'],
    ['off the hour', 'kolkata', '2026-06-28T23:00:00Z', '2026-07-01T23:00:00Z'],
  ] as const)('answer hours from raw readings and days from the day rollup, with days starting %s', async (_, name, begin, end) => {
    const site = sites[name];
    const expected = await rawAnswer(site.zone, begin, end);
    for (const metric of ['orders', 'turnover', 'basketPrice'] as const) {
      const hours = await answer(site.site, metric, GRANULARITIES.hour, begin, end);
      expect(hours).toEqual(expected[metric].hours);
      const days = await answer(site.site, metric, GRANULARITIES.day, begin, end);
      expect(days).toEqual(expected[metric].days);
      expect(days).toHaveLength(3);
    }
    // The levels the engine picks: raw readings for the hours of orders, the hour rollup for those of
    // visitors (over whole local hours: Kolkata's start at half past), the day rollup for days.
    const tz = name === 'paris' ? 'Europe/Paris' : 'Asia/Kolkata';
    const changeOfDay = name === 'paris' ? '06:00' : '04:30';
    const hourShift = name === 'paris' ? 0 : -30 * 60_000;
    const query = (metric: string, granularity: number, shift = 0): RetailQuery => ({
      organizationId: org,
      tz,
      changeOfDay,
      metric,
      targetKind: 'zone',
      targetIds: [site.zone],
      breakdown: '',
      ranges: [[new Date(Date.parse(begin) + shift), new Date(Date.parse(end) + shift)]],
      weekdays: null,
      minuteRanges: null,
      granularity,
      groupBy: 'date',
      aggregation: 'sum',
    });
    expect(buildRetailSql(query('visitorsIn', GRANULARITIES.hour, hourShift)).level).toBe('hour');
    expect(buildRetailSql(query('orders', GRANULARITIES.hour, hourShift)).level).toBe('raw');
    expect(buildRetailSql(query('orders', GRANULARITIES.day)).level).toBe('day');
    // Whole hours of each day (an hour preset): visitors read hours where days start on the hour; orders read raw readings.
    const morning = { ...query('orders', GRANULARITIES.day), minuteRanges: [0, 1, 2, 3, 4, 5, 6].map((d) => [d * 1440 + 600, d * 1440 + 720] as [number, number]) };
    expect(buildRetailSql(morning).level).toBe('raw');
    expect(buildRetailSql({ ...morning, metric: 'visitorsIn' }).level).toBe(name === 'paris' ? 'hour' : 'raw');
  });
});

async function answer(installationId: number, metric: string, granularity: number, begin: string, end: string) {
  const r = await server.gql(QUERY, { input: { installationId, metric, granularity, filters: { conditions: [{ type: 'date', dateBegin: begin, dateEnd: end }] } } }, { token });
  expect(r.errors).toBeUndefined();
  return (r.data?.retailData.series[0]?.points ?? []) as Array<{ t: string; value: number | null }>;
}

/**
 * The expected points, from the readings alone: local hours (each zone's offset is fixed in June and
 * July) and business days (starting at the change of day), empty buckets left out.
 */
async function rawAnswer(zone: number, begin: string, end: string) {
  const { rows } = await database.sql.query<{ metric: string; ts: Date; value: number }>(
    `select metric, ts, value from readings where target_id = $1 and ts >= $2 and ts < $3 and metric in ('orders', 'turnover') and breakdown = ''`,
    [zone, new Date(begin), new Date(end)],
  );
  const offset = zone === sites.paris.zone ? 2 * 3_600_000 : 5.5 * 3_600_000;
  const dayStart = Date.parse(begin);
  const bucketsOf = (bucket: (ts: number) => number) => {
    const sums = { orders: new Map<number, number>(), turnover: new Map<number, number>() };
    for (const r of rows) {
      const map = sums[r.metric as 'orders' | 'turnover'];
      const b = bucket(new Date(r.ts).getTime());
      map.set(b, (map.get(b) ?? 0) + Number(r.value));
    }
    const points = (map: Map<number, number>) => [...map].sort(([a], [b]) => a - b).map(([t, value]) => ({ t: new Date(t).toISOString(), value }));
    // A ratio has no value without its numerator (a replaced hour may hold orders only).
    const basket = [...sums.orders].sort(([a], [b]) => a - b).map(([t, n]) => ({ t: new Date(t).toISOString(), value: sums.turnover.has(t) ? sums.turnover.get(t)! / n : null }));
    return { orders: points(sums.orders), turnover: points(sums.turnover), basketPrice: basket };
  };
  const hours = bucketsOf((ts) => Math.floor((ts + offset) / 3_600_000) * 3_600_000 - offset);
  const days = bucketsOf((ts) => dayStart + Math.floor((ts - dayStart) / 86_400_000) * 86_400_000);
  return {
    orders: { hours: hours.orders, days: days.orders },
    turnover: { hours: hours.turnover, days: days.turnover },
    basketPrice: { hours: hours.basketPrice, days: days.basketPrice },
  };
}
