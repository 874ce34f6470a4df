import { DOCUMENT_TOKENS_MAX } from '@sitelens/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { TEST_PASSWORD, createOrganization, createUser } from '../test/factories.ts';
import { logSink } from '../test/logSink.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { startTestServer } from '../test/testServer.ts';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const LOGIN = 'query($e:String!,$p:String!){ login(email:$e,password:$p) }';
const WRONG_PASSWORD = 'Leaky#Secret-93715';

let database: Database;
const servers: Server[] = [];
const start = async (...args: Parameters<typeof startTestServer>) => {
  const s = await startTestServer(...args);
  servers.push(s);
  return s;
};

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  await createUser(database, { email: 'ana@acme.test', organizationIds: [org.id] });
});

afterAll(async () => {
  for (const s of servers) await s.close();
  await database.close();
});

const getGraphql = (server: Server, query: string, variables?: Record<string, unknown>) => {
  const params = new URLSearchParams({ query, ...(variables ? { variables: JSON.stringify(variables) } : {}) });
  return fetch(`${server.base}/graphql?${params}`, { headers: { accept: 'application/json' } });
};

describe('GET is for reading only', () => {
  let server: Server;
  beforeAll(async () => {
    server = await start(database);
  });

  it('refuses sign-in over GET with 405, without checking the password or setting a cookie', async () => {
    const res = await getGraphql(server, LOGIN, { e: 'ana@acme.test', p: TEST_PASSWORD });
    expect(res.status).toBe(405);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(((await res.json()) as any).errors[0].extensions.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('refuses renew, sign-in hidden in a fragment, and mutations over GET', async () => {
    for (const query of [
      '{ renew }',
      'query { ...F } fragment F on Query { login(email:"ana@acme.test", password:"x") }',
      'query { ... on Query { renew } }',
      'mutation { logout }',
    ]) {
      const res = await getGraphql(server, query);
      expect(res.status, query).toBe(405);
    }
  });

  it('still answers plain queries over GET, and sign-in over POST', async () => {
    const res = await getGraphql(server, '{ supportContact { phone } }');
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).data.supportContact.phone).toBeTruthy();
    expect(typeof (await server.gql(LOGIN, { e: 'ana@acme.test', p: TEST_PASSWORD })).data?.login).toBe('string');
  });
});

describe('a document\'s size', () => {
  let server: Server;
  beforeAll(async () => {
    server = await start(database);
  });
  // graphql-js's words ("more that"), with the bound.
  const TOO_MANY_TOKENS = new RegExp(`^Syntax Error: Document contains more th\\w+ ${DOCUMENT_TOKENS_MAX} tokens`);
  const post = (query: string) =>
    fetch(`${server.base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });

  it('refuses a document past DOCUMENT_TOKENS_MAX while it is lexed, and answers the next one', async () => {
    // 400,000 nested lists: before the bound the parser recursed until the stack ran out.
    const deep = await post(`{ __typename(x: ${'['.repeat(400_000)}) }`);
    expect(((await deep.json()) as any).errors[0].message).toMatch(TOO_MANY_TOKENS);
    const wide = await post(`query($a: [Int] = [${Array.from({ length: DOCUMENT_TOKENS_MAX }, (_, i) => i).join(',')}]) { __typename }`);
    expect(((await wide.json()) as any).errors[0].message).toMatch(TOO_MANY_TOKENS);
    const next = await post('{ __typename }');
    expect(await next.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('parses a document at the bound', async () => {
    // 12 tokens around the list, one per item: the bound exactly, then one more.
    const ids = (n: number) => Array.from({ length: n }, () => 1).join(' ');
    const at = (await (await post(`{ zonesByIds(zoneIds: [${ids(DOCUMENT_TOKENS_MAX - 12)}]) { id } }`)).json()) as any;
    // Parsed and validated: what refuses it is that no one signed in.
    expect(at.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const past = (await (await post(`{ zonesByIds(zoneIds: [${ids(DOCUMENT_TOKENS_MAX - 11)}]) { id } }`)).json()) as any;
    expect(past.errors[0].message).toMatch(TOO_MANY_TOKENS);
  });
});

describe('the log', () => {
  it('never holds a password, a code, a token, a cookie or an authorization header', async () => {
    const log = logSink();
    const server = await start(database, { LOG_LEVEL: 'info' }, undefined, { log: log.stream });
    const signIn = await server.gql(LOGIN, { e: 'ana@acme.test', p: TEST_PASSWORD });
    const token = signIn.data?.login as string;
    const cookie = signIn.setCookie!.split(';')[0]!;
    const secret = cookie.split('=')[1]!;
    await server.gql(LOGIN, { e: 'ana@acme.test', p: WRONG_PASSWORD });
    await getGraphql(server, LOGIN, { e: 'ana@acme.test', p: WRONG_PASSWORD });
    await fetch(`${server.base}/graphql?query=${encodeURIComponent('{ me { email } }')}&code=918273&token=${token}`, {
      headers: { authorization: `Bearer ${token}`, cookie },
    });
    await server.gql('{ me { email } }', {}, { token, cookie });
    await fetch(`${server.base}/healthz`);
    const text = log.text();
    // The requests were logged, with their method, path and status...
    const lines = log.lines().filter((l) => l.msg === 'request completed');
    expect(lines.length).toBeGreaterThanOrEqual(5);
    expect(lines[0]).toMatchObject({ level: 30, req: { method: 'POST', url: '/graphql' }, status: 200 });
    expect(lines.map((l) => l.req.url)).toContain('/graphql?query=~&variables=~');
    // ...but none of their secrets.
    for (const leaked of [TEST_PASSWORD, WRONG_PASSWORD, encodeURIComponent(WRONG_PASSWORD), '918273', token, token.split('.')[2]!, secret, 'Bearer', 'sitelens_session']) {
      expect(text).not.toContain(leaked);
    }
    // /healthz is not logged at info.
    expect(text).not.toContain('/healthz');
  });

  it('logs /healthz at debug level', async () => {
    const log = logSink();
    const server = await start(database, { LOG_LEVEL: 'debug' }, undefined, { log: log.stream });
    await fetch(`${server.base}/healthz`);
    expect(log.lines().find((l) => l.req?.url === '/healthz')).toMatchObject({ level: 20, status: 200 });
  });
});

describe('/metrics', () => {
  it('answers only direct requests from this machine by default', async () => {
    const server = await start(database);
    await fetch(`${server.base}/healthz`);
    await fetch(`${server.base}/healthz?probe=1`);
    const direct = await fetch(`${server.base}/metrics`);
    expect(direct.status).toBe(200);
    // Counted per route and status, timed per route (kept as plain numbers per route, httpMetrics.ts).
    const text = await direct.text();
    expect(text).toContain('http_requests_total{method="GET",route="/healthz",status="200"} 2');
    expect(text).toContain('http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/healthz"} 2');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/healthz"} 2');
    // A reverse proxy on this machine would pass anyone's request: forwarded ones are refused.
    for (const header of [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }] as Record<string, string>[]) {
      const proxied = await fetch(`${server.base}/metrics`, { headers: header });
      expect(proxied.status).toBe(403);
      expect(await proxied.text()).not.toContain('http_requests_total');
    }
  });

  it('requires METRICS_TOKEN as a bearer when it is set', async () => {
    const server = await start(database, { METRICS_TOKEN: 'scrape-token-0123456789' });
    expect((await fetch(`${server.base}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.base}/metrics`, { headers: { authorization: 'Bearer scrape-token-wrong-000' } })).status).toBe(401);
    const ok = await fetch(`${server.base}/metrics`, { headers: { authorization: 'Bearer scrape-token-0123456789', 'x-forwarded-for': '203.0.113.9' } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('http_requests_total');
  });
});

describe('the session cookie', () => {
  it('is Secure whenever the public address is https, even when a proxy speaks http to the server', async () => {
    const https = await start(database, { PUBLIC_URL: 'https://sitelens.example' });
    const signIn = await https.gql(LOGIN, { e: 'ana@acme.test', p: TEST_PASSWORD });
    expect(signIn.setCookie).toMatch(/;\s*Secure/i);
    const out = await https.gql('mutation { logout }', {}, { cookie: signIn.setCookie!.split(';')[0]! });
    expect(out.setCookie).toMatch(/;\s*Secure/i);
    const plain = await start(database);
    expect((await plain.gql(LOGIN, { e: 'ana@acme.test', p: TEST_PASSWORD })).setCookie).not.toMatch(/Secure/i);
  });
});
