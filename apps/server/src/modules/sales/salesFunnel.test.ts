import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL_RIGHTS } from '@sitelens/domain';
import type { Database } from '../../db/database.ts';
import { createAcmeAndRival, createProfile, createSite, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';
import { writeReadings } from '../metrics/write/readings.write.ts';
import { type Cell, csvOf, uploadSalesFile } from './salesUpload.test-support.ts';

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let dataDir: string;
let tokens: Record<'admin' | 'noFunnel' | 'rival', string>;
const ids = { lyon: 0, london: 0, rivalShop: 0, plainZone: 0, orgId: 0, lyonSite: 0 };
const NOW = new Date('2026-03-02T09:30:00Z');

const SITES = `{ salesFunnelSites { siteId siteName installationName shopCode } }`;
const PERIODS = `query($s:[Int!]!){ salesFunnelAvailablePeriods(siteIds:$s){ datePeriodStart datePeriodEnd } }`;
const FIELDS = 'siteId siteName pedestrian affluenceIn numberOfOrders numberOfGoodsSold turnover avgBasketSize avgBasketPrice salesIndex captureRate conversionRate';
const METRICS = `query($s:[Int!]!,$d:[Date!]!){ salesFunnelMetrics(siteIds:$s, dates:$d){ ${FIELDS} } salesFunnelMetricsTotal(siteIds:$s, dates:$d){ ${FIELDS} } }`;

/** Counted entries and pedestrians, a quarter hour each, on a zone. */
async function counts(organizationId: number, zoneId: number, metric: string, entries: Array<[string, number]>) {
  await writeReadings(database, entries.map(([ts, value]) => ({ organizationId, targetKind: 'zone' as const, targetId: zoneId, metric, ts: new Date(ts), value })));
}

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'sitelens-funnel-'));
  const { org, rival } = await createAcmeAndRival(database);
  const noFunnel = await createProfile(database, org.id, { ...FULL_RIGHTS, app: { ...FULL_RIGHTS.app, salesFunnel: { read: false } } }, 'No funnel');
  await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' });
  await createUser(database, { email: 'nofunnel@acme.test', organizationIds: [org.id], profileId: noFunnel.id });
  await createUser(database, { email: 'admin@rival.test', organizationIds: [rival.id], role: 'admin' });
  const lyon = await createSite(database, org.id, { name: 'Lyon', timezone: 'Europe/Paris' });
  const london = await createSite(database, org.id, { name: 'London', timezone: 'Europe/London' });
  const rivalSite = await createSite(database, rival.id, { name: 'Rival' });
  Object.assign(ids, { lyon: lyon.top.id, london: london.top.id, rivalShop: rivalSite.top.id, plainZone: lyon.child.id, orgId: org.id, lyonSite: lyon.site.id });
  server = await startTestServer(database, { DATA_DIR: dataDir }, { now: () => NOW });
  tokens = await server.signInAll({ admin: 'admin@acme.test', noFunnel: 'nofunnel@acme.test', rival: 'admin@rival.test' });
  const code = `mutation($z:Int!,$c:String){ setZoneShopCode(zoneId:$z, shopCode:$c){ shops { zoneId } } }`;
  await server.gql(code, { z: ids.lyon, c: 'LYO' }, { token: tokens.admin });
  await server.gql(code, { z: ids.london, c: 'LDN' }, { token: tokens.admin });
  await server.gql(code, { z: ids.rivalShop, c: 'LYO' }, { token: tokens.rival });
  await server.gql(`mutation { setSalesExchangeRate(currency: "GBP", rate: 1.25) { reportingCurrency } }`, {}, { token: tokens.admin });

  // Lyon: 40 + 60 entries and 400 passers-by in February, 50 entries in January; London: 80 entries, no street counter.
  await counts(org.id, ids.lyon, 'visitorsIn', [['2026-02-10T10:00:00Z', 40], ['2026-02-11T15:00:00Z', 60], ['2026-01-20T10:00:00Z', 50]]);
  await counts(org.id, ids.lyon, 'pedestrians', [['2026-02-10T10:00:00Z', 150], ['2026-02-11T15:00:00Z', 250]]);
  await counts(org.id, ids.london, 'visitorsIn', [['2026-02-12T11:00:00Z', 80]]);
  const receipts: Cell[][] = [
    ['L-1', '2026-02-10T11:05:00+01:00', 'LYO', 2, 40, 'EUR'],
    ['L-2', '2026-02-10T11:10:00+01:00', 'LYO', 1, 15, 'EUR'],
    ['L-3', '2026-02-11T16:00:00+01:00', 'LYO', 3, 65, 'EUR'],
    ['L-4', '2026-02-11T16:30:00+01:00', 'LYO', 1, -15, 'EUR'],
    ['L-5', '2026-01-20T11:00:00+01:00', 'LYO', 4, 100, 'EUR'],
    ['G-1', '2026-02-12T11:30:00Z', 'LDN', 2, 80, 'GBP'],
    ['G-2', '2026-02-12T12:30:00Z', 'LDN', 2, 40, 'GBP'],
  ];
  const r = await uploadSalesFile(server.base, tokens.admin, { name: 'feb.csv', bytes: csvOf(receipts) });
  expect(r.data?.importSalesMetricsCsv.rowsImported).toBe(7);
});

afterAll(async () => {
  await server.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('sales funnel', () => {
  it('lists the organization’s shops and the months with sales', async () => {
    const sites = await server.gql(SITES, {}, { token: tokens.admin });
    expect(sites.data?.salesFunnelSites).toEqual([
      { siteId: ids.london, siteName: 'Whole store', installationName: 'London', shopCode: 'LDN' },
      { siteId: ids.lyon, siteName: 'Whole store', installationName: 'Lyon', shopCode: 'LYO' },
    ]);
    const periods = await server.gql(PERIODS, { s: [ids.lyon] }, { token: tokens.admin });
    expect(periods.data?.salesFunnelAvailablePeriods).toEqual([
      { datePeriodStart: '2026-02-01', datePeriodEnd: '2026-02-28' },
      { datePeriodStart: '2026-01-01', datePeriodEnd: '2026-01-31' },
    ]);
    const london = await server.gql(PERIODS, { s: [ids.london] }, { token: tokens.admin });
    expect(london.data?.salesFunnelAvailablePeriods).toEqual([{ datePeriodStart: '2026-02-01', datePeriodEnd: '2026-02-28' }]);
  });

  it('equals the sums of the imported rows and the counted entries, per shop and in total', async () => {
    const r = await server.gql(METRICS, { s: [ids.lyon, ids.london], d: ['2026-02-01'] }, { token: tokens.admin });
    expect(r.errors).toBeUndefined();
    const [lyon, london] = r.data!.salesFunnelMetrics;
    // Lyon, February: 4 receipts of which one return (not an order); turnover 40 + 15 + 65 - 15.
    expect(lyon).toEqual({
      siteId: ids.lyon,
      siteName: 'Whole store',
      pedestrian: 400,
      affluenceIn: 100,
      numberOfOrders: 3,
      numberOfGoodsSold: 7,
      turnover: 105,
      avgBasketSize: 7 / 3,
      avgBasketPrice: 35,
      salesIndex: 1.05,
      captureRate: 25,
      conversionRate: 3,
    });
    expect(london).toMatchObject({ siteId: ids.london, pedestrian: null, affluenceIn: 80, numberOfOrders: 2, turnover: 150, captureRate: null, conversionRate: 2.5, salesIndex: 150 / 80 });
    expect(r.data?.salesFunnelMetricsTotal).toMatchObject({
      siteId: null,
      pedestrian: 400,
      affluenceIn: 180,
      numberOfOrders: 5,
      turnover: 255,
      avgBasketPrice: 51,
      // The capture rate counts only the shop with a street counter.
      captureRate: 25,
      conversionRate: (5 / 180) * 100,
    });
  });

  it('asks the engine one request per metric for all the shops, whatever their number of sites', async () => {
    // Five metrics read once for both fields: 5 requests within a bound of 5, where one request per site and metric made 20.
    const bounded = await startTestServer(database, { DATA_DIR: dataDir, API_ENGINE_REQUESTS_PER_CALL: '5' }, { now: () => NOW });
    try {
      const token = await bounded.signIn('admin@acme.test');
      const r = await bounded.gql(METRICS, { s: [ids.lyon, ids.london], d: ['2026-02-01'] }, { token });
      expect(r.errors).toBeUndefined();
      expect(r.data!.salesFunnelMetrics.map((row: { affluenceIn: number }) => row.affluenceIn)).toEqual([100, 80]);
      expect(r.data!.salesFunnelMetricsTotal).toMatchObject({ affluenceIn: 180, numberOfOrders: 5, turnover: 255 });
    } finally {
      await bounded.close();
    }
  });

  it('sums several periods, and every period when no date is given', async () => {
    const both = await server.gql(METRICS, { s: [ids.lyon], d: ['2026-01-01', '2026-02-01'] }, { token: tokens.admin });
    expect(both.data?.salesFunnelMetrics[0]).toMatchObject({ affluenceIn: 150, numberOfOrders: 4, turnover: 205 });
    const all = await server.gql(METRICS, { s: [ids.lyon], d: [] }, { token: tokens.admin });
    expect(all.data?.salesFunnelMetrics[0]).toMatchObject({ affluenceIn: 150, numberOfOrders: 4, turnover: 205 });
    const none = await server.gql(METRICS, { s: [ids.lyon], d: ['2025-06-01'] }, { token: tokens.admin });
    expect(none.data?.salesFunnelMetrics[0]).toMatchObject({ affluenceIn: null, numberOfOrders: null, conversionRate: null });
  });

  it('is refused without app.salesFunnel read, for another organization’s shop and for dates that start no period', async () => {
    expect(errorCode(await server.gql(SITES, {}, { token: tokens.noFunnel }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(METRICS, { s: [ids.lyon], d: ['2026-02-01'] }, { token: tokens.noFunnel }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(PERIODS, { s: [ids.lyon] }, { token: tokens.noFunnel }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(METRICS, { s: [ids.rivalShop], d: ['2026-02-01'] }, { token: tokens.admin }))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(METRICS, { s: [ids.plainZone], d: ['2026-02-01'] }, { token: tokens.admin }))).toBe('NOT_FOUND');
    const bad = await server.gql(METRICS, { s: [ids.lyon], d: ['2026-02-14'] }, { token: tokens.admin });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'dates', reason: 'notAPeriodStart' });
    expect(errorCode(await server.gql(SITES))).toBe('UNAUTHENTICATED');
  });

  it('equals retailData over the same business months, with a change of day, counts on a dependent zone and receipts at the month edges', async () => {
    // Mumbai (+05:30), business days from 04:00: the night of 1 March up to 04:00 is still February.
    const mumbai = await createSite(database, ids.orgId, { name: 'Mumbai', timezone: 'Asia/Kolkata', changeOfDayTime: '04:00' });
    await server.gql(`mutation($z:Int!,$c:String){ setZoneShopCode(zoneId:$z, shopCode:$c){ shops { zoneId } } }`, { z: mumbai.top.id, c: 'BOM' }, { token: tokens.admin });
    // Entries on the checkout (a dependent of the shop's zone, which counts none itself): 2 in January, 3 + 4 + 5 in February, 6 in March.
    await counts(ids.orgId, mumbai.child.id, 'visitorsIn', [
      ['2026-01-31T22:00:00Z', 2],
      ['2026-01-31T22:45:00Z', 3],
      ['2026-02-28T17:30:00Z', 4],
      ['2026-02-28T22:15:00Z', 5],
      ['2026-02-28T22:30:00Z', 6],
    ]);
    const receipts: Cell[][] = [
      ['B-1', '2026-02-01T03:50:00+05:30', 'BOM', 1, 10, 'EUR'],
      ['B-2', '2026-02-01T04:10:00+05:30', 'BOM', 2, 20, 'EUR'],
      ['B-3', '2026-03-01T03:59:00+05:30', 'BOM', 3, 30, 'EUR'],
      ['B-4', '2026-03-01T04:00:00+05:30', 'BOM', 4, 40, 'EUR'],
    ];
    const upload = await uploadSalesFile(server.base, tokens.admin, { name: 'bom.csv', bytes: csvOf(receipts) });
    expect(upload.data?.importSalesMetricsCsv.rowsImported).toBe(4);

    const r = await server.gql(METRICS, { s: [mumbai.top.id, ids.lyon], d: ['2026-02-01'] }, { token: tokens.admin });
    expect(r.errors).toBeUndefined();
    const [bom, lyon] = r.data!.salesFunnelMetrics;
    expect(bom).toMatchObject({ siteId: mumbai.top.id, affluenceIn: 12, numberOfOrders: 2, numberOfGoodsSold: 5, turnover: 50, pedestrian: null });
    expect(lyon).toMatchObject({ siteId: ids.lyon, affluenceIn: 100, numberOfOrders: 3, turnover: 105 });

    // The same sums from retailData, each shop over its own business February.
    const RETAIL = `query($input: RetailDataInput!) { retailData(input: $input) { series { key points { value } } } }`;
    const shops = [
      { site: mumbai.site.id, zone: mumbai.top.id, row: bom, dates: ['2026-01-31T22:30:00Z', '2026-02-28T22:30:00Z'] },
      { site: ids.lyonSite, zone: ids.lyon, row: lyon, dates: ['2026-01-31T23:00:00Z', '2026-02-28T23:00:00Z'] },
    ];
    const fields = { pedestrians: 'pedestrian', visitorsIn: 'affluenceIn', orders: 'numberOfOrders', goodsSold: 'numberOfGoodsSold', turnover: 'turnover' } as const;
    for (const shop of shops) {
      for (const [metric, field] of Object.entries(fields)) {
        const input = { installationId: shop.site, metric, target: { kind: 'zone', ids: [shop.zone] }, groupBy: { type: 'zone', aggregation: 'sum' }, filters: { conditions: [{ type: 'date', dateBegin: shop.dates[0], dateEnd: shop.dates[1] }] } };
        const answer = await server.gql(RETAIL, { input }, { token: tokens.admin });
        expect(answer.errors).toBeUndefined();
        const value = answer.data!.retailData.series.find((s: { key: string }) => s.key === String(shop.zone))?.points[0]?.value ?? null;
        expect([metric, shop.row[field]]).toEqual([metric, value]);
      }
    }
  });
});
