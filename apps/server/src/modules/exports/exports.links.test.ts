import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { events, readings, users } from '../../composition/tables.ts';
import { until } from '../../jobs/testSupport/until.ts';
import { createOrganization, createSite, createUser } from '../../test/factories.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtpPeer.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';
import { rebuildRollups } from '../metrics/write/rollups.rebuild.ts';

// Issue 29 item 10 (the data read once for every language, the recent-exports list, empty days as
// rows, no empty metric header) and issue 28 item 7 (a link dies with its recipient's membership
// and can be revoked from its page or from the recent-exports list). Every file here is over the
// attachment limit, so each recipient gets a link of their own.
const EXPORT = `query($from: DateTime!, $to: DateTime!, $userIds: [Int!]!, $installationId: Int!, $zoneIds: [Int!]!) {
  exportData(dataType: "counting", from: $from, to: $to, userIds: $userIds, granularity: 3600, includeSubZones: false, installationId: $installationId, zoneIds: $zoneIds) }`;
const MY_EXPORTS = `{ myExports { id status rowsDone rowsTotal from to timeZone changeOfDayTime format dataType granularity createdAt requestedByMe myLink liveLinks } }`;
const LINK = `query($token: String!) { exportLink(token: $token) { state file { fileName bytes expiresAt siteName from to format } } }`;
const REVOKE = `mutation($token: String!) { revokeExportLink(token: $token) }`;
const REVOKE_LIST = `mutation($id: Int!) { revokeExportLinks(requestId: $id) }`;
const DELETE_USER = `mutation($id: Int!) { deleteUser(userId: $id) }`;
const RANGE = { from: '2026-03-02T23:00:00Z', to: '2026-03-04T23:00:00Z' }; // 3 and 4 March in Paris; readings on the 3rd only

let database: Database;
let smtp: SmtpPeer;
let server: Awaited<ReturnType<typeof startTestServer>>;
let tokens: Record<string, string> = {};
const ids = { site: 0, zone: 0, admin: 0, ahmed: 0, zoe: 0, bob: 0 };
/** Statements the metrics engine ran (reads of readings or rollups), counted on the real database. */
let engineStatements = 0;

const mailsTo = (address: string) => smtp.received.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((t) => t?.text.includes(address)));
const linkTokenOf = (address: string) => /\/export-download\?token=([\w-]+)/.exec(mailsTo(address).at(-1)?.text ?? '')![1]!;
const download = (token: string) => fetch(`${server.base}/api/exports/${token}`);
async function exportTo(userIds: number[]) {
  const before = new Map(userIds.map((id) => [id, smtp.received.length]));
  const r = await server.gql(EXPORT, { ...RANGE, userIds, installationId: ids.site, zoneIds: [ids.zone] }, { token: tokens.admin });
  expect(r.errors).toBeUndefined();
  await until(async () => (await server.gql(MY_EXPORTS, {}, { token: tokens.admin })).data!.myExports[0].status === 'SENT', 30_000);
  await until(() => smtp.received.length >= [...before.values()][0]! + userIds.length, 30_000);
}
async function workbook(bytes: ArrayBuffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes);
  return book;
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const other = await createOrganization(database, 'Other Retail');
  const site = await createSite(database, org.id);
  await database.db.insert(events).values({ installationId: site.site.id, name: 'Footfall', metrics: ['counting'], neverEnding: true, dateBegin: new Date('2025-01-01') });
  const admin = await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' });
  const ahmed = await createUser(database, { email: 'ahmed@acme.test', organizationIds: [org.id] });
  await database.db.update(users).set({ lang: 'ar' }).where(eq(users.id, ahmed.id));
  // A member of two organizations: removed from this one, the account stays (the other's).
  const zoe = await createUser(database, { email: 'zoe@acme.test', organizationIds: [org.id, other.id] });
  const bob = await createUser(database, { email: 'bob@acme.test', organizationIds: [org.id], role: 'admin' });
  await createUser(database, { email: 'admin@other.test', organizationIds: [other.id], role: 'admin' });
  Object.assign(ids, { site: site.site.id, zone: site.top.id, admin: admin.id, ahmed: ahmed.id, zoe: zoe.id, bob: bob.id });
  const rows: Array<typeof readings.$inferInsert> = [];
  for (let t = Date.parse('2026-03-02T23:00:00Z'); t < Date.parse('2026-03-03T23:00:00Z'); t += 15 * 60_000) {
    rows.push({ organizationId: org.id, targetKind: 'zone', targetId: site.top.id, metric: 'visitorsIn', ts: new Date(t), value: 3 });
    rows.push({ organizationId: org.id, targetKind: 'zone', targetId: site.top.id, metric: 'visitorsOut', ts: new Date(t), value: 1 });
  }
  await database.db.insert(readings).values(rows);
  await rebuildRollups(database.sql, org.id);
  const counted: Database = {
    ...database,
    sql: {
      query: (text, params) => {
        if (/\b(from|join)\s+"?(readings|rollup_\w+)\b/i.test(text)) engineStatements += 1;
        return database.sql.query(text, params);
      },
    },
  };
  server = await startTestServer(counted, { SMTP_URL: smtp.url, MAIL_FROM: 'Sitelens <exports@sitelens.test>', PUBLIC_URL: 'https://sitelens.example', JOBS_POLL_MS: '500', EXPORT_ATTACHMENT_MAX_BYTES: '2000' }, undefined, { jobs: { work: true } });
  tokens = await server.signInAll({ admin: 'admin@acme.test', bob: 'bob@acme.test', other: 'admin@other.test' });
}, 60_000);

afterAll(async () => {
  await server.close();
  await smtp.close();
  await database.close();
});

describe('an export to an English and an Arabic recipient', () => {
  it('reads the data once for both languages, and each gets the same rows in their own language, empty day included', async () => {
    engineStatements = 0;
    await exportTo([ids.admin]);
    const alone = engineStatements;
    expect(alone).toBeGreaterThan(0);
    engineStatements = 0;
    await exportTo([ids.admin, ids.ahmed]);
    expect(engineStatements).toBe(alone);

    const english = await workbook(await (await download(linkTokenOf('admin@acme.test'))).arrayBuffer());
    const arabic = await workbook(await (await download(linkTokenOf('ahmed@acme.test'))).arrayBuffer());
    const rowsOf = (sheet: ExcelJS.Worksheet) => sheet.getRows(2, sheet.rowCount - 1)!.map((r) => [r.getCell(1).value, r.getCell(2).value, r.getCell(3).value ?? null, r.getCell(4).value ?? null]);
    const data = english.getWorksheet('Data')!;
    expect(rowsOf(data)).toEqual(rowsOf(arabic.getWorksheet('البيانات')!));
    expect(arabic.getWorksheet('البيانات')!.views[0]!.rightToLeft).toBe(true);
    // 48 hours: the 24 of the 3rd with their numbers, the 24 of the 4th as rows without values.
    expect(data.rowCount - 1).toBe(48);
    expect(rowsOf(data).slice(0, 24).every(([, , entries]) => entries === 12)).toBe(true);
    expect(rowsOf(data).slice(24).map(([, , a, b]) => [a, b])).toEqual(Array(24).fill([null, null]));
    // The summary describes the file; no empty table of metrics.
    const summary = english.getWorksheet('Summary')!.getRows(1, english.getWorksheet('Summary')!.rowCount)!.map((r) => r.getCell(1).value);
    expect(summary).toEqual(['Report title', 'Site name', 'Zone name', 'Data', 'From', 'To', 'Time zone', 'Granularity']);
    expect(english.getWorksheet('Summary')!.getRow(4).getCell(2).value).toBe('Visitors in and Visitors out');
  }, 90_000);

  it('lists it with its period, format, date asked and the rows written', async () => {
    const [latest] = (await server.gql(MY_EXPORTS, {}, { token: tokens.admin })).data!.myExports;
    expect(latest).toMatchObject({
      status: 'SENT',
      rowsDone: 48,
      rowsTotal: 48,
      from: '2026-03-02T23:00:00.000Z',
      to: '2026-03-04T23:00:00.000Z',
      timeZone: 'Europe/Paris',
      changeOfDayTime: '00:00',
      format: 'XLSX',
      dataType: 'counting',
      granularity: 3600,
      requestedByMe: true,
      myLink: 'AVAILABLE',
      liveLinks: 2,
    });
    expect(Date.parse(latest.createdAt)).toBeGreaterThan(Date.now() - 120_000);
  });

  it('downloads from the list for its signed-in recipient only, through their own link’s checks', async () => {
    const [latest] = (await server.gql(MY_EXPORTS, {}, { token: tokens.admin })).data!.myExports;
    const mine = (token?: string, id = latest.id) => fetch(`${server.base}/api/exports/mine/${id}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    const own = await mine(tokens.admin);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    // The same file as the e-mailed link's.
    expect(Buffer.from(await own.arrayBuffer()).equals(Buffer.from(await (await download(linkTokenOf('admin@acme.test'))).arrayBuffer()))).toBe(true);
    // Signed out; another organization; a member with no link of their own; an unknown export.
    expect((await mine()).status).toBe(401);
    expect((await mine(tokens.other)).status).toBe(404);
    expect((await mine(tokens.bob)).status).toBe(404);
    expect((await mine(tokens.admin, latest.id + 1000)).status).toBe(404);
  });
});

describe('download links', () => {
  it('die with their recipient’s membership: removed from the organization, a member of another keeps no access', async () => {
    await exportTo([ids.admin, ids.zoe]);
    const zoe = linkTokenOf('zoe@acme.test');
    const admin = linkTokenOf('admin@acme.test');
    expect((await server.gql(LINK, { token: zoe })).data!.exportLink).toMatchObject({ state: 'AVAILABLE', file: { siteName: 'Main store', format: 'XLSX', from: new Date(RANGE.from).toISOString(), to: new Date(RANGE.to).toISOString() } });
    expect((await download(zoe)).status).toBe(200);

    expect((await server.gql(DELETE_USER, { id: ids.zoe }, { token: tokens.admin })).data!.deleteUser).toBe(true);
    expect((await database.db.select({ id: users.id }).from(users).where(eq(users.id, ids.zoe))).length).toBe(1);
    expect((await download(zoe)).status).toBe(404);
    expect((await server.gql(LINK, { token: zoe })).data!.exportLink).toEqual({ state: 'UNAVAILABLE', file: null });
    expect((await download(admin)).status).toBe(200);
  }, 60_000);

  it('are revoked from the e-mail’s page by whoever holds them, with no sign-in', async () => {
    const admin = linkTokenOf('admin@acme.test');
    expect((await server.gql(REVOKE, { token: admin })).data!.revokeExportLink).toBe('REVOKED');
    expect((await download(admin)).status).toBe(404);
    expect((await server.gql(LINK, { token: admin })).data!.exportLink).toEqual({ state: 'REVOKED', file: null });
    expect((await server.gql(REVOKE, { token: 'x'.repeat(32) })).data!.revokeExportLink).toBe('UNAVAILABLE');
  });

  it('are revoked from the recent-exports list: a recipient their own, whoever asked every one; nobody else', async () => {
    await exportTo([ids.admin, ids.bob]);
    const [bobsView] = (await server.gql(MY_EXPORTS, {}, { token: tokens.bob })).data!.myExports;
    expect(bobsView).toMatchObject({ requestedByMe: false, myLink: 'AVAILABLE', liveLinks: 1 });
    expect(errorCode(await server.gql(REVOKE_LIST, { id: bobsView.id }, { token: tokens.other }))).toBe('NOT_FOUND');
    expect((await server.gql(REVOKE_LIST, { id: bobsView.id }, { token: tokens.bob })).data!.revokeExportLinks).toBe(1);
    expect((await download(linkTokenOf('bob@acme.test'))).status).toBe(404);
    expect((await download(linkTokenOf('admin@acme.test'))).status).toBe(200);
    expect((await server.gql(MY_EXPORTS, {}, { token: tokens.bob })).data!.myExports[0]).toMatchObject({ myLink: 'REVOKED', liveLinks: 0 });
    expect((await server.gql(REVOKE_LIST, { id: bobsView.id }, { token: tokens.admin })).data!.revokeExportLinks).toBe(1);
    expect((await download(linkTokenOf('admin@acme.test'))).status).toBe(404);
  }, 60_000);
});
