import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { devices, events, users, zones } from '../../composition/tables.ts';
import { until } from '../../jobs/testSupport/until.ts';
import { createOrganization, createSite, createUser } from '../../test/factories.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtpPeer.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { startTestServer } from '../../test/testServer.ts';
import { ALERT_REARM_MINUTES } from '@sitelens/domain';
import { evaluateAlertsJob } from './alerts.jobs.ts';

// A Tuesday, 10:00 in Paris: every case moves the clock on by its own minutes, never past the day.
let clock = Date.parse('2026-11-24T09:00:00Z');
const now = () => new Date(clock);
const minutes = (n: number) => (clock += n * 60_000);

let database: Database;
let smtp: SmtpPeer;
let server: Awaited<ReturnType<typeof startTestServer>>;
let key = '';
let signedAt = 0;
let signed = '';
/** Access tokens follow the test's clock (15 minutes): sign in again once it moved on. */
async function auth() {
  if (signedAt !== clock) [signed, signedAt] = [await server.signIn('ops@acme.test'), clock];
  return { token: signed };
}
let orgId = 0;
let adminId = 0;

const CREATE = 'mutation($input: CreateAlertWithDetailsInput!) { createAlertWithDetails(input: $input) { id } }';
const BY_ID = 'query($id: Int!) { alertById(alertId: $id) { triggered } }';
const LOGS = `query($zones: [Int!]) { alertLogConnection(filter: { zoneIds: $zones }, first: 50) { edges { node { alertId conditionType metrics { type threshold value } dateBegin dateEnd zoneId deviceId passageId message } } } }`;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  database = await openTestDatabase();
  const org = await createOrganization(database);
  orgId = org.id;
  const admin = await createUser(database, { email: 'ops@acme.test', organizationIds: [org.id], role: 'admin' });
  adminId = admin.id;
  await database.db.update(users).set({ isEmailVerified: true, lang: 'fr' }).where(eq(users.id, admin.id));
  server = await startTestServer(database, { SMTP_URL: smtp.url, MAIL_FROM: 'Sitelens <alerts@sitelens.test>', JOBS_POLL_MS: '500', MESSAGE_RETRY_DELAY_SECONDS: '0' }, { now }, { jobs: { work: true } });
  key = (await server.gql('mutation { createApiKey(name: "Gateway") { secret } }', {}, await auth())).data?.createApiKey.secret;
}, 60_000);

afterAll(async () => {
  await server.close();
  await smtp.close();
  await database.close();
});

/** A fresh site per case, so no case's counts reach another's alert. */
async function site() {
  const s = await createSite(database, orgId, { name: `Store ${Math.random().toString(36).slice(2, 7)}` });
  await database.db.update(zones).set({ areaM2: 100 }).where(eq(zones.id, s.top.id));
  const [sensor] = await database.db.insert(devices).values({ installationId: s.site.id, zoneId: s.child.id, name: 'Air', kind: 'atmosphere' }).returning();
  const [pad] = await database.db.insert(devices).values({ installationId: s.site.id, zoneId: s.top.id, passageId: s.door.id, name: 'Door pad', kind: 'pad' }).returning();
  return { ...s, sensor: sensor!.id, pad: pad!.id };
}
type Site = Awaited<ReturnType<typeof site>>;

async function ingest(readings: Array<{ kind: string; id: number; metric: string; value: number }>) {
  const body = readings.map((r) => ({ target: { kind: r.kind, id: r.id }, metric: r.metric, time: new Date(clock - 30_000).toISOString(), value: r.value }));
  const res = await fetch(`${server.base}/api/ingest`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body) });
  expect(await res.json()).toMatchObject({ rejected: [] });
}

async function createAlert(s: Site, condition: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<number> {
  const r = await server.gql(CREATE, { input: { name: `Alert ${String(condition.type)}`, organizationId: orgId, installationId: s.site.id, conditionsToAdd: [condition], actionsToAdd: [], ...extra } }, await auth());
  expect(r.errors).toBeUndefined();
  return r.data!.createAlertWithDetails.id;
}

const triggered = async (id: number) => (await server.gql(BY_ID, { id }, await auth())).data?.alertById.triggered as boolean;
async function expectState(id: number, state: boolean) {
  await until(async () => (await triggered(id)) === state, 10_000, `alert ${id} ${state ? 'triggered' : 'ok'}`);
}
const evaluateNow = (id: number) => server.jobs.enqueue(evaluateAlertsJob, { organizationId: orgId, alertIds: [id] });
const clearingSince = async (id: number) => (await database.sql.query<{ c: Date | null }>('select clearing_since as c from alerts where id = $1', [id])).rows[0]?.c ?? null;

/** It stopped holding: still triggered until it has not held for ALERT_REARM_MINUTES, then ok, ended when it stopped. */
async function expectEnds(id: number) {
  await until(async () => (await clearingSince(id)) !== null, 10_000, `alert ${id} stopped holding`);
  expect(await triggered(id)).toBe(true);
  minutes(ALERT_REARM_MINUTES);
  await evaluateNow(id);
  await expectState(id, false);
}

type Step = (s: Site) => Array<{ kind: string; id: number; metric: string; value: number }>;
interface Case {
  condition: (s: Site) => Record<string, unknown>;
  trigger: Step;
  /** Readings that clear it; none: the 15-minute window passing clears it. */
  clear: Step | null;
  metric: string;
}

const zone = (s: Site, metric: string, value: number) => ({ kind: 'zone', id: s.top.id, metric, value });
const air = (s: Site, metric: string, value: number) => ({ kind: 'device', id: s.sensor, metric, value });
const door = (s: Site, metric: string, value: number) => ({ kind: 'passage', id: s.door.id, metric, value });

const CASES: Record<string, Case> = {
  co2: { condition: (s) => ({ type: 'co2', value: 1000, deviceAtmosphereIds: [s.sensor] }), trigger: (s) => [air(s, 'co2', 1500)], clear: (s) => [air(s, 'co2', 500)], metric: 'co2' },
  humidity: { condition: (s) => ({ type: 'humidity', max: 70, deviceAtmosphereIds: [s.sensor] }), trigger: (s) => [air(s, 'humidity', 85)], clear: (s) => [air(s, 'humidity', 50)], metric: 'humidity' },
  temperature: { condition: (s) => ({ type: 'temperature', min: 18, max: 24, deviceAtmosphereIds: [s.sensor] }), trigger: (s) => [air(s, 'temperature', 30)], clear: (s) => [air(s, 'temperature', 21)], metric: 'temperature' },
  comfortScale: {
    condition: (s) => ({ type: 'comfortScale', value: 3, zoneId: s.child.id }),
    trigger: (s) => [air(s, 'co2', 3000), air(s, 'temperature', 33), air(s, 'humidity', 90)],
    clear: (s) => [air(s, 'co2', 450), air(s, 'temperature', 21), air(s, 'humidity', 50)],
    metric: 'comfortScore',
  },
  waitingTime: { condition: (s) => ({ type: 'waitingTime', value: 300, zoneId: s.top.id }), trigger: (s) => [zone(s, 'waitingTime', 420)], clear: (s) => [zone(s, 'waitingTime', 60)], metric: 'waitingTime' },
  linearDensity: { condition: (s) => ({ type: 'linearDensity', value: 10, zoneId: s.top.id }), trigger: (s) => [zone(s, 'queueLength', 14)], clear: (s) => [zone(s, 'queueLength', 2)], metric: 'queueLength' },
  limit: { condition: (s) => ({ type: 'limit', value: 50, zoneId: s.top.id }), trigger: (s) => [zone(s, 'visitorsIn', 60)], clear: (s) => [zone(s, 'visitorsOut', 30)], metric: 'inside' },
  density: { condition: (s) => ({ type: 'density', value: 0.5, zoneId: s.top.id }), trigger: (s) => [zone(s, 'visitorsIn', 60)], clear: (s) => [zone(s, 'visitorsOut', 40)], metric: 'density' },
  reverseDensity: { condition: (s) => ({ type: 'reverseDensity', value: 5, zoneId: s.top.id }), trigger: (s) => [zone(s, 'visitorsIn', 60)], clear: (s) => [zone(s, 'visitorsOut', 55)], metric: 'reverseDensity' },
  flux: { condition: (s) => ({ type: 'flux', value: 20, direction: 'in', padIds: [s.pad] }), trigger: (s) => [door(s, 'visitorsIn', 30)], clear: null, metric: 'visitorsIn' },
  intrusion: { condition: (s) => ({ type: 'intrusion', padIds: [s.pad] }), trigger: (s) => [door(s, 'visitorsIn', 1)], clear: null, metric: 'visitorsIn' },
};

describe('each condition type triggers on readings sent to POST /api/ingest, and clears', () => {
  it.each(Object.keys(CASES))('%s', async (name) => {
    const c = CASES[name]!;
    const s = await site();
    const id = await createAlert(s, c.condition(s));
    minutes(1);
    await ingest(c.trigger(s));
    await expectState(id, true);
    minutes(16);
    if (c.clear) await ingest(c.clear(s));
    else await evaluateNow(id);
    await expectEnds(id);
    const logs = (await server.gql(LOGS, { zones: [s.top.id] }, await auth())).data!.alertLogConnection.edges.map((e: any) => e.node);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ alertId: id, conditionType: name, metrics: [{ type: c.metric }], dateEnd: expect.any(String) });
    expect(Date.parse(logs[0].dateEnd) - Date.parse(logs[0].dateBegin)).toBe(16 * 60_000);
  });

  it('stopNGoLimit: the site at its Stop&Go limit, read from the stopngo occupancy', async () => {
    const s = await site();
    const [event] = await database.db.insert(events).values({ installationId: s.site.id, name: 'Always', metrics: ['counting'], neverEnding: true, dateBegin: new Date('2026-01-01T00:00:00Z'), stopngoLimit: 10 }).returning();
    const id = await createAlert(s, { type: 'stopNGoLimit' }, { eventId: event!.id });
    minutes(1);
    await ingest([zone(s, 'visitorsIn', 12)]);
    await expectState(id, true);
    minutes(1);
    await ingest([zone(s, 'visitorsOut', 5)]);
    await expectEnds(id);
    const [log] = (await server.gql(LOGS, { zones: [s.top.id] }, await auth())).data!.alertLogConnection.edges.map((e: any) => e.node);
    expect(log).toMatchObject({ conditionType: 'stopNGoLimit', metrics: [{ type: 'inside', threshold: 10, value: 12 }] });
  });

  it('status: a pad silent while its site reports is "pads disconnected"; its next count brings it back', async () => {
    const s = await site();
    await ingest([door(s, 'visitorsIn', 3), air(s, 'co2', 500)]);
    const id = await createAlert(s, { type: 'status', padIds: [s.pad], padStatusCodes: ['padsDisconnected'] });
    await evaluateNow(id);
    await new Promise((r) => setTimeout(r, 500));
    expect(await triggered(id)).toBe(false);
    minutes(45);
    await ingest([air(s, 'co2', 520)]);
    await evaluateNow(id);
    await expectState(id, true);
    minutes(1);
    await ingest([door(s, 'visitorsIn', 1)]);
    await expectEnds(id);
    const [log] = (await server.gql(LOGS, { zones: [s.top.id] }, await auth())).data!.alertLogConnection.edges.map((e: any) => e.node);
    expect(log).toMatchObject({ conditionType: 'status', deviceId: s.pad });
  });
});

describe('notifications', () => {
  it('e-mails the recipient once per trigger, in their language, and reminds while it stays triggered', async () => {
    const s = await site();
    const before = smtp.received.length;
    const id = await createAlert(s, { type: 'co2', value: 1000, deviceAtmosphereIds: [s.sensor], maxTrigger: 2 }, { name: 'CO₂ caisse', actionsToAdd: [{ type: 'email', recipients: [adminId] }], reminderMinutes: 5 });
    minutes(1);
    await ingest([air(s, 'co2', 1600)]);
    const [mail] = (await smtp.waitFor(before + 1, 10_000)).slice(before);
    expect(mail!.subject).toBe('Alerte\u00a0: CO₂ caisse');
    expect(mail!.text).toContain('Taux de CO₂');
    expect(mail!.text).toContain('1 600 ppm'.replace(' ', '\u202f'));
    // Another batch while it stays triggered sends nothing more.
    await ingest([air(s, 'co2', 1700)]);
    await new Promise((r) => setTimeout(r, 800));
    expect(smtp.received.length).toBe(before + 1);
    // After 5 minutes, one reminder; maxTrigger 2 caps the episode at two messages.
    minutes(6);
    await ingest([air(s, 'co2', 1650)]);
    const reminder = (await smtp.waitFor(before + 2, 10_000))[before + 1]!;
    expect(reminder.subject).toBe('Rappel, toujours déclenchée\u00a0: CO₂ caisse');
    minutes(6);
    await ingest([air(s, 'co2', 1650)]);
    await new Promise((r) => setTimeout(r, 800));
    expect(smtp.received.length).toBe(before + 2);
    expect(await triggered(id)).toBe(true);
  });
});
