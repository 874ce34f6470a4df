import ExcelJS from 'exceljs';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { events, readings, zones } from '../../composition/tables.ts';
import { until } from '../../jobs/testSupport/until.ts';
import { rebuildRollups } from '../metrics/write/rollups.rebuild.ts';
import { createOrganization, createSite, createUser } from '../../test/factories.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtpPeer.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';

const EXPORT = `query($dataType: String!, $from: DateTime!, $to: DateTime!, $userIds: [Int!]!, $granularity: Int, $includeSubZones: Boolean, $target: ExportTarget, $installationId: Int!, $zoneIds: [Int!]!, $format: ExportFormat) {
  exportData(dataType: $dataType, from: $from, to: $to, userIds: $userIds, granularity: $granularity, includeSubZones: $includeSubZones, target: $target, installationId: $installationId, zoneIds: $zoneIds, format: $format) }`;
const RETAIL = `query($input: RetailDataInput!) { retailData(input: $input) { series { points { t value } } } }`;

let database: Database;
let smtp: SmtpPeer;
let server: Awaited<ReturnType<typeof startTestServer>>;
let env: Record<string, string> = {};
let tokens: Record<string, string> = {};
const ids = { org: 0, site: 0, top: 0, child: 0, trap: 0, admin: 0, viewer: 0, rival: 0, rivalZone: 0, plainOrg: 0, depot: 0, depotZone: 0 };
const range = { from: '2026-03-02T23:00:00Z', to: '2026-03-03T23:00:00Z' };
const DEPOT = { from: '2026-01-01T00:00:00Z', to: '2026-01-11T00:00:00Z' };

const ask = (vars: Record<string, unknown>, token = tokens.admin) =>
  server.gql(EXPORT, { dataType: 'counting', ...range, userIds: [ids.admin], installationId: ids.site, zoneIds: [ids.top], granularity: 3600, ...vars }, { token });
const mailsTo = (address: string) => smtp.received.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((t) => t?.text.includes(address)));

async function sheetOf(mail: ParsedMail) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(mail.attachments[0]!.content as unknown as ArrayBuffer);
  return workbook;
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const plain = await createOrganization(database, 'No Export Retail', { dataExport: false });
  const rival = await createOrganization(database, 'Rival Retail');
  const site = await createSite(database, org.id);
  const rivalSite = await createSite(database, rival.id);
  const [trap] = await database.db.insert(zones).values({ installationId: site.site.id, name: '=HYPERLINK("http://evil.test")', parentId: site.top.id }).returning();
  const admin = await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' });
  const viewer = await createUser(database, { email: 'viewer@acme.test', organizationIds: [org.id] });
  const rivalUser = await createUser(database, { email: 'admin@rival.test', organizationIds: [rival.id], role: 'admin' });
  await createUser(database, { email: 'admin@plain.test', organizationIds: [plain.id], role: 'admin' });
  Object.assign(ids, { org: org.id, site: site.site.id, top: site.top.id, child: site.child.id, trap: trap!.id, admin: admin.id, viewer: viewer.id, rival: rivalUser.id, rivalZone: rivalSite.top.id });
  const rows: Array<typeof readings.$inferInsert> = [];
  for (let t = Date.parse('2026-03-02T23:00:00Z'); t < Date.parse('2026-03-03T23:00:00Z'); t += 15 * 60_000) {
    for (const [zone, value] of [[site.top.id, 4], [site.child.id, 1], [trap!.id, 2]] as const) {
      rows.push({ organizationId: org.id, targetKind: 'zone', targetId: zone, metric: 'visitorsIn', ts: new Date(t), value });
      rows.push({ organizationId: org.id, targetKind: 'zone', targetId: zone, metric: 'visitorsOut', ts: new Date(t), value: 1 });
    }
  }
  await database.db.insert(readings).values(rows);
  await database.db.insert(events).values({ installationId: site.site.id, name: 'Opening year', metrics: ['counting'], neverEnding: true, dateBegin: new Date('2025-01-01') });
  // A depot with 10 days of quarter hours, exported per minute: two chunks of at most 9,000 minutes, whose
  // points together are more than one GraphQL call may read (API_POINTS_PER_CALL below), each alone fewer.
  const depot = await createSite(database, org.id, { name: 'Depot' });
  Object.assign(ids, { depot: depot.site.id, depotZone: depot.top.id });
  const long: Array<typeof readings.$inferInsert> = [];
  for (let t = Date.parse(DEPOT.from); t < Date.parse(DEPOT.to); t += 15 * 60_000) {
    long.push({ organizationId: org.id, targetKind: 'zone', targetId: depot.top.id, metric: 'visitorsIn', ts: new Date(t), value: 2 });
    long.push({ organizationId: org.id, targetKind: 'zone', targetId: depot.top.id, metric: 'visitorsOut', ts: new Date(t), value: 1 });
  }
  await database.db.insert(readings).values(long);
  await rebuildRollups(database.sql, org.id);
  env = { SMTP_URL: smtp.url, MAIL_FROM: 'Sitelens <exports@sitelens.test>', PUBLIC_URL: 'https://sitelens.example', JOBS_POLL_MS: '500', API_POINTS_PER_CALL: '1500' };
  server = await startTestServer(database, env, undefined, { jobs: { work: true } });
  tokens = await server.signInAll({ admin: 'admin@acme.test', viewer: 'viewer@acme.test', rival: 'admin@rival.test', plain: 'admin@plain.test' });
}, 120_000);

afterAll(async () => {
  await server.close();
  await smtp.close();
  await database.close();
});

describe('ExportData', () => {
  it('mails each recipient an XLSX whose rows are the engine’s numbers, per zone with its subzones', async () => {
    const r = await ask({ userIds: [ids.admin, ids.viewer] });
    expect(r.errors).toBeUndefined();
    expect(r.data!.exportData).toBe(true);
    await until(() => mailsTo('viewer@acme.test').length === 1 && mailsTo('admin@acme.test').length === 1, 30_000);
    const mail = mailsTo('viewer@acme.test')[0]!;
    const workbook = await sheetOf(mail);
    const data = workbook.getWorksheet('Data')!;
    expect(data.getRow(1).values).toEqual([undefined, 'Start', 'Zone name', 'Visitors in', 'Visitors out']);
    const rows = data.getRows(2, data.rowCount - 1)!;
    expect(rows).toHaveLength(24 * 3);
    const engine = await server.gql(
      RETAIL,
      { input: { installationId: ids.site, metric: 'visitorsIn', granularity: 3600, target: { kind: 'zone', ids: [ids.top] }, filters: { operator: 'AND', conditions: [{ type: 'date', dateBegin: range.from, dateEnd: range.to }] } } },
      { token: tokens.admin },
    );
    const top = rows.filter((row) => row.getCell(2).value === 'Whole store').map((row) => row.getCell(3).value);
    expect(top).toEqual(engine.data!.retailData.series[0].points.map((p: { value: number }) => p.value));
    const progress = await server.gql('{ myExports { status rowsDone rowsTotal siteName } }', {}, { token: tokens.admin });
    expect(progress.data!.myExports[0]).toEqual({ status: 'SENT', rowsDone: 72, rowsTotal: 72, siteName: 'Main store' });
    // A zone named like a formula stays text.
    const trap = rows.find((row) => String(row.getCell(2).value).startsWith('=HYPERLINK'))!;
    expect(trap.getCell(2).type).toBe(ExcelJS.ValueType.String);
  }, 60_000);

  it('writes a German recipient’s dates as German writes them (03.03.2026), in the mail and its file name', async () => {
    const PROFILE = 'mutation($p: UserProfileInput!){ updateUserProfile(profile:$p){ lang } }';
    expect((await server.gql(PROFILE, { p: { lang: 'de' } }, { token: tokens.viewer })).errors).toBeUndefined();
    try {
      const before = mailsTo('viewer@acme.test').length;
      expect((await ask({ userIds: [ids.viewer] })).errors).toBeUndefined();
      await until(() => mailsTo('viewer@acme.test').length > before, 30_000);
      const mail = mailsTo('viewer@acme.test').at(-1)!;
      expect(mail.text).toContain('für Main store, vom 03.03.2026 bis 03.03.2026 (stündlich)');
      expect(mail.attachments[0]!.filename).toBe('Main-store-03.03.2026.xlsx');
    } finally {
      // The later tests read the viewer's mails in English.
      await server.gql(PROFILE, { p: { lang: 'en' } }, { token: tokens.viewer });
    }
  }, 60_000);

  it('says the granularity inside its sentence as a sentence does: "(every 15 minutes)", not the picker’s "Every 15 minutes"', async () => {
    const before = mailsTo('viewer@acme.test').length;
    expect((await ask({ userIds: [ids.viewer], granularity: 900, format: 'CSV' })).errors).toBeUndefined();
    await until(() => mailsTo('viewer@acme.test').length > before, 30_000);
    const mail = mailsTo('viewer@acme.test').at(-1)!;
    expect(mail.text).toContain('Visitors in and Visitors out for Main store, from 03/03/2026 to 03/03/2026 (every 15 minutes).');
    expect(mail.text).not.toContain('Every 15 minutes');
  }, 60_000);

  it('lists an Arabic recipient’s measures with the Arabic conjunction, not a Latin comma', async () => {
    const PROFILE = 'mutation($p: UserProfileInput!){ updateUserProfile(profile:$p){ lang } }';
    expect((await server.gql(PROFILE, { p: { lang: 'ar' } }, { token: tokens.viewer })).errors).toBeUndefined();
    try {
      const before = mailsTo('viewer@acme.test').length;
      expect((await ask({ userIds: [ids.viewer], zoneIds: [ids.top, ids.child], includeSubZones: false })).errors).toBeUndefined();
      await until(() => mailsTo('viewer@acme.test').length > before, 30_000);
      const mail = mailsTo('viewer@acme.test').at(-1)!;
      expect(mail.text).toContain('الزوار الداخلون والزوار الخارجون لـ Main store');
      expect(mail.text).not.toContain('الزوار الداخلون, ');
      // The workbook's summary lists the zones the same way.
      const summary = (await sheetOf(mail)).worksheets[0]!;
      const cells = summary.getColumn(2).values.map(String);
      expect(cells).toContain('Whole store وCheckout');
      expect(cells).toContain('الزوار الداخلون والزوار الخارجون');
    } finally {
      await server.gql(PROFILE, { p: { lang: 'en' } }, { token: tokens.viewer });
    }
  }, 60_000);

  it('writes CSV with formula-looking text escaped, and only the chosen zone without its subzones', async () => {
    const before = mailsTo('admin@acme.test').length;
    expect((await ask({ format: 'CSV', includeSubZones: false, zoneIds: [ids.trap] })).data!.exportData).toBe(true);
    await until(() => mailsTo('admin@acme.test').length > before, 30_000);
    const csv = mailsTo('admin@acme.test').at(-1)!.attachments[0]!.content.toString('utf8');
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(25);
    expect(lines[1]).toBe(`2026-03-03 00:00,"'=HYPERLINK(""http://evil.test"")",8,4`);
  }, 60_000);

  it('reads a range longer than one engine answer in chunks (120 days at 15 minutes)', async () => {
    const before = mailsTo('admin@acme.test').length;
    const r = await ask({ format: 'CSV', includeSubZones: false, zoneIds: [ids.trap], granularity: 900, from: '2026-01-01T00:00:00Z', to: '2026-05-01T00:00:00Z' });
    expect(r.errors).toBeUndefined();
    await until(() => mailsTo('admin@acme.test').length > before, 30_000);
    const csv = mailsTo('admin@acme.test').at(-1)!.attachments[0]!.content.toString('utf8');
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n').slice(1);
    // Every quarter hour of the 120 days is a row; the one day with readings has values.
    expect(lines).toHaveLength(120 * 96);
    expect(lines.filter((l) => !l.endsWith(',,'))).toHaveLength(96);
  }, 60_000);

  it('reads each chunk of a long export with its own engine budget: more points in all than one call may read', async () => {
    const before = mailsTo('admin@acme.test').length;
    const r = await ask({ format: 'CSV', installationId: ids.depot, zoneIds: [ids.depotZone], includeSubZones: false, granularity: 60, ...DEPOT });
    expect(r.errors).toBeUndefined();
    await until(() => mailsTo('admin@acme.test').length > before, 30_000);
    const csv = mailsTo('admin@acme.test').at(-1)!.attachments[0]!.content.toString('utf8');
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n').slice(1);
    // Every minute is a row; readings come every quarter hour.
    expect(lines).toHaveLength(10 * 1440);
    expect(lines.filter((l) => !l.endsWith(',,'))).toHaveLength(10 * 96);
    const totals = lines.map((l) => l.split(',')).reduce<[number, number]>(([a, b], cells) => [a + Number(cells[2]), b + Number(cells[3])], [0, 0]);
    expect(totals).toEqual([2 * 960, 960]);
  }, 60_000);

  it('exports any metric of the site’s events, and refuses others or one passages do not measure', async () => {
    const before = mailsTo('admin@acme.test').length;
    expect((await ask({ dataType: 'visitorsIn', format: 'CSV', includeSubZones: false })).errors).toBeUndefined();
    await until(() => mailsTo('admin@acme.test').length > before, 30_000);
    const csv = mailsTo('admin@acme.test').at(-1)!.attachments[0]!.content.toString('utf8');
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Start,Zone name,Visitors in');
    expect((await ask({ dataType: 'co2' })).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'dataType' });
    expect((await ask({ dataType: 'dwell', target: 'passage' })).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'target', reason: 'notOnPassages' });
  }, 60_000);

  it('sends a file too large to attach as a link that expires and needs no sign-in', async () => {
    // Every process runs any process's jobs: the one process left has the small limit.
    await server.close();
    server = await startTestServer(database, { ...env, EXPORT_ATTACHMENT_MAX_BYTES: '2000' }, undefined, { jobs: { work: true } });
    const before = mailsTo('viewer@acme.test').length;
    const r = await server.gql(EXPORT, { dataType: 'counting', ...range, userIds: [ids.viewer], installationId: ids.site, zoneIds: [ids.top], granularity: 900 }, { token: tokens.admin });
    expect(r.errors).toBeUndefined();
    await until(() => mailsTo('viewer@acme.test').length > before, 30_000);
    const mail = mailsTo('viewer@acme.test').at(-1)!;
    expect(mail.attachments).toHaveLength(0);
    // The e-mail's button opens the link's page; the file is at /api/exports/<the same token>.
    const token = /\/export-download\?token=([\w-]+)/.exec(mail.text ?? '')![1]!;
    const path = `/api/exports/${token}`;
    const file = await fetch(`${server.base}${path}`);
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    expect(workbook.getWorksheet('Data')!.rowCount).toBe(1 + 96 * 3);
    expect((await fetch(`${server.base}${path.slice(0, -3)}abc`)).status).toBe(404);
  }, 60_000);

  it('lists the organization’s users as recipients, to those who may export', async () => {
    const r = await server.gql('{ exportRecipients { id email } }', {}, { token: tokens.admin });
    expect(r.data!.exportRecipients.map((u: { email: string }) => u.email).sort()).toEqual(['admin@acme.test', 'viewer@acme.test']);
    expect(errorCode(await server.gql('{ exportRecipients { id } }', {}, { token: tokens.plain }))).toBe('FORBIDDEN');
  });

  it('refuses a recipient, a zone or a site outside the organization, and an organization without export', async () => {
    expect(errorCode(await ask({ userIds: [ids.admin, ids.rival] }))).toBe('NOT_FOUND');
    expect(errorCode(await ask({ zoneIds: [ids.rivalZone] }))).toBe('NOT_FOUND');
    expect(errorCode(await ask({}, tokens.rival))).toBe('NOT_FOUND');
    expect(errorCode(await ask({}, tokens.plain))).toBe('FORBIDDEN');
    expect((await ask({ userIds: [] })).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'userIds', reason: 'required' });
    expect((await ask({ granularity: 300 })).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'granularity' });
    expect((await ask({ to: '2027-06-01T00:00:00Z' })).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'to', reason: 'tooLong' });
    expect((await ask({ dataType: 'nope' })).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'dataType' });
  });
});
