import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices, users } from '../../composition/tables.ts';
import { mailAndSmsServerPerFile } from '../../test/mailServer.ts';
import { createOrganization, createProfile, createSite, createUser } from '../../test/factories.ts';
import { evaluateAlertsJob } from './alerts.jobs.ts';

// Issue 29, items 3 to 6: what an alert's messages say, to whom, and when its reminders come.
// The server's clock runs at the real pace from an instant each case sets.
let offset = 0;
const now = () => new Date(Date.now() + offset);
const setNow = (iso: string) => (offset = Date.parse(iso) - Date.now());

let key = '';
const ids = { org: 0, admin: 0, reader: 0 };
const auth = async () => ({ token: await world.server.signIn('ops@acme.test') });

const world = mailAndSmsServerPerFile({
  clock: { now },
  env: { MAIL_FROM: 'Sitelens <alerts@sitelens.test>' },
  timeout: 60_000,
  seed: async (database) => {
    const org = await createOrganization(database);
    const readers = await createProfile(database, org.id, { dashboard: { alert: { read: true } } }, 'Readers');
    const admin = await createUser(database, { email: 'ops@acme.test', organizationIds: [org.id], role: 'admin' });
    const reader = await createUser(database, { email: 'reader@acme.test', organizationIds: [org.id], profileId: readers.id });
    // The administrator reads English with days first; the reader French with months first.
    await database.db.update(users).set({ isEmailVerified: true, isPhoneVerified: true, phone: '+41791234567', lang: 'en', dateFormat: 'DD/MM/YYYY' }).where(eq(users.id, admin.id));
    await database.db.update(users).set({ isEmailVerified: true, isPhoneVerified: true, phone: '+33612345678', lang: 'fr', dateFormat: 'MM/DD/YYYY' }).where(eq(users.id, reader.id));
    Object.assign(ids, { org: org.id, admin: admin.id, reader: reader.id });
  },
});
beforeAll(async () => {
  key = (await world.server.gql('mutation { createApiKey(name: "Gateway") { secret } }', {}, await auth())).data?.createApiKey.secret;
}, 60_000);

async function ingest(readings: Array<{ kind: string; id: number; metric: string; value: number; ts: string }>) {
  const body = readings.map((r) => ({ target: { kind: r.kind, id: r.id }, metric: r.metric, time: r.ts, value: r.value }));
  const res = await fetch(`${world.server.base}/api/ingest`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body) });
  expect(await res.json()).toMatchObject({ rejected: [] });
}

async function createAlert(input: Record<string, unknown>): Promise<number> {
  const r = await world.server.gql('mutation($input: CreateAlertWithDetailsInput!) { createAlertWithDetails(input: $input) { id } }', { input: { organizationId: ids.org, ...input } }, await auth());
  expect(r.errors).toBeUndefined();
  return r.data!.createAlertWithDetails.id;
}

const mailTo = (address: string, from: number) => world.smtp.received.slice(from).filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((t) => t?.text.includes(address)));
const flat = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ');

describe('a status alert names the pad, what became of it and when (issue 29.6), in each recipient’s date format with the zone named (29.4)', () => {
  it('"Counting pad “Door 3” lost its internet connection at 01/12/2026 14:02 (Europe/Paris)", and each button opens a page its reader may open (29.3)', async () => {
    const s = await createSite(world.database, ids.org, { name: 'Lyon store' });
    const [pad] = await world.database.db.insert(devices).values({ installationId: s.site.id, zoneId: s.top.id, passageId: s.door.id, name: 'Door 3', kind: 'pad' }).returning();
    // Its last count at 14:02 Paris; then nothing from the whole site.
    setNow('2026-12-01T13:02:30Z');
    await ingest([{ kind: 'passage', id: s.door.id, metric: 'visitorsIn', value: 2, ts: '2026-12-01T13:02:00Z' }]);
    const id = await createAlert({
      name: 'Door offline',
      installationId: s.site.id,
      conditionsToAdd: [{ type: 'status', padIds: [pad!.id], padStatusCodes: ['internetLost'] }],
      actionsToAdd: [{ type: 'email', recipients: [ids.admin, ids.reader] }, { type: 'sms', recipients: [ids.admin] }],
    });
    const [mails, texts] = [world.smtp.received.length, world.sms.received.length];
    setNow('2026-12-01T13:40:00Z');
    await world.server.jobs.enqueue(evaluateAlertsJob, { organizationId: ids.org, alertIds: [id] });
    await world.smtp.waitFor(mails + 2, 15_000);
    const [text] = await world.sms.waitFor(texts + 1, 15_000).then((all) => all.slice(texts));

    const [admin] = mailTo('ops@acme.test', mails);
    expect(admin!.subject).toBe('Alert: Door offline');
    expect(flat(admin!.text)).toContain('Counting pad “Door 3” lost its internet connection at 01/12/2026 14:02 (Europe/Paris).');
    expect(flat(admin!.text)).toContain('At Lyon store, Whole store, since 01/12/2026 14:40 (Europe/Paris).');
    expect(flat(admin!.text)).not.toMatch(/Measured|Threshold/);
    expect(admin!.html).toContain(`https://sitelens.example/alerts/${id}"`);

    const [reader] = mailTo('reader@acme.test', mails);
    expect(flat(reader!.text)).toContain('Le capteur de comptage « Door 3 » a perdu sa connexion internet le 12/01/2026 14:02 (Europe/Paris).');
    // A reader may not open the edit form: the button opens the list showing that alert.
    expect(reader!.html).toContain(`https://sitelens.example/alerts?alert=${id}"`);
    expect(reader!.html).not.toContain(`https://sitelens.example/alerts/${id}"`);

    // The SMS writes its quotation marks plainly: GSM-7, 160 characters a part.
    expect(text!.body).toBe('Sitelens alert Door offline: Counting pad "Door 3" lost its internet connection at 01/12/2026 14:02 (Europe/Paris).');
  });
});

describe('French typography: the mail keeps its no-break spaces, the SMS plain ones (GSM-7)', () => {
  it('a pad line shared by both reads « Door 4 » with no-break spaces in the mail and plain spaces in the SMS', async () => {
    const s = await createSite(world.database, ids.org, { name: 'Lille store' });
    const [pad] = await world.database.db.insert(devices).values({ installationId: s.site.id, zoneId: s.top.id, passageId: s.door.id, name: 'Door 4', kind: 'pad' }).returning();
    setNow('2026-12-02T13:02:30Z');
    await ingest([{ kind: 'passage', id: s.door.id, metric: 'visitorsIn', value: 2, ts: '2026-12-02T13:02:00Z' }]);
    const id = await createAlert({
      name: 'Porte hors ligne',
      installationId: s.site.id,
      conditionsToAdd: [{ type: 'status', padIds: [pad!.id], padStatusCodes: ['internetLost'] }],
      actionsToAdd: [{ type: 'email', recipients: [ids.reader] }, { type: 'sms', recipients: [ids.reader] }],
    });
    const [mails, texts] = [world.smtp.received.length, world.sms.received.length];
    setNow('2026-12-02T13:40:00Z');
    await world.server.jobs.enqueue(evaluateAlertsJob, { organizationId: ids.org, alertIds: [id] });
    await world.smtp.waitFor(mails + 1, 15_000);
    const [text] = await world.sms.waitFor(texts + 1, 15_000).then((all) => all.slice(texts));

    const [mail] = mailTo('reader@acme.test', mails);
    expect(mail!.subject).toBe('Alerte\u00a0: Porte hors ligne');
    expect(mail!.text!.replace(/[ \t\r\n]+/g, ' ')).toContain('Le capteur de comptage «\u00a0Door 4\u00a0» a perdu sa connexion internet le 12/02/2026 14:02 (Europe/Paris).');
    expect(text!.body).toBe('Alerte Sitelens Porte hors ligne : Le capteur de comptage "Door 4" a perdu sa connexion internet le 12/02/2026 14:02 (Europe/Paris).');
  });
});

describe('reminders (issue 29.5)', () => {
  it('come at their period from the trigger, say they are reminders, and give the value measured now', { timeout: 150_000 }, async () => {
    const s = await createSite(world.database, ids.org, { name: 'Office' });
    const [sensor] = await world.database.db.insert(devices).values({ installationId: s.site.id, zoneId: s.child.id, name: 'Air', kind: 'atmosphere' }).returning();
    await createAlert({
      name: 'CO2 office',
      installationId: s.site.id,
      conditionsToAdd: [{ type: 'co2', value: 1000, deviceAtmosphereIds: [sensor!.id] }],
      actionsToAdd: [{ type: 'email', recipients: [ids.admin] }, { type: 'sms', recipients: [ids.admin] }],
      reminderMinutes: 1,
    });
    const [mails, texts] = [world.smtp.received.length, world.sms.received.length];
    // Triggered at 25 s past a minute of the server's clock: a round on each whole minute would remind 95 s later.
    setNow('2026-12-01T15:10:25Z');
    await ingest([{ kind: 'device', id: sensor!.id, metric: 'co2', value: 1500, ts: '2026-12-01T15:10:00Z' }]);
    await world.smtp.waitFor(mails + 1, 15_000);
    const [trigger] = await world.sms.waitFor(texts + 1, 15_000).then((all) => all.slice(texts));
    const triggeredAt = world.smtp.acceptedAt[mails]!;
    expect(trigger!.body).toBe('Sitelens alert CO2 office: CO2 level at Checkout, 1,500 ppm (threshold 1,000 ppm), since 01/12/2026 16:10 (Europe/Paris).');
    // The room gets worse: the 15-minute average is 1,950 ppm now.
    await ingest([{ kind: 'device', id: sensor!.id, metric: 'co2', value: 2400, ts: now().toISOString() }]);

    await world.smtp.waitFor(mails + 2, 100_000);
    const reminderAfter = (world.smtp.acceptedAt[mails + 1]! - triggeredAt) / 1000;
    expect(reminderAfter).toBeGreaterThan(55);
    expect(reminderAfter).toBeLessThan(75);
    const reminder = world.smtp.received[mails + 1]!;
    expect(reminder.subject).toBe('Reminder, still triggered: CO2 office');
    expect(flat(reminder.text)).toContain('Reminder: CO2 office is still triggered');
    expect(flat(reminder.text)).toMatch(/Measured at 01\/12\/2026 16:11 \(Europe\/Paris\): 1,950 ppm/);
    const [again] = await world.sms.waitFor(texts + 2, 15_000).then((all) => all.slice(texts + 1));
    expect(again!.body).toBe('Reminder, Sitelens alert CO2 office still triggered: CO2 level at Checkout, now 1,950 ppm (threshold 1,000 ppm), since 01/12/2026 16:10 (Europe/Paris).');
  });
});
