import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesReceiptKey } from '@sitelens/domain';
import type { Database } from '../../db/database.ts';
import { migrationsFolder } from '../../db/database.ts';
import { createAcmeAndRival, createSite, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';
import { uploadSalesFile } from './salesUpload.test-support.ts';

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
const ids = { org: 0, site: 0, shop: 0 };
const NOW = new Date('2026-03-02T09:30:00Z');
const RETAIL = `query($input: RetailDataInput!) { retailData(input: $input) { series { points { value } } } }`;

beforeAll(async () => {
  database = await openTestDatabase();
  const { org } = await createAcmeAndRival(database);
  await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' });
  const site = await createSite(database, org.id, { name: 'Lyon', timezone: 'Europe/Paris' });
  Object.assign(ids, { org: org.id, site: site.site.id, shop: site.top.id });
  server = await startTestServer(database, {}, { now: () => NOW });
  token = await server.signIn('admin@acme.test');
  await server.gql(`mutation($z:Int!,$c:String){ setZoneShopCode(zoneId:$z, shopCode:$c){ shops { zoneId } } }`, { z: ids.shop, c: 'LYO-1' }, { token });
});

afterAll(async () => {
  await server.close();
  await database.close();
});

async function turnover(): Promise<number | null> {
  const input = { installationId: ids.site, metric: 'turnover', target: { kind: 'zone', ids: [ids.shop] }, groupBy: { type: 'all' }, filters: { conditions: [{ type: 'date', dateBegin: '2026-02-28T23:00:00Z', dateEnd: '2026-03-01T23:00:00Z' }] } };
  const r = await server.gql(RETAIL, { input }, { token });
  expect(r.errors).toBeUndefined();
  return r.data?.retailData.series[0]?.points[0]?.value ?? null;
}

const latin1 = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));
const utf8 = (text: string) => new TextEncoder().encode(text);
const lines = ['Café-1,2026-03-01T10:05:00+01:00,LYO-1,1,10,EUR', 'Crème-2,2026-03-01T11:05:00+01:00,LYO-1,1,20,EUR', 'R-3,2026-03-01T12:05:00+01:00,LYO-1,1,30,EUR'];

describe('sales files in any encoding (issue 29, item 12)', () => {
  it('says which encoding it read; the same receipts in UTF-8 with a BOM replace those of the Windows-1252 file', async () => {
    const first = await uploadSalesFile(server.base, token, { name: 'caisse.csv', bytes: latin1(`${lines.join('\r\n')}\r\n`) });
    expect(first.data?.importSalesMetricsCsv).toMatchObject({ encoding: 'windows-1252', rowsImported: 3, receiptsReplaced: 0 });
    expect(await turnover()).toBe(60);
    const again = await uploadSalesFile(server.base, token, { name: 'caisse-utf8.csv', bytes: utf8(`\uFEFF${lines.join('\r\n')}\r\n`) });
    expect(again.data?.importSalesMetricsCsv).toMatchObject({ encoding: 'utf-8', rowsImported: 3, receiptsReplaced: 3 });
    expect(await turnover()).toBe(60);
    const stored = await database.sql.query<{ receipt_id: string }>('SELECT receipt_id FROM sales_receipts WHERE organization_id = $1 ORDER BY receipt_id', [ids.org]);
    expect(stored.rows.map((r) => r.receipt_id)).toEqual(['Café-1', 'Crème-2', 'R-3']);
    const recent = await server.gql('{ salesSettings { recentImports { fileName encoding } } }', {}, { token });
    expect(recent.data?.salesSettings.recentImports.slice(0, 2)).toEqual([
      { fileName: 'caisse-utf8.csv', encoding: 'utf-8' },
      { fileName: 'caisse.csv', encoding: 'windows-1252' },
    ]);
  });

  it('refuses a UTF-8 file with Windows-1252 bytes, listing the lines that are not UTF-8', async () => {
    const bytes = new Uint8Array([...utf8('\uFEFF'), ...utf8(`${lines[0]}\r\n`), ...latin1(`${lines[1]}\r\n`), ...utf8(`${lines[2]}\r\n`), ...latin1('Thé-4,2026-03-01T13:05:00+01:00,LYO-1,1,40,EUR\r\n')]);
    const r = await uploadSalesFile(server.base, token, { name: 'mixed.csv', bytes });
    expect(errorCode(r)).toBe('FILE_VALIDATION_FAILED');
    expect(r.errors![0]!.extensions).toMatchObject({
      reason: 'mixedEncoding',
      errorCount: 2,
      errors: [
        { row: 2, column: 'A', code: 'notUtf8', found: 1 },
        { row: 4, column: 'A', code: 'notUtf8', found: 1 },
      ],
    });
    expect(await turnover()).toBe(60);
  });

  it('keys receipts as the domain does: the SQL rule of migration 0034 gives the same keys', async () => {
    const garbled = (text: string) => new TextDecoder('windows-1252').decode(utf8(text));
    const samples = ['R-1', 'Café-7', garbled('Café-7'), garbled('\uFEFFR-1'), '\uFEFFR-1', 'Cafe\u0301-7', garbled('Ünïcødé €5 “quoted”'), 'Ünïcødé €5', 'x\u0001y', garbled('日本-1'), 'Ã', 'Â\u0081', '∑-1', garbled('Á-1')];
    const { rows } = await database.sql.query<{ key: string }>('SELECT sales_receipt_key(s) AS key FROM unnest($1::text[]) WITH ORDINALITY AS u(s, n) ORDER BY n', [samples]);
    expect(rows.map((r) => r.key)).toEqual(samples.map(salesReceiptKey));
    expect(salesReceiptKey(garbled('Café-7'))).toBe('Café-7');
    expect(salesReceiptKey(garbled('\uFEFFR-1'))).toBe('R-1');
  });

  it('migration 0034 keys stored receipts and keeps the older of two counted twice apart; the next import of the receipt replaces both', async () => {
    // The table as it was before 0034, in a schema of its own, then the migration's own statements on it.
    const sql = database.sql;
    await sql.query('CREATE SCHEMA before_0034');
    try {
      await sql.query('SET search_path TO before_0034');
      await sql.query(`CREATE TABLE sales_imports (id int)`);
      await sql.query(`CREATE TABLE sales_receipts (organization_id int NOT NULL, zone_id int NOT NULL, receipt_id text NOT NULL, ts timestamptz, bucket timestamptz, items float8, turnover float8, amount float8, currency text, import_id int,
        CONSTRAINT sales_receipts_organization_id_zone_id_receipt_id_pk PRIMARY KEY (organization_id, zone_id, receipt_id))`);
      await sql.query(`INSERT INTO sales_receipts (organization_id, zone_id, receipt_id, import_id) VALUES (1, 1, 'R-1', 1), (1, 1, 'ï»¿R-2', 1), (1, 1, 'R-2', 2), (1, 1, 'CafÃ©-3', 1), (1, 2, 'CafÃ©-3', 1)`);
      const statements = readFileSync(`${migrationsFolder}/0034_sales_receipt_keys.sql`, 'utf8').split('--> statement-breakpoint');
      for (const statement of statements) await sql.query(statement);
      const { rows } = await sql.query<{ zone_id: number; receipt_id: string; receipt_key: string }>('SELECT zone_id, receipt_id, receipt_key FROM sales_receipts ORDER BY zone_id, receipt_id');
      expect(rows).toEqual([
        { zone_id: 1, receipt_id: 'CafÃ©-3', receipt_key: 'Café-3' },
        { zone_id: 1, receipt_id: 'R-1', receipt_key: 'R-1' },
        { zone_id: 1, receipt_id: 'R-2', receipt_key: 'R-2' },
        { zone_id: 1, receipt_id: 'ï»¿R-2', receipt_key: '\u0001ï»¿R-2' },
        { zone_id: 2, receipt_id: 'CafÃ©-3', receipt_key: 'Café-3' },
      ]);
    } finally {
      await sql.query('SET search_path TO public');
      await sql.query('DROP SCHEMA before_0034 CASCADE');
    }

    // Here: a receipt counted twice before 0034 (its garbled row kept apart), then its file again.
    const put = (id: string, at: string, amount: number) => uploadSalesFile(server.base, token, { name: 'x.csv', bytes: utf8(`${id},${at},LYO-1,1,${amount},EUR\r\n`) });
    expect((await put('Zoë-5', '2026-03-01T15:05:00+01:00', 5)).errors).toBeUndefined();
    await sql.query(`UPDATE sales_receipts SET receipt_id = 'ZoÃ«-5', receipt_key = chr(1) || 'ZoÃ«-5' WHERE receipt_key = 'Zoë-5'`);
    expect((await put('Zoë-5', '2026-03-01T15:05:00+01:00', 5)).data?.importSalesMetricsCsv.receiptsReplaced).toBe(0);
    // Both rows counted, as before the migration: the next import of the receipt takes both away.
    await sql.query(`INSERT INTO sales_receipts SELECT organization_id, zone_id, 'ZoÃ«-5', ts, bucket, items, turnover, amount, currency, import_id, chr(1) || 'ZoÃ«-5' FROM sales_receipts WHERE receipt_key = 'Zoë-5'`).catch(() => undefined);
    const count = async () => (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM sales_receipts WHERE receipt_key IN ('Zoë-5', chr(1) || 'ZoÃ«-5')`)).rows[0]!.n;
    expect(await count()).toBe(2);
    const healed = await put('Zoë-5', '2026-03-01T15:05:00+01:00', 5);
    expect(healed.errors).toBeUndefined();
    expect(await count()).toBe(1);
    expect(await turnover()).toBe(65);
  });
});
