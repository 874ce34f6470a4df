import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { zones } from '../../composition/tables.ts';
import { FULL_RIGHTS } from '@sitelens/domain';
import { createAcmeAndRival, createProfile, createSite, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';
import { type Cell, csvOf, uploadSalesFile, xlsOf, xlsxOf } from './salesUpload.test-support.ts';

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let dataDir: string;
const ids = { org: 0, site: 0, shop: 0, shop2: 0, rivalZone: 0 };
let tokens: Record<'admin' | 'staff' | 'viewer' | 'rival', string>;
const NOW = new Date('2026-03-02T09:30:00Z');

const SETTINGS = `{ salesSettings { reportingCurrency exchangeRates { currency rate } shops { zoneId shopCode } recentImports { id fileName rowsImported } } }`;
const SET_CODE = `mutation($z:Int!,$c:String){ setZoneShopCode(zoneId:$z, shopCode:$c){ shops { zoneId shopCode } } }`;
const SET_RATE = `mutation($c:String!,$r:Float){ setSalesExchangeRate(currency:$c, rate:$r){ exchangeRates { currency rate } } }`;
const RETAIL = `query($input: RetailDataInput!) { retailData(input: $input) { series { key points { t value } } } }`;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'sitelens-sales-'));
  const { org, rival } = await createAcmeAndRival(database);
  const viewerProfile = await createProfile(database, org.id, { ...FULL_RIGHTS, data: { salesMetrics: { edit: false } } }, 'No import');
  await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' });
  await createUser(database, { email: 'staff@acme.test', organizationIds: [org.id], profileId: (await createProfile(database, org.id)).id });
  await createUser(database, { email: 'viewer@acme.test', organizationIds: [org.id], profileId: viewerProfile.id });
  await createUser(database, { email: 'admin@rival.test', organizationIds: [rival.id], role: 'admin' });
  const site = await createSite(database, org.id, { name: 'Lyon', timezone: 'Europe/Paris' });
  const [second] = await database.db.insert(zones).values({ installationId: site.site.id, name: 'Corner shop', parentId: site.top.id }).returning();
  const rivalSite = await createSite(database, rival.id);
  Object.assign(ids, { org: org.id, site: site.site.id, shop: site.top.id, shop2: second!.id, rivalZone: rivalSite.top.id });
  server = await startTestServer(database, { DATA_DIR: dataDir }, { now: () => NOW });
  tokens = await server.signInAll({ admin: 'admin@acme.test', staff: 'staff@acme.test', viewer: 'viewer@acme.test', rival: 'admin@rival.test' });
  expect((await server.gql(SET_CODE, { z: ids.shop, c: 'LYO-1' }, { token: tokens.admin })).errors).toBeUndefined();
  expect((await server.gql(SET_CODE, { z: ids.shop2, c: 'LYO-2' }, { token: tokens.admin })).errors).toBeUndefined();
  expect((await server.gql(SET_RATE, { c: 'GBP', r: 1.2 }, { token: tokens.admin })).errors).toBeUndefined();
});

afterAll(async () => {
  await server.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The shop's stored sales over the day of 2026-03-01 (Paris), summed by the engine. */
async function daySales(zoneId = ids.shop) {
  const read = async (metric: string) => {
    const input = { installationId: ids.site, metric, target: { kind: 'zone', ids: [zoneId] }, groupBy: { type: 'zoneId', aggregation: 'sum' }, filters: { conditions: [{ type: 'date', dateBegin: '2026-02-28T23:00:00Z', dateEnd: '2026-03-01T23:00:00Z' }] } };
    const r = await server.gql(RETAIL, { input }, { token: tokens.admin });
    expect(r.errors).toBeUndefined();
    return r.data?.retailData.series[0]?.points[0]?.value ?? null;
  };
  return { orders: await read('orders'), goodsSold: await read('goodsSold'), turnover: await read('turnover'), basketPrice: await read('basketPrice') };
}

const good: Cell[][] = [
  ['R-1', '2026-03-01T10:05:00+01:00', 'LYO-1', 2, 30, 'EUR'],
  ['R-2', '2026-03-01T10:20:00+01:00', 'LYO-1', 1, 12.5, 'EUR'],
  ['R-3', '2026-03-01T15:45:00[Europe/Paris]', 'LYO-1', 3, 50, 'GBP'],
];

describe('importSalesMetricsCsv', () => {
  it('imports a CSV: receipts become orders, goods sold and turnover (GBP converted) that the engine sums at once', async () => {
    const r = await uploadSalesFile(server.base, tokens.staff, { name: 'march.csv', bytes: csvOf(good), type: 'text/csv' });
    expect(r.errors).toBeUndefined();
    expect(r.data?.importSalesMetricsCsv).toMatchObject({ fileName: 'march.csv', rowsRead: 3, rowsImported: 3, rowsRefused: 0, receiptsReplaced: 0, errorCount: 0, errors: [] });
    expect(await daySales()).toEqual({ orders: 3, goodsSold: 6, turnover: 30 + 12.5 + 60, basketPrice: (30 + 12.5 + 60) / 3 });
  });

  it('replaces receipts imported before instead of doubling them, even when they move', async () => {
    const again: Cell[][] = [good[0]!, ['R-2', '2026-03-01T11:40:00+01:00', 'LYO-1', 4, 20, 'EUR'], good[2]!];
    const r = await uploadSalesFile(server.base, tokens.staff, { name: 'march-fixed.csv', bytes: csvOf(again, ';') });
    expect(r.data?.importSalesMetricsCsv).toMatchObject({ rowsImported: 3, receiptsReplaced: 3 });
    expect(await daySales()).toEqual({ orders: 3, goodsSold: 9, turnover: 30 + 20 + 60, basketPrice: 110 / 3 });
  });

  it('refuses every bad line with its row number and column, and imports the good ones', async () => {
    const rows: Cell[][] = [
      ['R-10', '2026-03-01T12:00:00Z', 'LYO-2', 1, 10, 'EUR'],
      ['R-11', '2026-03-01', 'LYO-2', 1, 10, 'EUR'],
      ['R-12', '2026-03-01T12:00:00', 'LYO-2', 1, 10, 'EUR'],
      ['R-13', '2026-03-01T12:00:00[Moon/Base]', 'LYO-2', 1, 10, 'EUR'],
      ['', '2026-03-01T12:00:00Z', 'LYO-2', 1, 10, 'EUR'],
      ['R-15', '2026-03-01T12:00:00Z', '', 1, 10, 'EUR'],
      ['R-16', '2026-03-01T12:00:00Z', 'LYO-2', 'two', 10, 'EUR'],
      ['R-17', '2026-03-01T12:00:00Z', 'LYO-2', 1, 'ten', 'EUR'],
      ['R-18', '2026-03-01T12:00:00Z', 'LYO-2', 1, 10, 'XYZ'],
      ['R-19', '2026-03-01T12:00:00Z', 'LYO-2', 1, 10],
      ['R-20', '2026-03-01T12:00:00Z', 'PAR-9', 1, 10, 'EUR'],
      ['R-21', '2026-03-01T12:00:00Z', 'LYO-2', 1, 10, 'JPY'],
      ['R-10', '2026-03-01T12:30:00Z', 'LYO-2', 1, 10, 'EUR'],
      ['R-23', '2026-03-05T12:00:00Z', 'LYO-2', 1, 10, 'EUR'],
      ['R-24', '2026-03-01T12:00:00Z', 'LYO-2', '', 10, 'EUR'],
      ['R-25', '=1+1', 'LYO-2', 1, 10, 'EUR'],
    ];
    const r = await uploadSalesFile(server.base, tokens.staff, { name: 'mixed.csv', bytes: csvOf(rows) });
    expect(r.errors).toBeUndefined();
    expect(r.data?.importSalesMetricsCsv).toMatchObject({ rowsRead: 16, rowsImported: 1, rowsRefused: 15, errorCount: 15 });
    expect(r.data?.importSalesMetricsCsv.errors).toEqual([
      { row: 2, column: 'B', code: 'invalidDate', found: null },
      { row: 3, column: 'B', code: 'dateWithoutZone', found: null },
      { row: 4, column: 'B', code: 'unknownTimeZone', found: null },
      { row: 5, column: 'A', code: 'empty', found: null },
      { row: 6, column: 'C', code: 'empty', found: null },
      { row: 7, column: 'D', code: 'notNumeric', found: null },
      { row: 8, column: 'E', code: 'notNumeric', found: null },
      { row: 9, column: 'F', code: 'unknownCurrency', found: null },
      { row: 10, column: null, code: 'columnCount', found: 5 },
      { row: 11, column: 'C', code: 'unknownShop', found: null },
      { row: 12, column: 'F', code: 'noExchangeRate', found: null },
      { row: 13, column: 'A', code: 'duplicateReceipt', found: 1 },
      { row: 14, column: 'B', code: 'dateInFuture', found: null },
      { row: 15, column: 'D', code: 'empty', found: null },
      { row: 16, column: 'B', code: 'formula', found: null },
    ]);
    expect((await daySales(ids.shop2)).orders).toBe(1);
  });

  it('reads XLSX (ExcelJS) and XLS (SheetJS) files made by those libraries, formula and date cells refused', async () => {
    const rows: Cell[][] = [
      ['X-1', '2026-03-01T09:00:00+01:00', 'LYO-2', 2, 40, 'EUR'],
      ['X-2', '2026-03-01T09:10:00+01:00', 'LYO-2', 1, { formula: 'B1*2' }, 'EUR'],
      ['X-3', new Date('2026-03-01T09:20:00Z'), 'LYO-2', 1, 5, 'EUR'],
      [1004, '2026-03-01T09:30:00+01:00', 'LYO-2', 1, 7.5, 'gbp'],
      // The currency left empty: a workbook stores no empty cell, the row simply ends at E.
      ['X-5', '2026-03-01T09:40:00+01:00', 'LYO-2', 1, 3, null],
    ];
    const expected = [
      { row: 2, column: 'E', code: 'formula', found: null },
      { row: 3, column: 'B', code: 'dateCell', found: null },
      { row: 5, column: 'F', code: 'empty', found: null },
    ];
    const xlsx = await uploadSalesFile(server.base, tokens.staff, { name: 'march.xlsx', bytes: await xlsxOf(rows) });
    expect(xlsx.errors).toBeUndefined();
    expect(xlsx.data?.importSalesMetricsCsv).toMatchObject({ rowsRead: 5, rowsImported: 2, errors: expected });
    // SheetJS writes no formulas into BIFF8, so the XLS file has a plain number there; its reader's
    // formula mapping is checked in the domain (salesCellOfSheetJs).
    const xls = await uploadSalesFile(server.base, tokens.staff, { name: 'march.xls', bytes: xlsOf(rows) });
    expect(xls.errors).toBeUndefined();
    expect(xls.data?.importSalesMetricsCsv).toMatchObject({ rowsRead: 5, rowsImported: 3, receiptsReplaced: 2, errors: [expected[1], expected[2]] });
    expect(await daySales(ids.shop2)).toMatchObject({ orders: 4, goodsSold: 5, turnover: 10 + 40 + 0 + 9 });
  });

  it('answers FILE_VALIDATION_FAILED with the lines when no line is good, a header row included', async () => {
    const r = await uploadSalesFile(server.base, tokens.staff, { name: 'header.csv', bytes: csvOf([['Receipt', 'Date', 'Shop', 'Items', 'Turnover', 'Currency']]) });
    expect(errorCode(r)).toBe('FILE_VALIDATION_FAILED');
    expect(r.errors![0]!.extensions).toMatchObject({ rowsRead: 1, errorCount: 1, errors: [{ row: 1, code: 'headerRow' }] });
  });

  it('answers FILE_EMPTY, not a list of no problems, for a file without one line (0 bytes, blank lines, an empty sheet)', async () => {
    for (const file of [
      { name: 'empty.csv', bytes: '' },
      { name: 'blank.csv', bytes: '\r\n,, ,\r\n\r\n' },
      { name: 'bom.csv', bytes: '\uFEFF' },
      { name: 'empty.xlsx', bytes: await xlsxOf([]) },
      { name: 'empty.xls', bytes: xlsOf([[null]]) },
    ]) {
      const r = await uploadSalesFile(server.base, tokens.staff, file);
      expect({ name: file.name, code: errorCode(r) }).toEqual({ name: file.name, code: 'FILE_EMPTY' });
    }
  });

  it('checks the file type by its content, the size, the request fields and the file itself', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]);
    expect(errorCode(await uploadSalesFile(server.base, tokens.staff, { name: 'sales.csv', bytes: png }))).toBe('INVALID_FILE_TYPE');
    expect(errorCode(await uploadSalesFile(server.base, tokens.staff, { name: 'sales.pdf', bytes: csvOf(good) }))).toBe('INVALID_FILE_TYPE');
    expect(errorCode(await uploadSalesFile(server.base, tokens.staff, { name: 'sales.xlsx', bytes: 'PK\u0003\u0004 not a zip at all' }))).toBe('PROCESSING_FAILED');
    expect(errorCode(await uploadSalesFile(server.base, tokens.staff, { name: 's.csv', bytes: csvOf(good) }, { uploaderDateTime: 'yesterday' }))).toBe('INVALID_DATE_FORMAT');
    expect(errorCode(await uploadSalesFile(server.base, tokens.staff, { name: 's.csv', bytes: csvOf(good) }, { uploaderTimezone: 'Mars/Olympus' }))).toBe('INVALID_TIMEZONE_FORMAT');
    const line = 'R-9999999,2026-03-01T10:05:00+01:00,LYO-1,2,30.00,EUR\r\n';
    const max = 10 * 1024 * 1024;
    const big = line.repeat(Math.floor(max / line.length)).padEnd(max + 1, ' ');
    const tooLarge = await uploadSalesFile(server.base, tokens.staff, { name: 'big.csv', bytes: big });
    expect(errorCode(tooLarge)).toBe('FILE_TOO_LARGE');
    // Far past the limit, the request is refused before its body is read.
    const huge = await uploadSalesFile(server.base, tokens.staff, { name: 'huge.csv', bytes: big + big.slice(0, 2 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(errorCode(huge)).toBe('FILE_TOO_LARGE');
    const missing = await server.gql(`mutation { importSalesMetricsCsv(input: { file: null, uploaderDateTime: "2026-03-02T09:30:00", uploaderTimezone: "Europe/Paris" }) { id } }`, {}, { token: tokens.staff });
    expect(errorCode(missing)).toBe('FILE_REQUIRED');
  });

  it('keeps the original file, readable by its organization only', async () => {
    const r = await uploadSalesFile(server.base, tokens.staff, { name: 'kept.csv', bytes: csvOf(good) });
    const url = r.data?.importSalesMetricsCsv.fileUrl as string;
    expect(url).toMatch(/^\/api\/sales-imports\/\d+\/file$/);
    const own = await fetch(`${server.base}${url}`, { headers: { authorization: `Bearer ${tokens.viewer}` } });
    expect(own.status).toBe(200);
    expect(await own.text()).toBe(csvOf(good));
    expect((await fetch(`${server.base}${url}`, { headers: { authorization: `Bearer ${tokens.rival}` } })).status).toBe(404);
    expect((await fetch(`${server.base}${url}`)).status).toBe(401);
  });

  it('answers STORAGE_FAILED when the original file cannot be kept, and imports nothing of it', async () => {
    // A server whose folder of kept files cannot be made: a plain file stands where it should be.
    const broken = await mkdtemp(join(tmpdir(), 'sitelens-sales-broken-'));
    await writeFile(join(broken, 'blobs'), 'not a folder');
    const other = await startTestServer(database, { DATA_DIR: broken }, { now: () => NOW });
    try {
      const before = await daySales();
      const r = await uploadSalesFile(other.base, tokens.staff, { name: 'lost.csv', bytes: csvOf([['S-1', '2026-03-01T14:00:00+01:00', 'LYO-1', 1, 10, 'EUR']]) });
      expect(errorCode(r)).toBe('STORAGE_FAILED');
      expect(await daySales()).toEqual(before);
      const settings = await server.gql(SETTINGS, {}, { token: tokens.staff });
      expect(settings.data?.salesSettings.recentImports.map((i: { fileName: string }) => i.fileName)).not.toContain('lost.csv');
    } finally {
      await other.close();
      await rm(broken, { recursive: true, force: true });
    }
  });

  it('needs data.salesMetrics edit; shop codes and rates need an administrator and a zone of the organization', async () => {
    expect(errorCode(await uploadSalesFile(server.base, tokens.viewer, { name: 's.csv', bytes: csvOf(good) }))).toBe('FORBIDDEN');
    expect(errorCode(await uploadSalesFile(server.base, null, { name: 's.csv', bytes: csvOf(good) }))).toBe('UNAUTHENTICATED');
    expect(errorCode(await server.gql(SETTINGS, {}, { token: tokens.viewer }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(SET_CODE, { z: ids.shop, c: 'X' }, { token: tokens.staff }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(SET_CODE, { z: ids.rivalZone, c: 'X' }, { token: tokens.admin }))).toBe('NOT_FOUND');
    const taken = await server.gql(SET_CODE, { z: ids.shop2, c: 'LYO-1' }, { token: tokens.admin });
    expect(taken.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'shopCode', reason: 'alreadyUsed' });
    expect(errorCode(await server.gql(SET_RATE, { c: 'EURO', r: 1 }, { token: tokens.admin }))).toBe('BAD_USER_INPUT');
    const settings = await server.gql(SETTINGS, {}, { token: tokens.staff });
    expect(settings.data?.salesSettings).toMatchObject({ reportingCurrency: 'EUR', exchangeRates: [{ currency: 'GBP', rate: 1.2 }] });
    expect(settings.data?.salesSettings.recentImports.length).toBeGreaterThan(3);
    // Newest first, also among imports of the same instant (this server's clock stands still).
    const recent = settings.data?.salesSettings.recentImports.map((i: { id: number }) => i.id) as number[];
    expect(recent).toEqual([...recent].sort((a, b) => b - a));
  });

  it('a rival’s file with this organization’s shop ids imports nothing here', async () => {
    const r = await uploadSalesFile(server.base, tokens.rival, { name: 'foreign.csv', bytes: csvOf([['F-1', '2026-03-01T13:00:00Z', 'LYO-1', 9, 900, 'EUR']]) });
    expect(errorCode(r)).toBe('FILE_VALIDATION_FAILED');
    expect(r.errors![0]!.extensions!.errors).toEqual([{ row: 1, column: 'C', code: 'unknownShop' }]);
    expect((await daySales()).orders).toBe(3);
  });
});
