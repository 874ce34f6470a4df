import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { logSink } from '../test/logSink.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { startTestServer } from '../test/testServer.ts';
import { MASK, SECRET_ROUTES, maskSecrets } from './secretRoutes.ts';

// Shaped like the real ones (24 random bytes in base64url), and found by the test in any line.
const SECRET = 'Zq8sEcReT_w0rth-Hiding42xY';
const withSecrets = (route: string) =>
  route.replace(/:\w+/g, SECRET).replace('*', 'social') +
  (SECRET_ROUTES.find((r) => r.route === route)?.query?.length ? `?${SECRET_ROUTES.find((r) => r.route === route)!.query!.map((q) => `${q}=${SECRET}`).join('&')}` : '');
/** The same address as the log must write it. */
const masked = (route: string) =>
  route.replace(/:\w+/g, MASK).replace('*', 'social') +
  (SECRET_ROUTES.find((r) => r.route === route)?.query?.length ? `?${SECRET_ROUTES.find((r) => r.route === route)!.query!.map((q) => `${q}=${MASK}`).join('&')}` : '');

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
const log = logSink();

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database, { LOG_LEVEL: 'debug' }, undefined, { log: log.stream });
});

afterAll(async () => {
  await server.close();
  await database.close();
});

describe('secrets in addresses never reach the log', () => {
  it('calls every route of the list with a secret in its path and its query, and finds none in any line', async () => {
    for (const { route } of SECRET_ROUTES) {
      await fetch(`${server.base}${withSecrets(route)}`, { headers: { accept: 'text/html' } });
    }
    // The one-click unsubscribe and a GraphQL GET carry theirs too.
    await fetch(`${server.base}/unsubscribe-confirm?token=${SECRET}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    await fetch(`${server.base}/graphql?query=${encodeURIComponent('query($t:String!){ exportLink(token:$t){ state } }')}&variables=${encodeURIComponent(JSON.stringify({ t: SECRET }))}`);
    // A URL that cannot be decoded is refused before any route, with the address in the error.
    await fetch(`${server.base}/api/exports/${SECRET}%ZZ`);
    // An error whose message and stack hold an address (as a failed download or job would log it).
    server.log.error(new Error(`download failed for GET /api/exports/${SECRET} (link /export-download?token=${SECRET})`), 'export download');

    const text = log.text();
    expect(text).not.toContain(SECRET);
    const urls = log.lines().map((l) => l.req?.url).filter(Boolean);
    for (const { route } of SECRET_ROUTES) expect(urls, route).toContain(masked(route));
    expect(urls).toContain('/unsubscribe-confirm?token=~');
    const error = log.lines().find((l) => l.msg === 'export download')!;
    expect(error.level).toBe(50);
    expect(error.err.message).toBe('download failed for GET /api/exports/~ (link /export-download?token=~)');
    expect(error.err.stack).toContain('/api/exports/~');
  });

  it('masks only the secret parts: plain segments and other routes stay readable', () => {
    expect(maskSecrets('GET /auth/oidc/social/callback?code=abc&state=def')).toBe('GET /auth/oidc/social/callback?code=~&state=~');
    expect(maskSecrets('/api/exports/abc123?x=1 then /t/Code12345678/more')).toBe('/api/exports/~?x=~ then /t/~/more');
    expect(maskSecrets('/tutorial/step /reports/12 /api/images/users/3/a.png')).toBe('/tutorial/step /reports/12 /api/images/users/3/a.png');
  });
});
