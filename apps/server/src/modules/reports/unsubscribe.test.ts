import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { events } from '../../composition/tables.ts';
import { until } from '../../jobs/testSupport/until.ts';
import { createOrganization, createSite, createUser } from '../../test/factories.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtpPeer.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { startTestServer } from '../../test/testServer.ts';

// Issue 29 item 9: RFC 8058's one-click POST, in both encodings mail programs use, unsubscribes;
// opening the link (a person, or a mail scanner that opens every link) changes nothing.
const CREATE = `mutation($input: ScheduledReportInput!) { createScheduledReport(input: $input) { id } }`;
const UPDATE = `mutation($id: Int!, $input: ScheduledReportInput!) { updateScheduledReport(id: $id, input: $input) { emails } }`;
const ONE = `query($id: Int!) { scheduledReport(id: $id) { emails } }`;

let database: Database;
let smtp: SmtpPeer;
let server: Awaited<ReturnType<typeof startTestServer>>;
let token = '';
let reportId = 0;
let input: Record<string, unknown> = {};
let clock = Date.parse('2026-03-10T12:00:00Z');

const emails = async () => (await server.gql(ONE, { id: reportId }, { token })).data!.scheduledReport.emails as string[];
const toAna = (m: ParsedMail) => (Array.isArray(m.to) ? m.to : [m.to]).some((t) => t?.text.includes('ana@acme.test'));
/**
 * The next day's scheduled e-mail to ana@acme.test (a recipient: a test sent now carries no
 * unsubscribe), and the address its List-Unsubscribe header gives (mailparser reads it into `list`).
 */
async function nextMail(): Promise<{ mail: ParsedMail; url: string }> {
  const before = smtp.received.filter(toAna).length;
  clock += 86_400_000;
  await server.jobs.tickSchedules();
  await until(() => smtp.received.filter(toAna).length > before, 30_000);
  token = await server.signIn('ana@acme.test');
  const mail = smtp.received.filter(toAna).at(-1)!;
  const list = mail.headers.get('list') as { unsubscribe?: { url?: string } };
  expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  return { mail, url: list.unsubscribe!.url!.replace('https://sitelens.example', server.base) };
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const site = await createSite(database, org.id);
  const [event] = await database.db.insert(events).values({ installationId: site.site.id, name: 'Footfall', metrics: ['counting'], neverEnding: true, dateBegin: new Date('2024-01-01T00:00:00Z') }).returning();
  await createUser(database, { email: 'ana@acme.test', organizationIds: [org.id], role: 'admin' });
  server = await startTestServer(database, { SMTP_URL: smtp.url, MAIL_FROM: 'Sitelens <reports@sitelens.test>', PUBLIC_URL: 'https://sitelens.example', JOBS_POLL_MS: '500', JOBS_SCHEDULE_POLL_MS: '3600000' }, { now: () => new Date(clock) }, { jobs: { work: true } });
  token = await server.signIn('ana@acme.test');
  input = { title: 'Daily', language: 'en', installationId: site.site.id, eventId: event!.id, zoneId: site.top.id, sendDay: 0, hour: 8, daysIncluded: 1, granularity: 3600, emails: ['ana@acme.test', 'ben@example.com'] };
  reportId = (await server.gql(CREATE, { input }, { token })).data!.createScheduledReport.id;
}, 60_000);

afterAll(async () => {
  await server.close();
  await smtp.close();
  await database.close();
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('a form-urlencoded POST of List-Unsubscribe=One-Click to the header’s address unsubscribes, once', async () => {
    const { url } = await nextMail();
    const post = () => fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    const first = await post();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ result: 'UNSUBSCRIBED' });
    expect(await emails()).toEqual(['ben@example.com']);
    expect((await post()).status).toBe(404);
  }, 60_000);

  it('a multipart/form-data POST unsubscribes too', async () => {
    await server.gql(UPDATE, { id: reportId, input }, { token });
    const { url } = await nextMail();
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const res = await fetch(url, { method: 'POST', body: form });
    expect(res.status).toBe(200);
    expect(await emails()).toEqual(['ben@example.com']);
  }, 60_000);

  it('opening the link (GET) changes nothing; a POST that is not a one-click one changes nothing either', async () => {
    await server.gql(UPDATE, { id: reportId, input }, { token });
    const { url } = await nextMail();
    // The page of the web app (its confirm button is the browser test's), never an unsubscription.
    expect(await (await fetch(url, { headers: { accept: 'text/html' } })).text()).not.toContain('UNSUBSCRIBED');
    expect(await emails()).toEqual(['ana@acme.test', 'ben@example.com']);
    const wrong = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=Maybe' });
    expect(wrong.status).toBe(400);
    expect((await fetch(url, { method: 'POST' })).status).toBe(400);
    expect(await emails()).toEqual(['ana@acme.test', 'ben@example.com']);
    // The same link still works for the one click.
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    expect((await fetch(url, { method: 'POST', body: form })).status).toBe(200);
    expect(await emails()).toEqual(['ben@example.com']);
  }, 60_000);
});
