import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { startTestServer } from '../test/testServer.ts';

// Issue 14 item 3: /graphql answered any Origin with itself and Allow-Credentials: true.
let database: Database;
let plain: Awaited<ReturnType<typeof startTestServer>>;
let listed: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  database = await openTestDatabase();
  plain = await startTestServer(database);
  listed = await startTestServer(database, { CORS_ORIGINS: 'https://admin.example.com, https://portal.example.com:8443' });
});

afterAll(async () => {
  await plain.close();
  await listed.close();
  await database.close();
});

const post = (base: string, origin: string) =>
  fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ query: '{ __typename }' }) });
const preflight = (base: string, origin: string) =>
  fetch(`${base}/graphql`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' } });

describe('CORS on /graphql', () => {
  it('gives another origin no CORS header by default: a page elsewhere cannot read the answers', async () => {
    for (const res of [await post(plain.base, 'https://evil.example'), await preflight(plain.base, 'https://evil.example')]) {
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
    // The app's own (same-origin) calls need no header and still work.
    const own = await post(plain.base, plain.base);
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('lets an origin listed in CORS_ORIGINS call with credentials, naming only that origin', async () => {
    const res = await post(listed.base, 'https://portal.example.com:8443');
    expect(res.headers.get('access-control-allow-origin')).toBe('https://portal.example.com:8443');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    const pre = await preflight(listed.base, 'https://admin.example.com');
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://admin.example.com');
    expect(pre.headers.get('access-control-allow-methods')).toBe('GET, POST');
  });

  it('never reflects an unlisted origin, even when some are listed', async () => {
    for (const origin of ['https://evil.example', 'https://admin.example.com.evil.example', 'null']) {
      const res = await post(listed.base, origin);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });
});
