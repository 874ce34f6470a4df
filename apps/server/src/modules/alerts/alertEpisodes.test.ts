import { eq } from 'drizzle-orm';
import { ALERT_REARM_MINUTES } from '@sitelens/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices, users } from '../../composition/tables.ts';
import { until } from '../../jobs/testSupport/until.ts';
import { mailAndSmsServerPerFile } from '../../test/mailServer.ts';
import { createOrganization, createSite, createUser } from '../../test/factories.ts';
import { alertEngineQuestions } from './alertEvaluation.ts';
import { evaluateAlertsJob } from './alerts.jobs.ts';

// Issue 29, items 1 and 2: when an alert reads, and how often it starts again. The clock is the
// test's: Tuesday 1 December 2026, 14:57 in Paris (13:57Z); each case moves it on.
let clock = Date.parse('2026-12-01T13:57:00Z');
const now = () => new Date(clock);
const at = (iso: string) => (clock = Date.parse(iso));
const seconds = (n: number) => (clock += n * 1000);

let key = '';
let orgId = 0;
let adminId = 0;
let signedAt = 0;
let signed = '';
async function auth() {
  if (signedAt !== clock) [signed, signedAt] = [await world.server.signIn('ops@acme.test'), clock];
  return { token: signed };
}

const world = mailAndSmsServerPerFile({
  clock: { now },
  env: { MAIL_FROM: 'Sitelens <alerts@sitelens.test>', PUBLIC_URL: undefined },
  timeout: 60_000,
  seed: async (database) => {
    const org = await createOrganization(database);
    orgId = org.id;
    const admin = await createUser(database, { email: 'ops@acme.test', organizationIds: [org.id], role: 'admin' });
    adminId = admin.id;
    await database.db.update(users).set({ isEmailVerified: true, isPhoneVerified: true, phone: '+41791234567', lang: 'en' }).where(eq(users.id, admin.id));
  },
});
beforeAll(async () => {
  key = (await world.server.gql('mutation { createApiKey(name: "Gateway") { secret } }', {}, await auth())).data?.createApiKey.secret;
}, 60_000);

async function site() {
  const s = await createSite(world.database, orgId, { name: `Store ${Math.random().toString(36).slice(2, 7)}` });
  const [sensor] = await world.database.db.insert(devices).values({ installationId: s.site.id, zoneId: s.child.id, name: 'Air', kind: 'atmosphere' }).returning();
  const [pad] = await world.database.db.insert(devices).values({ installationId: s.site.id, zoneId: s.top.id, passageId: s.door.id, name: 'Door pad', kind: 'pad' }).returning();
  return { ...s, sensor: sensor!.id, pad: pad!.id };
}

/** Readings at `ts` (default: 30 s before the clock), through the ingest API. */
async function ingest(readings: Array<{ kind: string; id: number; metric: string; value: number; ts?: string }>) {
  const body = readings.map((r) => ({ target: { kind: r.kind, id: r.id }, metric: r.metric, time: r.ts ?? new Date(clock - 30_000).toISOString(), value: r.value }));
  const res = await fetch(`${world.server.base}/api/ingest`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body) });
  expect(await res.json()).toMatchObject({ rejected: [] });
  await settled();
}

/** Until no evaluation that is due waits or runs (one is enqueued before the ingest or the save answers). */
async function settled() {
  await until(async () => {
    const { rows } = await world.database.sql.query<{ n: number }>("select count(*)::int as n from pgboss.job where name = 'alerts.evaluate' and state in ('created', 'active') and start_after <= now()");
    return rows[0]!.n === 0;
  }, 15_000, 'evaluations done');
}

const CREATE = 'mutation($input: CreateAlertWithDetailsInput!) { createAlertWithDetails(input: $input) { id } }';
const UPDATE = 'mutation($input: UpdateAlertWithDetailsInput!) { updateAlertWithDetails(input: $input) { id } }';
const LOGS = 'query($zones: [Int!]) { alertLogConnection(filter: { zoneIds: $zones }, first: 50) { edges { node { alertId dateBegin dateEnd } } } }';

async function createAlert(input: Record<string, unknown>): Promise<number> {
  const r = await world.server.gql(CREATE, { input: { organizationId: orgId, actionsToAdd: [], ...input } }, await auth());
  expect(r.errors).toBeUndefined();
  await settled();
  return r.data!.createAlertWithDetails.id;
}

async function evaluate(id: number) {
  await world.server.jobs.enqueue(evaluateAlertsJob, { organizationId: orgId, alertIds: [id] });
  await settled();
}

const triggered = async (id: number) => (await world.server.gql('query($id: Int!) { alertById(alertId: $id) { triggered } }', { id }, await auth())).data?.alertById.triggered as boolean;
const episodes = async (zoneId: number, alertId: number) =>
  ((await world.server.gql(LOGS, { zones: [zoneId] }, await auth())).data!.alertLogConnection.edges as Array<{ node: { alertId: number; dateBegin: string; dateEnd: string | null } }>).map((e) => e.node).filter((n) => n.alertId === alertId);

/** Tuesday 15:00-16:00 on the site's clock (Europe/Paris). */
const TUESDAY_AFTERNOON = [{ beginDay: 2, beginHour: 15, beginMinute: 0, endDay: 2, endHour: 16, endMinute: 0 }];

describe('an alert reads only readings from when it is armed (issue 29.1)', () => {
  it('an entry at 14:57:44 is no intrusion of a window opening at 15:00; one at 15:00:30 is', async () => {
    const s = await site();
    const id = await createAlert({ name: 'After closing', installationId: s.site.id, conditionsToAdd: [{ type: 'intrusion', padIds: [s.pad] }], schedule: TUESDAY_AFTERNOON, actionsToAdd: [{ type: 'email', recipients: [adminId] }] });
    const mails = world.smtp.received.length;
    at('2026-12-01T13:58:00Z');
    await ingest([{ kind: 'passage', id: s.door.id, metric: 'visitorsIn', value: 1, ts: '2026-12-01T13:57:44Z' }]);
    // 15:00:00, the window opens: the last one out at 14:57:44 is no intruder.
    at('2026-12-01T14:00:00Z');
    await evaluate(id);
    expect(await triggered(id)).toBe(false);
    at('2026-12-01T14:00:40Z');
    await evaluate(id);
    expect(await triggered(id)).toBe(false);
    // Someone comes in at 15:00:30: that is one.
    at('2026-12-01T14:01:00Z');
    await ingest([{ kind: 'passage', id: s.door.id, metric: 'visitorsIn', value: 1, ts: '2026-12-01T14:00:30Z' }]);
    expect(await triggered(id)).toBe(true);
    const [episode] = await episodes(s.top.id, id);
    expect(episode!.dateBegin).toBe('2026-12-01T14:01:00.000Z');
    await world.smtp.waitFor(mails + 1, 10_000);
  });

  it('a schedule changed to Always reads only readings from the change on', async () => {
    const s = await site();
    at('2026-12-01T14:05:00Z');
    const input = { name: 'Door watch', installationId: s.site.id, conditionsToAdd: [{ type: 'intrusion', padIds: [s.pad] }], schedule: TUESDAY_AFTERNOON };
    const id = await createAlert(input);
    // 16:28:30, after the window: someone comes in; at 16:30 the alert is set to Always.
    at('2026-12-01T15:29:00Z');
    await ingest([{ kind: 'passage', id: s.door.id, metric: 'visitorsIn', value: 1, ts: '2026-12-01T15:28:30Z' }]);
    expect(await triggered(id)).toBe(false);
    at('2026-12-01T15:30:00Z');
    const r = await world.server.gql(UPDATE, { input: { ...input, id, organizationId: orgId, conditions: input.conditionsToAdd, conditionsToAdd: undefined, schedule: [] } }, await auth());
    expect(r.errors).toBeUndefined();
    await settled();
    at('2026-12-01T15:30:30Z');
    await evaluate(id);
    expect(await triggered(id)).toBe(false);
    // An entry after the change is one.
    at('2026-12-01T15:31:00Z');
    await ingest([{ kind: 'passage', id: s.door.id, metric: 'visitorsIn', value: 1, ts: '2026-12-01T15:30:45Z' }]);
    expect(await triggered(id)).toBe(true);
  });
});

describe('a value flapping around its bound (issue 29.2)', () => {
  it('3 crossings in 12 s are one episode, one e-mail and one SMS; it ends 5 minutes after it last stopped holding', async () => {
    const s = await site();
    at('2026-12-01T16:00:00Z');
    const id = await createAlert({
      name: 'Cold room',
      installationId: s.site.id,
      conditionsToAdd: [{ type: 'temperature', max: 24, deviceAtmosphereIds: [s.sensor] }],
      actionsToAdd: [{ type: 'email', recipients: [adminId] }, { type: 'sms', recipients: [adminId] }],
    });
    const [mails, texts] = [world.smtp.received.length, world.sms.received.length];
    // The 15-minute average: 30, then 20, 26.7, 21.3: above 24, below, above, below, 4 s apart.
    const air = (value: number) => [{ kind: 'device', id: s.sensor, metric: 'temperature', value }];
    seconds(60);
    await ingest(air(30));
    expect(await triggered(id)).toBe(true);
    const begin = clock;
    for (const value of [10, 40, 5]) {
      seconds(4);
      await ingest(air(value));
      expect(await triggered(id)).toBe(true);
    }
    const stopped = clock;
    await world.smtp.waitFor(mails + 1, 10_000);
    await world.sms.waitFor(texts + 1, 10_000);
    expect(await episodes(s.top.id, id)).toHaveLength(1);
    // Still below 5 minutes later: it ended when it last stopped holding.
    seconds(ALERT_REARM_MINUTES * 60 - 30);
    await evaluate(id);
    expect(await triggered(id)).toBe(true);
    seconds(30);
    await evaluate(id);
    expect(await triggered(id)).toBe(false);
    const [episode] = await episodes(s.top.id, id);
    expect([Date.parse(episode!.dateBegin), Date.parse(episode!.dateEnd!)]).toEqual([begin, stopped]);
    await new Promise((r) => setTimeout(r, 1000));
    expect([world.smtp.received.length, world.sms.received.length]).toEqual([mails + 1, texts + 1]);
  });

  it('most messages per alert counts the alert’s messages over 24 hours, across its episodes', async () => {
    const s = await site();
    at('2026-12-01T17:00:00Z');
    const id = await createAlert({
      name: 'CO2 office',
      installationId: s.site.id,
      conditionsToAdd: [{ type: 'co2', value: 1000, deviceAtmosphereIds: [s.sensor], maxTrigger: 2 }],
      actionsToAdd: [{ type: 'email', recipients: [adminId] }],
    });
    const mails = world.smtp.received.length;
    const co2 = (value: number) => [{ kind: 'device', id: s.sensor, metric: 'co2', value }];
    for (let episode = 1; episode <= 3; episode++) {
      seconds(16 * 60);
      await ingest(co2(1500));
      expect(await triggered(id)).toBe(true);
      seconds(60);
      await ingest(co2(400));
      seconds(ALERT_REARM_MINUTES * 60);
      await evaluate(id);
      expect(await triggered(id)).toBe(false);
    }
    expect(await episodes(s.top.id, id)).toHaveLength(3);
    await world.smtp.waitFor(mails + 2, 10_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(world.smtp.received.length).toBe(mails + 2);
    // A day after the first, one may go again.
    at('2026-12-02T17:20:00Z');
    await ingest(co2(1600));
    expect(await triggered(id)).toBe(true);
    await world.smtp.waitFor(mails + 3, 10_000);
  });
});

describe('alerts armed inside the window (issue 29.1, at the cost of one question)', () => {
  it('counting alerts armed at different instants share the window\'s count while none can hold, and read their own when one may', async () => {
    const s = await site();
    const entries = (value: number, ts: string) => ingest([{ kind: 'zone', id: s.top.id, metric: 'visitorsIn', value, ts }]);
    const flux = (name: string, value: number) => createAlert({ name, installationId: s.site.id, conditionsToAdd: [{ type: 'flux', direction: 'in', zoneId: s.top.id, value }] });
    at('2026-12-02T20:00:00Z');
    await entries(5, '2026-12-02T19:59:50Z');
    // Three armed at three instants inside the window, with bounds that no count of it reaches.
    const high: number[] = [];
    for (const name of ['A', 'B', 'C']) {
      seconds(10);
      high.push(await flux(`Entries ${name}`, 1000));
    }
    // One armed after the first entries, with a bound they alone would pass.
    seconds(10);
    const low = await flux('Entries D', 3);
    seconds(10);
    await entries(2, new Date(clock - 5_000).toISOString());

    const asked = alertEngineQuestions();
    await world.server.jobs.enqueue(evaluateAlertsJob, { organizationId: orgId, alertIds: high });
    await settled();
    // One question for the three: the window's count, 7, is under 1,000, so none of their own can pass it.
    expect(alertEngineQuestions() - asked).toBe(1);
    expect(await Promise.all(high.map(triggered))).toEqual([false, false, false]);

    // The window's 7 passes 3, so D reads its own count: 2 since it was armed, which does not.
    const before = alertEngineQuestions();
    await evaluate(low);
    expect(alertEngineQuestions() - before).toBe(2);
    expect(await triggered(low)).toBe(false);
    // Two more entries after its arming: 4 of its own, and it holds.
    seconds(10);
    await entries(2, new Date(clock - 5_000).toISOString());
    expect(await triggered(low)).toBe(true);
    expect(await Promise.all(high.map(triggered))).toEqual([false, false, false]);
  });
});
