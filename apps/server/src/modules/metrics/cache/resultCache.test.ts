import { FULL_RIGHTS, type RightsTree } from '@sitelens/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zones } from '../../../composition/tables.ts';
import type { Database } from '../../../db/database.ts';
import { createOrganization, createProfile, createSite, createUser } from '../../../test/factories.ts';
import { openTestDatabase } from '../../../test/testDatabase.ts';
import { startTestServer } from '../../../test/testServer.ts';
import { writeReadings } from '../write/readings.write.ts';

/**
 * Issue 33 item 4: identical analytics requests are answered from the result cache, and never with
 * an answer a write has made stale. Over HTTP, on the test database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL); the X-Result-Cache header (PROFILE_REQUESTS=on) tells a kept answer.
 */
const RETAIL = `query($i: RetailDataInput!) { retailData(input: $i) { metric series { key label points { t value } } } }`;
const BATCH = `query($is: [RetailDataInput!]!) { retailDataBatch(inputs: $is) { series { label points { t value } } } }`;
const withoutSales: RightsTree = { ...FULL_RIGHTS, app: { ...FULL_RIGHTS.app, salesFunnel: { read: false } }, data: { salesMetrics: { edit: false } } };

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let off: Awaited<ReturnType<typeof startTestServer>>;
const ids = { org: 0, site: 0, top: 0, rival: 0, rivalSite: 0, rivalTop: 0 };
const tokens = { ana: '', bea: '', floor: '', rival: '' };

const day = (metric: string, installationId = ids.site) => ({
  installationId,
  metric,
  groupBy: { type: 'date', aggregation: 'sum', granularity: 3600 },
  filters: { operator: 'AND', conditions: [{ type: 'date', dateBegin: '2026-11-02T00:00:00Z', dateEnd: '2026-11-03T00:00:00Z' }] },
});

async function ask(base: string, token: string, query: string, variables: Record<string, unknown>) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: any; errors?: Array<{ extensions?: { code?: string } }> };
  return { body, cache: res.headers.get('x-result-cache') };
}

const at = (iso: string) => new Date(iso);
const visitors = (organizationId: number, targetId: number, value: number, ts: Date) => ({ organizationId, targetKind: 'zone' as const, targetId, metric: 'visitorsIn', value, ts });

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const site = await createSite(database, org.id, { timezone: 'UTC' });
  const rival = await createOrganization(database, 'Rival Retail');
  const rivalSite = await createSite(database, rival.id, { timezone: 'UTC' });
  Object.assign(ids, { org: org.id, site: site.site.id, top: site.top.id, rival: rival.id, rivalSite: rivalSite.site.id, rivalTop: rivalSite.top.id });
  await writeReadings(database, [
    visitors(org.id, site.top.id, 40, at('2026-11-02T10:00:00Z')),
    { ...visitors(org.id, site.top.id, 1234.5, at('2026-11-02T10:00:00Z')), metric: 'turnover' },
    visitors(rival.id, rivalSite.top.id, 7, at('2026-11-02T10:00:00Z')),
  ]);
  const floor = await createProfile(database, org.id, withoutSales, 'Floor staff');
  await createUser(database, { email: 'ana@acme.test', organizationIds: [org.id], role: 'admin' });
  await createUser(database, { email: 'bea@acme.test', organizationIds: [org.id], role: 'admin' });
  await createUser(database, { email: 'floor@acme.test', organizationIds: [org.id], role: 'user', profileId: floor.id });
  await createUser(database, { email: 'rex@rival.test', organizationIds: [rival.id], role: 'admin' });
  server = await startTestServer(database, { PROFILE_REQUESTS: 'on' });
  off = await startTestServer(database, { PROFILE_REQUESTS: 'on', RESULT_CACHE_MB: '0' });
  tokens.ana = await server.signIn('ana@acme.test');
  tokens.bea = await server.signIn('bea@acme.test');
  tokens.floor = await server.signIn('floor@acme.test');
  tokens.rival = await server.signIn('rex@rival.test');
});

afterAll(async () => {
  await server.close();
  await off.close();
  await database.close();
});

const total = (body: { data?: any }) => body.data.retailData.series.flatMap((s: { points: Array<{ value: number | null }> }) => s.points).reduce((n: number, p: { value: number | null }) => n + (p.value ?? 0), 0);

describe('the result cache', () => {
  it('answers the second identical request from the cache, with the same answer', async () => {
    const first = await ask(server.base, tokens.ana, RETAIL, { i: day('visitorsIn') });
    const second = await ask(server.base, tokens.ana, RETAIL, { i: day('visitorsIn') });
    expect(first.body.errors).toBeUndefined();
    expect(first.cache).toBe('hit=0 miss=1');
    expect(second.cache).toBe('hit=1 miss=0');
    expect(second.body).toEqual(first.body);
    expect(total(second.body)).toBe(40);
    // A caller of the same organization and rights shares it (the Monday dashboard of 50 managers).
    expect((await ask(server.base, tokens.bea, RETAIL, { i: day('visitorsIn') })).cache).toBe('hit=1 miss=0');
  });

  it('never answers stale: a reading ingested over HTTP changes the next answer', async () => {
    const before = await ask(server.base, tokens.ana, RETAIL, { i: day('visitorsIn') });
    expect(total(before.body)).toBe(40);
    const key = (await server.gql('mutation { createApiKey(name:"door") { secret } }', {}, { token: tokens.ana })).data!.createApiKey.secret as string;
    const ingest = await fetch(`${server.base}/api/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify([{ target: { kind: 'zone', id: ids.top }, metric: 'visitorsIn', time: '2026-11-02T11:00:00Z', value: 5 }]),
    });
    expect(await ingest.json()).toEqual({ accepted: 1, rejected: [] });
    const after = await ask(server.base, tokens.ana, RETAIL, { i: day('visitorsIn') });
    expect(after.cache).toBe('hit=0 miss=1');
    expect(total(after.body)).toBe(45);
    // And a reading that replaces another (the upsert path) too.
    const replace = await fetch(`${server.base}/api/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify([{ target: { kind: 'zone', id: ids.top }, metric: 'visitorsIn', time: '2026-11-02T11:00:00Z', value: 9 }]),
    });
    expect(await replace.json()).toEqual({ accepted: 1, rejected: [] });
    expect(total((await ask(server.base, tokens.ana, RETAIL, { i: day('visitorsIn') })).body)).toBe(49);
    // The answer equals the engine's own with the cache off.
    expect(total((await ask(off.base, tokens.ana, RETAIL, { i: day('visitorsIn') })).body)).toBe(49);
  });

  it('never answers stale after a change to what the answer reads besides readings (a zone renamed)', async () => {
    const input = { ...day('visitorsIn'), target: { kind: 'zone', ids: [ids.top] }, groupBy: { type: 'zone', aggregation: 'sum' } };
    await ask(server.base, tokens.ana, RETAIL, { i: input });
    const kept = await ask(server.base, tokens.ana, RETAIL, { i: input });
    expect(kept.cache).toBe('hit=1 miss=0');
    expect(kept.body.data.retailData.series[0].label).toBe('Whole store');
    await database.db.update(zones).set({ name: 'Ground floor' }).where(eq(zones.id, ids.top));
    const renamed = await ask(server.base, tokens.ana, RETAIL, { i: input });
    expect(renamed.cache).toBe('hit=0 miss=1');
    expect(renamed.body.data.retailData.series[0].label).toBe('Ground floor');
  });

  it('a write to one organization leaves the other organization`s kept answers in place', async () => {
    await ask(server.base, tokens.rival, RETAIL, { i: day('visitorsIn', ids.rivalSite) });
    await writeReadings(database, [visitors(ids.org, ids.top, 1, at('2026-11-02T12:00:00Z'))]);
    const rival = await ask(server.base, tokens.rival, RETAIL, { i: day('visitorsIn', ids.rivalSite) });
    expect(rival.cache).toBe('hit=1 miss=0');
    expect(total(rival.body)).toBe(7);
  });

  it('never gives one organization`s or one right-set`s answer to another', async () => {
    // Kept for Acme's administrator...
    await ask(server.base, tokens.ana, RETAIL, { i: day('turnover') });
    expect((await ask(server.base, tokens.ana, RETAIL, { i: day('turnover') })).cache).toBe('hit=1 miss=0');
    // ...refused to Acme's floor staff (no sales right), who get no answer and no kept one...
    const floor = await ask(server.base, tokens.floor, RETAIL, { i: day('turnover') });
    expect(floor.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(floor.body.data).toBeNull();
    // ...whose own kept answers (other rights) are apart from the administrator's.
    const staff = await ask(server.base, tokens.floor, RETAIL, { i: day('visitorsIn') });
    expect(staff.cache).toBe('hit=0 miss=1');
    // ...and refused to Rival's administrator, the very same request.
    const rival = await ask(server.base, tokens.rival, RETAIL, { i: day('turnover') });
    expect(rival.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(JSON.stringify(rival.body)).not.toContain('1234.5');
  });

  it('answers a batch of widgets from the cache, each one in its place', async () => {
    const inputs = [day('visitorsIn'), { ...day('visitorsIn'), groupBy: { type: 'date', aggregation: 'sum', granularity: 86400 } }];
    const first = await ask(server.base, tokens.ana, BATCH, { is: inputs });
    const second = await ask(server.base, tokens.ana, BATCH, { is: inputs });
    expect(second.cache).toBe('hit=2 miss=0');
    expect(second.body).toEqual(first.body);
    expect(second.body.data.retailDataBatch[1].series[0].points).toHaveLength(1);
  });

  it('keeps nothing for a request without dates (its range is today, which moves without a write)', async () => {
    const today = { installationId: ids.site, metric: 'visitorsIn' };
    await ask(server.base, tokens.ana, RETAIL, { i: today });
    expect((await ask(server.base, tokens.ana, RETAIL, { i: today })).cache).toBe('hit=0 miss=0');
  });
});

describe('the data versions (migrations 0046 and 0053)', () => {
  it('every table an answer or a kept page read reads moves a version when written', async () => {
    const { rows } = await database.sql.query<{ table: string }>(
      `select distinct c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
        where p.proname in ('bump_data_versions', 'bump_shared_data_version') order by 1`,
    );
    expect(rows.map((r) => r.table)).toEqual(['devices', 'events', 'installations', 'passages', 'readings', 'rollup_day', 'rollup_day_values', 'rollup_hour', 'rollup_month', 'tags', 'zone_tags', 'zones']);
  });
});
