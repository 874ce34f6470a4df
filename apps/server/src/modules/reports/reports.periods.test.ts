import ExcelJS from 'exceljs';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { events, readings } from '../../composition/tables.ts';
import { until } from '../../jobs/testSupport/until.ts';
import { createOrganization, createSite, createUser } from '../../test/factories.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtpPeer.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { startTestServer } from '../../test/testServer.ts';
import { rebuildRollups } from '../metrics/write/rollups.rebuild.ts';

// Issue 29 item 8: a site whose business day starts at 05:00 (Paris). Its days are named as its
// users count them, the last one included, in the subject, the body and the workbook; daily rows
// by their business date, without a time; a day without data is a row without values (item 10).
const CREATE = `mutation($input: ScheduledReportInput!) { createScheduledReport(input: $input) { id } }`;
const SEND_NOW = `mutation($id: Int!) { sendScheduledReportNow(id: $id) }`;
const ONCE = `mutation($from: DateTime!, $to: DateTime!, $zoneIds: [Int!]!, $granularity: Int!, $emails: [String!]!) {
  createRetailReport(from: $from, to: $to, zoneIds: $zoneIds, granularity: $granularity, emails: $emails) }`;

let database: Database;
let smtp: SmtpPeer;
let server: Awaited<ReturnType<typeof startTestServer>>;
let token = '';
const clock = Date.parse('2026-12-01T07:00:00Z'); // 08:00 in Paris, Tuesday 1 December
const ids = { site: 0, zone: 0, event: 0 };

const mailsTo = (address: string) => smtp.received.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((t) => t?.text.includes(address)));
async function workbookOf(mail: ParsedMail) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(mail.attachments.find((a) => a.filename?.endsWith('.xlsx'))!.content as unknown as ArrayBuffer);
  return workbook;
}
const cellsOf = (sheet: ExcelJS.Worksheet) => sheet.getRows(1, sheet.rowCount)!.map((r) => [r.getCell(1).value, r.getCell(2).value]);

beforeAll(async () => {
  smtp = await startSmtpPeer();
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const site = await createSite(database, org.id, { name: 'Galeries', timezone: 'Europe/Paris', changeOfDayTime: '05:00' });
  const [event] = await database.db.insert(events).values({ installationId: site.site.id, name: 'Footfall', metrics: ['counting'], neverEnding: true, dateBegin: new Date('2024-01-01T00:00:00Z') }).returning();
  Object.assign(ids, { site: site.site.id, zone: site.top.id, event: event!.id });
  await createUser(database, { email: 'ana@acme.test', organizationIds: [org.id], role: 'admin' });
  // The business day of 27/11 (05:00 to 05:00 Paris), 2 in and 1 out every quarter hour; nothing on 28/11; 30/11 from 10:00 to 12:00.
  const rows: Array<typeof readings.$inferInsert> = [];
  const quarterHours = (from: string, to: string) => {
    for (let t = Date.parse(from); t < Date.parse(to); t += 15 * 60_000) {
      const base = { organizationId: org.id, targetKind: 'zone', targetId: site.top.id, ts: new Date(t) };
      rows.push({ ...base, metric: 'visitorsIn', value: 2 }, { ...base, metric: 'visitorsOut', value: 1 });
    }
  };
  quarterHours('2026-11-27T04:00:00Z', '2026-11-28T04:00:00Z');
  quarterHours('2026-11-30T09:00:00Z', '2026-11-30T11:00:00Z');
  await database.db.insert(readings).values(rows);
  await rebuildRollups(database.sql, org.id);
  server = await startTestServer(
    database,
    { SMTP_URL: smtp.url, MAIL_FROM: 'Sitelens <reports@sitelens.test>', PUBLIC_URL: 'https://sitelens.example', JOBS_POLL_MS: '500' },
    { now: () => new Date(clock) },
    { jobs: { work: true } },
  );
  token = await server.signIn('ana@acme.test');
}, 60_000);

afterAll(async () => {
  await server.close();
  await smtp.close();
  await database.close();
});

describe('a site whose day starts at 05:00', () => {
  it('a send once for 27-28/11 names 27/11 to 28/11, with a row per business day, the empty one included', async () => {
    // The send-once page asks [27/11 05:00, 29/11 05:00) Paris: whole business days.
    const r = await server.gql(ONCE, { from: '2026-11-27T04:00:00Z', to: '2026-11-29T04:00:00Z', zoneIds: [ids.zone], granularity: 86400, emails: ['once@example.com'] }, { token });
    expect(r.errors).toBeUndefined();
    await until(() => mailsTo('once@example.com').length === 1, 30_000);
    const mail = mailsTo('once@example.com')[0]!;
    expect(mail.subject).toBe('Galeries: Galeries, 27/11/2026 to 28/11/2026');
    expect(mail.text).toContain('from 27/11/2026 to 28/11/2026');
    const workbook = await workbookOf(mail);
    const summary = workbook.getWorksheet('Summary')!;
    const from = summary.getRows(1, summary.rowCount)!.find((row) => row.getCell(1).value === 'From')!.getCell(2);
    const to = summary.getRows(1, summary.rowCount)!.find((row) => row.getCell(1).value === 'To')!.getCell(2);
    expect([from.value, to.value]).toEqual([new Date('2026-11-27T00:00:00Z'), new Date('2026-11-28T00:00:00Z')]);
    expect([from.numFmt, to.numFmt]).toEqual(['dd/mm/yyyy', 'dd/mm/yyyy']);
    // The zone named in the workbook's language, its IANA id kept for who imports the sheet.
    expect(cellsOf(summary).find(([label]) => label === 'Time zone')).toEqual(['Time zone', 'Central European Time (Europe/Paris)']);
    const data = workbook.getWorksheet('Data')!;
    expect(data.getRow(1).values).toEqual([undefined, 'Day', 'Visitors in', 'Visitors out']);
    expect(data.getRow(2).getCell(1).numFmt).toBe('dd/mm/yyyy');
    const days = data.getRows(2, data.rowCount - 1)!.map((row) => [row.getCell(1).value, row.getCell(2).value ?? null, row.getCell(3).value ?? null]);
    expect(days).toEqual([
      [new Date('2026-11-27T00:00:00Z'), 192, 96],
      [new Date('2026-11-28T00:00:00Z'), null, null],
    ]);
  }, 60_000);

  it('a 1-day scheduled report sent on 01/12 at 08:00 covers 30/11 alone, its hours from 05:00 to 04:00, every one a row', async () => {
    const created = await server.gql(CREATE, { input: { title: 'Journée', language: 'fr', installationId: ids.site, eventId: ids.event, zoneId: ids.zone, sendDay: 0, hour: 8, daysIncluded: 1, granularity: 3600, emails: ['ana@acme.test'] } }, { token });
    expect(created.errors).toBeUndefined();
    expect((await server.gql(SEND_NOW, { id: created.data!.createScheduledReport.id }, { token })).errors).toBeUndefined();
    await until(() => mailsTo('ana@acme.test').length === 1, 30_000);
    const mail = mailsTo('ana@acme.test')[0]!;
    // A test sent now says so first.
    expect(mail.subject).toBe('Test\u00a0: Journée\u00a0: Galeries, du 30/11/2026 au 30/11/2026');
    expect(mail.text).toContain('du 30/11/2026 au 30/11/2026');
    const workbook = await workbookOf(mail);
    expect(cellsOf(workbook.getWorksheet('Synthèse')!).filter(([label]) => label === 'Du' || label === 'Au')).toEqual([
      ['Du', new Date('2026-11-30T00:00:00Z')],
      ['Au', new Date('2026-11-30T00:00:00Z')],
    ]);
    expect(cellsOf(workbook.getWorksheet('Synthèse')!).find(([label]) => label === 'Fuseau horaire')).toEqual(['Fuseau horaire', 'heure d’Europe centrale (Europe/Paris)']);
    const hours = workbook.getWorksheet('Données')!.getRows(2, 24)!;
    expect(workbook.getWorksheet('Données')!.rowCount).toBe(1 + 24);
    expect(hours[0]!.getCell(1).value).toEqual(new Date('2026-11-30T05:00:00Z'));
    expect(hours[23]!.getCell(1).value).toEqual(new Date('2026-12-01T04:00:00Z'));
    expect(hours.map((h) => h.getCell(2).value ?? null)).toEqual([null, null, null, null, null, 8, 8, null, ...Array(16).fill(null)]);
  }, 60_000);
});
