import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { devices, users } from '../../composition/tables.ts';
import { until } from '../../jobs/testSupport/until.ts';
import { createOrganization, createSite, createUser } from '../../test/factories.ts';
import { type PushPeer, startPushPeer } from '../../test/pushPeer.ts';
import { type SmsPeer, startSmsPeer } from '../../test/smsPeer.ts';
import { sseSubscribe } from '../../test/sseSubscription.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { startTestServer } from '../../test/testServer.ts';
import { type WebhookReceiver, startWebhookReceiver } from '../../test/webhookReceiver.ts';

let database: Database;
let sms: SmsPeer;
let pushService: PushPeer;
let hooks: WebhookReceiver;
let server: Awaited<ReturnType<typeof startTestServer>>;
let tokens: { admin: string; rival: string };
const ids = { org: 0, site: 0, top: 0, child: 0, sensor: 0, admin: 0, rivalZone: 0 };

beforeAll(async () => {
  [sms, pushService, hooks] = await Promise.all([startSmsPeer(), startPushPeer(), startWebhookReceiver()]);
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const rival = await createOrganization(database, 'Rival Retail');
  const admin = await createUser(database, { email: 'ops@acme.test', organizationIds: [org.id], role: 'admin' });
  await createUser(database, { email: 'ops@rival.test', organizationIds: [rival.id], role: 'admin' });
  await database.db.update(users).set({ isEmailVerified: true, isPhoneVerified: true, phone: '+41791234567', lang: 'de' }).where(eq(users.id, admin.id));
  const site = await createSite(database, org.id);
  const rivalSite = await createSite(database, rival.id);
  const [sensor] = await database.db.insert(devices).values({ installationId: site.site.id, zoneId: site.child.id, name: 'Air', kind: 'atmosphere' }).returning();
  Object.assign(ids, { org: org.id, site: site.site.id, top: site.top.id, child: site.child.id, sensor: sensor!.id, admin: admin.id, rivalZone: rivalSite.top.id });
  server = await startTestServer(
    database,
    { ...sms.env, PUBLIC_URL: 'https://sitelens.example', PUSH_SERVICE_HOSTS: '127.0.0.1', MAIL_FROM: 'Sitelens <ops@sitelens.test>', JOBS_POLL_MS: '500', MESSAGE_RETRY_DELAY_SECONDS: '0', WEBHOOK_ALLOW_PRIVATE: 'on' },
    undefined,
    { jobs: { work: true } },
  );
  tokens = await server.signInAll({ admin: 'ops@acme.test', rival: 'ops@rival.test' });
}, 60_000);

afterAll(async () => {
  await server.close();
  await Promise.all([sms.close(), pushService.close(), hooks.close(), database.close()]);
});

describe('an alert’s notifications on every channel, and the live alert', () => {
  it('sends SMS, push and a signed webhook once, and the alert-log subscription sees it begin', async () => {
    const secret: string = (await server.gql('query { webhookSigningSecret { secret } }', {}, { token: tokens.admin })).data?.webhookSigningSecret.secret;
    hooks.trust(secret);
    const browser = pushService.browser();
    await server.gql('mutation($s: PushSubscriptionInput!) { subscribePush(subscription: $s) }', { s: browser.subscription }, { token: tokens.admin });
    await until(() => browser.received.length === 1);
    const live = await sseSubscribe(server.base, tokens.admin, 'subscription($z: [Int!]) { liveAlerts(zoneIds: $z) { alertId conditionType zoneId zoneName dateEnd metrics { type threshold value } } }', { z: [ids.top] });
    const rivalLive = await sseSubscribe(server.base, tokens.rival, 'subscription { liveAlerts { alertId } }', {});
    const created = await server.gql(
      'mutation($input: CreateAlertWithDetailsInput!) { createAlertWithDetails(input: $input) { id } }',
      {
        input: {
          name: 'CO2 Kasse',
          organizationId: ids.org,
          installationId: ids.site,
          conditionsToAdd: [{ type: 'co2', value: 1000, deviceAtmosphereIds: [ids.sensor] }],
          actionsToAdd: [
            { type: 'sms', recipients: [ids.admin] },
            { type: 'push', recipients: [ids.admin], msgTitle: 'Lüften!' },
            { type: 'job', url: hooks.url },
          ],
        },
      },
      { token: tokens.admin },
    );
    expect(created.errors).toBeUndefined();
    const alertId = created.data!.createAlertWithDetails.id;
    const key = (await server.gql('mutation { createApiKey(name: "Gateway") { secret } }', {}, { token: tokens.admin })).data?.createApiKey.secret;
    const res = await fetch(`${server.base}/api/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify([{ target: { kind: 'device', id: ids.sensor }, metric: 'co2', time: new Date(Date.now() - 30_000).toISOString(), value: 1800 }]),
    });
    expect(res.status).toBe(200);

    const [event] = await live.waitFor(1, 10_000);
    expect(event.data.liveAlerts).toEqual({ alertId, conditionType: 'co2', zoneId: ids.child, zoneName: 'Checkout', dateEnd: null, metrics: [{ type: 'co2', threshold: 1000, value: 1800 }] });
    const [text] = await sms.waitFor(1, 10_000);
    expect(text!.to).toBe('+41791234567');
    expect(text!.body).toContain('Sitelens-Alarm CO2 Kasse: CO2-Wert');
    await until(() => browser.received.length === 2, 10_000);
    expect(JSON.parse(browser.received[1]!.payload)).toMatchObject({ title: 'Lüften!', url: `https://sitelens.example/alerts/${alertId}`, lang: 'de' });
    await until(() => hooks.received.length === 1, 10_000);
    expect(hooks.received[0]).toMatchObject({ event: 'alert.triggered', verified: true });
    expect(hooks.received[0]!.json.data).toMatchObject({ alertId, name: 'CO2 Kasse', conditionType: 'co2', metrics: [{ type: 'co2', threshold: 1000, value: 1800 }] });
    // One message per channel for the trigger, and nothing after it.
    await new Promise((r) => setTimeout(r, 1000));
    expect([sms.received.length, browser.received.length, hooks.received.length]).toEqual([1, 2, 1]);
    expect(rivalLive.events).toEqual([]);
    await Promise.all([live.close(), rivalLive.close()]);
  });

  it('refuses a live-alert zone of another organization', async () => {
    const r = await server.gql('subscription($z: [Int!]) { liveAlerts(zoneIds: $z) { alertId } }', { z: [ids.rivalZone] }, { token: tokens.admin });
    expect(r.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
