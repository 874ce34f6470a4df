import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { simpleParser } from 'mailparser';
import { LANGUAGES } from '@sitelens/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { until } from '../jobs/testSupport/until.ts';
import { createOrganization, createUser } from '../test/factories.ts';
import { type SmtpPeer, startSmtpPeer } from '../test/smtpPeer.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { errorCode, startTestServer } from '../test/testServer.ts';
import { messageTexts } from './render/messageTexts.ts';
import { defineEmailTemplate } from './render/templates.ts';
import { organizationRecipients } from '../modules/messages/recipients.ts';
import { testEmail } from './testMessages.ts';

let database: Database;
let smtp: SmtpPeer;
let server: Awaited<ReturnType<typeof startTestServer>>;
let org: { id: number };
let rival: { id: number };
let tokens: { admin: string; viewer: string; rivalAdmin: string };

const FAST_RETRIES = { MESSAGE_RETRY_DELAY_SECONDS: '0', MESSAGE_RETRY_LIMIT: '2', JOBS_POLL_MS: '500' };

const DELIVERIES = `query($status: DeliveryStatus) { messageDeliveries(first: 50, status: $status) { edges { node {
  id channel recipient template subject lang status attempts lastError retryable sentAt } } } }`;

const deliveryOf = async (recipient: string) => {
  const r = await server.gql(DELIVERIES, {}, { token: tokens.admin });
  return r.data?.messageDeliveries.edges.map((e: any) => e.node).find((n: any) => n.recipient === recipient);
};

beforeAll(async () => {
  smtp = await startSmtpPeer({ user: 'sitelens', pass: 's3cret' });
  database = await openTestDatabase();
  org = await createOrganization(database);
  rival = await createOrganization(database, 'Rival Retail');
  await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin', firstName: 'Ana', lastName: 'Lopez' });
  await createUser(database, { email: 'viewer@acme.test', organizationIds: [org.id] });
  await createUser(database, { email: 'admin@rival.test', organizationIds: [rival.id], role: 'admin' });
  server = await startTestServer(
    database,
    { SMTP_URL: smtp.url, MAIL_FROM: 'Sitelens <alerts@sitelens.test>', PUBLIC_URL: 'https://sitelens.example', ...FAST_RETRIES },
    undefined,
    { jobs: { work: true } },
  );
  tokens = await server.signInAll({ admin: 'admin@acme.test', viewer: 'viewer@acme.test', rivalAdmin: 'admin@rival.test' });
});

afterAll(async () => {
  await server.close();
  await smtp.close();
  await database.close();
});

describe('e-mail', () => {
  it('reaches the SMTP server in each recipient’s language, as HTML with a plain-text part, right-to-left in Arabic', async () => {
    const before = smtp.received.length;
    for (const lang of LANGUAGES) {
      await server.messages.email({ template: testEmail, data: { name: 'Ana Lopez' }, to: { address: `${lang}@example.com`, lang }, organizationId: org.id });
    }
    const mails = (await smtp.waitFor(before + LANGUAGES.length)).slice(before);
    for (const lang of LANGUAGES) {
      const mail = mails.find((m) => m.to && 'text' in m.to && m.to.text === `${lang}@example.com`)!;
      const t = messageTexts(lang);
      expect(mail.subject).toBe(t('messages.test.email.subject'));
      expect(mail.from?.value[0]).toMatchObject({ name: 'Sitelens', address: 'alerts@sitelens.test' });
      expect(mail.html).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);
      expect(mail.html).toContain(t('messages.test.email.heading'));
      expect(mail.text).toContain(t('messages.test.email.body', { name: 'Ana Lopez' }));
      expect(mail.text).toContain(`${t('messages.test.email.button')}${lang === 'fr' ? '\u00a0:' : ':'} https://sitelens.example/`);
      expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    }
    expect(new Set(mails.map((m) => m.subject)).size).toBe(LANGUAGES.length);
    const sent = await deliveryOf('ar@example.com');
    expect(sent).toMatchObject({ channel: 'EMAIL', status: 'SENT', attempts: 1, lang: 'ar', template: 'messages.test', retryable: false });
  });

  it('carries attachments (an XLSX report), links, codes and figures, escaping what the data holds', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Summary').addRow(['Visitors', 1234]);
    const xlsx = new Uint8Array(await book.xlsx.writeBuffer());
    const report = defineEmailTemplate<{ site: string }>('test.report', (data, t, ctx) => ({
      subject: `Report for ${data.site}`,
      blocks: [
        { type: 'heading', text: `Report for ${data.site}` },
        { type: 'facts', rows: [['Visitors', '1 234']] },
        { type: 'code', text: '482 913' },
        { type: 'button', label: 'Open the site', url: ctx.link('/sites/12') },
        { type: 'note', text: t('messages.layout.footer') },
      ],
      unsubscribeUrl: ctx.link('/unsubscribe-confirm?token=abc'),
    }));
    await server.messages.email({
      template: report,
      data: { site: '<script>alert(1)</script> Mall' },
      to: { address: 'reports@example.com', lang: 'fr' },
      organizationId: org.id,
      attachments: [{ filename: 'rapport.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: xlsx }],
    });
    await until(() => smtp.received.some((m) => m.subject?.startsWith('Report for')));
    const mail = smtp.received.find((m) => m.subject?.startsWith('Report for'))!;
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Mall');
    expect(mail.html).toContain('href="https://sitelens.example/sites/12"');
    // A French recipient: the colon after a non-breaking space.
    expect(mail.text).toContain('Visitors\u00a0: 1 234');
    expect(mail.text).toContain('482 913');
    const rawHeader = (name: string) => mail.headerLines.find((h) => h.key === name)?.line;
    expect(rawHeader('list-unsubscribe')).toBe('List-Unsubscribe: <https://sitelens.example/unsubscribe-confirm?token=abc>');
    expect(rawHeader('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: 'rapport.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(mail.attachments[0]!.content as unknown as ArrayBuffer);
    expect(read.getWorksheet('Summary')!.getCell('B1').value).toBe(1234);
    // Sent: the attachment is no longer kept.
    const { rows } = await database.sql.query('SELECT count(*)::int AS n FROM message_attachments');
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('retries a recipient the server turns away for now (450), and records one it refuses (550) as failed at once', async () => {
    smtp.refuse('busy@example.com', { code: 450, message: 'Mailbox busy, try later' });
    smtp.refuse('nobody@example.com', { code: 550, message: 'No such user here' });
    await server.messages.email({ template: testEmail, data: { name: 'A' }, to: { address: 'busy@example.com', lang: 'en' }, organizationId: org.id });
    await server.messages.email({ template: testEmail, data: { name: 'A' }, to: { address: 'nobody@example.com', lang: 'en' }, organizationId: org.id });
    await until(async () => (await deliveryOf('busy@example.com'))?.attempts >= 1, 10_000);
    smtp.refuse('busy@example.com', null);
    await until(async () => (await deliveryOf('busy@example.com'))?.status === 'SENT', 10_000);
    expect(await deliveryOf('busy@example.com')).toMatchObject({ status: 'SENT', lastError: null });
    expect((await deliveryOf('busy@example.com')).attempts).toBeGreaterThanOrEqual(2);

    await until(async () => (await deliveryOf('nobody@example.com'))?.status === 'FAILED', 10_000);
    const refused = await deliveryOf('nobody@example.com');
    expect(refused).toMatchObject({ status: 'FAILED', attempts: 1, retryable: true });
    expect(refused.lastError).toMatch(/550.*No such user here/);
  });

  it('after its last retry a message is recorded as failed with the reason; an administrator can send it again', async () => {
    smtp.refuse('later@example.com', { code: 451, message: 'Local problem' });
    await server.messages.email({ template: testEmail, data: { name: 'A' }, to: { address: 'later@example.com', lang: 'en' }, organizationId: org.id });
    await until(async () => (await deliveryOf('later@example.com'))?.status === 'FAILED', 15_000);
    const failed = await deliveryOf('later@example.com');
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 3, retryable: true });
    expect(failed.lastError).toMatch(/451.*Local problem/);

    // Someone else's organization, or no right: the same answers as for any other object.
    const RETRY = 'mutation($id: Int!) { retryMessageDelivery(id: $id) { id status } }';
    expect(errorCode(await server.gql(RETRY, { id: failed.id }, { token: tokens.viewer }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(RETRY, { id: failed.id }, { token: tokens.rivalAdmin }))).toBe('NOT_FOUND');

    smtp.refuse('later@example.com', null);
    const retried = await server.gql(RETRY, { id: failed.id }, { token: tokens.admin });
    expect(retried.data?.retryMessageDelivery.status).toBe('QUEUED');
    await until(async () => (await deliveryOf('later@example.com'))?.status === 'SENT', 10_000);
    expect((await deliveryOf('later@example.com')).attempts).toBe(4);
    expect(errorCode(await server.gql(RETRY, { id: failed.id }, { token: tokens.admin }))).toBe('BAD_USER_INPUT');
  });

  it('sends a message with a dedupe key once, however often it is asked for', async () => {
    const ask = () =>
      server.messages.email({ template: testEmail, data: { name: 'A' }, to: { address: 'once@example.com', lang: 'en' }, organizationId: org.id, dedupeKey: 'report:1:2026-03-29T06:00Z:once@example.com' });
    const [first, second] = await Promise.all([ask(), ask()]);
    expect([first, second].filter((id) => id !== null)).toHaveLength(1);
    expect(await ask()).toBeNull();
    await until(async () => (await deliveryOf('once@example.com'))?.status === 'SENT');
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.filter((m) => m.to && 'text' in m.to && m.to.text === 'once@example.com')).toHaveLength(1);
  });

  it('an administrator sends a test e-mail to their own address; the list is theirs alone', async () => {
    const sent = await server.gql('mutation { sendTestMessage(channel: EMAIL) { recipient status template } }', {}, { token: tokens.admin });
    expect(sent.data?.sendTestMessage).toMatchObject({ recipient: 'admin@acme.test', template: 'messages.test' });
    await until(() => smtp.received.some((m) => m.to && 'text' in m.to && m.to.text === 'admin@acme.test'));
    const mail = smtp.received.find((m) => m.to && 'text' in m.to && m.to.text === 'admin@acme.test')!;
    expect(mail.text).toContain('Ana Lopez');

    expect(errorCode(await server.gql('mutation { sendTestMessage(channel: EMAIL) { id } }', {}, { token: tokens.viewer }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(DELIVERIES, {}, { token: tokens.viewer }))).toBe('FORBIDDEN');
    const rivals = await server.gql(DELIVERIES, {}, { token: tokens.rivalAdmin });
    expect(rivals.data?.messageDeliveries.edges).toEqual([]);
    const failedOnly = await server.gql(DELIVERIES, { status: 'FAILED' }, { token: tokens.admin });
    expect(failedOnly.data?.messageDeliveries.edges.map((e: any) => e.node.status)).toEqual(expect.arrayContaining(['FAILED']));
    expect(new Set(failedOnly.data?.messageDeliveries.edges.map((e: any) => e.node.status))).toEqual(new Set(['FAILED']));
  });
});

describe('recipients', () => {
  it('are the organization’s users among those asked for, each with their own language', async () => {
    const idOf = async (email: string) => (await database.sql.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])).rows[0]!.id;
    const [admin, rivalAdmin] = [await idOf('admin@acme.test'), await idOf('admin@rival.test')];
    await database.sql.query("UPDATE users SET lang = 'de' WHERE email = 'admin@acme.test'");
    const found = await organizationRecipients(database, org.id, [admin, rivalAdmin, 999_999]);
    expect(found).toEqual([{ userId: admin, address: 'admin@acme.test', phone: null, lang: 'de', emailVerified: false, phoneVerified: false }]);
    await database.sql.query("UPDATE users SET lang = 'en' WHERE email = 'admin@acme.test'");
  });
});

describe('e-mail without SMTP_URL', () => {
  it('is written as an .eml file to the outbox under DATA_DIR', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sitelens-outbox-'));
    // Its own database: on the shared one the other server, which has SMTP, may take the job first.
    const own = await openTestDatabase();
    const local = await startTestServer(own, { DATA_DIR: dataDir, ...FAST_RETRIES }, undefined, { jobs: { work: true } });
    try {
      const ownOrg = await createOrganization(own);
      await local.messages.email({ template: testEmail, data: { name: 'Ana' }, to: { address: 'local@example.com', lang: 'de' }, organizationId: ownOrg.id });
      const folder = join(dataDir, 'outbox', 'mail');
      await until(async () => (await readdir(folder).catch(() => [])).some((f) => f.endsWith('local@example.com.eml')));
      const [file] = (await readdir(folder)).filter((f) => f.endsWith('.eml'));
      const mail = await simpleParser(await readFile(join(folder, file!)));
      expect(mail.subject).toBe(messageTexts('de')('messages.test.email.subject'));
      expect(mail.from?.value[0]).toMatchObject({ name: 'Sitelens', address: 'no-reply@sitelens.localhost' });
      expect(mail.text).toContain('Ana');
      // Live codes and links: readable by the server's user alone.
      expect((await stat(folder)).mode & 0o077).toBe(0);
      expect((await stat(join(folder, file!))).mode & 0o077).toBe(0);
    } finally {
      await local.close();
      await own.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
