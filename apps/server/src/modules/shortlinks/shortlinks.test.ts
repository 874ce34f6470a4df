import { describe, expect, it } from 'vitest';
import { acmeAndRivalPerFile } from '../../test/acmeAndRivalServer.ts';
import { errorCode } from '../../test/testServer.ts';
import { newShortLinkCode } from './shortLinkCode.ts';

const CREATE = 'mutation($path: String!) { createShortLink(path: $path) { code shortPath path query url token } }';
const BY_CODE = 'query($code: String!) { shortLinkByCode(code: $code) { code path query url token } }';

const world = acmeAndRivalPerFile();

describe('short links', () => {
  it('creates a random code for a page with its filters, which a colleague opens', async () => {
    const path = '/sites/3/counting?from=2026-03-01&to=2026-03-02&zone=12&token=abc';
    const created = (await world.server.gql(CREATE, { path }, { token: world.tokens.ana })).data!.createShortLink;
    expect(created.code).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(created.shortPath).toBe(`/t/${created.code}`);
    const opened = await world.server.gql(BY_CODE, { code: created.code }, { token: world.tokens.ben });
    expect(opened.data?.shortLinkByCode).toEqual({
      code: created.code,
      path: '/sites/3/counting',
      query: '?from=2026-03-01&to=2026-03-02&zone=12&token=abc',
      url: path,
      token: 'abc',
    });
  });

  it('reuses the code of the same page and query, and gives a new one otherwise', async () => {
    const a = (await world.server.gql(CREATE, { path: '/alerts?page=2' }, { token: world.tokens.ana })).data!.createShortLink;
    const b = (await world.server.gql(CREATE, { path: '/alerts?page=2' }, { token: world.tokens.ben })).data!.createShortLink;
    const c = (await world.server.gql(CREATE, { path: '/alerts?page=3' }, { token: world.tokens.ana })).data!.createShortLink;
    expect(b.code).toBe(a.code);
    expect(c.code).not.toBe(a.code);
    expect(c.token).toBeNull();
  });

  it("answers NOT_FOUND for another organization's code, an unknown or a malformed one", async () => {
    const { code } = (await world.server.gql(CREATE, { path: '/dashboards' }, { token: world.tokens.ana })).data!.createShortLink;
    expect(errorCode(await world.server.gql(BY_CODE, { code }, { token: world.tokens.rival }))).toBe('NOT_FOUND');
    const rivalSame = (await world.server.gql(CREATE, { path: '/dashboards' }, { token: world.tokens.rival })).data!.createShortLink;
    expect(rivalSame.code).not.toBe(code);
    for (const other of [newShortLinkCode(), 'short', "x' or 1=1 --"]) {
      expect(errorCode(await world.server.gql(BY_CODE, { code: other }, { token: world.tokens.ana }))).toBe('NOT_FOUND');
    }
    expect(errorCode(await world.server.gql(BY_CODE, { code }))).toBe('UNAUTHENTICATED');
  });

  it('refuses paths outside the app', async () => {
    for (const path of ['https://evil.example/', '//evil.example', '/\\evil', 'sites', '/t/abcdefghijkl']) {
      const r = await world.server.gql(CREATE, { path }, { token: world.tokens.ana });
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
