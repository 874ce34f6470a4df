import { request as httpRequest } from 'node:http';
import { OPERATIONS_PER_REQUEST_MAX } from '@sitelens/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createOrganization, createUser } from '../test/factories.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { startTestServer } from '../test/testServer.ts';

// A page's queries in one request (docs/decisions.md, "A page's queries in one request").
let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let tokens: { admin: string; user: string };

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  await createUser(database, { email: 'admin@batch.test', organizationIds: [org.id], role: 'admin' });
  await createUser(database, { email: 'user@batch.test', organizationIds: [org.id] });
  // Two calls at once per caller, one more waiting: a batch must live within them.
  server = await startTestServer(database, { API_CALLER_CONCURRENCY: '2', API_CALLER_QUEUE: '1' });
  tokens = await server.signInAll({ admin: 'admin@batch.test', user: 'user@batch.test' });
});

afterAll(async () => {
  await server.close();
  await database.close();
});

type Answer = { data?: Record<string, any> | null; errors?: Array<{ message: string; extensions?: { code?: string } }> };

async function batch(operations: Array<{ query: string; variables?: Record<string, unknown> }>, token?: string): Promise<{ status: number; body: Answer | Answer[] }> {
  const res = await fetch(`${server.base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(operations),
  });
  return { status: res.status, body: (await res.json()) as Answer | Answer[] };
}

describe('operations sent together in one request', () => {
  it('answers each operation in its place, each with its own rights', async () => {
    const { status, body } = await batch(
      [
        { query: '{ me { email } }' },
        { query: '{ auditLog { operation } }' },
        { query: 'query($n: Int!) { auditLog(first: $n) { operation } }', variables: { n: 'many' } },
        { query: 'query Me { me { email } }' },
      ],
      tokens.user,
    );
    expect(status).toBe(200);
    const answers = body as Answer[];
    expect(answers).toHaveLength(4);
    expect(answers[0]!.data?.me.email).toBe('user@batch.test');
    // A user may not read the audit log: that operation alone is refused, the others answered.
    expect(answers[1]!.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(answers[1]!.data ?? null).toBeNull();
    expect(answers[2]!.errors?.length).toBeGreaterThan(0);
    expect(answers[3]!.data?.me.email).toBe('user@batch.test');
    // The same batch by the admin: the audit log is answered.
    const admin = (await batch([{ query: '{ me { email } }' }, { query: '{ auditLog { operation } }' }], tokens.admin)).body as Answer[];
    expect(admin[0]!.data?.me.email).toBe('admin@batch.test');
    expect(admin[1]!.errors).toBeUndefined();
    expect(Array.isArray(admin[1]!.data?.auditLog)).toBe(true);
  });

  it('asks nothing of a signed-out caller but what a signed-out call may', async () => {
    const answers = (await batch([{ query: '{ me { email } }' }, { query: '{ __typename }' }])).body as Answer[];
    expect(answers[0]!.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(answers[1]!.data?.__typename).toBe('Query');
  });

  it(`refuses more than ${OPERATIONS_PER_REQUEST_MAX} operations, running none of them`, async () => {
    const many = Array.from({ length: OPERATIONS_PER_REQUEST_MAX + 1 }, () => ({ query: '{ me { email } }' }));
    const { status, body } = await batch(many, tokens.user);
    expect(status).toBe(413);
    expect(Array.isArray(body)).toBe(false);
    expect((body as Answer).errors?.[0]?.message).toMatch(/limited to 10/);
    const most = (await batch(many.slice(1), tokens.user)).body as Answer[];
    expect(most.map((a) => a.data?.me.email)).toEqual(Array(OPERATIONS_PER_REQUEST_MAX).fill('user@batch.test'));
  });

  it("runs a batch within the caller's one free slot while its other slot is held, without waiting for itself", async () => {
    // An upload whose body has not all arrived holds one of the user's two slots.
    const url = new URL(`${server.base}/graphql`);
    const held = httpRequest({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.user}`, 'content-type': 'multipart/form-data; boundary=x', 'graphql-require-preflight': '1' },
    });
    const heldStatus = new Promise<number>((resolve) => {
      held.on('response', (res) => (res.resume(), resolve(res.statusCode ?? 0)));
      held.on('error', () => resolve(0));
    });
    held.write('--x\r\nContent-Disposition: form-data; name="operations"\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answers = (await batch(Array.from({ length: 5 }, () => ({ query: '{ me { email } }' })), tokens.user)).body as Answer[];
    expect(answers.map((a) => a.data?.me.email)).toEqual(Array(5).fill('user@batch.test'));
    held.end('{}\r\n--x--\r\n');
    expect(await heldStatus).toBeGreaterThan(0);
    // Every slot came back: two batches at once are both answered.
    const again = await Promise.all([0, 1].map(() => batch([{ query: '{ me { email } }' }, { query: '{ me { email } }' }], tokens.user)));
    expect(again.map((r) => r.status)).toEqual([200, 200]);
  });

  it('refuses a fragment that spreads itself at once, and answers the batch it came in', async () => {
    // No layer may walk a request's texts before validation refuses cycles: this one doubles at each step.
    const started = Date.now();
    const { status, body } = await batch([{ query: 'query { ...F } fragment F on Query { ...F ...F }' }, { query: '{ me { email } }' }], tokens.user);
    expect(status).toBe(200);
    const answers = body as Answer[];
    expect(answers[0]!.errors?.[0]?.message).toMatch(/Cannot spread fragment "F" within itself/);
    expect(answers[1]!.data?.me.email).toBe('user@batch.test');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('answers the operations of a batch beside an element that is not one', async () => {
    const res = await fetch(`${server.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.user}` },
      body: JSON.stringify([null, { query: '{ me { email } }' }]),
    });
    expect(res.status).toBe(200);
    const answers = (await res.json()) as Answer[];
    expect(answers[0]!.errors?.length).toBeGreaterThan(0);
    expect(answers[1]!.data?.me.email).toBe('user@batch.test');
  });
});
