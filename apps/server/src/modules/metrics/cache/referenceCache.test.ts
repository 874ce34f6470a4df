import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zones } from '../../../composition/tables.ts';
import type { Database } from '../../../db/database.ts';
import { createOrganization, createSite, createUser } from '../../../test/factories.ts';
import { openTestDatabase } from '../../../test/testDatabase.ts';
import { startTestServer } from '../../../test/testServer.ts';
import { writeReadings } from '../write/readings.write.ts';
import { referenceCacheOf } from './referenceCache.ts';

/**
 * Issue 33: what the engine looks up around its SQL (the site, its zone tree, which zones hold the
 * metric, target names) is kept in the process under the data versions, and never read stale: a
 * renamed zone, a zone that gets its first readings and a new zone all show in the next answer.
 * Over HTTP, the result cache off (every answer from the engine), against a server without the
 * reference cache on the same database.
 */
const RETAIL = `query($i: RetailDataInput!) { retailData(input: $i) { series { key label points { value } } } }`;
const ENTRIES = 1_000;

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let bare: Awaited<ReturnType<typeof startTestServer>>;
const tokens = { cached: '', bare: '' };
const ids = { org: 0, site: 0, top: 0, child: 0 };

const byZone = (zoneIds: number[]) => ({
  installationId: ids.site,
  metric: 'visitorsIn',
  target: { kind: 'zone', ids: zoneIds },
  groupBy: { type: 'zone', aggregation: 'sum' },
  filters: { operator: 'AND', conditions: [{ type: 'date', dateBegin: '2026-11-02T00:00:00Z', dateEnd: '2026-11-03T00:00:00Z' }] },
});

type Series = Array<{ key: string; label: string; points: Array<{ value: number | null }> }>;
async function ask(base: string, token: string, input: unknown): Promise<Array<{ key: string; label: string; total: number }>> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: RETAIL, variables: { i: input } }),
  });
  const body = (await res.json()) as { data?: { retailData: { series: Series } }; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data!.retailData.series.map((s) => ({ key: s.key, label: s.label, total: s.points.reduce((n, p) => n + (p.value ?? 0), 0) }));
}

/** The same request through the cached server and the bare one: the cached answer must equal the engine's own. */
async function both(input: unknown) {
  const cached = await ask(server.base, tokens.cached, input);
  expect(cached).toEqual(await ask(bare.base, tokens.bare, input));
  return cached;
}

const visitors = (targetId: number, value: number, iso: string) => ({ organizationId: ids.org, targetKind: 'zone' as const, targetId, metric: 'visitorsIn', value, ts: new Date(iso) });

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const site = await createSite(database, org.id, { timezone: 'UTC' });
  Object.assign(ids, { org: org.id, site: site.site.id, top: site.top.id, child: site.child.id });
  await writeReadings(database, [visitors(site.top.id, 40, '2026-11-02T10:00:00Z')]);
  await createUser(database, { email: 'ana@acme.test', organizationIds: [org.id], role: 'admin' });
  server = await startTestServer(database, { RESULT_CACHE_MB: '0', REFERENCE_CACHE_ENTRIES: String(ENTRIES) });
  bare = await startTestServer(database, { RESULT_CACHE_MB: '0', REFERENCE_CACHE_ENTRIES: '0' });
  tokens.cached = await server.signIn('ana@acme.test');
  tokens.bare = await bare.signIn('ana@acme.test');
});

afterAll(async () => {
  await server.close();
  await bare.close();
  await database.close();
});

describe('the reference cache', () => {
  it('looks up nothing again for a second identical request', async () => {
    const cache = referenceCacheOf(database, ENTRIES)!;
    const first = await both(byZone([ids.top, ids.child]));
    expect(first.find((s) => s.key === String(ids.top))?.total).toBe(40);
    expect(cache.size).toBeGreaterThan(0);
    const misses = cache.misses;
    const hits = cache.hits;
    expect(await both(byZone([ids.top, ids.child]))).toEqual(first);
    expect(cache.misses).toBe(misses);
    expect(cache.hits).toBeGreaterThan(hits);
  });

  it('shows a renamed zone in the next answer', async () => {
    await both(byZone([ids.top, ids.child]));
    await database.db.update(zones).set({ name: 'Whole shop' }).where(eq(zones.id, ids.top));
    const after = await both(byZone([ids.top, ids.child]));
    expect(after.find((s) => s.key === String(ids.top))?.label).toBe('Whole shop');
  });

  it('reads a zone that gets its first readings, and a new zone, in the next answer', async () => {
    const before = await both(byZone([ids.top, ids.child]));
    expect(before.find((s) => s.key === String(ids.child))?.total ?? 0).toBe(0);
    await writeReadings(database, [visitors(ids.child, 7, '2026-11-02T11:00:00Z')]);
    const after = await both(byZone([ids.top, ids.child]));
    expect(after.find((s) => s.key === String(ids.child))?.total).toBe(7);
    // A zone made after the lookups were kept is known to the next request (an unknown target is refused).
    const [annex] = await database.db.insert(zones).values({ installationId: ids.site, name: 'Annex', parentId: ids.top }).returning();
    await writeReadings(database, [visitors(annex!.id, 3, '2026-11-02T12:00:00Z')]);
    const withAnnex = await both(byZone([ids.top, ids.child, annex!.id]));
    expect(withAnnex.find((s) => s.key === String(annex!.id))).toMatchObject({ label: 'Annex', total: 3 });
  });
});
