import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createAcmeAndRival, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';
import { newShortLinkCode } from './shortLinkCode.ts';

const CREATE = 'mutation($path: String!) { createShortLink(path: $path) { code shortPath path query url token } }';
const BY_CODE = 'query($code: String!) { shortLinkByCode(code: $code) { code path query url token } }';

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let tokens: Record<'ana' | 'ben' | 'rival', string>;

beforeAll(async () => {
  database = await openTestDatabase();
  const { org, rival } = await createAcmeAndRival(database);
  await createUser(database, { email: 'ana@acme.test', organizationIds: [org.id] });
  await createUser(database, { email: 'ben@acme.test', organizationIds: [org.id] });
  await createUser(database, { email: 'eve@rival.test', organizationIds: [rival.id] });
  server = await startTestServer(database);
  tokens = await server.signInAll({ ana: 'ana@acme.test', ben: 'ben@acme.test', rival: 'eve@rival.test' });
});

afterAll(async () => {
  await server.close();
  await database.close();
});

describe('short links', () => {
  it('creates a random code for a page with its filters, which a colleague opens', async () => {
    const path = '/sites/3/counting?from=2026-03-01&to=2026-03-02&zone=12&token=abc';
    const created = (await server.gql(CREATE, { path }, { token: tokens.ana })).data!.createShortLink;
    expect(created.code).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(created.shortPath).toBe(`/t/${created.code}`);
    const opened = await server.gql(BY_CODE, { code: created.code }, { token: tokens.ben });
    expect(opened.data?.shortLinkByCode).toEqual({
      code: created.code,
      path: '/sites/3/counting',
      query: '?from=2026-03-01&to=2026-03-02&zone=12&token=abc',
      url: path,
      token: 'abc',
    });
  });

  it('reuses the code of the same page and query, and gives a new one otherwise', async () => {
    const a = (await server.gql(CREATE, { path: '/alerts?page=2' }, { token: tokens.ana })).data!.createShortLink;
    const b = (await server.gql(CREATE, { path: '/alerts?page=2' }, { token: tokens.ben })).data!.createShortLink;
    const c = (await server.gql(CREATE, { path: '/alerts?page=3' }, { token: tokens.ana })).data!.createShortLink;
    expect(b.code).toBe(a.code);
    expect(c.code).not.toBe(a.code);
    expect(c.token).toBeNull();
  });

  it("answers NOT_FOUND for another organization's code, an unknown or a malformed one", async () => {
    const { code } = (await server.gql(CREATE, { path: '/dashboards' }, { token: tokens.ana })).data!.createShortLink;
    expect(errorCode(await server.gql(BY_CODE, { code }, { token: tokens.rival }))).toBe('NOT_FOUND');
    const rivalSame = (await server.gql(CREATE, { path: '/dashboards' }, { token: tokens.rival })).data!.createShortLink;
    expect(rivalSame.code).not.toBe(code);
    for (const other of [newShortLinkCode(), 'short', "x' or 1=1 --"]) {
      expect(errorCode(await server.gql(BY_CODE, { code: other }, { token: tokens.ana }))).toBe('NOT_FOUND');
    }
    expect(errorCode(await server.gql(BY_CODE, { code }))).toBe('UNAUTHENTICATED');
  });

  it('refuses paths outside the app', async () => {
    for (const path of ['https://evil.example/', '//evil.example', '/\\evil', 'sites', '/t/abcdefghijkl']) {
      const r = await server.gql(CREATE, { path }, { token: tokens.ana });
      expect([errorCode(r), r.errors?.[0]?.extensions?.field]).toEqual(['BAD_USER_INPUT', 'path']);
    }
  });

  it('draws unguessable codes: uniform base62, no repeats', () => {
    const codes = Array.from({ length: 2000 }, () => newShortLinkCode());
    expect(new Set(codes).size).toBe(codes.length);
    const counts = new Map<string, number>();
    for (const ch of codes.join('')) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 24,000 characters over 62 symbols: about 387 each; a biased draw would stray far more.
    expect(Math.min(...counts.values())).toBeGreaterThan(300);
    expect(Math.max(...counts.values())).toBeLessThan(480);
  });
});
