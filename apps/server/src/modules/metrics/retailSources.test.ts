import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGGREGATION_IDS, GROUP_BY_TYPES } from '@sitelens/domain';
import type { Database } from '../../db/database.ts';
import { devices, zones } from '../../composition/tables.ts';
import { createOrganization, createSite, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';
import { type ReadingRow, writeReadings } from './write/readings.write.ts';

/** Dependent zones, devices placed in zones, the share aggregations and the catalogue's every group-by. */
const QUERY = `query($input: RetailDataInput!) { retailData(input: $input) { unit series { key label points { t value } } } }`;

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let token = '';
const ids = { site: 0, top: 0, checkout: 0, stock: 0, sensorA: 0, sensorB: 0, door: 0 };
const day = { type: 'date', dateBegin: '2026-05-04T22:00:00Z', dateEnd: '2026-05-05T22:00:00Z' };

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  await createUser(database, { email: 'ops@acme.test', organizationIds: [org.id], role: 'admin' });
  const { site, top, child, door } = await createSite(database, org.id);
  const [stock] = await database.db.insert(zones).values({ installationId: site.id, name: 'Stock', parentId: top.id }).returning();
  const [a, b] = await database.db
    .insert(devices)
    .values([
      { installationId: site.id, zoneId: child.id, name: 'Air checkout', kind: 'atmosphere' },
      { installationId: site.id, zoneId: stock!.id, name: 'Air stock', kind: 'atmosphere' },
    ])
    .returning();
  Object.assign(ids, { site: site.id, top: top.id, checkout: child.id, stock: stock!.id, sensorA: a!.id, sensorB: b!.id, door: door.id });
  const at = (hour: number) => new Date(Date.UTC(2026, 4, 5, hour));
  const row = (targetKind: ReadingRow['targetKind'], targetId: number, metric: string, hour: number, value: number): ReadingRow => ({
    organizationId: org.id,
    targetKind,
    targetId,
    metric,
    ts: at(hour),
    value,
  });
  await writeReadings(database, [
    // The whole store has its own entrance counter; the checkout counts its own visitors too.
    row('zone', top.id, 'visitorsIn', 8, 10),
    row('zone', top.id, 'visitorsIn', 9, 30),
    row('zone', child.id, 'visitorsIn', 8, 4),
    row('zone', stock!.id, 'visitorsIn', 9, 1),
    // CO2 comes from the two devices only.
    row('device', a!.id, 'co2', 8, 400),
    row('device', a!.id, 'co2', 9, 600),
    row('device', b!.id, 'co2', 8, 1000),
    // Groups of 1, 2, 2 and 3 people in the checkout.
    ...[1, 2, 2, 3].map((size, i) => row('zone', child.id, 'groupSize', 8 + i, size)),
  ]);
  server = await startTestServer(database);
  token = await server.signIn('ops@acme.test');
});

afterAll(async () => {
  await server.close();
  await database.close();
});

const run = (input: Record<string, unknown>) => server.gql(QUERY, { input: { installationId: ids.site, filters: { conditions: [day] }, ...input } }, { token });
const values = (r: Awaited<ReturnType<typeof run>>) =>
  Object.fromEntries((r.data?.retailData.series ?? []).map((s: { label: string; points: Array<{ value: number }> }) => [s.label, s.points.map((p) => p.value)]));

describe('retailData sources', () => {
  it('reads a zone with its own counter from that counter, not from its dependents as well', async () => {
    const r = await run({ metric: 'visitorsIn', target: { kind: 'zone', ids: [ids.top] }, groupBy: { type: 'all', aggregation: 'sum' } });
    expect(values(r)).toEqual({ all: [40] });
  });

  it('reads the devices placed in a zone, and the dependent zones of a zone without its own sensor', async () => {
    const r = await run({ metric: 'co2', target: { kind: 'zone', ids: [ids.top, ids.checkout, ids.stock] }, groupBy: { type: 'zone', aggregation: 'avg' } });
    // No granularity: one value per zone over the day; the whole store averages both sensors' readings.
    expect(values(r)).toEqual({ 'Whole store': [2000 / 3], Checkout: [500], Stock: [1000] });
    // zoneId keeps own readings: the whole store has no sensor of its own.
    const own = await run({ metric: 'co2', target: { kind: 'zone', ids: [ids.top, ids.checkout] }, groupBy: { type: 'zoneId', aggregation: 'max' } });
    expect(own.errors).toBeUndefined();
    expect(values(own)).toEqual({ Checkout: [600] });
  });

  it('splits a zone by the devices placed in it and its dependents', async () => {
    const r = await run({ metric: 'co2', target: { kind: 'zone', ids: [ids.top] }, groupBy: { type: 'device', aggregation: 'count' } });
    expect(values(r)).toEqual({ 'Air checkout': [2], 'Air stock': [1] });
  });

  it('answers percentage and weightedPercentage as shares of all series in each bucket', async () => {
    const zonesOwn = { metric: 'visitorsIn', target: { kind: 'zone', ids: [ids.checkout, ids.stock] } };
    const pct = await run({ ...zonesOwn, groupBy: { type: 'zoneId', aggregation: 'percentage', granularity: 86400 } });
    expect(pct.data?.retailData.unit).toBe('%');
    expect(values(pct)).toEqual({ Checkout: [80], Stock: [20] });
    // Averages: the checkout's 400 and 600 weigh as one series against the stock's 1000.
    const weighted = await run({ metric: 'co2', target: { kind: 'zone', ids: [ids.checkout, ids.stock] }, groupBy: { type: 'zone', aggregation: 'weightedPercentage', granularity: 86400 } });
    expect(values(weighted)).toEqual({ Checkout: [(500 / 1500) * 100], Stock: [(1000 / 1500) * 100] });
  });

  it('keeps the first targets by total with group-by limit, and counts groups per size with group-by groupSize', async () => {
    const top = await run({ metric: 'visitorsIn', target: { kind: 'zone', ids: [ids.top, ids.checkout, ids.stock] }, groupBy: { type: 'limit', aggregation: 'sum', granularity: 86400 }, limit: 2 });
    expect(values(top)).toEqual({ 'Whole store': [40], Checkout: [4] });
    const sizes = await run({ metric: 'groupSize', target: { kind: 'zone', ids: [ids.checkout] }, groupBy: { type: 'groupSize' } });
    expect(values(sizes)).toEqual({ '1': [1], '2': [2], '3': [1] });
  });

  it('answers every aggregation and group-by of the catalogue, or refuses it naming it', async () => {
    for (const aggregation of AGGREGATION_IDS) {
      const r = await run({ metric: 'visitorsIn', target: { kind: 'zone', ids: [ids.top] }, groupBy: { type: 'date', aggregation } });
      // evolution needs a previous period with data to give numbers, but it answers.
      expect(r.errors, aggregation).toBeUndefined();
    }
    const needs: Record<string, Record<string, unknown>> = {
      tag: { tagId: 1 },
      tagCategory: { tagId: 1 },
      discontinuousDate: { variant: 'weekday' },
    };
    for (const type of Object.keys(GROUP_BY_TYPES)) {
      const metric = type === 'groupSize' ? 'groupSize' : ['energyOrigin', 'energyDestination', 'combustibleType', 'waterTemperature', 'useType'].includes(type) ? 'co2' : 'visitorsIn';
      const r = await run({ metric, target: { kind: 'zone', ids: [ids.top] }, groupBy: { type, ...needs[type] } });
      if (r.errors) {
        expect(errorCode(r), type).toBe('BAD_USER_INPUT');
        expect(String(r.errors[0]!.extensions?.reason), type).toContain(type.startsWith('tag') ? 'tag' : type);
      }
    }
    // Climate-corrected utilities answer (figures in climateCorrected.test.ts); counting their readings is refused, naming them.
    const corrected = await run({ metric: 'electricityConsumptionCorrected', target: { kind: 'zone', ids: [ids.top] } });
    expect(corrected.errors).toBeUndefined();
    const counted = await run({ metric: 'electricityConsumptionCorrected', target: { kind: 'zone', ids: [ids.top] }, groupBy: { type: 'date', aggregation: 'count' } });
    expect(errorCode(counted)).toBe('BAD_USER_INPUT');
    expect(counted.errors?.[0]?.extensions?.reason).toMatch(/electricityConsumptionCorrected/);
  });
});

describe('retailData under the page zone filter (spec 001 §4: the selected zone and its dependents)', () => {
  const inZone = (zoneId: number) => ({ conditions: [day, { type: 'zone', values: [String(zoneId)] }] });

  it('narrows sensors, per-zone lists and the site default to the selected zone', async () => {
    // The air-quality page asks the site's sensors; the checkout's filter keeps the checkout's one.
    const sensors = await run({ metric: 'co2', target: { kind: 'device', ids: [ids.sensorA, ids.sensorB] }, groupBy: { type: 'all', aggregation: 'avg' }, filters: inZone(ids.checkout) });
    expect(values(sensors)).toEqual({ all: [500] });
    const perDevice = await run({ metric: 'co2', target: { kind: 'device', ids: [ids.sensorA, ids.sensorB] }, groupBy: { type: 'device', aggregation: 'avg' }, filters: inZone(ids.stock) });
    expect(Object.keys(values(perDevice))).toEqual(['Air stock']);
    // A per-zone list of the store's zones keeps those inside the selection.
    const perZone = await run({ metric: 'visitorsIn', target: { kind: 'zone', ids: [ids.checkout, ids.stock] }, groupBy: { type: 'zone', aggregation: 'sum' }, filters: inZone(ids.checkout) });
    expect(values(perZone)).toEqual({ Checkout: [4] });
    // With no target, the request reads the selected zone rather than the whole store.
    const total = await run({ metric: 'visitorsIn', groupBy: { type: 'all', aggregation: 'sum' }, filters: inZone(ids.stock) });
    expect(values(total)).toEqual({ all: [1] });
    // The whole store selected changes nothing.
    const whole = await run({ metric: 'visitorsIn', groupBy: { type: 'all', aggregation: 'sum' }, filters: inZone(ids.top) });
    expect(values(whole)).toEqual({ all: [40] });
  });

  it('answers empty when nothing of the widget is in the zone, and refuses a zone of another site', async () => {
    const meters = await run({ metric: 'co2', target: { kind: 'device', ids: [ids.sensorA] }, groupBy: { type: 'all', aggregation: 'avg' }, filters: inZone(ids.stock) });
    expect(meters.errors).toBeUndefined();
    expect(meters.data?.retailData.series).toEqual([]);
    const foreign = await run({ metric: 'visitorsIn', filters: inZone(999_999) });
    expect(errorCode(foreign)).toBe('BAD_USER_INPUT');
  });
});
