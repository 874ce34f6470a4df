import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installations, zones } from '../../../composition/tables.ts';
import type { Context } from '../../../graphql/context.ts';
import { trialContext } from '../../../graphql/trialContext.ts';
import { createOrganization, createSite, createUser } from '../../../test/factories.ts';
import { openTestDatabase } from '../../../test/testDatabase.ts';
import { statementsSent } from '../../../test/statementsSent.ts';
import { startTestServer } from '../../../test/testServer.ts';
import { writeReadings } from '../write/readings.write.ts';
import { dataVersions } from './dataVersions.ts';
import { resultCacheOf } from './resultCache.ts';
import { versionsCarrier, versionsOf } from './operationVersions.ts';
import { speculationCounts } from './speculation.ts';

/**
 * On PostgreSQL an analytics request starts from the data versions its process read last, and its
 * engine statement carries the current ones beside its answer: a page's chart, site and zones sent
 * together cost one statement, not a versions read and then the chart's. The answer stands only at
 * the versions it assumed; a write in between has the request done again, never answered stale.
 * Over HTTP against a server without the caches, on a PostgreSQL database of its own.
 */
const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CHART = 'query($i: RetailDataInput!) { retailData(input: $i) { metric series { key label points { t value } } } }';
const SITE = 'query($id: Int!) { installationById(installationId: $id) { id name timezone } }';
const ZONES = 'query($id: Int!) { zonesByInstallation(installationId: $id) { id name parentIds } }';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let server: Awaited<ReturnType<typeof startTestServer>>;
let bare: Awaited<ReturnType<typeof startTestServer>>;
let tight: Awaited<ReturnType<typeof startTestServer>>;
let cached: Awaited<ReturnType<typeof startTestServer>>;
const ids = { org: 0, site: 0, top: 0, rival: 0, rivalSite: 0, unread: 0 };
const tokens = { ana: '', bare: '', tight: '', cached: '' };

const chartInput = (installationId = ids.site) => ({
  installationId,
  metric: 'visitorsIn',
  groupBy: { type: 'date', aggregation: 'sum', granularity: 3600 },
  filters: { operator: 'AND', conditions: [{ type: 'date', dateBegin: '2026-11-02T00:00:00Z', dateEnd: '2026-11-03T00:00:00Z' }] },
});

type Answer = { data?: Record<string, any>; errors?: Array<{ extensions?: { code?: string } }> };

/** Operations in one request, as the web app sends the queries a page asks together. */
async function together(base: string, token: string, operations: Array<{ query: string; variables: Record<string, unknown> }>): Promise<Answer[]> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(operations),
  });
  return (await res.json()) as Answer[];
}

/** The counting page's three documents in one request. */
function page(base: string, token: string): Promise<Answer[]> {
  return together(base, token, [
    { query: CHART, variables: { i: chartInput() } },
    { query: SITE, variables: { id: ids.site } },
    { query: ZONES, variables: { id: ids.site } },
  ]);
}

/** The page through the speculating server, equal to the same page through a server without caches. */
async function both(): Promise<Answer[]> {
  const answers = await page(server.base, tokens.ana);
  expect(answers).toEqual(await page(bare.base, tokens.bare));
  return answers;
}

/** Two pages whose reads agree: the process then assumes those versions. */
async function steady(): Promise<void> {
  await both();
  await both();
}

const visitors = (value: number, iso: string) => ({ organizationId: ids.org, targetKind: 'zone' as const, targetId: ids.top, metric: 'visitorsIn', value, ts: new Date(iso) });
const total = (answers: Answer[]) =>
  (answers[0]!.data!.retailData.series as Array<{ points: Array<{ value: number | null }> }>).flatMap((s) => s.points).reduce((n, p) => n + (p.value ?? 0), 0);
const versionReads = (sent: string[]) => sent.filter((text) => text.includes('from data_versions') && !text.includes('json_agg(json_build_array(e.series')).length;
const carried = (sent: string[]) => sent.filter((text) => text.includes('from data_versions') && text.includes('json_agg(json_build_array(e.series')).length;

beforeAll(async () => {
  database = await openTestDatabase({ serverUrl: PG });
  const org = await createOrganization(database);
  const site = await createSite(database, org.id, { timezone: 'UTC' });
  const rival = await createOrganization(database, 'Rival Retail');
  const rivalSite = await createSite(database, rival.id, { name: 'Rival store', timezone: 'UTC' });
  // A site of the organization that only one test reads, once.
  const unread = await createSite(database, org.id, { name: 'Second store', timezone: 'UTC' });
  Object.assign(ids, { org: org.id, site: site.site.id, top: site.top.id, rival: rival.id, rivalSite: rivalSite.site.id, unread: unread.site.id });
  await writeReadings(database, [visitors(40, '2026-11-02T10:00:00Z')]);
  await createUser(database, { email: 'ana@acme.test', organizationIds: [org.id], role: 'admin' });
  // The result cache off: every chart runs its statement (the result cache's own tests cover a kept answer).
  server = await startTestServer(database, { RESULT_CACHE_MB: '0' });
  bare = await startTestServer(database, { RESULT_CACHE_MB: '0', REFERENCE_CACHE_ENTRIES: '0' });
  // Three engine requests per call: an evolution (itself and its two periods) and no more.
  tight = await startTestServer(database, { RESULT_CACHE_MB: '0', API_ENGINE_REQUESTS_PER_CALL: '3' });
  tokens.ana = await server.signIn('ana@acme.test');
  tokens.bare = await bare.signIn('ana@acme.test');
  tokens.tight = await tight.signIn('ana@acme.test');
  cached = await startTestServer(database);
  tokens.cached = await cached.signIn('ana@acme.test');
});

afterAll(async () => {
  await server?.close();
  await bare?.close();
  await tight?.close();
  await cached?.close();
  await database?.close();
});

describe("a chart's statement carries its request's data versions (PostgreSQL)", () => {
  it("sends one statement for a page's chart, site and zones once the process knows the versions", async () => {
    await steady();
    const trials = speculationCounts.trials;
    let answers: Answer[] = [];
    const sent = await statementsSent(database, async () => (answers = await page(server.base, tokens.ana)));
    expect(answers.map((a) => a.errors)).toEqual([undefined, undefined, undefined]);
    expect(total(answers)).toBe(40);
    expect(answers[2]!.data!.zonesByInstallation.map((z: { id: number }) => z.id)).toContain(ids.top);
    // The chart's statement, with the versions beside it; no read of the versions on its own, nothing else.
    expect({ carried: carried(sent), alone: versionReads(sent), statements: sent.length }).toEqual({ carried: 1, alone: 0, statements: 1 });
    // The chart, and the site and the zones under the versions assumed (they do not wait for the chart's statement to bring them).
    expect(speculationCounts.trials).toBe(trials + 3);
  });

  it("starts a page's other operations once its chart's statement is sent", async () => {
    await steady();
    const expected = total(await page(bare.base, tokens.bare));
    const trials = speculationCounts.trials;
    let answers: Answer[] = [];
    // The site first in the array, and one this server never read: its row's statement goes after the
    // chart's. The caller's own user is read after it too, and not as a trial (not a read under the versions).
    const operations = [
      { query: SITE, variables: { id: ids.unread } },
      { query: CHART, variables: { i: chartInput() } },
      { query: 'query { me { email } }', variables: {} },
    ];
    const sent = await statementsSent(database, async () => (answers = await together(server.base, tokens.ana, operations)));
    expect(answers.map((a) => a.errors)).toEqual([undefined, undefined, undefined]);
    expect(answers[0]!.data!.installationById.name).toBe('Second store');
    expect(total(answers.slice(1))).toBe(expected);
    expect(answers[2]!.data!.me.email).toBe('ana@acme.test');
    expect(carried(sent.slice(0, 1))).toBe(1);
    expect(sent.slice(1).some((text) => text.includes('from installations'))).toBe(true);
    expect(speculationCounts.trials).toBe(trials + 2);
  });

  it('runs a site asked alone as it always did, not as a trial', async () => {
    await steady();
    const trials = speculationCounts.trials;
    const [site] = await together(server.base, tokens.ana, [{ query: SITE, variables: { id: ids.site } }]);
    expect(site!.data!.installationById.id).toBe(ids.site);
    expect(speculationCounts.trials).toBe(trials);
  });

  it('never answers stale: a reading and a renamed zone written in between are in the next answer, the trial done again', async () => {
    await steady();
    const doneAgain = speculationCounts.doneAgain;
    await writeReadings(database, [visitors(5, '2026-11-02T11:00:00Z')]);
    await database.db.update(zones).set({ name: 'Ground floor' }).where(eq(zones.id, ids.top));
    const answers = await both();
    expect(total(answers)).toBe(45);
    expect(answers[2]!.data!.zonesByInstallation.find((z: { id: number }) => z.id === ids.top).name).toBe('Ground floor');
    // The chart, the site and the zones, each done again under the versions the statement brought.
    expect(speculationCounts.doneAgain).toBe(doneAgain + 3);
    // The versions moved: the next page reads them first (its chart's statement after), and once two
    // reads agree the page is one statement again.
    const next = await statementsSent(database, () => page(server.base, tokens.ana));
    expect({ carried: carried(next), alone: versionReads(next) }).toEqual({ carried: 0, alone: 1 });
    const after = await statementsSent(database, () => page(server.base, tokens.ana));
    expect({ carried: carried(after), alone: versionReads(after), statements: after.length }).toEqual({ carried: 1, alone: 0, statements: 1 });
  });

  it('refuses a site moved to another organization, though the trial found it kept', async () => {
    await steady();
    await database.db.update(installations).set({ organizationId: ids.rival }).where(eq(installations.id, ids.site));
    try {
      const answers = await page(server.base, tokens.ana);
      expect(answers.map((a) => a.errors?.[0]?.extensions?.code)).toEqual(['NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND']);
      expect(answers).toEqual(await page(bare.base, tokens.bare));
    } finally {
      await database.db.update(installations).set({ organizationId: ids.org }).where(eq(installations.id, ids.site));
    }
  });
});

describe('a trial done again', () => {
  /** One document through the speculating server and the bare one: the same answer. */
  async function ask(query: string, variables: Record<string, unknown>, base = server.base, token = tokens.ana): Promise<Answer> {
    const post = (url: string, bearer: string) =>
      fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, body: JSON.stringify({ query, variables }) }).then(
        (res) => res.json() as Promise<Answer>,
      );
    const answer = await post(base, token);
    expect(answer).toEqual(await post(bare.base, tokens.bare));
    return answer;
  }

  it('answers a site moved into the caller’s organization, though the trial found it refused', async () => {
    const rivals = () => ask(CHART, { i: chartInput(ids.rivalSite) });
    expect((await rivals()).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    await rivals();
    const doneAgain = speculationCounts.doneAgain;
    await database.db.update(installations).set({ organizationId: ids.org }).where(eq(installations.id, ids.rivalSite));
    try {
      const moved = await rivals();
      expect(moved.errors).toBeUndefined();
      expect(moved.data!.retailData.metric).toBe('visitorsIn');
      expect(speculationCounts.doneAgain).toBe(doneAgain + 1);
    } finally {
      await database.db.update(installations).set({ organizationId: ids.rival }).where(eq(installations.id, ids.rivalSite));
    }
  });

  it("answers a batch of widgets after a write, each from the batch's second run", async () => {
    const BATCH = 'query($is: [RetailDataInput!]!) { retailDataBatch(inputs: $is) { metric series { key points { t value } } } }';
    const inputs = [chartInput(), { ...chartInput(), metric: 'visitorsOut' }, { ...chartInput(), groupBy: { type: 'date', aggregation: 'sum', granularity: 86_400 } }];
    await ask(BATCH, { is: inputs });
    await ask(BATCH, { is: inputs });
    const doneAgain = speculationCounts.doneAgain;
    await writeReadings(database, [visitors(3, '2026-11-02T12:00:00Z')]);
    const batch = await ask(BATCH, { is: inputs });
    const sums = (batch.data!.retailDataBatch as Array<{ series: Array<{ points: Array<{ value: number | null }> }> }>).map((a) =>
      a.series.flatMap((s) => s.points).reduce((n, p) => n + (p.value ?? 0), 0),
    );
    expect(sums[0]).toBe(sums[2]);
    expect(sums[0]).toBe(total([{ data: { retailData: (await ask(CHART, { i: chartInput() })).data!.retailData } }]));
    expect(speculationCounts.doneAgain).toBeGreaterThan(doneAgain);
  });

  it('leaves nothing in the result cache under the versions it wrongly assumed', async () => {
    const kept = resultCacheOf(database, cached.config)!;
    const onCached = (input: Record<string, unknown>) => ask(CHART, { i: input }, cached.base, tokens.cached);
    await onCached(chartInput());
    await onCached(chartInput());
    await writeReadings(database, [visitors(4, '2026-11-02T13:00:00Z')]);
    const entries = kept.size.entries;
    // A request never asked before: its trial misses under the old versions and is done again.
    const doneAgain = speculationCounts.doneAgain;
    const fresh = { ...chartInput(), groupBy: { type: 'date', aggregation: 'max', granularity: 3600 } };
    expect((await onCached(fresh)).errors).toBeUndefined();
    expect(speculationCounts.doneAgain).toBe(doneAgain + 1);
    // Kept once, under the versions it was answered at.
    await expect.poll(() => kept.size.entries).toBe(entries + 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(kept.size.entries).toBe(entries + 1);
  });

  it('counts its work once against the call’s bounds', async () => {
    // An evolution is three engine requests (itself and its two periods): the bound exactly, with a
    // trial's two periods given back when it is done again.
    const evolution = { ...chartInput(), groupBy: { type: 'date', aggregation: 'evolution', granularity: 3600 } };
    const asked = () => ask(CHART, { i: evolution }, tight.base, tokens.tight);
    await asked();
    await asked();
    const doneAgain = speculationCounts.doneAgain;
    await writeReadings(database, [visitors(2, '2026-11-01T12:00:00Z')]);
    const answer = await asked();
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.retailData.metric).toBe('visitorsIn');
    expect(speculationCounts.doneAgain).toBe(doneAgain + 1);
  });
});

describe("a request's data versions", () => {
  /** A request's context as the engine sees it: a caller of the organization, a request of its own. */
  const contextOf = () => ({ database, caller: { organizationIds: [ids.org] }, request: {} }) as unknown as Context;

  const steadyReads = async () => {
    await versionsOf(contextOf());
    await versionsOf(contextOf());
  };

  it('are read alone by a waiter when no statement carries them by the next turn', async () => {
    await steadyReads();
    const ctx = contextOf();
    let versions: Awaited<ReturnType<typeof versionsOf>> = null;
    const sent = await statementsSent(database, async () => (versions = await versionsOf(ctx)));
    expect(versionReads(sent)).toBe(1);
    expect(versions).toEqual(await dataVersions(database, [ids.org]));
  });

  it('are read alone when the statement that carried them failed, and never carried twice', async () => {
    await steadyReads();
    const ctx = contextOf();
    const carrier = versionsCarrier(trialContext(ctx))!;
    expect(carrier.organizationIds).toEqual([ids.org]);
    // One statement of a request carries them at a time.
    expect(versionsCarrier(trialContext(ctx))).toBeNull();
    const waiting = versionsOf(ctx);
    carrier.failed();
    expect(await waiting).toEqual(await dataVersions(database, [ids.org]));
  });
});
