import { FULL_RIGHTS, type RightsTree } from '@sitelens/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.ts';
import { createOrganization, createProfile, createSite, createUser } from '../../../test/factories.ts';
import { openTestDatabase } from '../../../test/testDatabase.ts';
import { startTestServer } from '../../../test/testServer.ts';
import { writeReadings } from '../write/readings.write.ts';

/**
 * Issue 33: the KPI cards' call (kpis) is answered from the result cache like retailData, never
 * stale: a write moves the data version, and while the period is still running the key holds the
 * current minute (the previous period is cut at the same elapsed time, which moves without a
 * write). Over HTTP on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL), with a
 * clock the test moves; X-Result-Cache (PROFILE_REQUESTS=on) tells a kept answer.
 */
const KPIS = `query($i: KpiInput!) { kpis(input: $i) { metric value previousValue evolution soFar missingMetrics } }`;
const withoutSales: RightsTree = { ...FULL_RIGHTS, app: { ...FULL_RIGHTS.app, salesFunnel: { read: false } }, data: { salesMetrics: { edit: false } } };
const MINUTE = 60_000;
const HOUR = 3_600_000;

// The clock: a few seconds into a minute, near the real time (tokens are checked against it).
const m0 = Math.floor(Date.now() / MINUTE) * MINUTE;
let clock = m0 + 5_000;
const hour = Math.floor(m0 / HOUR) * HOUR;

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let off: Awaited<ReturnType<typeof startTestServer>>;
const ids = { org: 0, site: 0, top: 0, rivalSite: 0 };
const tokens = { ana: '', bea: '', floor: '', rival: '' };

/** A period still running: 12 h around the current hour, so the previous one is the 12 h before. */
const running = (metrics: string[], installationId = ids.site) => ({
  installationId,
  metrics,
  filters: { operator: 'AND', conditions: [{ type: 'date', dateBegin: new Date(hour - 6 * HOUR).toISOString(), dateEnd: new Date(hour + 6 * HOUR).toISOString() }] },
});
/** A period over: the same 12 h two days ago. */
const past = (metrics: string[]) => ({
  installationId: ids.site,
  metrics,
  filters: { operator: 'AND', conditions: [{ type: 'date', dateBegin: new Date(hour - 54 * HOUR).toISOString(), dateEnd: new Date(hour - 42 * HOUR).toISOString() }] },
});

async function ask(base: string, token: string, input: unknown) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: KPIS, variables: { i: input } }),
  });
  const body = (await res.json()) as { data?: any; errors?: Array<{ extensions?: { code?: string } }> };
  return { body, cache: res.headers.get('x-result-cache'), kpi: body.data?.kpis?.[0] as { value: number | null; previousValue: number | null; soFar: boolean } | undefined };
}

const visitors = (organizationId: number, targetId: number, value: number, ts: number) => ({ organizationId, targetKind: 'zone' as const, targetId, metric: 'visitorsIn', value, ts: new Date(ts) });

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const site = await createSite(database, org.id, { timezone: 'UTC' });
  const rival = await createOrganization(database, 'Rival Retail');
  const rivalSite = await createSite(database, rival.id, { timezone: 'UTC' });
  Object.assign(ids, { org: org.id, site: site.site.id, top: site.top.id, rivalSite: rivalSite.site.id });
  await writeReadings(database, [
    // This period: 40 so far.
    visitors(org.id, site.top.id, 40, hour - HOUR),
    // The previous one: 10 before the cut (its same elapsed time), 3 just after this minute's cut.
    visitors(org.id, site.top.id, 10, hour - 13 * HOUR),
    visitors(org.id, site.top.id, 3, m0 - 12 * HOUR + 30_000),
    // Two days ago, and its previous period.
    visitors(org.id, site.top.id, 20, hour - 48 * HOUR),
    visitors(org.id, site.top.id, 5, hour - 60 * HOUR),
    { ...visitors(org.id, site.top.id, 1234.5, hour - HOUR), metric: 'turnover' },
  ]);
  const floor = await createProfile(database, org.id, withoutSales, 'Floor staff');
  await createUser(database, { email: 'ana@acme.test', organizationIds: [org.id], role: 'admin' });
  await createUser(database, { email: 'bea@acme.test', organizationIds: [org.id], role: 'admin' });
  await createUser(database, { email: 'floor@acme.test', organizationIds: [org.id], role: 'user', profileId: floor.id });
  await createUser(database, { email: 'rex@rival.test', organizationIds: [rival.id], role: 'admin' });
  const now = () => new Date(clock);
  server = await startTestServer(database, { PROFILE_REQUESTS: 'on' }, { now });
  off = await startTestServer(database, { PROFILE_REQUESTS: 'on', RESULT_CACHE_MB: '0' }, { now });
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

describe('KPIs through the result cache', () => {
  it('answers the second identical KPI call from the cache, equal to the engine`s own', async () => {
    const first = await ask(server.base, tokens.ana, past(['visitorsIn']));
    expect(first.body.errors).toBeUndefined();
    expect(first.kpi).toMatchObject({ value: 20, previousValue: 5, soFar: false });
    const second = await ask(server.base, tokens.ana, past(['visitorsIn']));
    expect(second.cache).toBe('hit=1 miss=0');
    expect(second.body).toEqual(first.body);
    // Another caller of the same organization and rights shares it.
    expect((await ask(server.base, tokens.bea, past(['visitorsIn']))).cache).toBe('hit=1 miss=0');
    expect((await ask(off.base, tokens.ana, past(['visitorsIn']))).body).toEqual(first.body);
  });

  it('never answers stale: a reading ingested over HTTP changes the next KPI', async () => {
    await ask(server.base, tokens.ana, running(['visitorsIn']));
    const kept = await ask(server.base, tokens.ana, running(['visitorsIn']));
    expect(kept.cache).toBe('hit=1 miss=0');
    expect(kept.kpi).toMatchObject({ value: 40, previousValue: 10, soFar: true });
    const key = (await server.gql('mutation { createApiKey(name:"door") { secret } }', {}, { token: tokens.ana })).data!.createApiKey.secret as string;
    const ingest = await fetch(`${server.base}/api/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify([{ target: { kind: 'zone', id: ids.top }, metric: 'visitorsIn', time: new Date(hour - 2 * HOUR).toISOString(), value: 5 }]),
    });
    expect(await ingest.json()).toEqual({ accepted: 1, rejected: [] });
    const after = await ask(server.base, tokens.ana, running(['visitorsIn']));
    expect(after.cache).not.toBe('hit=1 miss=0');
    expect(after.kpi).toMatchObject({ value: 45, previousValue: 10 });
    // A write to the previous period (a late reading) too.
    await writeReadings(database, [visitors(ids.org, ids.top, 2, hour - 14 * HOUR)]);
    expect((await ask(server.base, tokens.ana, running(['visitorsIn']))).kpi).toMatchObject({ value: 45, previousValue: 12 });
    expect((await ask(off.base, tokens.ana, running(['visitorsIn']))).kpi).toMatchObject({ value: 45, previousValue: 12 });
  });

  it('never answers older than the minute while the period runs: the next minute moves the comparison`s cut', async () => {
    const now = await ask(server.base, tokens.ana, running(['visitorsIn']));
    expect((await ask(server.base, tokens.ana, running(['visitorsIn']))).cache).toBe('hit=1 miss=0');
    expect(now.kpi!.previousValue).toBe(12);
    // The next minute, without any write: the reading of 3 is now within the same elapsed time.
    clock = m0 + MINUTE + 5_000;
    const later = await ask(server.base, tokens.ana, running(['visitorsIn']));
    expect(later.cache).not.toBe('hit=1 miss=0');
    expect(later.kpi).toMatchObject({ value: 45, previousValue: 15, soFar: true });
    expect((await ask(off.base, tokens.ana, running(['visitorsIn']))).kpi).toMatchObject({ value: 45, previousValue: 15 });
  });

  it('computes identical requests arriving together once, and shares the answer', async () => {
    // A minute no call has asked yet: every key of the running period is new.
    clock = m0 + 2 * MINUTE + 5_000;
    const all = await Promise.all([tokens.ana, tokens.bea, tokens.ana, tokens.bea].map((token) => ask(server.base, token, running(['visitorsIn']))));
    // One computed it (its card a miss); the three others were given that answer, computing nothing.
    expect(all.filter((a) => a.cache === 'hit=1 miss=0')).toHaveLength(3);
    expect(all.filter((a) => /miss=[1-9]/.test(a.cache ?? ''))).toHaveLength(1);
    for (const a of all) expect(a.kpi).toMatchObject({ value: 45, previousValue: 15, soFar: true });
  });

  it('never gives one organization`s or one right-set`s KPIs to another', async () => {
    const admin = await ask(server.base, tokens.ana, running(['turnover']));
    expect(admin.kpi?.value).toBe(1234.5);
    expect((await ask(server.base, tokens.ana, running(['turnover']))).cache).toBe('hit=1 miss=0');
    // Refused to Acme's floor staff (no sales right), kept or not.
    const floor = await ask(server.base, tokens.floor, running(['turnover']));
    expect(floor.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(JSON.stringify(floor.body)).not.toContain('1234.5');
    // Their own kept answers (other rights) are apart from the administrator's.
    expect((await ask(server.base, tokens.floor, running(['visitorsIn']))).cache).not.toBe('hit=1 miss=0');
    // And refused to Rival's administrator, the very same request.
    const rival = await ask(server.base, tokens.rival, running(['turnover']));
    expect(rival.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(JSON.stringify(rival.body)).not.toContain('1234.5');
  });
});
