import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { zones } from '../../composition/tables.ts';
import { createAcmeAndRival, createSite, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { startTestServer } from '../../test/testServer.ts';
import { type Cell, csvOf, uploadSalesFile } from './salesUpload.test-support.ts';

// A file of a new period takes the import's fast path (receipts inserted as they are, sums added up
// in the application); anything touching receipts already there takes the replacing path. Both must
// leave the same readings: the sums of the receipts table, quarter hour by quarter hour.

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
let rivalToken: string;
const ids = { org: 0, rival: 0, site: 0, shop: 0, rivalShop: 0 };
const NOW = new Date('2026-06-01T08:00:00Z');

const SET_CODE = `mutation($z:Int!,$c:String){ setZoneShopCode(zoneId:$z, shopCode:$c){ shops { zoneId shopCode } } }`;
const RETAIL = `query($input: RetailDataInput!) { retailData(input: $input) { series { points { value } } } }`;

beforeAll(async () => {
  database = await openTestDatabase();
  const { org, rival } = await createAcmeAndRival(database);
  await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' });
  await createUser(database, { email: 'admin@rival.test', organizationIds: [rival.id], role: 'admin' });
  const site = await createSite(database, org.id, { name: 'Lyon', timezone: 'Europe/Paris' });
  const rivalSite = await createSite(database, rival.id, { name: 'Rival', timezone: 'Europe/Paris' });
  Object.assign(ids, { org: org.id, rival: rival.id, site: site.site.id, shop: site.top.id, rivalShop: rivalSite.top.id });
  server = await startTestServer(database, {}, { now: () => NOW });
  ({ admin: token, rival: rivalToken } = await server.signInAll({ admin: 'admin@acme.test', rival: 'admin@rival.test' }));
  expect((await server.gql(SET_CODE, { z: ids.shop, c: 'LYO' }, { token })).errors).toBeUndefined();
  expect((await server.gql(SET_CODE, { z: ids.rivalShop, c: 'LYO' }, { token: rivalToken })).errors).toBeUndefined();
});

afterAll(async () => {
  await server.close();
  await database.close();
});

async function upload(rows: Cell[][], as = token) {
  const r = await uploadSalesFile(server.base, as, { name: 'sales.csv', bytes: csvOf(rows), type: 'text/csv' });
  expect(r.errors).toBeUndefined();
  return r.data!.importSalesMetricsCsv as { rowsImported: number; receiptsReplaced: number };
}

/** The shop's stored sales readings, by quarter hour (ISO) and metric. */
async function storedReadings(zoneId = ids.shop) {
  const { rows } = await database.sql.query<{ ts: string; metric: string; value: number }>(
    `SELECT to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS ts, metric, value FROM readings
      WHERE target_kind = 'zone' AND target_id = $1 AND metric IN ('orders', 'goodsSold', 'turnover') ORDER BY ts, metric`,
    [zoneId],
  );
  return rows.map((r) => `${r.ts} ${r.metric} ${r.value}`);
}

/** The same, summed again from the receipts table as the replacing path does (turnovers are stored to the cent; a quarter hour with no receipt left reads 0). */
async function sumsOfReceipts(zoneId = ids.shop) {
  const { rows } = await database.sql.query<{ ts: string; metric: string; value: number }>(
    `SELECT to_char(b.ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS ts, m.metric, m.value
       FROM (SELECT DISTINCT ts FROM readings WHERE target_kind = 'zone' AND target_id = $1 AND metric = 'orders') b
       CROSS JOIN LATERAL (SELECT count(*) FILTER (WHERE turnover >= 0)::float8 AS orders, coalesce(sum(items), 0)::float8 AS goods,
                                  coalesce(sum(round(turnover * 100)), 0) / 100 AS turnover
                             FROM sales_receipts WHERE zone_id = $1 AND bucket = b.ts) s
       CROSS JOIN LATERAL (VALUES ('goodsSold', s.goods), ('orders', s.orders), ('turnover', s.turnover)) AS m(metric, value)
      ORDER BY 1, 2`,
    [zoneId],
  );
  return rows.map((r) => `${r.ts} ${r.metric} ${r.value}`);
}

/** The shop's turnover over a calendar month in Paris (offset: Paris's hours ahead of UTC then). */
async function monthTurnover(month: string, offset = 1) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const input = {
    installationId: ids.site,
    metric: 'turnover',
    target: { kind: 'zone', ids: [ids.shop] },
    groupBy: { type: 'all' },
    filters: { conditions: [{ type: 'date', dateBegin: new Date(Date.UTC(y, m - 1, 1) - offset * 3600_000).toISOString(), dateEnd: new Date(Date.UTC(y, m, 1) - offset * 3600_000).toISOString() }] },
  };
  const r = await server.gql(RETAIL, { input }, { token });
  expect(r.errors).toBeUndefined();
  return r.data?.retailData.series[0]?.points[0]?.value ?? null;
}

describe('a sales file of a new period, and files that meet receipts already imported', () => {
  it('imports a first period: sums per quarter hour, returns counted as turnover and goods but not orders', async () => {
    const january: Cell[][] = [
      ['J-1', '2026-01-10T10:05:00Z', 'LYO', 2, 20.1, 'EUR'],
      ['J-2', '2026-01-10T10:10:00Z', 'LYO', 1, 10.2, 'EUR'],
      ['J-3', '2026-01-10T10:14:59Z', 'LYO', -1, -5.15, 'EUR'],
      ['J-4', '2026-01-10T16:45:00Z', 'LYO', 3, 33, 'EUR'],
    ];
    expect(await upload(january)).toMatchObject({ rowsImported: 4, receiptsReplaced: 0 });
    expect(await storedReadings()).toEqual([
      '2026-01-10T10:00 goodsSold 2',
      '2026-01-10T10:00 orders 2',
      '2026-01-10T10:00 turnover 25.15',
      '2026-01-10T16:45 goodsSold 3',
      '2026-01-10T16:45 orders 1',
      '2026-01-10T16:45 turnover 33',
    ]);
    expect(await storedReadings()).toEqual(await sumsOfReceipts());
    expect(await monthTurnover('2026-01')).toBeCloseTo(58.15, 6);
  });

  it('imports the next period beside it, leaving the first as it was; the rival’s own file stays its own', async () => {
    expect(await upload([['F-1', '2026-02-02T09:00:00Z', 'LYO', 1, 7, 'EUR'], ['F-2', '2026-02-02T09:01:00Z', 'LYO', 2, 8, 'EUR']])).toMatchObject({ rowsImported: 2, receiptsReplaced: 0 });
    expect(await upload([['J-1', '2026-01-10T10:05:00Z', 'LYO', 9, 99, 'EUR']], rivalToken)).toMatchObject({ rowsImported: 1, receiptsReplaced: 0 });
    expect(await monthTurnover('2026-01')).toBeCloseTo(58.15, 6);
    expect(await monthTurnover('2026-02')).toBeCloseTo(15, 6);
    expect(await storedReadings()).toEqual(await sumsOfReceipts());
    expect(await storedReadings(ids.rivalShop)).toEqual(['2026-01-10T10:00 goodsSold 9', '2026-01-10T10:00 orders 1', '2026-01-10T10:00 turnover 99']);
  });

  it('adds a new receipt to a quarter hour that holds others, counting them all', async () => {
    expect(await upload([['J-5', '2026-01-10T10:07:00Z', 'LYO', 4, 40, 'EUR']])).toMatchObject({ rowsImported: 1, receiptsReplaced: 0 });
    expect((await storedReadings()).slice(0, 3)).toEqual(['2026-01-10T10:00 goodsSold 6', '2026-01-10T10:00 orders 3', '2026-01-10T10:00 turnover 65.15']);
    expect(await storedReadings()).toEqual(await sumsOfReceipts());
  });

  it('moves a receipt imported before to a period without receipts: replaced, its old quarter hour without it', async () => {
    expect(await upload([['J-4', '2026-04-20T12:00:00Z', 'LYO', 3, 33, 'EUR']])).toMatchObject({ rowsImported: 1, receiptsReplaced: 1 });
    const stored = await storedReadings();
    expect(stored).toEqual(expect.arrayContaining(['2026-01-10T16:45 orders 0', '2026-01-10T16:45 turnover 0', '2026-04-20T12:00 orders 1', '2026-04-20T12:00 turnover 33']));
    expect(stored).toEqual(await sumsOfReceipts());
    expect(await monthTurnover('2026-01')).toBeCloseTo(65.15, 6);
    expect(await monthTurnover('2026-04', 2)).toBeCloseTo(33, 6);
  });

  it('sums turnover in whole cents on both paths: amounts whose float sum sits on a half cent give one figure, and a return cancels its sale', async () => {
    // 83.687 + 73.667 + 89.761 is 247.11499999999998 added one way and 247.115 the other; each receipt is kept to the cent.
    // 2.925 and its return −2.925: 2.93 and −2.93, nothing left (rounding halves up, the return would leave a cent).
    const may: Cell[][] = [
      ['M-1', '2026-05-05T09:01:00Z', 'LYO', 1, 83.687, 'EUR'],
      ['M-2', '2026-05-05T09:02:00Z', 'LYO', 2, 73.667, 'EUR'],
      ['M-3', '2026-05-05T09:03:00Z', 'LYO', 1, 89.761, 'EUR'],
      ['M-4', '2026-05-05T10:01:00Z', 'LYO', 1, 2.925, 'EUR'],
      ['M-5', '2026-05-05T10:02:00Z', 'LYO', -1, -2.925, 'EUR'],
    ];
    const quarterHours = [
      '2026-05-05T09:00 goodsSold 4',
      '2026-05-05T09:00 orders 3',
      '2026-05-05T09:00 turnover 247.12',
      '2026-05-05T10:00 goodsSold 0',
      '2026-05-05T10:00 orders 1',
      '2026-05-05T10:00 turnover 0',
    ];
    expect(await upload(may)).toMatchObject({ rowsImported: 5, receiptsReplaced: 0 });
    expect(await storedReadings()).toEqual(expect.arrayContaining(quarterHours));
    expect(await upload([...may].reverse())).toMatchObject({ rowsImported: 5, receiptsReplaced: 5 });
    expect(await storedReadings()).toEqual(expect.arrayContaining(quarterHours));
    expect(await storedReadings()).toEqual(await sumsOfReceipts());
  });

  it('deleting a zone deletes its receipts, and only its own', async () => {
    const count = async (zoneId: number) => (await database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM sales_receipts WHERE zone_id = $1', [zoneId])).rows[0]!.n;
    expect(await count(ids.shop)).toBe(12);
    await database.db.delete(zones).where(eq(zones.id, ids.shop));
    expect(await count(ids.shop)).toBe(0);
    expect(await count(ids.rivalShop)).toBe(1);
  });
});
