import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.ts';
import { createOrganization, createSite, createUser } from '../../../test/factories.ts';
import { openTestDatabase } from '../../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../../test/testServer.ts';
import { writeReadings } from '../write/readings.write.ts';

/**
 * A KPI's comparison (widget configuration.comparison, the kpis input's KpiComparison): the previous
 * equal period, the same dates 52 weeks earlier in the site's time zone, or none. Over HTTP on the
 * test database (PGlite, or PostgreSQL with TEST_DATABASE_URL); X-Result-Cache (PROFILE_REQUESTS=on)
 * tells a kept answer ("hit=1 miss=0": the kpis answer itself; a computed one also counts the
 * retailData requests it asked, each kept or not).
 */
const KEPT = 'hit=1 miss=0';
const KPIS = `query($i: KpiInput!) { kpis(input: $i) { metric value previousValue evolution soFar } }`;
const RETAIL = `query($i: RetailDataInput!) { retailData(input: $i) { series { points { value } } } }`;

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let tight: Awaited<ReturnType<typeof startTestServer>>;
let token = '';
let tightToken = '';
const ids = { site: 0, top: 0 };

// Wednesday 7 October 2026 in Paris (UTC+2): its previous period is Tuesday the 6th; 52 weeks
// earlier is Wednesday 8 October 2025 (UTC+2 as well), while the calendar date a year earlier,
// Tuesday 7 October 2025, is another weekday and is not the comparison.
const day = (begin: string, end: string) => ({ operator: 'AND', conditions: [{ type: 'date', dateBegin: begin, dateEnd: end }] });
const THIS_DAY = day('2026-10-06T22:00:00.000Z', '2026-10-07T22:00:00.000Z');
const YEAR_EARLIER = day('2025-10-07T22:00:00.000Z', '2025-10-08T22:00:00.000Z');

const input = (comparison?: string, metrics = ['visitorsIn']) => ({ installationId: ids.site, metrics, filters: THIS_DAY, ...(comparison ? { comparison } : {}) });

async function ask(base: string, bearer: string, query: string, variables: unknown) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }> };
  return { body, cache: res.headers.get('x-result-cache') };
}

const kpi = async (comparison?: string, base = server.base, bearer = token) => {
  const answer = await ask(base, bearer, KPIS, { i: input(comparison) });
  expect(answer.body.errors).toBeUndefined();
  return { ...answer, kpi: answer.body.data.kpis[0] as { value: number | null; previousValue: number | null; evolution: number | null; soFar: boolean } };
};

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const { site, top } = await createSite(database, org.id, { timezone: 'Europe/Paris' });
  Object.assign(ids, { site: site.id, top: top.id });
  const visitors = (iso: string, value: number) => ({ organizationId: org.id, targetKind: 'zone' as const, targetId: top.id, metric: 'visitorsIn', value, ts: new Date(iso) });
  await writeReadings(database, [
    // This day: 60.
    visitors('2026-10-07T08:00:00Z', 40),
    visitors('2026-10-07T15:00:00Z', 20),
    // The previous period (Tuesday 6 October 2026): 30.
    visitors('2026-10-06T09:00:00Z', 30),
    // 52 weeks earlier: 48 during the day and 2 at 00:30 local, still the 7th in UTC: 50.
    visitors('2025-10-08T09:00:00Z', 48),
    visitors('2025-10-07T22:30:00Z', 2),
    // The calendar date a year earlier (another weekday): not compared.
    visitors('2025-10-07T09:00:00Z', 7),
    // The site's first day (its creation date, 1 January 2025) and, loaded from before it, the day before.
    visitors('2025-01-01T10:00:00Z', 12),
    visitors('2024-12-31T10:00:00Z', 3),
    visitors('2025-01-02T10:00:00Z', 20),
  ]);
  await createUser(database, { email: 'ana@acme.test', organizationIds: [org.id], role: 'admin' });
  server = await startTestServer(database, { PROFILE_REQUESTS: 'on' });
  tight = await startTestServer(database, { PROFILE_REQUESTS: 'on', API_ENGINE_REQUESTS_PER_CALL: '2' });
  token = await server.signIn('ana@acme.test');
  tightToken = await tight.signIn('ana@acme.test');
});

afterAll(async () => {
  await server.close();
  await tight.close();
  await database.close();
});

describe('KPI comparison', () => {
  it('compares with the previous equal period by default and when asked', async () => {
    const asked = await kpi('PREVIOUS_PERIOD');
    expect(asked.kpi).toMatchObject({ value: 60, previousValue: 30, evolution: 100, soFar: false });
    expect((await kpi()).body).toEqual(asked.body);
  });

  it('compares with the same dates 52 weeks earlier: exactly the figure retailData gives for that range', async () => {
    const { kpi: lastYear } = await kpi('PREVIOUS_YEAR');
    const direct = await ask(server.base, token, RETAIL, { i: { installationId: ids.site, metric: 'visitorsIn', filters: YEAR_EARLIER, groupBy: { type: 'all' } } });
    expect(direct.body.errors).toBeUndefined();
    const yearEarlier = direct.body.data.retailData.series[0].points[0].value as number;
    expect(yearEarlier).toBe(50);
    expect(lastYear).toMatchObject({ value: 60, previousValue: yearEarlier, evolution: 20, soFar: false });
  });

  it('gives no previous value and no evolution with NONE', async () => {
    expect((await kpi('NONE')).kpi).toMatchObject({ value: 60, previousValue: null, evolution: null, soFar: false });
  });

  it('never serves a kept previous-period answer for a previous-year request', async () => {
    // A day of its own, so that no earlier test kept it: Tuesday 6 October 2026.
    const tuesday = (comparison?: string) => ({ installationId: ids.site, metrics: ['visitorsIn'], filters: day('2026-10-05T22:00:00.000Z', '2026-10-06T22:00:00.000Z'), ...(comparison ? { comparison } : {}) });
    const first = await ask(server.base, token, KPIS, { i: tuesday('PREVIOUS_PERIOD') });
    expect(first.cache).not.toBe(KEPT);
    const again = await ask(server.base, token, KPIS, { i: tuesday() });
    expect(again.cache).toBe(KEPT);
    expect(again.body).toEqual(first.body);
    const lastYear = await ask(server.base, token, KPIS, { i: tuesday('PREVIOUS_YEAR') });
    expect(lastYear.cache).not.toBe(KEPT);
    // Tuesday 7 October 2025 (52 weeks before): 7, where the previous period had nothing.
    expect(lastYear.body.data.kpis[0]).toMatchObject({ value: 30, previousValue: 7 });
    expect(first.body.data.kpis[0]).toMatchObject({ value: 30, previousValue: null });
    const none = await ask(server.base, token, KPIS, { i: tuesday('NONE') });
    expect(none.cache).not.toBe(KEPT);
    expect(none.body.data.kpis[0]).toMatchObject({ value: 30, previousValue: null, evolution: null });
    expect((await ask(server.base, token, KPIS, { i: tuesday('PREVIOUS_YEAR') })).cache).toBe(KEPT);
  });

  it('costs one engine request per metric with NONE, two when compared, kept or not', async () => {
    // At most 2 requests per call: two metrics without a comparison fit, one with a comparison fits, two do not.
    const two = ['visitorsIn', 'visitorsOut'];
    for (let i = 0; i < 2; i++) {
      const none = await ask(tight.base, tightToken, KPIS, { i: input('NONE', two) });
      expect(none.body.errors).toBeUndefined();
      expect(none.body.data.kpis.map((k: { previousValue: number | null }) => k.previousValue)).toEqual([null, null]);
      if (i === 0) expect(none.cache).not.toBe(KEPT);
      else expect(none.cache).toBe(KEPT);
      const one = await ask(tight.base, tightToken, KPIS, { i: input('PREVIOUS_YEAR') });
      expect(one.body.errors).toBeUndefined();
      for (const comparison of ['PREVIOUS_YEAR', 'PREVIOUS_PERIOD']) {
        expect(errorCode(await tight.gql(KPIS, { i: input(comparison, two) }, { token: tightToken }))).toBe('API_WORK_LIMIT');
      }
    }
  });

  it('compares nothing with a period across the site’s first day; a period before it only with what was loaded for it', async () => {
    // Its second and third days (20): the two days before are the day before the site (3, loaded) and its first day (12).
    const laterDays = day('2025-01-01T23:00:00.000Z', '2025-01-03T23:00:00.000Z');
    const answer = await ask(server.base, token, KPIS, { i: { installationId: ids.site, metrics: ['visitorsIn'], filters: laterDays } });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.kpis[0]).toMatchObject({ value: 20, previousValue: null, evolution: null });
    // Its first day compares with the day before, wholly before the site: the reading loaded for it.
    const firstDay = day('2024-12-31T23:00:00.000Z', '2025-01-01T23:00:00.000Z');
    const first = await ask(server.base, token, KPIS, { i: { installationId: ids.site, metrics: ['visitorsIn'], filters: firstDay } });
    expect(first.body.data.kpis[0]).toMatchObject({ value: 12, previousValue: 3, evolution: 300 });
  });
});
