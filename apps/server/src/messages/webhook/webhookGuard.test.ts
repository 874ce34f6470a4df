import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { until } from '../../jobs/testSupport/until.ts';
import { type DnsPeer, startDnsPeer } from '../../test/dnsPeer.ts';
import { createOrganization } from '../../test/factories.ts';
import { freePort } from '../../test/freePort.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { startTestServer } from '../../test/testServer.ts';
import { type WebhookReceiver, startWebhookReceiver } from '../../test/webhookReceiver.ts';
import { webhookSecretOf } from './webhookSecrets.ts';

/**
 * The guard against a real DNS server and a real receiver on this machine. Two servers: the default
 * one refuses special-purpose addresses; the on-premises one (WEBHOOK_ALLOW_PRIVATE=on) may reach
 * the receiver, which shows where its connections really go.
 */
let dns: DnsPeer;
let hooks: WebhookReceiver;
let port: string;
const servers: Record<'strict' | 'onPrem', { database: Database; server: Awaited<ReturnType<typeof startTestServer>>; orgId: number }> = {} as any;

beforeAll(async () => {
  [dns, hooks] = await Promise.all([startDnsPeer(), startWebhookReceiver()]);
  port = new URL(hooks.url).port;
  for (const [name, env] of [
    ['strict', {}],
    ['onPrem', { WEBHOOK_ALLOW_PRIVATE: 'on' }],
  ] as const) {
    const database = await openTestDatabase();
    const server = await startTestServer(
      database,
      { JOBS_POLL_MS: '500', MESSAGE_RETRY_DELAY_SECONDS: '0', MESSAGE_RETRY_LIMIT: '1', WEBHOOK_DNS_SERVERS: dns.server, ...env },
      undefined,
      { jobs: { work: true } },
    );
    servers[name] = { database, server, orgId: (await createOrganization(database)).id };
  }
  hooks.trust((await webhookSecretOf(servers.onPrem.database, servers.onPrem.orgId, new Date())).secret);
});

afterAll(async () => {
  for (const { server, database } of Object.values(servers)) {
    await server.close();
    await database.close();
  }
  await Promise.all([dns.close(), hooks.close()]);
});

/** Sends a webhook from one server and waits until it is sent or failed for good. */
async function send(which: 'strict' | 'onPrem', url: string) {
  const { server, database, orgId } = servers[which];
  const id = (await server.messages.webhook({ organizationId: orgId, url, event: 'test', payload: {} }))!;
  const record = async () =>
    (await database.sql.query<{ status: string; attempts: number; lastError: string | null }>('SELECT status, attempts, last_error AS "lastError" FROM message_deliveries WHERE id = $1', [id])).rows[0];
  await until(async () => ['sent', 'failed'].includes((await record())?.status ?? ''), 10_000, `delivery ${id} done`);
  return { id, ...(await record())! };
}

const receivedFor = (id: number) => hooks.received.filter((h) => h.delivery === String(id)).length;

describe('the webhook guard', () => {
  it('refuses a name that fails to resolve and then answers 127.0.0.1: the attempt without an answer is not sent', async () => {
    dns.answer('rebind.attacker.test', ['fail', '127.0.0.1']);
    const sent = await send('strict', `http://rebind.attacker.test:${port}/hooks/sitelens`);
    expect(sent).toMatchObject({ status: 'failed', attempts: 2, lastError: 'refused' });
    expect(receivedFor(sent.id)).toBe(0);
    expect(dns.queries.filter((q) => q === 'rebind.attacker.test')).toHaveLength(2);
  });

  it.each(['169.254.169.254', '192.0.0.9', '198.51.100.7', '203.0.113.7', '240.0.0.1'])('refuses a name that answers %s, at once and for good', async (address) => {
    const name = `to-${address.replaceAll('.', '-')}.attacker.test`;
    dns.answer(name, [address]);
    expect(await send('strict', `https://${name}/hook`)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'refused' });
  });

  it('connects to the address it checked: a name that resolves elsewhere afterwards is still delivered to the first answer, resolved once', async () => {
    // 127.0.0.2 is this machine too, but nothing listens there: a second resolution would miss the receiver.
    dns.answer('pinned.hooks.test', ['127.0.0.1', '127.0.0.2']);
    const sent = await send('onPrem', `http://pinned.hooks.test:${port}/hooks/sitelens`);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    expect(receivedFor(sent.id)).toBe(1);
    expect(dns.queries.filter((q) => q === 'pinned.hooks.test')).toHaveLength(1);
  });

  it('sends nothing on an attempt whose resolution failed, and delivers on the retry once the name answers', async () => {
    dns.answer('flaky.hooks.test', ['fail', '127.0.0.1']);
    const sent = await send('onPrem', `http://flaky.hooks.test:${port}/hooks/sitelens`);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    expect(receivedFor(sent.id)).toBe(1);
    expect(dns.queries.filter((q) => q === 'flaky.hooks.test')).toHaveLength(2);
  });

  it('records one word, never which port or host answered how', async () => {
    dns.answer('closed.hooks.test', ['127.0.0.1']);
    const closed = await send('onPrem', `http://closed.hooks.test:${await freePort()}/hook`);
    expect(closed).toMatchObject({ status: 'failed', lastError: 'unreachable' });
    // The receiver speaks plain HTTP: a TLS handshake with it fails.
    dns.answer('plain.hooks.test', ['127.0.0.1']);
    const tls = await send('onPrem', `https://plain.hooks.test:${port}/hook`);
    expect(tls).toMatchObject({ status: 'failed', lastError: 'tls' });
    hooks.answerNext(2, 302);
    const redirected = await send('onPrem', hooks.url);
    expect(redirected).toMatchObject({ status: 'failed', attempts: 2, lastError: 'HTTP 302' });
  });
});
