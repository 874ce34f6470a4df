import ExcelJS from 'exceljs';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { eq } from 'drizzle-orm';
import { events, readings, reportUnsubscribeTokens, zones } from '../../composition/tables.ts';
import { until } from '../../jobs/testSupport/until.ts';
import { rebuildRollups } from '../metrics/write/rollups.rebuild.ts';
import { createOrganization, createSite, createUser } from '../../test/factories.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtpPeer.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { tokenDigest } from './reportDelivery.ts';
import { insertUnsubscribeToken } from './reports.repo.ts';
import { startTestServer } from '../../test/testServer.ts';

const CREATE = `mutation($input: ScheduledReportInput!) { createScheduledReport(input: $input) { id nextSendAt } }`;
const RETAIL = `query($input: RetailDataInput!) { retailData(input: $input) { series { points { t value } } } }`;
const KPIS = `query($input: KpiInput!) { kpis(input: $input) { metric value previousValue } }`;
const UNSUBSCRIBE = `mutation($token: String!) { unsubscribeReport(token: $token) }`;
const ONE = `query($id: Int!) { scheduledReport(id: $id) { emails } }`;
const SEND_NOW = `mutation($id: Int!) { sendScheduledReportNow(id: $id) }`;
const STATE = `query($id: Int!) { scheduledReport(id: $id) { status zoneDeleted nextSendAt } }`;

let database: Database;
let smtp: SmtpPeer;
let clock = Date.parse('2026-03-28T12:00:00Z');
const servers: Array<Awaited<ReturnType<typeof startTestServer>>> = [];
const ids = { org: 0, site: 0, zone: 0, event: 0, air: 0 };
let token = '';

const env = () => ({ SMTP_URL: smtp.url, MAIL_FROM: 'Sitelens <reports@sitelens.test>', PUBLIC_URL: 'https://sitelens.example', MESSAGE_RETRY_DELAY_SECONDS: '0', JOBS_POLL_MS: '500', JOBS_SCHEDULE_POLL_MS: '3600000' });
/** A server process on the shared database and the test's clock, running jobs and schedules. */
async function startProcess() {
  const server = await startTestServer(database, env(), { now: () => new Date(clock) }, { jobs: { work: true } });
  servers.push(server);
  return server;
}

/** 2 visitors in and 1 out every 15 minutes on the site's top zone over [from, to). */
function quarterHours(from: string, to: string) {
  const rows: Array<typeof readings.$inferInsert> = [];
  for (let t = Date.parse(from); t < Date.parse(to); t += 15 * 60_000) {
    const base = { organizationId: ids.org, targetKind: 'zone', targetId: ids.zone, ts: new Date(t) };
    rows.push({ ...base, metric: 'visitorsIn', value: 2 }, { ...base, metric: 'visitorsOut', value: 1 });
  }
  return rows;
}

function passersBy(from: string, to: string, value: number) {
  const rows: Array<typeof readings.$inferInsert> = [];
  for (let t = Date.parse(from); t < Date.parse(to); t += 15 * 60_000) rows.push({ organizationId: ids.org, targetKind: 'zone', targetId: ids.zone, ts: new Date(t), metric: 'pedestrians', value });
  return rows;
}

function airReadings(from: string, to: string, temperature: number, humidity: number) {
  const rows: Array<typeof readings.$inferInsert> = [];
  for (let t = Date.parse(from); t < Date.parse(to); t += 15 * 60_000) {
    const base = { organizationId: ids.org, targetKind: 'zone', targetId: ids.zone, ts: new Date(t) };
    rows.push({ ...base, metric: 'temperature', value: temperature }, { ...base, metric: 'humidity', value: humidity });
  }
  return rows;
}

async function workbookOf(mail: ParsedMail) {
  const attachment = mail.attachments.find((a) => a.filename?.endsWith('.xlsx'));
  expect(attachment?.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(attachment!.content as unknown as ArrayBuffer);
  return workbook;
}

const settle = () => new Promise((r) => setTimeout(r, 1500));
const mailsTo = (address: string) => smtp.received.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((t) => t?.text.includes(address)));
const report = (change: Record<string, unknown>) => ({
  title: 'Daily footfall',
  language: 'fr',
  installationId: ids.site,
  eventId: ids.event,
  zoneId: ids.zone,
  sendDay: 0,
  hour: 8,
  daysIncluded: 1,
  granularity: 3600,
  emails: ['ana@example.com'],
  ...change,
});

beforeAll(async () => {
  smtp = await startSmtpPeer();
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const site = await createSite(database, org.id, { name: 'Lyon Part-Dieu', timezone: 'Europe/Paris' });
  const [event] = await database.db
    .insert(events)
    .values({ installationId: site.site.id, name: 'Footfall', metrics: ['counting'], neverEnding: true, dateBegin: new Date('2024-01-01T00:00:00Z') })
    .returning();
  const [air] = await database.db
    .insert(events)
    .values({ installationId: site.site.id, name: 'Air', metrics: ['atmosphere'], neverEnding: true, dateBegin: new Date('2024-01-01T00:00:00Z') })
    .returning();
  Object.assign(ids, { org: org.id, site: site.site.id, zone: site.top.id, event: event!.id, air: air!.id });
  await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' });
  await database.db.insert(readings).values(quarterHours('2026-03-20T23:00:00Z', '2026-04-01T22:00:00Z'));
  // Passers-by on Saturday 28/03 (8 a quarter) and Sunday 29/03 (5): a capture rate of 25 %, then 40 %.
  await database.db.insert(readings).values([
    ...passersBy('2026-03-27T23:00:00Z', '2026-03-28T23:00:00Z', 8),
    ...passersBy('2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z', 5),
  ]);
  // The air on Saturday 28/03 (21.5 °C, 44.03 %RH) and Sunday 29/03 (21.8 °C, 44.0 %RH).
  await database.db.insert(readings).values([...airReadings('2026-03-27T23:00:00Z', '2026-03-28T23:00:00Z', 21.5, 44.03), ...airReadings('2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z', 21.8, 44)]);
  await rebuildRollups(database.sql, org.id);
}, 60_000);

afterAll(async () => {
  for (const s of servers) await s.close();
  await smtp.close();
  await database.close();
});

describe('sending scheduled reports', () => {
  it('sends at 08:00 Lyon time across the spring-forward, with the engine’s numbers in a French workbook', async () => {
    clock = Date.parse('2026-03-28T12:00:00Z');
    const server = await startProcess();
    token = await server.signIn('admin@acme.test');
    const created = await server.gql(CREATE, { input: report({ emails: ['ana@example.com', 'ben@example.com'] }) }, { token });
    expect(created.errors).toBeUndefined();
    const reportId = created.data!.createScheduledReport.id;

    clock = Date.parse('2026-03-29T05:59:59Z'); // Sunday 07:59:59 CEST, the day the clocks go forward
    await server.jobs.tickSchedules();
    await settle();
    expect(mailsTo('ana@example.com')).toHaveLength(0);
    clock = Date.parse('2026-03-29T06:00:00Z'); // Sunday 08:00 CEST
    await server.jobs.tickSchedules();
    await smtp.waitFor(2, 20_000);
    clock = Date.parse('2026-03-30T05:59:59Z');
    await server.jobs.tickSchedules();
    await settle();
    expect(smtp.received).toHaveLength(2);
    clock = Date.parse('2026-03-30T06:00:00Z'); // Monday 08:00 CEST: covers Sunday, 23 hours long
    await server.jobs.tickSchedules();
    const mails = await smtp.waitFor(4, 20_000);
    expect(mailsTo('ana@example.com')).toHaveLength(2);

    const sunday = mailsTo('ana@example.com').find((m) => m.subject?.includes('29/03/2026'))!;
    expect(sunday.subject).toBe('Daily footfall\u00a0: Lyon Part-Dieu, du 29/03/2026 au 29/03/2026');
    expect(sunday.text).toContain('Chiffres de Lyon Part-Dieu');
    // Against the 23 hours before: as many entries (184), and a capture rate up by 15 points (40 % against 25 %).
    expect(sunday.text).toContain('184 (0\u00a0% par rapport à la période précédente)');
    expect(sunday.text).toContain('40,00\u00a0% (+15,00\u00a0pts par rapport à la période précédente)');
    const workbook = await workbookOf(sunday);
    const data = workbook.getWorksheet('Données')!;
    expect(data.getRow(1).values).toEqual([undefined, 'Début', 'Entrées', 'Sorties']);
    expect(data.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const rows = data.getRows(2, data.rowCount - 1)!;
    expect(rows).toHaveLength(23);

    token = await server.signIn('admin@acme.test');
    const range = { operator: 'AND', conditions: [{ type: 'date', dateBegin: '2026-03-28T23:00:00Z', dateEnd: '2026-03-29T22:00:00Z' }] };
    const engine = await server.gql(RETAIL, { input: { installationId: ids.site, metric: 'visitorsIn', granularity: 3600, target: { kind: 'zone', ids: [ids.zone] }, filters: range } }, { token });
    const points = engine.data!.retailData.series[0].points as Array<{ t: string; value: number }>;
    expect(rows.map((r) => r.getCell(2).value)).toEqual(points.map((p) => p.value));
    // Times are the site's wall clock: 00:00, 01:00, then 03:00 (02:00 does not exist that night).
    expect(rows[0]!.getCell(1).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(rows.slice(0, 3).map((r) => (r.getCell(1).value as Date).toISOString().slice(11, 16))).toEqual(['00:00', '01:00', '03:00']);

    const summary = workbook.getWorksheet('Synthèse')!;
    const kpis = await server.gql(KPIS, { input: { installationId: ids.site, metrics: ['visitorsIn', 'visitorsOut'], filters: range, target: { kind: 'zone', ids: [ids.zone] } } }, { token });
    const figure = (label: string) => summary.getRows(1, summary.rowCount)!.find((r) => r.getCell(1).value === label)!;
    expect(figure('Entrées').getCell(3).value).toBe(kpis.data!.kpis[0].value);
    expect(figure('Entrées').getCell(4).value).toBe(kpis.data!.kpis[0].previousValue);
    expect(figure('Sorties').getCell(3).value).toBe(23 * 4);
    expect(mails.every((m) => m.text?.includes('https://sitelens.example/unsubscribe-confirm?token=') && m.headers.has('list'))).toBe(true);

    // One click from the mail program (RFC 8058): a POST to the header's address, once.
    const benToken = /unsubscribe-confirm\?token=([\w%-]+)/.exec(mailsTo('ben@example.com')[0]!.text ?? '')![1]!;
    const post = () => fetch(`${server.base}/unsubscribe-confirm?token=${benToken}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(404);
    expect((await server.gql(ONE, { id: reportId }, { token })).data!.scheduledReport.emails).toEqual(['ana@example.com']);
  }, 60_000);

  it('a server down at send time sends once when it is back, never twice; two processes send once', async () => {
    for (const s of servers.splice(0)) await s.close();
    clock = Date.parse('2026-03-31T12:00:00Z');
    const first = await startProcess();
    token = await first.signIn('admin@acme.test');
    const created = await first.gql(CREATE, { input: report({ title: 'Catch-up', emails: ['cat@example.com'] }) }, { token });
    expect(created.errors).toBeUndefined();
    await first.close();
    servers.splice(0);

    clock = Date.parse('2026-04-02T09:30:00Z'); // down over two occurrences (1 and 2 April, 08:00)
    const [a, b] = [await startProcess(), await startProcess()];
    token = await a.signIn('admin@acme.test');
    await Promise.all([a.jobs.tickSchedules(), b.jobs.tickSchedules(), a.jobs.tickSchedules()]);
    await until(() => mailsTo('cat@example.com').length >= 1, 20_000);
    await new Promise((r) => setTimeout(r, 1500));
    await Promise.all([a.jobs.tickSchedules(), b.jobs.tickSchedules()]);
    await new Promise((r) => setTimeout(r, 1000));
    const sent = mailsTo('cat@example.com');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain('du 01/04/2026 au 01/04/2026');
  }, 60_000);

  it('sends a test now to the caller in Arabic, right to left, as a test on their request: no unsubscribe, signed changes left to right', async () => {
    // Monday 30/03: the report covers Sunday 29/03 against Saturday 28/03 (fewer entries, capture rate up 15 points).
    clock = Date.parse('2026-03-30T10:00:00Z');
    const server = servers[0]!;
    token = await server.signIn('admin@acme.test');
    // The caller (admin@acme.test) is not on the list.
    const created = await server.gql(CREATE, { input: report({ title: 'تقرير أسبوعي', language: 'ar', emails: ['zoe@example.com'] }) }, { token });
    const id = created.data!.createScheduledReport.id;
    const before = mailsTo('admin@acme.test').length;
    expect((await server.gql(SEND_NOW, { id }, { token })).data!.sendScheduledReportNow).toBe(true);
    await until(() => mailsTo('admin@acme.test').length > before, 20_000);
    const mail = mailsTo('admin@acme.test').at(-1)!;
    expect(mailsTo('zoe@example.com')).toHaveLength(0);
    expect(mail.html).toContain('dir="rtl"');
    // The title's words whole in the file's name: the hamza of أسبوعي does not split it.
    expect(mail.attachments.find((a) => a.filename?.endsWith('.xlsx'))?.filename).toMatch(/^تقرير-أسبوعي-[\d-]+\.xlsx$/);
    const workbook = await workbookOf(mail);
    expect(workbook.getWorksheet('ملخص')!.views[0]!.rightToLeft).toBe(true);
    expect(workbook.getWorksheet('البيانات')!.views[0]!.rightToLeft).toBe(true);

    // A test, said so, on the caller's request: not "your address is on its list", and nothing to unsubscribe from.
    expect(mail.subject).toMatch(/^اختبار: تقرير أسبوعي: /u);
    expect(mail.text).toContain('هذه نسخة تجريبية من التقرير، أُرسلت بناءً على طلبك إلى admin@acme.test فقط.');
    // The site's zone named in Arabic, not by its IANA id.
    expect(mail.text).toContain('(المنطقة الزمنية: توقيت وسط أوروبا)');
    expect(mail.text).not.toContain('Europe/Paris');
    expect(mail.text).not.toContain('تتلقى هذا التقرير لأن عنوانك مدرج في قائمة مستلميه');
    expect(mail.text).not.toContain('unsubscribe');
    expect(mail.html).not.toContain('unsubscribe');
    expect(mail.headers.has('list')).toBe(false);
    expect(mail.headers.has('list-unsubscribe')).toBe(false);
    expect(await database.db.select().from(reportUnsubscribeTokens).where(eq(reportUnsubscribeTokens.reportId, id))).toHaveLength(0);

    // Each change is a left-to-right run (LRI … PDI), in both parts: "+15.00" with its sign before its
    // number, the word for points after the run; the unchanged entries' "0%" the same way.
    const up = /40\.00% \(\u2066\+15\.00\u2069 نقطة مقارنة بالفترة السابقة\)/u;
    expect(mail.text).toMatch(up);
    expect(mail.html).toMatch(up);
    expect(mail.text).toMatch(/184 \(\u20660%\u2069 /u);
    expect(mail.text).not.toMatch(/[^\u2066]\+15\.00/u);
  }, 60_000);

  it('states a temperature’s change in °C, never in percent, and a humidity change that reads as zero without a sign', async () => {
    // Monday 30/03: the report covers Sunday 29/03 against Saturday 28/03.
    clock = Date.parse('2026-03-30T10:00:00Z');
    const server = servers[0]!;
    token = await server.signIn('admin@acme.test');
    const created = await server.gql(CREATE, { input: report({ title: 'Air quality', language: 'en', eventId: ids.air, emails: ['zoe@example.com'] }) }, { token });
    expect(created.errors).toBeUndefined();
    const id = created.data!.createScheduledReport.id;
    const before = mailsTo('admin@acme.test').length;
    expect((await server.gql(SEND_NOW, { id }, { token })).data!.sendScheduledReportNow).toBe(true);
    await until(() => mailsTo('admin@acme.test').length > before, 20_000);
    const mail = mailsTo('admin@acme.test').at(-1)!;
    expect(mail.subject).toContain('Air quality');
    // 21.5 → 21.8 °C: a difference in degrees, not "+1.40 %" of a Celsius value.
    expect(mail.text).toContain('21.8 °C (+0.3 °C on the previous period)');
    // 44.03 → 44.0 %RH: "0 pts", with no sign a reader would take for a fall.
    expect(mail.text).toContain('44.0 %RH (0 pts on the previous period)');
    expect(mail.text).not.toMatch(/°C \([+-]?[\d.]+ %/);
    const summary = (await workbookOf(mail)).getWorksheet('Summary')!;
    const row = (label: string) => summary.getRows(1, summary.rowCount)!.find((r) => r.getCell(1).value === label)!;
    // The summary keeps the two temperatures and leaves their "Change (%)" empty; humidity keeps its evolution.
    expect(row('Temperature').getCell(3).value).toBeCloseTo(21.8, 9);
    expect(row('Temperature').getCell(4).value).toBeCloseTo(21.5, 9);
    expect(row('Temperature').getCell(5).value).toBeNull();
    expect(row('Humidity').getCell(5).value).toBeCloseTo((44 - 44.03) / 44.03, 6);
  }, 60_000);

  it('the Arabic report’s own unsubscribe link works once; a link whose address is not on the list says so and changes nothing', async () => {
    const server = servers[0]!;
    token = await server.signIn('admin@acme.test');
    const created = await server.gql(CREATE, { input: report({ title: 'تقرير يومي', language: 'ar', emails: ['admin@acme.test', 'zoe@example.com'] }) }, { token });
    const id = created.data!.createScheduledReport.id;
    const before = mailsTo('admin@acme.test').length;
    clock = Date.parse('2026-03-31T06:00:00Z'); // Tuesday 08:00 CEST
    await server.jobs.tickSchedules();
    // The earlier cases' reports fall due at the same tick and are built first: the wait allows for a loaded machine.
    await until(() => mailsTo('admin@acme.test').some((m, i) => i >= before && m.subject?.startsWith('تقرير يومي')), 60_000);
    token = await server.signIn('admin@acme.test');
    const mail = mailsTo('admin@acme.test').find((m, i) => i >= before && m.subject?.startsWith('تقرير يومي'))!;
    expect(mail.text).toContain('تتلقى هذا التقرير لأن عنوانك مدرج في قائمة مستلميه');
    expect(mail.text).not.toContain('نسخة تجريبية');

    const link = /https:\/\/sitelens\.example\/unsubscribe-confirm\?token=([\w%-]+)/.exec(mail.text ?? '')!;
    expect(link).not.toBeNull();
    const unsubscribeToken = decodeURIComponent(link[1]!);
    expect((await server.gql(UNSUBSCRIBE, { token: unsubscribeToken })).data!.unsubscribeReport).toBe('UNSUBSCRIBED');
    expect((await server.gql(ONE, { id }, { token })).data!.scheduledReport.emails).toEqual(['zoe@example.com']);
    expect((await server.gql(UNSUBSCRIBE, { token: unsubscribeToken })).data!.unsubscribeReport).toBe('INVALID_TOKEN');
    expect((await server.gql(UNSUBSCRIBE, { token: `${unsubscribeToken.slice(0, -2)}xx` })).data!.unsubscribeReport).toBe('INVALID_TOKEN');

    // A token for an address not on the list (a test mail's, from before tests carried none): not "unsubscribed".
    const stray = 'stray-test-mail-token-0123456789';
    await insertUnsubscribeToken(database, { tokenHash: tokenDigest(stray), reportId: id, email: 'admin@acme.test', expiresAt: new Date(clock + 86_400_000) });
    expect((await server.gql(UNSUBSCRIBE, { token: stray })).data!.unsubscribeReport).toBe('NOT_ON_LIST');
    expect((await server.gql(ONE, { id }, { token })).data!.scheduledReport.emails).toEqual(['zoe@example.com']);
    const oneClick = 'stray-test-mail-token-one-click';
    await insertUnsubscribeToken(database, { tokenHash: tokenDigest(oneClick), reportId: id, email: 'nobody@example.com', expiresAt: new Date(clock + 86_400_000) });
    const post = await fetch(`${server.base}/unsubscribe-confirm?token=${oneClick}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(post.status).toBe(200);
    expect(await post.json()).toEqual({ result: 'NOT_ON_LIST' });
  }, 90_000);

  it('a report whose zone was deleted is inactive, sends nothing at its hour and no test, while a report on a live zone goes, its German days written as its workbook writes them', async () => {
    const server = servers[0]!;
    clock = Date.parse('2026-03-31T12:00:00Z');
    token = await server.signIn('admin@acme.test');
    const [mezzanine] = await database.db.insert(zones).values({ installationId: ids.site, name: 'Mezzanine', parentId: ids.zone }).returning();
    const gone = (await server.gql(CREATE, { input: report({ title: 'Mezzanine daily', zoneId: mezzanine!.id, emails: ['gone@example.com'] }) }, { token })).data!.createScheduledReport;
    const live = (await server.gql(CREATE, { input: report({ title: 'Hall daily', language: 'de', emails: ['live@example.com'] }) }, { token })).data!.createScheduledReport;
    expect((await server.gql(STATE, { id: gone.id }, { token })).data!.scheduledReport).toEqual({ status: 'ACTIVE', zoneDeleted: false, nextSendAt: '2026-04-01T06:00:00.000Z' });

    await database.db.update(zones).set({ deletedAt: new Date(clock) }).where(eq(zones.id, mezzanine!.id));
    expect((await server.gql(STATE, { id: gone.id }, { token })).data!.scheduledReport).toEqual({ status: 'INACTIVE', zoneDeleted: true, nextSendAt: null });
    const test = await server.gql(SEND_NOW, { id: gone.id }, { token });
    expect(test.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'zoneId', reason: 'zoneDeleted' });

    clock = Date.parse('2026-04-01T06:00:00Z'); // Wednesday 08:00 CEST: both fall due
    await server.jobs.tickSchedules();
    await until(() => mailsTo('live@example.com').length >= 1, 60_000);
    await settle();
    expect(mailsTo('gone@example.com')).toHaveLength(0);
    expect(live.nextSendAt).toBe('2026-04-01T06:00:00.000Z');
    // In German the mail writes its days as its workbook does (31.03.2026), in its subject, body and file name.
    const mail = mailsTo('live@example.com')[0]!;
    expect(mail.subject).toBe('Hall daily: Lyon Part-Dieu, 31.03.2026 bis 31.03.2026');
    // The site's zone named in German, not by its IANA id.
    expect(mail.text).toContain('vom 31.03.2026 bis 31.03.2026 (Zeitzone: Mitteleuropäische Zeit)');
    expect(mail.text).not.toContain('Europe/Paris');
    expect(mail.attachments.find((a) => a.filename?.endsWith('.xlsx'))?.filename).toBe('Hall-daily-31.03.2026.xlsx');
    const rows = (await workbookOf(mail)).getWorksheet('Daten')!;
    expect(rows.getRow(2).getCell(1).numFmt).toBe('dd.mm.yyyy hh:mm');
  }, 90_000);
});
