import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { zones } from '../../composition/tables.ts';
import { createAcmeAndRival, createSite, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { startTestServer } from '../../test/testServer.ts';
import { type Cell, csvOf, uploadSalesFile } from './salesUpload.test-support.ts';

// Issue 29 item 15, the fix-and-re-upload path: Acme imports a file, then the same file with lines
// corrected; the rival imports only the corrected file. Both must read the same figures (nothing
// counted twice, nothing left of a corrected line), and the corrected import rewrites only the
// rollup buckets its corrections touch (a window from the first to the last correction rebuilt
// every day and month in between, of every shop corrected in it: 3-4x the first import's time).

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
const NOW = new Date('2026-06-01T08:00:00Z');
const shops = ['LYO-1', 'LYO-2'] as const;
type Side = { token: string; site: number; zones: Record<(typeof shops)[number], number> };
const acme = {} as Side;
const rival = {} as Side;

const SET_CODE = `mutation($z:Int!,$c:String){ setZoneShopCode(zoneId:$z, shopCode:$c){ shops { zoneId shopCode } } }`;
const RETAIL = `query($input: RetailDataInput!) { retailData(input: $input) { series { points { t value } } } }`;
const DAY = 86_400;
const MONTH = 2_592_000;

beforeAll(async () => {
  database = await openTestDatabase();
  const orgs = await createAcmeAndRival(database);
  for (const [side, org, email] of [[acme, orgs.org, 'admin@acme.test'], [rival, orgs.rival, 'admin@rival.test']] as const) {
    await createUser(database, { email, organizationIds: [org.id], role: 'admin' });
    // Days change at 05:00 (a receipt at 04:50 is the day before's); March holds the change to summer time.
    const site = await createSite(database, org.id, { name: 'Lyon', timezone: 'Europe/Paris', changeOfDayTime: '05:00' });
    const [second] = await database.db.insert(zones).values({ installationId: site.site.id, name: 'Corner shop', parentId: site.top.id }).returning();
    Object.assign(side, { site: site.site.id, zones: { 'LYO-1': site.top.id, 'LYO-2': second!.id } });
  }
  server = await startTestServer(database, {}, { now: () => NOW });
  const tokens = await server.signInAll({ acme: 'admin@acme.test', rival: 'admin@rival.test' });
  acme.token = tokens.acme;
  rival.token = tokens.rival;
  for (const side of [acme, rival]) {
    for (const code of shops) expect((await server.gql(SET_CODE, { z: side.zones[code], c: code }, { token: side.token })).errors).toBeUndefined();
  }
});

afterAll(async () => {
  await server.close();
  await database.close();
});

/** Three receipts a day in each shop from 5 January to 25 May 2026, one of them before the change of day. */
function originalFile(): Cell[][] {
  const rows: Cell[][] = [];
  for (let day = Date.UTC(2026, 0, 5); day <= Date.UTC(2026, 4, 25); day += DAY * 1000) {
    const date = new Date(day).toISOString().slice(0, 10);
    for (const [s, shop] of shops.entries()) {
      const n = (day / (DAY * 1000)) % 97;
      rows.push([`${shop}-${date}-a`, `${date}T04:50:00[Europe/Paris]`, shop, 1, 5 + ((n * 7) % 13) + s, 'EUR']);
      rows.push([`${shop}-${date}-b`, `${date}T09:15:00[Europe/Paris]`, shop, 2, 20 + ((n * 11) % 31) + 0.45, 'EUR']);
      rows.push([`${shop}-${date}-c`, `${date}T16:40:00[Europe/Paris]`, shop, 3, 41.1 + ((n * 5) % 17), 'EUR']);
    }
  }
  return rows;
}

/**
 * The same file with lines corrected: every LYO-1 amount of February, one LYO-2 amount on
 * 14 February, and LYO-1 receipts moved over a month's end, over the change of day, to a quarter
 * hour without receipts (its old one left empty), and one turned into a return.
 */
function correctedFile(original: Cell[][]): Cell[][] {
  const moved: Record<string, [string, number?]> = {
    'LYO-1-2026-01-31-c': ['2026-02-01T09:00:00[Europe/Paris]'],
    'LYO-1-2026-03-10-a': ['2026-03-10T05:10:00[Europe/Paris]'],
    'LYO-1-2026-05-03-b': ['2026-05-04T12:30:00[Europe/Paris]'],
    'LYO-1-2026-04-02-c': ['2026-04-02T16:40:00[Europe/Paris]', -12.5],
  };
  return original.map((row) => {
    const [id, time, shop, items, amount, currency] = row as [string, string, string, number, number, string];
    if (moved[id]) return [id, moved[id][0], shop, items, moved[id][1] ?? amount, currency];
    if (shop === 'LYO-1' && time.startsWith('2026-02-')) return [id, time, shop, items, amount + 1.25, currency];
    if (id === 'LYO-2-2026-02-14-b') return [id, time, shop, items, amount - 3, currency];
    return row;
  });
}

const MONTHS = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05'];

/** A receipt's business month: before 05:00 it belongs to the day before. */
function businessMonth(time: string): string {
  const day = new Date(`${time.slice(0, 10)}T00:00:00Z`);
  if (time.slice(11, 16) < '05:00') day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 7);
}

const monthTurnover = (rows: Cell[][], shop: string, month: string) =>
  rows.filter((row) => row[2] === shop && businessMonth(String(row[1])) === month).reduce((a, row) => a + Number(row[4]), 0);

async function upload(side: Side, name: string, rows: Cell[][]) {
  const r = await uploadSalesFile(server.base, side.token, { name, bytes: csvOf(rows), type: 'text/csv' }, { uploaderDateTime: '2026-06-01T10:00:00' });
  expect(r.errors).toBeUndefined();
  return r.data!.importSalesMetricsCsv as { rowsImported: number; receiptsReplaced: number };
}

/** A shop's figure per business day or month from 1 January to 1 June (Paris), as a widget reads it. */
async function series(side: Side, shop: (typeof shops)[number], metric: string, granularity: number) {
  const input = {
    installationId: side.site,
    metric,
    granularity,
    target: { kind: 'zone', ids: [side.zones[shop]] },
    filters: { conditions: [{ type: 'date', dateBegin: '2025-12-31T23:00:00Z', dateEnd: '2026-05-31T22:00:00Z' }] },
  };
  const r = await server.gql(RETAIL, { input }, { token: side.token });
  expect(r.errors).toBeUndefined();
  return (r.data!.retailData.series[0]?.points ?? []) as Array<{ t: string; value: number | null }>;
}

/** When each of a shop's day and month rollup rows was last written (the transaction that wrote it). */
async function rollupWrites(side: Side, shop: (typeof shops)[number]) {
  const { rows } = await database.sql.query<{ key: string; xmin: string }>(
    `SELECT 'day ' || day::text || ' ' || metric AS key, xmin::text FROM rollup_day WHERE target_kind = 'zone' AND target_id = $1
     UNION ALL SELECT 'month ' || month::text || ' ' || metric, xmin::text FROM rollup_month WHERE target_kind = 'zone' AND target_id = $1`,
    [side.zones[shop]],
  );
  return new Map(rows.map((r) => [r.key, r.xmin]));
}

describe('a corrected sales file imported again', () => {
  it('reads as a single import of the corrected file, day by day and month by month, and rewrites only the buckets it corrects', async () => {
    const original = originalFile();
    const corrected = correctedFile(original);
    expect(await upload(acme, 'sales.csv', original)).toMatchObject({ rowsImported: original.length, receiptsReplaced: 0 });
    const before = await rollupWrites(acme, 'LYO-2');

    expect(await upload(acme, 'sales-corrected.csv', corrected)).toMatchObject({ rowsImported: corrected.length, receiptsReplaced: corrected.length });
    expect(await upload(rival, 'sales-corrected.csv', corrected)).toMatchObject({ rowsImported: corrected.length, receiptsReplaced: 0 });

    for (const shop of shops) {
      for (const metric of ['orders', 'goodsSold', 'turnover', 'basketPrice']) {
        for (const granularity of [DAY, MONTH]) {
          const mine = await series(acme, shop, metric, granularity);
          expect(mine.length, `${shop} ${metric} ${granularity}`).toBeGreaterThan(granularity === DAY ? 100 : 4);
          expect(mine, `${shop} ${metric} ${granularity}`).toEqual(await series(rival, shop, metric, granularity));
        }
      }
      // And they are the corrected file's: each business month's turnover to the cent, its orders without its one return.
      const months = await series(acme, shop, 'turnover', MONTH);
      expect(months.map((p) => p.value)).toEqual(MONTHS.map((month) => expect.closeTo(monthTurnover(corrected, shop, month), 6)));
      const orders = await series(acme, shop, 'orders', MONTH);
      expect(orders.reduce((a, p) => a + (p.value ?? 0), 0)).toBe(corrected.filter((row) => row[2] === shop && Number(row[4]) >= 0).length);
    }
    // The corrections did move the figures: February's LYO-1 turnover grew by about 3 x 28 x 1.25.
    expect(monthTurnover(corrected, 'LYO-1', '2026-02') - monthTurnover(original, 'LYO-1', '2026-02')).toBeGreaterThan(100);

    // LYO-2 had one line corrected: its day (the 14th) and its month (February) were written again, nothing else of it.
    const after = await rollupWrites(acme, 'LYO-2');
    const rewritten = [...after].filter(([key, xmin]) => before.get(key) !== xmin).map(([key]) => key.replace(/ \w+$/, ''));
    expect([...new Set(rewritten)].sort()).toEqual(['day 2026-02-14', 'month 2026-02-01']);
  });
});
