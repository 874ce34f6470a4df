import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { until } from '../jobs/testSupport/until.ts';
import { userOrganizations } from '../modules/users/users.tables.ts';
import { createOrganization, createUser } from '../test/factories.ts';
import { type PushPeer, startPushPeer } from '../test/pushPeer.ts';
import { type SmsPeer, startSmsPeer } from '../test/smsPeer.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { startTestServer } from '../test/testServer.ts';
import { NOT_A_MEMBER } from './deliveryJobs.ts';
import { definePushTemplate, defineSmsTemplate } from './render/templates.ts';

// A message is recorded for a member of an organization and sent later: by the queue, by its retries
// after an outage, or again by an administrator days after it failed. It goes only while its user is
// still an active member there, and a push only to a browser that still notifies that user (the same
// browser subscribing again moves to whoever turned notifications on last).
const DELIVERIES = `query($channel: MessageChannel) { messageDeliveries(first: 100, channel: $channel) { edges { node { id recipient status attempts lastError retryable } } } }`;
const RETRY = 'mutation($id: Int!) { retryMessageDelivery(id: $id) { id status } }';
const SUBSCRIBE_PUSH = 'mutation($s: PushSubscriptionInput!) { subscribePush(subscription: $s) }';
const alertSms = defineSmsTemplate<{ zone: string }>('test.stillAddressed.sms', (data) => `Queue too long in ${data.zone}`);
const alertPush = definePushTemplate<{ zone: string }>('test.stillAddressed.push', (data) => ({ title: `Queue too long in ${data.zone}`, body: '', url: '/alerts' }));

let database: Database;
let sms: SmsPeer;
let push: PushPeer;
let server: Awaited<ReturnType<typeof startTestServer>>;
let tokens: Record<string, string>;
const ids = { org: 0, leaver: 0, keeper: 0, admin: 0 };

const deliveries = async (channel: string) =>
  (await server.gql(DELIVERIES, { channel }, { token: tokens.admin })).data!.messageDeliveries.edges.map((e: { node: Record<string, unknown> }) => e.node) as Array<Record<string, any>>;

beforeAll(async () => {
  [sms, push] = await Promise.all([startSmsPeer(), startPushPeer()]);
  database = await openTestDatabase();
  ids.org = (await createOrganization(database)).id;
  ids.admin = (await createUser(database, { email: 'admin@acme.test', organizationIds: [ids.org], role: 'admin' })).id;
  ids.leaver = (await createUser(database, { email: 'leaver@acme.test', organizationIds: [ids.org] })).id;
  ids.keeper = (await createUser(database, { email: 'keeper@acme.test', organizationIds: [ids.org] })).id;
  server = await startTestServer(database, { ...sms.env, PUBLIC_URL: 'https://sitelens.example', PUSH_SERVICE_HOSTS: '127.0.0.1', MESSAGE_RETRY_DELAY_SECONDS: '0', MESSAGE_RETRY_LIMIT: '1', JOBS_POLL_MS: '500' }, undefined, {
    jobs: { work: true },
  });
  tokens = await server.signInAll({ admin: 'admin@acme.test', leaver: 'leaver@acme.test', keeper: 'keeper@acme.test' });
});

afterAll(async () => {
  await server.close();
  await Promise.all([sms.close(), push.close(), database.close()]);
});

describe('a message sent after it was recorded', () => {
  it('is not sent again to a user made inactive in the organization since it failed; a member’s is', async () => {
    sms.failNext(4, 503);
    for (const [userId, phone] of [[ids.leaver, '+41791110001'], [ids.keeper, '+41791110002']] as const) {
      await server.messages.sms({ template: alertSms, data: { zone: 'Entrance' }, to: { phone, lang: 'en', userId }, organizationId: ids.org });
    }
    await until(async () => (await deliveries('SMS')).filter((d) => d.status === 'FAILED').length === 2, 15_000);
    // Both tried twice while the provider was down (its refusals are not counted as received).
    expect((await deliveries('SMS')).map((d) => d.attempts)).toEqual([2, 2]);
    expect(sms.received).toEqual([]);
    await database.db.update(userOrganizations).set({ active: false }).where(and(eq(userOrganizations.userId, ids.leaver), eq(userOrganizations.organizationId, ids.org)));

    for (const d of await deliveries('SMS')) expect((await server.gql(RETRY, { id: d.id }, { token: tokens.admin })).errors).toBeUndefined();
    await until(async () => (await deliveries('SMS')).every((d) => d.status !== 'QUEUED'), 15_000);
    const byPhone = new Map((await deliveries('SMS')).map((d) => [d.recipient, d]));
    expect(byPhone.get('+41791110002')).toMatchObject({ status: 'SENT' });
    expect(byPhone.get('+41791110001')).toMatchObject({ status: 'FAILED', lastError: NOT_A_MEMBER });
    expect(sms.received.map((m) => m.to)).toEqual(['+41791110002']);
  });

  it('as a push, does not reach a browser that now notifies another user', async () => {
    const shared = push.browser();
    await server.gql(SUBSCRIBE_PUSH, { s: shared.subscription }, { token: tokens.keeper });
    await until(() => shared.received.length === 1); // the subscription's test notification
    shared.failNext(2, 503);
    await server.messages.push({ template: alertPush, data: { zone: 'Entrance' }, to: { userId: ids.keeper, lang: 'en' }, organizationId: ids.org });
    await until(async () => (await deliveries('PUSH')).some((d) => d.status === 'FAILED' && d.retryable), 15_000);
    const failed = (await deliveries('PUSH')).find((d) => d.status === 'FAILED' && d.retryable)!;

    // The keeper signs out of the shared browser and the administrator turns notifications on there.
    await server.gql(SUBSCRIBE_PUSH, { s: shared.subscription }, { token: tokens.admin });
    await until(() => shared.received.length === 2);
    expect((await server.gql(RETRY, { id: failed.id }, { token: tokens.admin })).errors).toBeUndefined();
    await until(async () => (await deliveries('PUSH')).find((d) => d.id === failed.id)!.status === 'FAILED', 15_000);
    expect((await deliveries('PUSH')).find((d) => d.id === failed.id)).toMatchObject({ lastError: 'the browser now notifies another user' });
    expect(shared.received.map((p) => JSON.parse(p.payload).title)).not.toContain('Queue too long in Entrance');
  });
});
