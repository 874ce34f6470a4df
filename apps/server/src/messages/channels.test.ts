import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { until } from '../jobs/testSupport/until.ts';
import { users } from '../modules/users/users.tables.ts';
import { createOrganization, createUser } from '../test/factories.ts';
import { type PushPeer, startPushPeer } from '../test/pushPeer.ts';
import { type SmsPeer, startSmsPeer } from '../test/smsPeer.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { errorCode, startTestServer } from '../test/testServer.ts';
import { type WebhookReceiver, startWebhookReceiver } from '../test/webhookReceiver.ts';
import { eq } from 'drizzle-orm';
import { messageTexts } from './render/messageTexts.ts';
import { definePushTemplate, defineSmsTemplate } from './render/templates.ts';

let database: Database;
let sms: SmsPeer;
let pushService: PushPeer;
let hooks: WebhookReceiver;
let server: Awaited<ReturnType<typeof startTestServer>>;
let org: { id: number };
let rival: { id: number };
let adminId: number;
let tokens: { admin: string; viewer: string; rivalAdmin: string };

const signInCode = defineSmsTemplate<{ code: string }>('test.code', (data) => `Sitelens code: ${data.code}`);
const alertPush = definePushTemplate<{ zone: string }>('test.alert', (data, t) => ({ title: `CO₂ high in ${data.zone}`, body: t('messages.test.push.body'), url: '/alerts/4' }));

const DELIVERIES = `query($channel: MessageChannel) { messageDeliveries(first: 100, channel: $channel) { edges { node { id recipient status attempts lastError template } } } }`;
const deliveries = async (channel: string) => (await server.gql(DELIVERIES, { channel }, { token: tokens.admin })).data?.messageDeliveries.edges.map((e: any) => e.node) ?? [];

beforeAll(async () => {
  [sms, pushService, hooks] = await Promise.all([startSmsPeer(), startPushPeer(), startWebhookReceiver()]);
  database = await openTestDatabase();
  org = await createOrganization(database);
  rival = await createOrganization(database, 'Rival Retail');
  adminId = (await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' })).id;
  await createUser(database, { email: 'viewer@acme.test', organizationIds: [org.id] });
  await createUser(database, { email: 'admin@rival.test', organizationIds: [rival.id], role: 'admin' });
  server = await startTestServer(
    database,
    {
      ...sms.env,
      PUBLIC_URL: 'https://sitelens.example',
      // The test's push service listens on this machine.
      PUSH_SERVICE_HOSTS: '127.0.0.1',
      MESSAGE_RETRY_DELAY_SECONDS: '0',
      MESSAGE_RETRY_LIMIT: '2',
      JOBS_POLL_MS: '500',
      MAIL_FROM: 'Sitelens <ops@sitelens.test>',
      // The receiver runs on this machine; the default refuses that (last test below).
      WEBHOOK_ALLOW_PRIVATE: 'on',
    },
    undefined,
    { jobs: { work: true } },
  );
  tokens = await server.signInAll({ admin: 'admin@acme.test', viewer: 'viewer@acme.test', rivalAdmin: 'admin@rival.test' });
});

afterAll(async () => {
  await server.close();
  await Promise.all([sms.close(), pushService.close(), hooks.close(), database.close()]);
});

describe('SMS', () => {
  it('reaches the provider in E.164 with its credentials, and survives an outage of the provider', async () => {
    sms.failNext(1, 503);
    await server.messages.sms({ template: signInCode, data: { code: '482913' }, to: { phone: '079 123 45 67', lang: 'fr' }, organizationId: org.id });
    const [first] = await sms.waitFor(1);
    expect(first).toMatchObject({ to: '+41791234567', from: '+41790000000', body: 'Sitelens code: 482913' });
    await until(async () => (await deliveries('SMS')).some((d: any) => d.status === 'SENT'));
    expect((await deliveries('SMS'))[0]).toMatchObject({ recipient: '+41791234567', status: 'SENT', attempts: 2, lastError: null });
  });

  it('records a number that cannot receive SMS as failed, without calling the provider', async () => {
    const before = sms.received.length;
    await server.messages.sms({ template: signInCode, data: { code: '1' }, to: { phone: '12', lang: 'en' }, organizationId: org.id });
    const failed = (await deliveries('SMS')).find((d: any) => d.recipient === '12');
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 0, lastError: 'not a valid phone number' });
    await new Promise((r) => setTimeout(r, 300));
    expect(sms.received.length).toBe(before);
  });

  it('without a provider, SMS are appended to the outbox file', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sitelens-sms-'));
    // Its own database: on the shared one the other server, which has a provider, may take the job first.
    const own = await openTestDatabase();
    const local = await startTestServer(own, { DATA_DIR: dataDir, JOBS_POLL_MS: '500' }, undefined, { jobs: { work: true } });
    try {
      const ownOrg = await createOrganization(own);
      await local.messages.sms({ template: signInCode, data: { code: '771204' }, to: { phone: '+33 6 12 34 56 78', lang: 'fr' }, organizationId: ownOrg.id });
      const file = join(dataDir, 'outbox', 'sms.log');
      await until(async () => (await readFile(file, 'utf8').catch(() => '')).includes('771204'));
      expect(await readFile(file, 'utf8')).toMatch(/to \+33612345678 \(delivery \d+, GSM-7, 1 part\)\nSitelens code: 771204\n/);
      // Live codes: readable by the server's user alone.
      expect((await stat(file)).mode & 0o077).toBe(0);
    } finally {
      await local.close();
      await own.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('an administrator without a phone is told so when sending a test SMS', async () => {
    const r = await server.gql('mutation { sendTestMessage(channel: SMS) { id } }', {}, { token: tokens.admin });
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'phone', reason: 'missing' });
    await database.db.update(users).set({ phone: '+41 79 555 66 77' }).where(eq(users.id, adminId));
    const sent = await server.gql('mutation { sendTestMessage(channel: SMS) { recipient } }', {}, { token: tokens.admin });
    expect(sent.data?.sendTestMessage.recipient).toBe('+41795556677');
    await until(() => sms.received.some((m) => m.to === '+41795556677'));
    expect(sms.received.find((m) => m.to === '+41795556677')?.body).toBe(messageTexts('en')('messages.test.sms'));
  });
});

describe('Web Push', () => {
  it('a browser that turns notifications on gets an encrypted test notification, signed with the server’s VAPID key', async () => {
    const browser = pushService.browser();
    const key = await server.gql('{ webPushPublicKey }', {}, { token: tokens.admin });
    const on = await server.gql('mutation($s: PushSubscriptionInput!) { subscribePush(subscription: $s) }', { s: browser.subscription }, { token: tokens.admin });
    expect(on.data?.subscribePush).toBe(true);
    await until(() => browser.received.length === 1);
    const [push] = browser.received;
    expect(JSON.parse(push!.payload)).toMatchObject({ title: messageTexts('en')('messages.test.push.title'), url: 'https://sitelens.example/user-profile/preferences', lang: 'en' });
    expect(push!.vapid).toMatchObject({ publicKey: key.data?.webPushPublicKey, sub: 'mailto:ops@sitelens.test', aud: new URL(browser.subscription.endpoint).origin });
    expect(push!.ttl).toBe('86400');
    const subscribed = await server.gql('query($e: String!) { pushSubscribed(endpoint: $e) }', { e: browser.subscription.endpoint }, { token: tokens.admin });
    expect(subscribed.data?.pushSubscribed).toBe(true);
    const notMine = await server.gql('query($e: String!) { pushSubscribed(endpoint: $e) }', { e: browser.subscription.endpoint }, { token: tokens.viewer });
    expect(notMine.data?.pushSubscribed).toBe(false);
  });

  it('a feature’s push reaches every browser of the user, in the user’s language', async () => {
    const laptop = pushService.browser();
    const phone = pushService.browser();
    for (const b of [laptop, phone]) await server.gql('mutation($s: PushSubscriptionInput!) { subscribePush(subscription: $s) }', { s: b.subscription }, { token: tokens.viewer });
    await until(() => laptop.received.length === 1 && phone.received.length === 1);
    const viewer = (await database.db.select().from(users).where(eq(users.email, 'viewer@acme.test')))[0]!;
    const queued = await server.messages.push({ template: alertPush, data: { zone: 'Entrance' }, to: { userId: viewer.id, lang: 'it' }, organizationId: org.id });
    expect(queued).toHaveLength(2);
    await until(() => laptop.received.length === 2 && phone.received.length === 2);
    expect(JSON.parse(laptop.received[1]!.payload)).toMatchObject({ title: 'CO₂ high in Entrance', body: messageTexts('it')('messages.test.push.body'), url: 'https://sitelens.example/alerts/4', lang: 'it' });
  });

  it('a browser that unsubscribed (410) is forgotten and its message recorded as failed at once', async () => {
    const browser = pushService.browser();
    await server.gql('mutation($s: PushSubscriptionInput!) { subscribePush(subscription: $s) }', { s: browser.subscription }, { token: tokens.admin });
    await until(() => browser.received.length === 1);
    browser.unsubscribe();
    expect((await server.gql('mutation { sendTestPush }', {}, { token: tokens.admin })).data?.sendTestPush).toBeGreaterThanOrEqual(1);
    await until(async () => (await deliveries('PUSH')).some((d: any) => d.status === 'FAILED'));
    const failed = (await deliveries('PUSH')).find((d: any) => d.status === 'FAILED');
    expect(failed).toMatchObject({ attempts: 1 });
    expect(failed.lastError).toMatch(/410/);
    const still = await server.gql('query($e: String!) { pushSubscribed(endpoint: $e) }', { e: browser.subscription.endpoint }, { token: tokens.admin });
    expect(still.data?.pushSubscribed).toBe(false);
  });

  it('refuses a subscription that is not one, or whose endpoint is no push service', async () => {
    const keys = pushService.browser().subscription;
    const subscribe = (endpoint: string) => server.gql('mutation($s: PushSubscriptionInput!) { subscribePush(subscription: $s) }', { s: { ...keys, endpoint } }, { token: tokens.viewer });
    for (const endpoint of ['http://push.example.com/x', 'http://169.254.169.254/latest/meta-data/', 'https://attacker.example/push']) {
      expect((await subscribe(endpoint)).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'endpoint', reason: 'unknownService' });
    }
    const bad = await server.gql('mutation($s: PushSubscriptionInput!) { subscribePush(subscription: $s) }', { s: { endpoint: 'http://127.0.0.1/x', p256dh: 'x', auth: 'y' } }, { token: tokens.admin });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'p256dh', reason: 'invalid' });
    const anonymous = await server.gql('{ webPushPublicKey }');
    expect(errorCode(anonymous)).toBe('UNAUTHENTICATED');
  });
});

describe('a push service that answers otherwise', () => {
  it('is not followed when it redirects, and its answer’s body is not kept in the failure', async () => {
    const inside: string[] = [];
    const internal = createServer((req, res) => {
      inside.push(req.url ?? '');
      res.end('internal');
    });
    const service = createServer((req, res) => {
      if (req.url === '/redirect') return res.writeHead(303, { location: `http://127.0.0.1:${(internal.address() as AddressInfo).port}/internal-secret` }).end();
      res.writeHead(500).end('INTERNAL-RESPONSE-BODY secret=42');
    });
    await Promise.all([internal, service].map((s) => new Promise<void>((done) => s.listen(0, '127.0.0.1', done))));
    try {
      const keys = pushService.browser().subscription;
      const base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
      const earlier = Math.max(0, ...(await deliveries('PUSH')).map((d: any) => Number(d.id)));
      const ours = async () => (await deliveries('PUSH')).filter((d: any) => Number(d.id) > earlier);
      for (const path of ['/redirect', '/fails']) {
        const r = await server.gql('mutation($s: PushSubscriptionInput!) { subscribePush(subscription: $s) }', { s: { ...keys, endpoint: `${base}${path}` } }, { token: tokens.viewer });
        expect(r.errors).toBeUndefined();
      }
      await until(async () => (await ours()).filter((d: any) => d.status === 'FAILED').length === 2, 15_000);
      expect((await ours()).map((d: any) => d.lastError).sort()).toEqual(['push service answered 303 (redirects are not followed)', 'push service answered 500']);
      expect(inside).toEqual([]);
    } finally {
      await Promise.all([internal, service].map((s) => new Promise((done) => s.close(done))));
    }
  });
});

describe('webhooks', () => {
  const SECRET = 'query { webhookSigningSecret { secret rotatedAt previousValidUntil } }';

  it('posts the JSON signed with the organization’s secret, which a receiver verifies', async () => {
    const secret: string = (await server.gql(SECRET, {}, { token: tokens.admin })).data?.webhookSigningSecret.secret;
    expect(secret).toMatch(/^whsec_/);
    hooks.trust(secret);
    await server.messages.webhook({ organizationId: org.id, url: hooks.url, event: 'alert.triggered', payload: { alertId: 4, value: 1250, zone: 'Entrance' } });
    await until(() => hooks.received.length === 1);
    const [hook] = hooks.received;
    expect(hook).toMatchObject({ event: 'alert.triggered', verified: true });
    expect(hook!.json).toMatchObject({ event: 'alert.triggered', organizationId: org.id, data: { alertId: 4, value: 1250, zone: 'Entrance' } });
    expect(String(hook!.json.id)).toBe(hook!.delivery);
  });

  it('retries with the same body while the receiver is down', async () => {
    hooks.answerNext(2, 503);
    const before = hooks.received.length;
    await server.messages.webhook({ organizationId: org.id, url: hooks.url, event: 'alert.cleared', payload: { alertId: 4 } });
    await until(() => hooks.received.length === before + 1, 10_000);
    expect(hooks.received.at(-1)).toMatchObject({ event: 'alert.cleared', verified: true });
    // The receiver has the body before the server reads its answer and records the delivery sent.
    const record = async () => (await deliveries('WEBHOOK')).find((d: any) => d.template === 'alert.cleared');
    await until(async () => (await record())?.status === 'SENT', 10_000);
    expect(await record()).toMatchObject({ status: 'SENT', attempts: 3 });
  });

  it('after a rotation, the old secret still verifies for a day beside the new one', async () => {
    const old = (await server.gql(SECRET, {}, { token: tokens.admin })).data?.webhookSigningSecret;
    const rotated = (await server.gql('mutation { rotateWebhookSigningSecret { secret previousValidUntil } }', {}, { token: tokens.admin })).data?.rotateWebhookSigningSecret;
    expect(rotated.secret).not.toBe(old.secret);
    expect(Date.parse(rotated.previousValidUntil) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    for (const trusted of [old.secret, rotated.secret]) {
      hooks.trust(trusted);
      const before = hooks.received.length;
      await server.messages.webhook({ organizationId: org.id, url: hooks.url, event: 'test', payload: {} });
      await until(() => hooks.received.length === before + 1);
      expect(hooks.received.at(-1)?.verified).toBe(true);
    }
    // A receiver that does not know the secret refuses (401): retried, then recorded as failed.
    hooks.trust('whsec_wrong');
    const refused = await server.messages.webhook({ organizationId: org.id, url: hooks.url, event: 'test', payload: {} });
    await until(async () => (await deliveries('WEBHOOK')).some((d: any) => d.id === refused && d.status === 'FAILED'), 10_000);
    expect(hooks.received.filter((h) => h.delivery === String(refused)).map((h) => h.verified)).toEqual([false, false, false]);
    expect((await deliveries('WEBHOOK')).find((d: any) => d.id === refused)).toMatchObject({ attempts: 3, lastError: 'HTTP 401' });
  });

  it('by default refuses to call the server’s own network, at once and without retrying', async () => {
    // A server of its own: the shared one (which allows this machine) would take the job too.
    const own = await openTestDatabase();
    const strict = await startTestServer(own, { JOBS_POLL_MS: '500' }, undefined, { jobs: { work: true } });
    try {
      const ownOrg = await createOrganization(own);
      const before = hooks.received.length;
      const id = await strict.messages.webhook({ organizationId: ownOrg.id, url: hooks.url, event: 'test', payload: {} });
      const record = async () => (await own.sql.query('SELECT status, attempts, last_error AS "lastError" FROM message_deliveries WHERE id = $1', [id])).rows[0];
      await until(async () => (await record())?.status === 'failed');
      expect(await record()).toEqual({ status: 'failed', attempts: 1, lastError: 'refused' });
      expect(hooks.received.length).toBe(before);
    } finally {
      await strict.close();
      await own.close();
    }
  });

  it('only administrators see or rotate the secret, each their own organization’s; test webhooks need an https address', async () => {
    expect(errorCode(await server.gql(SECRET, {}, { token: tokens.viewer }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql('mutation { rotateWebhookSigningSecret { secret } }', {}, { token: tokens.viewer }))).toBe('FORBIDDEN');
    const ours = (await server.gql(SECRET, {}, { token: tokens.admin })).data?.webhookSigningSecret.secret;
    const theirs = (await server.gql(SECRET, {}, { token: tokens.rivalAdmin })).data?.webhookSigningSecret.secret;
    expect(theirs).not.toBe(ours);
    const plain = await server.gql('mutation($u: String) { sendTestMessage(channel: WEBHOOK, url: $u) { id } }', { u: 'http://hooks.example.com/x' }, { token: tokens.admin });
    expect(plain.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'url', reason: 'notHttps' });
    hooks.trust(ours);
    const sent = await server.gql('mutation($u: String) { sendTestMessage(channel: WEBHOOK, url: $u) { id recipient } }', { u: hooks.url }, { token: tokens.admin });
    expect(sent.data?.sendTestMessage.recipient).toBe(hooks.url);
    await until(() => hooks.received.some((h) => h.delivery === String(sent.data?.sendTestMessage.id)));
    expect(hooks.received.find((h) => h.delivery === String(sent.data?.sendTestMessage.id))).toMatchObject({ event: 'test', verified: true });
  });
});
