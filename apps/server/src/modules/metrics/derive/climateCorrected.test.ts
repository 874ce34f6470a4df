import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.ts';
import { createOrganization, createSite, createUser } from '../../../test/factories.ts';
import { openTestDatabase } from '../../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../../test/testServer.ts';
import { type ReadingRow, writeReadings } from '../write/readings.write.ts';

// A London shop (UTC in winter) heated through January 2026, its outdoor sensor sending through
// POST /api/ingest. Week 1 (5-11 Jan) is cold, daily mean 2 °C: 16 heating degree days (HDD) a day,
// 100 kWh a day. Week 2 (12-18 Jan) is mild, 10 °C: 8 HDD, 50 kWh. Week 3 (19-25 Jan) uses 60 kWh
// a day at 6 °C (12 HDD), but the sensor went silent after the 21st. January's reference is the
// mean HDD of its stored days: (7 × 16 + 7 × 8 + 3 × 12) / 17 = 12.
// June: the 1st at 14 °C (4 HDD), the 2nd at 22 °C (0 HDD), 10 kWh each; June's reference is 2.
const QUERY = `query($input: RetailDataInput!) { retailData(input: $input) { metric unit series { key points { t key value } } } }`;
const NOW = new Date('2026-07-01T12:00:00Z');
const DAY = 86_400;
const WEEK = 604_800;
const MONTH = 2_592_000;

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let token = '';
let rivalToken = '';
const ids = { site: 0, top: 0, child: 0, rivalSite: 0 };

const days = (from: string, count: number) => Array.from({ length: count }, (_, i) => new Date(Date.parse(`${from}T00:00:00Z`) + i * DAY * 1000).toISOString().slice(0, 10));
/** 24 hourly outdoor readings of a local day whose mean is `mean`: 3 °C colder at night, 3 °C warmer by day. */
const outdoorDay = (date: string, mean: number, zone: number, offset = 'Z') =>
  Array.from({ length: 24 }, (_, h) => ({ target: { kind: 'zone', id: zone }, metric: 'outdoorTemperature', time: `${date}T${String(h).padStart(2, '0')}:00:00${offset}`, value: mean + (h < 12 ? -3 : 3) }));

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const rival = await createOrganization(database, 'Rival Retail');
  await createUser(database, { email: 'energy@acme.test', organizationIds: [org.id], role: 'admin' });
  await createUser(database, { email: 'energy@rival.test', organizationIds: [rival.id], role: 'admin' });
  const { site, top, child } = await createSite(database, org.id, { timezone: 'Europe/London' });
  const rivalSite = await createSite(database, rival.id, { timezone: 'Europe/London' });
  Object.assign(ids, { site: site.id, top: top.id, child: child.id, rivalSite: rivalSite.site.id });

  // Heat meter readings: four a day (06, 09, 12, 18 h) on the top zone, and 10 kWh a day in the child zone in week 1.
  const rows: ReadingRow[] = [];
  const heat = (date: string, perDay: number, zone = top.id) =>
    ['06', '09', '12', '18'].forEach((h) => rows.push({ organizationId: org.id, targetKind: 'zone', targetId: zone, metric: 'heatConsumption', ts: new Date(`${date}T${h}:00:00Z`), value: perDay / 4 }));
  days('2026-01-05', 7).forEach((d) => heat(d, 100));
  days('2026-01-05', 7).forEach((d) => heat(d, 10, child.id));
  days('2026-01-12', 7).forEach((d) => heat(d, 50));
  days('2026-01-19', 7).forEach((d) => heat(d, 60));
  ['2026-06-01', '2026-06-02'].forEach((d) => heat(d, 10));
  await writeReadings(database, rows);
  // The rival has temperatures for the days our sensor missed: they must not fill our gap.
  await writeReadings(
    database,
    days('2026-01-22', 4).flatMap((d) => outdoorDay(d, -5, rivalSite.top.id).map((r) => ({ organizationId: rival.id, targetKind: 'zone' as const, targetId: rivalSite.top.id, metric: r.metric, ts: new Date(r.time), value: r.value }))),
  );

  server = await startTestServer(database, {}, { now: () => NOW });
  token = await server.signIn('energy@acme.test');
  rivalToken = await server.signIn('energy@rival.test');
  const key = (await server.gql('mutation { createApiKey(name: "Outdoor sensor") { secret } }', {}, { token })).data?.createApiKey.secret;
  const temperatures = [
    ...days('2026-01-05', 7).flatMap((d) => outdoorDay(d, 2, top.id)),
    ...days('2026-01-12', 7).flatMap((d) => outdoorDay(d, 10, top.id)),
    ...days('2026-01-19', 3).flatMap((d) => outdoorDay(d, 6, top.id)),
    // British summer time: local days start at 23:00 UTC.
    ...outdoorDay('2026-06-01', 14, top.id, '+01:00'),
    ...outdoorDay('2026-06-02', 22, top.id, '+01:00'),
  ];
  const res = await fetch(`${server.base}/api/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(temperatures),
  });
  expect(await res.json()).toEqual({ accepted: temperatures.length, rejected: [] });
});

afterAll(async () => {
  await server.close();
  await database.close();
});

const JANUARY = { type: 'date', dateBegin: '2026-01-05T00:00:00Z', dateEnd: '2026-01-26T00:00:00Z' };
const run = (metric: string, groupBy: Record<string, unknown>, extra: Record<string, unknown> = {}, as = token) =>
  server.gql(QUERY, { input: { installationId: ids.site, metric, groupBy, filters: { conditions: [JANUARY] }, ...extra } }, { token: as });
type Answer = Awaited<ReturnType<typeof run>>;
const byDay = (r: Answer) => Object.fromEntries(r.data?.retailData.series[0].points.map((p: { t: string; value: number | null }) => [p.t.slice(0, 10), p.value]) ?? []);
const only = (r: Answer) => r.data?.retailData.series[0].points.map((p: { value: number | null }) => p.value);

describe('climate-corrected heat consumption', () => {
  it('stores the outdoor temperature on the top zone: the daily mean is what the correction reads', async () => {
    const r = await run('outdoorTemperature', { type: 'date', granularity: DAY, aggregation: 'average' });
    expect(r.data?.retailData.unit).toBe('°C');
    expect(byDay(r)).toMatchObject({ '2026-01-05': 2, '2026-01-12': 10, '2026-01-21': 6 });
    expect(byDay(r)['2026-01-22']).toBeUndefined();
  });

  it('brings a cold and a mild week to the same corrected consumption, week by week and day by day', async () => {
    const raw = await run('heatConsumption', { type: 'date', granularity: WEEK, aggregation: 'sum' });
    expect(only(raw)).toEqual([700, 350, 420]);
    const weeks = await run('heatConsumptionCorrected', { type: 'date', granularity: WEEK, aggregation: 'sum' });
    expect(weeks.data?.retailData).toMatchObject({ metric: 'heatConsumptionCorrected', unit: 'kWh' });
    // 700 × (7 × 12) / (7 × 16) and 350 × (7 × 12) / (7 × 8); week 3 lacks four days of temperatures.
    expect(only(weeks)).toEqual([525, 525, null]);
    const daily = byDay(await run('heatConsumptionCorrected', { type: 'date', granularity: DAY }));
    expect(daily).toMatchObject({ '2026-01-05': 75, '2026-01-11': 75, '2026-01-12': 75, '2026-01-19': 60, '2026-01-21': 60, '2026-01-22': null, '2026-01-25': null });
  });

  it('corrects hours by their day, and averages, extremes and percentiles of one-day buckets', async () => {
    const hours = await run('heatConsumptionCorrected', { type: 'date', granularity: 3600 }, { filters: { conditions: [{ type: 'date', dateBegin: '2026-01-05T00:00:00Z', dateEnd: '2026-01-06T00:00:00Z' }] } });
    expect(only(hours)).toEqual([18.75, 18.75, 18.75, 18.75]);
    for (const aggregation of ['average', 'min', 'max', 'median', 'p95', 'first', 'last']) {
      const r = await run('heatConsumptionCorrected', { type: 'date', granularity: DAY, aggregation });
      expect(r.errors, aggregation).toBeUndefined();
      expect(byDay(r)['2026-01-05'], aggregation).toBe(18.75);
      expect(byDay(r)['2026-01-12'], aggregation).toBe(12.5 * 1.5);
    }
  });

  it('corrects a whole range, discontinuous weeks, months and one zone with the site’s temperatures', async () => {
    const coldWeek = { filters: { conditions: [{ type: 'date', dateBegin: '2026-01-05T00:00:00Z', dateEnd: '2026-01-12T00:00:00Z' }] } };
    expect(only(await run('heatConsumptionCorrected', { type: 'all' }, coldWeek))).toEqual([525]);
    // Both complete weeks: the cold days' factor 0.75 and the mild days' 1.5 weigh by their degree days.
    const twoWeeks = { filters: { conditions: [{ type: 'date', dateBegin: '2026-01-05T00:00:00Z', dateEnd: '2026-01-19T00:00:00Z' }] } };
    expect(only(await run('heatConsumptionCorrected', { type: 'all' }, twoWeeks))).toEqual([1050 * (14 * 12) / (7 * 16 + 7 * 8)]);
    const isoWeeks = await run('heatConsumptionCorrected', { type: 'discontinuousDate', variant: 'weekly' });
    expect(Object.fromEntries(isoWeeks.data?.retailData.series[0].points.map((p: { key: string; value: number }) => [p.key, p.value]))).toEqual({ W02: 525, W03: 525, W04: null });
    expect(only(await run('heatConsumptionCorrected', { type: 'date', granularity: MONTH }))).toEqual([null]);
    const checkout = await run('heatConsumptionCorrected', { type: 'date', granularity: WEEK }, { ...coldWeek, target: { kind: 'zone', ids: [ids.child] } });
    expect(only(checkout)).toEqual([70 * 0.75]);
  });

  it('leaves a day without heating degree days uncorrected, and corrects a cool summer day down', async () => {
    const june = { filters: { conditions: [{ type: 'date', dateBegin: '2026-06-01T00:00:00Z', dateEnd: '2026-06-03T00:00:00Z' }] } };
    // 1 June: 10 × 2 / 4; 2 June: 0 HDD, nothing to correct.
    expect(only(await run('heatConsumptionCorrected', { type: 'date', granularity: DAY }, june))).toEqual([5, 10]);
  });

  it('refuses counts and multi-day averages with BAD_USER_INPUT naming the metric', async () => {
    for (const groupBy of [
      { type: 'date', granularity: DAY, aggregation: 'count' },
      { type: 'date', granularity: WEEK, aggregation: 'average' },
      { type: 'all', aggregation: 'max' },
    ]) {
      const r = await run('heatConsumptionCorrected', groupBy);
      expect(errorCode(r), JSON.stringify(groupBy)).toBe('BAD_USER_INPUT');
      expect(String(r.errors?.[0]?.extensions?.reason)).toContain('heatConsumptionCorrected');
    }
  });

  it('answers the evolution against the previous period from corrected values', async () => {
    const evolution = await run('heatConsumptionCorrected', { type: 'all', aggregation: 'evolution' }, { filters: { conditions: [{ type: 'date', dateBegin: '2026-01-12T00:00:00Z', dateEnd: '2026-01-19T00:00:00Z' }] } });
    expect(evolution.errors).toBeUndefined();
    // 525 against the previous week's 525.
    expect(only(evolution)).toEqual([0]);
  });

  it('shows nothing of another organization: its site is not found and its temperatures do not fill our gaps', async () => {
    expect(errorCode(await run('heatConsumptionCorrected', { type: 'date', granularity: WEEK }, {}, rivalToken))).toBe('NOT_FOUND');
    expect(errorCode(await run('outdoorTemperature', { type: 'date', granularity: DAY }, {}, rivalToken))).toBe('NOT_FOUND');
    const rivalOwn = await server.gql(QUERY, { input: { installationId: ids.rivalSite, metric: 'outdoorTemperature', groupBy: { type: 'all', aggregation: 'average' }, filters: { conditions: [JANUARY] } } }, { token: rivalToken });
    expect(only(rivalOwn)).toEqual([-5]);
  });
});
