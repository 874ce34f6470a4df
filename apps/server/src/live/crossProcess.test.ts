import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '../test/freePort.ts';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../composition/tables.ts';
import { createOrganization, createSite, createUser, TEST_PASSWORD } from '../test/factories.ts';
import { sseSubscribe } from '../test/sseSubscription.ts';
import { openTestDatabase } from '../test/testDatabase.ts';

// Two real server processes on one PostgreSQL and one Redis, as in production behind a balancer.
const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const serverDir = fileURLToPath(new URL('../..', import.meta.url));

let database: Awaited<ReturnType<typeof openTestDatabase>>;
const processes: ChildProcess[] = [];
let siteId = 0;
let zoneId = 0;
let eventId = 0;
let a = '';
let b = '';

async function startServer(): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database.url, REDIS_URL: REDIS, DEMO_DATA: 'off', SIMULATOR: 'off', LOG_LEVEL: 'warn', PROFILE_REQUESTS: 'on', RESULT_CACHE_REDIS_WAIT_MS: '5000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  processes.push(child);
  const base = `http://127.0.0.1:${port}`;
  // A server compiled by tsx takes a minute to start on a busy machine (the whole suite runs beside it).
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server process exited with ${child.exitCode}`);
    if (await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.ok, () => false)) return base;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server process did not start within 90 s');
}

async function gql(base: string, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: any; errors?: unknown[] };
}

beforeAll(async () => {
  database = await openTestDatabase({ serverUrl: PG });
  const org = await createOrganization(database);
  await createUser(database, { email: 'ops@acme.test', organizationIds: [org.id], role: 'admin' });
  const site = await createSite(database, org.id);
  siteId = site.site.id;
  zoneId = site.top.id;
  const [event] = await database.db
    .insert(events)
    .values({ installationId: siteId, name: 'Footfall', metrics: ['counting'], neverEnding: true, dateBegin: new Date('2024-01-01T00:00:00Z'), stopngoLimit: 10 })
    .returning();
  eventId = event!.id;
  [a, b] = await Promise.all([startServer(), startServer()]);
}, 150_000);

afterAll(async () => {
  for (const p of processes) p.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  await database.close();
});

describe('live readings across server processes', () => {
  it('a reading ingested on one process arrives on a subscription held by the other', async () => {
    const login = 'query($e:String!,$p:String!){ login(email:$e,password:$p) }';
    const tokenA = (await gql(a, login, { e: 'ops@acme.test', p: TEST_PASSWORD })).data.login as string;
    const tokenB = (await gql(b, login, { e: 'ops@acme.test', p: TEST_PASSWORD })).data.login as string;
    const key = (await gql(a, 'mutation { createApiKey(name:"door counter") { secret } }', {}, tokenA)).data.createApiKey.secret as string;

    const sub = await sseSubscribe(b, tokenB, 'subscription($id:Int!){ liveReadings(installationId:$id){ targetId metric value } }', { id: siteId });
    await new Promise((r) => setTimeout(r, 300));
    const time = new Date(Date.now() - 60_000).toISOString();
    const ingest = await fetch(`${a}/api/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify([{ target: { kind: 'zone', id: zoneId }, metric: 'visitorsIn', time, value: 7 }]),
    });
    expect(await ingest.json()).toEqual({ accepted: 1, rejected: [] });
    const events = await sub.waitFor(1, 10_000);
    await sub.close();
    expect(events[0]?.data?.liveReadings).toEqual([{ targetId: zoneId, metric: 'visitorsIn', value: 7 }]);
  }, 90_000);

  it('an entrance screen shown through one process is active for the other, and goes STOP with a reading ingested there', async () => {
    const login = 'query($e:String!,$p:String!){ login(email:$e,password:$p) }';
    const token = (await gql(a, login, { e: 'ops@acme.test', p: TEST_PASSWORD })).data.login as string;
    const key = (await gql(a, 'mutation { createApiKey(name:"door") { secret } }', {}, token)).data.createApiKey.secret as string;
    const create = 'mutation($i: StopNGoScreenInput!) { createStopNGoScreen(input: $i) { secret screen { id } } }';
    const { secret, screen } = (await gql(a, create, { i: { eventId, name: 'Door', language: 'en' } }, token)).data.createStopNGoScreen;
    const status = async () => (await gql(a, 'query($e: Int!) { stopNGoScreens(eventId: $e) { id status } }', { e: eventId }, token)).data.stopNGoScreens.find((s: { id: number }) => s.id === screen.id).status;
    expect(await status()).toBe('INACTIVE');

    const display = await sseSubscribe(b, null, 'subscription($s: String!) { stopNGoDisplay(secret: $s) { state inside } }', { s: secret });
    const [first] = await display.waitFor(1, 10_000);
    // The first test's reading (7 in) is already inside.
    expect(first.data.stopNGoDisplay).toEqual({ state: 'GO', inside: 7 });
    expect(await status()).toBe('ACTIVE');

    const ingest = await fetch(`${a}/api/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify([{ target: { kind: 'zone', id: zoneId }, metric: 'visitorsIn', time: new Date(Date.now() - 30_000).toISOString(), value: 6 }]),
    });
    expect(await ingest.json()).toEqual({ accepted: 1, rejected: [] });
    const until = Date.now() + 2000;
    while (!display.events.some((e) => e.data?.stopNGoDisplay?.state === 'STOP') && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(display.events.map((e) => e.data.stopNGoDisplay.state)).toContain('STOP');
    await display.close();
    const gone = Date.now() + 5000;
    while ((await status()) !== 'INACTIVE' && Date.now() < gone) await new Promise((r) => setTimeout(r, 100));
    expect(await status()).toBe('INACTIVE');
  }, 60_000);

  // Issue 33 item 2: each process keeps callers in memory; the database's notification drops them everywhere.
  it('a session signed out through one process is refused by the other within a second', async () => {
    const login = 'query($e:String!,$p:String!){ login(email:$e,password:$p) }';
    const signIn = await fetch(`${a}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: login, variables: { e: 'ops@acme.test', p: TEST_PASSWORD } }),
    });
    const token = ((await signIn.json()) as { data: { login: string } }).data.login;
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const me = async () => (await gql(b, '{ me { email } }', {}, token)).data?.me?.email ?? null;
    // B has the caller in its cache now.
    expect(await me()).toBe('ops@acme.test');
    expect(await me()).toBe('ops@acme.test');
    const logout = await fetch(`${a}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, cookie },
      body: JSON.stringify({ query: 'mutation { logout }' }),
    });
    expect(((await logout.json()) as { data: { logout: boolean } }).data.logout).toBe(true);
    const start = performance.now();
    while ((await me()) !== null && performance.now() - start < 1_000) await new Promise((r) => setTimeout(r, 20));
    expect(await me()).toBeNull();
    expect(performance.now() - start).toBeLessThan(1_000);
  }, 30_000);

  // Issue 33 item 4: answers are shared through Redis, under versions the database moves on every write.
  it('an answer kept by one process is served by the other, and a reading ingested through one is in the next answer of both', async () => {
    const login = 'query($e:String!,$p:String!){ login(email:$e,password:$p) }';
    const tokenA = (await gql(a, login, { e: 'ops@acme.test', p: TEST_PASSWORD })).data.login as string;
    const tokenB = (await gql(b, login, { e: 'ops@acme.test', p: TEST_PASSWORD })).data.login as string;
    const key = (await gql(a, 'mutation { createApiKey(name:"counter") { secret } }', {}, tokenA)).data.createApiKey.secret as string;
    const input = {
      installationId: siteId,
      metric: 'visitorsIn',
      groupBy: { type: 'date', aggregation: 'sum', granularity: 3600 },
      filters: { operator: 'AND', conditions: [{ type: 'date', dateBegin: '2026-11-02T00:00:00Z', dateEnd: '2026-11-03T00:00:00Z' }] },
    };
    const ask = async (base: string, token: string) => {
      const res = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: 'query($i: RetailDataInput!) { retailData(input: $i) { series { points { value } } } }', variables: { i: input } }),
      });
      const body = (await res.json()) as { data: { retailData: { series: Array<{ points: Array<{ value: number | null }> }> } } };
      const sum = body.data.retailData.series.flatMap((s) => s.points).reduce((n, p) => n + (p.value ?? 0), 0);
      return { sum, cache: res.headers.get('x-result-cache') };
    };
    const ingest = async (value: number, time: string) => {
      const res = await fetch(`${a}/api/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify([{ target: { kind: 'zone', id: zoneId }, metric: 'visitorsIn', time, value }]),
      });
      expect(await res.json()).toEqual({ accepted: 1, rejected: [] });
    };
    // The answers B wrote to Redis (the write is not awaited by B's reply, so a busy machine may take a while).
    const redis = new Redis(REDIS);
    const before = (await redis.keys('sitelens:result:*')).length;
    const sharedAnswers = async (count: number) => {
      const deadline = Date.now() + 5_000;
      while ((await redis.keys('sitelens:result:*')).length < before + count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    };
    await ingest(4, '2026-11-02T10:00:00Z');
    expect(await ask(b, tokenB)).toEqual({ sum: 4, cache: 'hit=0 miss=1' });
    // Kept by B, served to A through Redis (the written answer reaches Redis just after B's reply).
    await sharedAnswers(1);
    expect(await ask(a, tokenA)).toEqual({ sum: 4, cache: 'hit=1 miss=0' });
    expect(await ask(b, tokenB)).toEqual({ sum: 4, cache: 'hit=1 miss=0' });
    // A reading written through A: neither process answers what it kept before.
    await ingest(3, '2026-11-02T11:00:00Z');
    expect(await ask(b, tokenB)).toEqual({ sum: 7, cache: 'hit=0 miss=1' });
    await sharedAnswers(2);
    expect(await ask(a, tokenA)).toEqual({ sum: 7, cache: 'hit=1 miss=0' });
    redis.disconnect();
  }, 30_000);
});
