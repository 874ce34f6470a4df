import { request as httpRequest, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { createOrganization, createUser } from '../../test/factories.ts';
import { startTestServer } from '../../test/testServer.ts';
import { CallerSlots } from './callerConcurrency.ts';

// Issue 14 item 5: one user's calls could take every connection while the others waited.
let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let tokens: { ann: string; bob: string };

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  await createUser(database, { email: 'ann@acme.test', organizationIds: [org.id] });
  await createUser(database, { email: 'bob@acme.test', organizationIds: [org.id] });
  server = await startTestServer(database, { API_CALLER_CONCURRENCY: '1', API_CALLER_QUEUE: '1' });
  tokens = await server.signInAll({ ann: 'ann@acme.test', bob: 'bob@acme.test' });
});

afterAll(async () => {
  await server.close();
  await database.close();
});

/**
 * A call that runs until we end it: an upload whose body has not all arrived holds its turn (the
 * server reads a multipart body while the call runs). Resolves once the server has taken it.
 */
function openUpload(token: string): { req: ClientRequest; status: Promise<number> } {
  const url = new URL(`${server.base}/graphql`);
  const req = httpRequest({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x', 'graphql-require-preflight': '1' },
  });
  const status = new Promise<number>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
  });
  req.write('--x\r\nContent-Disposition: form-data; name="operations"\r\n\r\n');
  return { req, status };
}

const me = (token: string) => server.gql<{ me: { email: string } }>('{ me { email } }', {}, { token });
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe('turns per caller', () => {
  it('queues a caller past its concurrent calls, refuses it past its queue with 429, and others go on', async () => {
    const held = openUpload(tokens.ann);
    await settle();
    const queued = me(tokens.ann);
    await settle();
    const refused = await me(tokens.ann);
    expect(refused.status).toBe(429);
    expect(refused.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
    // Another user, and an anonymous caller, are not held up by Ann's calls.
    const other = await me(tokens.bob);
    expect(other.status).toBe(200);
    expect(other.data?.me.email).toBe('bob@acme.test');
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    // Ann's upload ends: her queued call runs, and her next call is answered.
    held.req.end('{}\r\n--x--\r\n');
    expect(await held.status).toBeGreaterThan(0);
    expect((await queued).data?.me.email).toBe('ann@acme.test');
    expect((await me(tokens.ann)).data?.me.email).toBe('ann@acme.test');
  });

  it('gives the turn back when a call ends badly (the client goes away)', async () => {
    const held = openUpload(tokens.ann);
    await settle();
    held.req.destroy();
    await held.status;
    await settle();
    const again = await Promise.all([me(tokens.ann), me(tokens.ann)]);
    expect(again.map((r) => r.status)).toEqual([200, 200]);
  });
});

describe('CallerSlots', () => {
  it('hands the slot to the waiting calls in order and forgets an idle caller', async () => {
    const slots = new CallerSlots(1, 2);
    const first = await slots.acquire('a');
    const order: number[] = [];
    const second = slots.acquire('a').then((release) => (order.push(2), release));
    const third = slots.acquire('a').then((release) => (order.push(3), release));
    expect(await slots.acquire('a')).toBeNull();
    expect(await slots.acquire('b')).not.toBeNull();
    expect(slots.load('a')).toEqual({ running: 1, waiting: 2 });
    first!();
    first!();
    (await second)!();
    (await third)!();
    expect(order).toEqual([2, 3]);
    expect(slots.load('a')).toEqual({ running: 0, waiting: 0 });
  });
});

describe('CallerSlots.tryAcquire', () => {
  it('takes a slot only when one is free now, and never queues', async () => {
    const slots = new CallerSlots(2, 5);
    const first = slots.tryAcquire('a');
    const second = slots.tryAcquire('a');
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(slots.tryAcquire('a')).toBeNull();
    expect(slots.load('a')).toEqual({ running: 2, waiting: 0 });
    const waiting = slots.acquire('a');
    expect(slots.load('a')).toEqual({ running: 2, waiting: 1 });
    // A freed slot goes to the call waiting for it, not to the next try.
    first!();
    expect(slots.tryAcquire('a')).toBeNull();
    (await waiting)!();
    second!();
    expect(slots.load('a')).toEqual({ running: 0, waiting: 0 });
  });
});
