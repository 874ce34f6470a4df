import ExcelJS from 'exceljs';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { windowsOfWeekly } from '@sitelens/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { events, installations, readings } from '../../composition/tables.ts';
import { until } from '../../jobs/testSupport/until.ts';
import { rebuildRollups } from '../metrics/write/rollups.rebuild.ts';
import { createOrganization, createSite, createUser } from '../../test/factories.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtpPeer.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { startTestServer } from '../../test/testServer.ts';

// A report whose period holds a day its site did not open (the demo's Atelier Nord, Monday to
// Saturday 10:00-19:00, closed on Sundays): the mail and the workbook say the site was closed that day.
const CREATE = `mutation($input: ScheduledReportInput!) { createScheduledReport(input: $input) { id } }`;
const SEND_NOW = `mutation($id: Int!) { sendScheduledReportNow(id: $id) }`;
const ADMIN = 'admin@atelier.test';

let database: Database;
let smtp: SmtpPeer;
let server: Awaited<ReturnType<typeof startTestServer>>;
// Monday 30/11/2026 11:00 in London (UTC+0 in winter): a one-day report covers Sunday 29/11.
const clock = Date.parse('2026-11-30T11:00:00Z');
const ids = { site: 0, zone: 0, event: 0 };

async function workbookOf(mail: ParsedMail) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(mail.attachments.find((a) => a.filename?.endsWith('.xlsx'))!.content as unknown as ArrayBuffer);
  return workbook;
}

/** Sends the report now to the admin and returns the mail it got. */
async function sentNow(input: Record<string, unknown>): Promise<ParsedMail> {
  const token = await server.signIn(ADMIN);
  const created = await server.gql(CREATE, { input: { installationId: ids.site, eventId: ids.event, zoneId: ids.zone, sendDay: 1, hour: 8, emails: ['team@atelier.test'], ...input } }, { token });
  expect(created.errors).toBeUndefined();
  const before = smtp.received.length;
  expect((await server.gql(SEND_NOW, { id: created.data!.createScheduledReport.id }, { token })).data!.sendScheduledReportNow).toBe(true);
  await until(() => smtp.received.length > before, 30_000);
  return smtp.received.at(-1)!;
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const site = await createSite(database, org.id, { name: 'Atelier Nord Flagship', timezone: 'Europe/London', changeOfDayTime: '04:00' });
  const openingHours = windowsOfWeekly([{ days: [1, 2, 3, 4, 5, 6], from: '10:00', to: '19:00' }]);
  await database.db.update(installations).set({ openingHours }).where(eq(installations.id, site.site.id));
  const [event] = await database.db
    .insert(events)
    .values({ installationId: site.site.id, name: 'Footfall', metrics: ['counting'], neverEnding: true, dateBegin: new Date('2026-01-01T00:00:00Z') })
    .returning();
  Object.assign(ids, { site: site.site.id, zone: site.top.id, event: event!.id });
  await createUser(database, { email: ADMIN, organizationIds: [org.id], role: 'admin' });
  // 3 visitors every quarter hour while open, Monday 23 to Saturday 28 November; nothing on Sunday.
  const rows: Array<typeof readings.$inferInsert> = [];
  for (let day = 23; day <= 28; day++) {
    for (let t = Date.parse(`2026-11-${day}T10:00:00Z`); t < Date.parse(`2026-11-${day}T19:00:00Z`); t += 15 * 60_000) {
      const base = { organizationId: org.id, targetKind: 'zone', targetId: site.top.id, ts: new Date(t) };
      rows.push({ ...base, metric: 'visitorsIn', value: 3 }, { ...base, metric: 'visitorsOut', value: 3 });
    }
  }
  await database.db.insert(readings).values(rows);
  await rebuildRollups(database.sql, org.id);
  const env = { SMTP_URL: smtp.url, MAIL_FROM: 'Sitelens <reports@sitelens.test>', PUBLIC_URL: 'https://sitelens.example', MESSAGE_RETRY_DELAY_SECONDS: '0', JOBS_POLL_MS: '500', JOBS_SCHEDULE_POLL_MS: '3600000' };
  server = await startTestServer(database, env, { now: () => new Date(clock) }, { jobs: { work: true } });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await smtp.close();
  await database.close();
});

describe('a report over a day its site was closed', () => {
  it('says in its mail and workbook that the site was closed on the Sunday it covers, instead of blank figures', async () => {
    const mail = await sentNow({ title: 'Sunday footfall', language: 'en', daysIncluded: 1, granularity: 3600 });
    expect(mail.subject).toBe('Test: Sunday footfall: Atelier Nord Flagship, 29/11/2026 to 29/11/2026');
    expect(mail.text).toContain('Atelier Nord Flagship was closed on Sunday 29/11/2026: there are no figures for that day.');
    expect(mail.html).toContain('Atelier Nord Flagship was closed on Sunday 29/11/2026: there are no figures for that day.');

    const workbook = await workbookOf(mail);
    const summary = workbook.getWorksheet('Summary')!;
    const closedRow = summary.getRows(1, summary.rowCount)!.find((r) => r.getCell(1).value === 'Days closed');
    expect(closedRow?.getCell(2).value).toBe('Sunday 29/11/2026');
    // The metric table's header stays frozen under the longer list of rows above it.
    expect(summary.views[0]).toMatchObject({ state: 'frozen', ySplit: 9 });
    const data = workbook.getWorksheet('Data')!;
    expect(data.getRow(1).values).toEqual([undefined, 'Start', 'Visitors in', 'Visitors out', 'Note']);
    const hours = data.getRows(2, data.rowCount - 1)!;
    // The site's business day, 04:00 to 04:00: 24 hours, each said closed.
    expect(hours).toHaveLength(24);
    expect(hours.every((r) => r.getCell(4).value === 'Site closed')).toBe(true);
  }, 60_000);

  it('in French over a week, names only the Sunday, and notes only its row', async () => {
    const mail = await sentNow({ title: 'Semaine', language: 'fr', daysIncluded: 7, granularity: 86400 });
    expect(mail.text).toContain('Le site Atelier Nord Flagship était fermé le dimanche 29/11/2026\u00a0: il n’y a pas de chiffres pour ce jour-là.');
    const data = (await workbookOf(mail)).getWorksheet('Données')!;
    expect(data.getRow(1).getCell(4).value).toBe('Remarque');
    const days = data.getRows(2, data.rowCount - 1)!;
    expect(days.map((r) => (r.getCell(1).value as Date).toISOString().slice(0, 10))).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(days.map((r) => r.getCell(4).value ?? null)).toEqual([null, null, null, null, null, null, 'Site fermé']);
    // The open days keep their figures: 36 quarter hours of 3 visitors.
    expect(days[0]!.getCell(2).value).toBe(108);
  }, 60_000);

  it('over a year, counts its 52 Sundays instead of listing each, in the mail and the workbook', async () => {
    // 364 days from Monday 01/12/2025 to Sunday 29/11/2026: 52 whole weeks, so 52 Sundays.
    const mail = await sentNow({ title: 'Year', language: 'en', daysIncluded: 364, granularity: 86400 });
    const sentence = 'Atelier Nord Flagship was closed on 52 days of the period (every Sunday): there are no figures for those days.';
    expect(mail.text).toContain(sentence);
    expect(mail.html).toContain(sentence);
    expect(mail.text).not.toContain('Sunday 29/11/2026');

    const workbook = await workbookOf(mail);
    const summary = workbook.getWorksheet('Summary')!;
    const closedRow = summary.getRows(1, summary.rowCount)!.find((r) => r.getCell(1).value === 'Days closed');
    expect(closedRow?.getCell(2).value).toBe('52 days (every Sunday)');
    // Each Sunday's row is still noted, and only those.
    const days = workbook.getWorksheet('Data')!.getRows(2, 364)!;
    const noted = days.filter((r) => r.getCell(4).value === 'Site closed');
    expect(noted).toHaveLength(52);
    expect(noted.every((r) => (r.getCell(1).value as Date).getUTCDay() === 0)).toBe(true);
  }, 90_000);

  it.each([
    ['fr', 'Le site Atelier Nord Flagship était fermé 52 jours de la période (chaque dimanche)\u00a0: il n’y a pas de chiffres pour ces jours-là.', '52 jours (chaque dimanche)', 'Synthèse'],
    ['it', 'Atelier Nord Flagship era chiuso 52 giorni del periodo (ogni domenica): non ci sono dati per quei giorni.', '52 giorni (ogni domenica)', 'Riepilogo'],
    ['de', 'Atelier Nord Flagship war an 52 Tagen des Zeitraums geschlossen (jeden Sonntag): Für diese Tage gibt es keine Zahlen.', '52 Tage (jeden Sonntag)', 'Übersicht'],
    ['es', 'Atelier Nord Flagship estuvo cerrado 52 días del periodo (cada domingo): no hay cifras de esos días.', '52 días (cada domingo)', 'Resumen'],
    // Arabic counts 11 to 99 with the "many" form: 52 يومًا.
    ['ar', 'كان Atelier Nord Flagship مغلقًا 52 يومًا من الفترة (أيام الأحد): لا توجد أرقام لتلك الأيام.', '52 يومًا (أيام الأحد)', 'ملخص'],
  ])('in %s, with the language’s plural', async (language, sentence, cell, sheet) => {
    const mail = await sentNow({ title: `Year ${language}`, language, daysIncluded: 364, granularity: 604800 });
    expect(mail.text!.replace(/[ \t\r\n]+/g, ' ')).toContain(sentence);
    const summary = (await workbookOf(mail)).getWorksheet(sheet)!;
    expect(summary.getRows(1, summary.rowCount)!.some((r) => r.getCell(2).value === cell)).toBe(true);
  }, 90_000);
});
