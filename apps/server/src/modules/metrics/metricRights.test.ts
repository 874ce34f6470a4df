import { FULL_RIGHTS, type RightsTree } from '@sitelens/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { events, readings } from '../../composition/tables.ts';
import { createOrganization, createProfile, createSite, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { startTestServer } from '../../test/testServer.ts';
import { rebuildRollups } from './write/rollups.refresh.ts';

/**
 * Issue 28 item 12: sales figures, and every metric computed from them, are read only with the
 * sales right (the funnel's or the importer's), through every analytics entry point.
 */
let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
const ids = { site: 0, top: 0, clerk: 0, analyst: 0 };
let tokens: { clerk: string; analyst: string; importer: string; admin: string };

const withoutSales: RightsTree = { ...FULL_RIGHTS, app: { ...FULL_RIGHTS.app, salesFunnel: { read: false } }, data: { salesMetrics: { edit: false } } };
const day = { operator: 'AND', conditions: [{ type: 'date', dateBegin: '2026-11-02T00:00:00Z', dateEnd: '2026-11-03T00:00:00Z' }] };

const RETAIL = `query($input: RetailDataInput!) { retailData(input: $input) { metric series { points { value } } } }`;
const BATCH = `query($inputs: [RetailDataInput!]!) { retailDataBatch(inputs: $inputs) { metric series { points { value } } } }`;
const KPIS = `query($input: KpiInput!) { kpis(input: $input) { metric value } }`;
const LIVE = `query($id: Int!, $m: [String!]) { liveValues(installationId: $id, metrics: $m) { metric value } }`;
const EXPORT = `query($dataType: String!, $installationId: Int!, $zoneIds: [Int!]!, $userIds: [Int!]!) {
  exportData(dataType: $dataType, from: "2026-11-02T00:00:00Z", to: "2026-11-03T00:00:00Z", userIds: $userIds, granularity: 3600, includeSubZones: false, installationId: $installationId, zoneIds: $zoneIds) }`;

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const site = await createSite(database, org.id, { timezone: 'UTC' });
  Object.assign(ids, { site: site.site.id, top: site.top.id });
  await database.db.insert(events).values({ installationId: site.site.id, name: 'Shop', metrics: ['counting', 'sales'], neverEnding: true, dateBegin: new Date('2025-01-01') });
  const at = (iso: string) => new Date(iso);
  const zone = (metric: string, value: number, ts: Date) => ({ organizationId: org.id, targetKind: 'zone' as const, targetId: site.top.id, metric, value, ts });
  await database.db
    .insert(readings)
    .values([
      zone('visitorsIn', 40, at('2026-11-02T10:00:00Z')),
      zone('turnover', 1234.5, at('2026-11-02T10:00:00Z')),
      zone('orders', 10, at('2026-11-02T10:00:00Z')),
      zone('goodsSold', 17, at('2026-11-02T10:00:00Z')),
      zone('visitorsIn', 3, new Date(Date.now() - 60_000)),
      zone('turnover', 99, new Date(Date.now() - 60_000)),
    ]);
  await rebuildRollups(database.sql, org.id);
  const noSales = await createProfile(database, org.id, withoutSales, 'Floor staff');
  const funnel = await createProfile(database, org.id, { ...withoutSales, app: { ...FULL_RIGHTS.app, salesFunnel: { read: true } } }, 'Analysts');
  const importing = await createProfile(database, org.id, { ...withoutSales, data: { salesMetrics: { edit: true } } }, 'Importers');
  ids.clerk = (await createUser(database, { email: 'clerk@acme.test', organizationIds: [org.id], profileId: noSales.id })).id;
  ids.analyst = (await createUser(database, { email: 'analyst@acme.test', organizationIds: [org.id], profileId: funnel.id })).id;
  await createUser(database, { email: 'importer@acme.test', organizationIds: [org.id], profileId: importing.id });
  await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' });
  server = await startTestServer(database);
  tokens = await server.signInAll({ clerk: 'clerk@acme.test', analyst: 'analyst@acme.test', importer: 'importer@acme.test', admin: 'admin@acme.test' });
});

afterAll(async () => {
  await server.close();
  await database.close();
});

const request = (metric: string, extra: Record<string, unknown> = {}) => ({ installationId: ids.site, metric, filters: day, groupBy: { type: 'all' }, ...extra });
const value = (r: any) => r.data?.retailData.series[0]?.points[0]?.value;

describe('metrics that need the sales right', () => {
  it.each(['turnover', 'orders', 'goodsSold', 'basketPrice', 'basketSize', 'salesIndex', 'salesConversion', 'conversionRate'])('retailData(%s) is refused without it, naming the metric and the right', async (metric) => {
    const r = await server.gql(RETAIL, { input: request(metric) }, { token: tokens.clerk });
    expect(r.data?.retailData ?? null).toBeNull();
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', metric, right: 'salesData' });
  });

  it('are read with the funnel’s right, the importer’s, or as an administrator; other metrics by everyone', async () => {
    for (const token of [tokens.analyst, tokens.importer, tokens.admin]) expect(value(await server.gql(RETAIL, { input: request('turnover') }, { token }))).toBe(1234.5);
    expect(value(await server.gql(RETAIL, { input: request('basketPrice') }, { token: tokens.analyst }))).toBeCloseTo(123.45);
    expect(value(await server.gql(RETAIL, { input: request('visitorsIn') }, { token: tokens.clerk }))).toBe(40);
  });

  it('are refused in a batch, an evolution, a share of the total and the KPIs', async () => {
    const batch = await server.gql(BATCH, { inputs: [request('visitorsIn'), request('orders')] }, { token: tokens.clerk });
    expect(batch.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', metric: 'orders' });
    for (const groupBy of [{ type: 'all', aggregation: 'evolution' }, { type: 'zone', aggregation: 'percentageOfTotal' }]) {
      const r = await server.gql(RETAIL, { input: request('turnover', { groupBy }) }, { token: tokens.clerk });
      expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', metric: 'turnover' });
    }
    const kpis = await server.gql(KPIS, { input: { installationId: ids.site, metrics: ['visitorsIn', 'goodsSold'], filters: day } }, { token: tokens.clerk });
    expect(kpis.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', metric: 'goodsSold' });
    const allowed = await server.gql(KPIS, { input: { installationId: ids.site, metrics: ['visitorsIn', 'goodsSold'], filters: day } }, { token: tokens.analyst });
    expect(allowed.data?.kpis.map((k: any) => [k.metric, k.value])).toEqual([
      ['visitorsIn', 40],
      ['goodsSold', 17],
    ]);
  });

  it('are left out of live values asked for every metric, and refused when asked by name', async () => {
    const every = await server.gql(LIVE, { id: ids.site, m: null }, { token: tokens.clerk });
    expect(every.data?.liveValues.map((v: any) => v.metric)).toEqual(['visitorsIn']);
    const named = await server.gql(LIVE, { id: ids.site, m: ['turnover'] }, { token: tokens.clerk });
    expect(named.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', metric: 'turnover' });
    const analyst = await server.gql(LIVE, { id: ids.site, m: null }, { token: tokens.analyst });
    expect(analyst.data?.liveValues.map((v: any) => v.metric).sort()).toEqual(['turnover', 'visitorsIn']);
  });

  it('cannot be exported without it', async () => {
    const vars = { installationId: ids.site, zoneIds: [ids.top], userIds: [ids.clerk] };
    const refused = await server.gql(EXPORT, { ...vars, dataType: 'turnover' }, { token: tokens.clerk });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', metric: 'turnover' });
    expect((await server.gql(EXPORT, { ...vars, dataType: 'counting' }, { token: tokens.clerk })).data?.exportData).toBe(true);
    // Nor sent to someone without it, by one who has it.
    const toClerk = await server.gql(EXPORT, { ...vars, dataType: 'turnover' }, { token: tokens.analyst });
    expect(toClerk.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'userIds', reason: 'errors.recipientLacksRight' });
    expect((await server.gql(EXPORT, { ...vars, userIds: [ids.analyst], dataType: 'turnover' }, { token: tokens.analyst })).data?.exportData).toBe(true);
  });
});
