import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, events, installations, zones } from '../../composition/tables.ts';
import type { Database } from '../../db/database.ts';
import { referenceCacheOf } from '../metrics/cache/referenceCache.ts';
import { createOrganization, createSite, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { statementsSent } from '../../test/statementsSent.ts';
import { startTestServer } from '../../test/testServer.ts';

/**
 * Issue 33: an analytics page reads its site (with its events' metric families) and its zones with
 * its charts, in one HTTP request. Those two reads are kept in the process's reference cache under
 * the shared data version, and the request's operations read the versions once between them. Never
 * stale: a renamed site, a new event, a renamed zone, a new sensor show in the next answer; and a
 * kept site is still refused to a caller of another organization. Over HTTP, against a server without
 * the reference cache on the same database.
 */
const SITE = 'query($id: Int!) { installationById(installationId: $id) { id name timezone families } }';
const ZONES = 'query($id: Int!) { zonesByInstallation(installationId: $id) { id name parentIds childIds sensorId tagIds isDisabled } }';
const ENTRIES = 1_000;

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let bare: Awaited<ReturnType<typeof startTestServer>>;
const tokens = { cached: '', bare: '', rival: '' };
const ids = { org: 0, site: 0, top: 0, child: 0, rivalSite: 0 };

interface Answer {
  data?: Record<string, unknown>;
  errors?: Array<{ extensions?: { code?: string } }>;
}

/** The page's two documents in one request, as the web app sends queries asked together. */
async function page(base: string, token: string, siteId = ids.site): Promise<Answer[]> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify([SITE, ZONES].map((query) => ({ query, variables: { id: siteId } }))),
  });
  return (await res.json()) as Answer[];
}

/** The page through the cached server and the bare one: the kept answer must equal a fresh read. */
async function both(): Promise<Answer[]> {
  const cached = await page(server.base, tokens.cached);
  expect(cached.map((a) => a.errors)).toEqual([undefined, undefined]);
  expect(cached).toEqual(await page(bare.base, tokens.bare));
  return cached;
}

/** The statements the servers send while `run` runs. */
const statementsOf = (run: () => Promise<unknown>) => statementsSent(database, run);

const siteOf = (answers: Answer[]) => answers[0]!.data!.installationById as { name: string; families: string[] };
const zonesOf = (answers: Answer[]) => answers[1]!.data!.zonesByInstallation as Array<{ id: number; name: string; sensorId: number | null }>;

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const rival = await createOrganization(database, 'Rival Retail');
  const site = await createSite(database, org.id, { timezone: 'UTC' });
  const rivalSite = await createSite(database, rival.id, { name: 'Rival store' });
  Object.assign(ids, { org: org.id, site: site.site.id, top: site.top.id, child: site.child.id, rivalSite: rivalSite.site.id });
  await createUser(database, { email: 'ana@acme.test', organizationIds: [org.id], role: 'admin' });
  await createUser(database, { email: 'rui@rival.test', organizationIds: [rival.id], role: 'admin' });
  server = await startTestServer(database, { REFERENCE_CACHE_ENTRIES: String(ENTRIES) });
  bare = await startTestServer(database, { RESULT_CACHE_MB: '0', REFERENCE_CACHE_ENTRIES: '0' });
  tokens.cached = await server.signIn('ana@acme.test');
  tokens.bare = await bare.signIn('ana@acme.test');
  tokens.rival = await server.signIn('rui@rival.test');
});

afterAll(async () => {
  await server.close();
  await bare.close();
  await database.close();
});

describe("a page's site and zones, kept under the shared data version", () => {
  it('are read once, then answered from the cache', async () => {
    const cache = referenceCacheOf(database, ENTRIES)!;
    const first = await both();
    expect(siteOf(first).name).toBe('Main store');
    expect(zonesOf(first).map((z) => z.name)).toEqual(['Whole store', 'Checkout']);
    const misses = cache.misses;
    const hits = cache.hits;
    expect(await both()).toEqual(first);
    expect(cache.misses).toBe(misses);
    expect(cache.hits).toBe(hits + 2);
  });

  it('read the data versions once for the request’s two operations, and on the embedded database not again until a write', async () => {
    const versionReads = async () => (await statementsOf(() => page(server.base, tokens.cached))).filter((text) => text.includes('from data_versions')).length;
    // A write moves the shared version: the next request reads the versions, once for its two operations.
    await database.db.update(installations).set({ name: 'Main store' }).where(eq(installations.id, ids.site));
    expect(await versionReads()).toBe(1);
    // PostgreSQL reads them for every request (other processes write too); PGlite keeps them until a write moves one.
    expect(await versionReads()).toBe(database.engine === 'pglite' ? 0 : 1);
  });

  it("read a list's sites' zones in one statement, each site's from the cache after", async () => {
    // A second site of the organization (its insert moves the shared version: nothing is kept yet).
    const other = await createSite(database, ids.org, { name: 'Outlet' });
    const LIST = '{ allInstallations { id name zones { id name parentIds childIds } } }';
    const list = async (base: string, token: string) => {
      const res = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query: LIST }) });
      return (await res.json()) as Answer;
    };
    const zoneReads = (sent: string[]) => sent.filter((text) => text.includes('from zones z where z.installation_id = i.id')).length;
    let cold: Answer = {};
    expect(zoneReads(await statementsOf(async () => (cold = await list(server.base, tokens.cached))))).toBe(1);
    const sites = cold.data!.allInstallations as Array<{ id: number; zones: Array<{ id: number }> }>;
    expect(sites.map((s) => s.id).sort()).toEqual([ids.site, other.site.id].sort());
    expect(sites.find((s) => s.id === ids.site)!.zones.map((z) => z.id)).toEqual([ids.top, ids.child].sort((a, b) => a - b));
    expect(sites.find((s) => s.id === other.site.id)!.zones.map((z) => z.id)).toEqual([other.top.id, other.child.id].sort((a, b) => a - b));
    // Again: every site's zones kept.
    expect(zoneReads(await statementsOf(async () => expect(await list(server.base, tokens.cached)).toEqual(cold)))).toBe(0);
    // Without the cache: the same answer, from one statement too.
    expect(zoneReads(await statementsOf(async () => expect(await list(bare.base, tokens.bare)).toEqual(cold)))).toBe(1);
  });

  it('show a renamed site and a new event’s metric family in the next answer', async () => {
    await both();
    await database.db.update(installations).set({ name: 'Flagship' }).where(eq(installations.id, ids.site));
    expect(siteOf(await both()).name).toBe('Flagship');
    await database.db.insert(events).values({ installationId: ids.site, name: 'Counting', metrics: ['counting'], dateBegin: new Date('2026-01-01T00:00:00Z') });
    expect(siteOf(await both()).families).toEqual(['counting']);
  });

  it('show a renamed zone and a zone’s new air sensor in the next answer', async () => {
    await both();
    await database.db.update(zones).set({ name: 'Tills' }).where(eq(zones.id, ids.child));
    expect(zonesOf(await both()).find((z) => z.id === ids.child)?.name).toBe('Tills');
    const [sensor] = await database.db.insert(devices).values({ installationId: ids.site, zoneId: ids.child, kind: 'atmosphere', name: 'CO2 at the tills' }).returning();
    expect(zonesOf(await both()).find((z) => z.id === ids.child)?.sensorId).toBe(sensor!.id);
  });

  it('still refuse a kept site and its zones to another organization', async () => {
    // The rival's own page puts its site and zones in the cache.
    const own = await page(server.base, tokens.rival, ids.rivalSite);
    expect(own.map((a) => a.errors)).toEqual([undefined, undefined]);
    const foreign = await page(server.base, tokens.cached, ids.rivalSite);
    expect(foreign.map((a) => a.errors?.[0]?.extensions?.code)).toEqual(['NOT_FOUND', 'NOT_FOUND']);
    // And the other way round, on a site this process has kept for its owner.
    const theirs = await page(server.base, tokens.rival, ids.site);
    expect(theirs.map((a) => a.errors?.[0]?.extensions?.code)).toEqual(['NOT_FOUND', 'NOT_FOUND']);
  });
});
