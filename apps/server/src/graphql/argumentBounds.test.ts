import { type GraphQLInputType, getNamedType, isInputObjectType, isListType, isNonNullType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createOrganization, createSite, createUser } from '../test/factories.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { errorCode, startTestServer } from '../test/testServer.ts';
import { ARGUMENT_BOUNDS, BOUNDS_FILE, MAX_IDS } from './argumentBounds.ts';
import { schema } from '../composition/graphqlSchema.ts';

const bare = (t: GraphQLInputType) => (isNonNullType(t) ? t.ofType : t);
const needsBound = (t: GraphQLInputType) => isListType(bare(t)) || ['Int', 'Float'].includes(getNamedType(t).name);

/** Every argument of a root field and every field of an input type that is a number or a list. */
function boundedCoordinates(): string[] {
  const out: string[] = [];
  for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    for (const f of Object.values(root?.getFields() ?? {})) for (const a of f.args) if (needsBound(a.type)) out.push(`${root!.name}.${f.name}.${a.name}`);
  }
  for (const t of Object.values(schema.getTypeMap())) {
    if (!isInputObjectType(t) || t.name.startsWith('__')) continue;
    for (const f of Object.values(t.getFields())) if (needsBound(f.type)) out.push(`${t.name}.${f.name}`);
  }
  return out;
}

describe('the table of argument bounds', () => {
  it('bounds every number and list argument of the schema, and names none that is gone', () => {
    const wanted = boundedCoordinates();
    const missing = wanted.filter((c) => !Object.hasOwn(ARGUMENT_BOUNDS, c));
    const hint = missing.map((c) => `  '${c}': id | range(min, max) | list(maxItems) | ids,  → add it to ${BOUNDS_FILE}`);
    expect(missing, `number or list arguments without a bound:\n${hint.join('\n')}`).toEqual([]);
    expect(Object.keys(ARGUMENT_BOUNDS).filter((c) => !wanted.includes(c)), `lines of ${BOUNDS_FILE} naming no argument: remove them`).toEqual([]);
  });
});

describe('arguments past their bound are refused with BAD_USER_INPUT, over HTTP', () => {
  let database: Database;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let token = '';
  let site = 0;
  let zone = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    const org = await createOrganization(database);
    const s = await createSite(database, org.id);
    site = s.site.id;
    zone = s.top.id;
    await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' });
    server = await startTestServer(database);
    token = await server.signIn('admin@acme.test');
  });

  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const retail = 'query($input: RetailDataInput!) { retailData(input: $input) { series { key } } }';
  const dates = (dateBegin: string, dateEnd: string) => ({ conditions: [{ type: 'date', dateBegin, dateEnd }] });

  it('refuses limit: -1 and limit: 0 instead of dropping series, and answers limit: 1', async () => {
    for (const limit of [-1, 0]) {
      const r = await server.gql(retail, { input: { installationId: site, metric: 'visitorsIn', limit } }, { token });
      expect(errorCode(r)).toBe('BAD_USER_INPUT');
      expect(r.errors?.[0]?.extensions).toMatchObject({ argument: 'RetailDataInput.limit', reason: 'tooSmall', min: 1 });
    }
    const ok = await server.gql(retail, { input: { installationId: site, metric: 'visitorsIn', limit: 1 } }, { token });
    expect(ok.errors).toBeUndefined();
  });

  it('refuses 250,000 ids in zonesByIds, and answers a thousand', async () => {
    const many = Array.from({ length: 250_000 }, (_, i) => i + 1);
    const r = await server.gql('query($ids: [Int!]!) { zonesByIds(zoneIds: $ids) { id } }', { ids: many }, { token });
    expect(errorCode(r)).toBe('BAD_USER_INPUT');
    expect(r.errors?.[0]?.extensions).toMatchObject({ argument: 'Query.zonesByIds.zoneIds', reason: 'tooMany', maxItems: MAX_IDS });
    const ok = await server.gql('query($ids: [Int!]!) { zonesByIds(zoneIds: $ids) { id } }', { ids: Array.from({ length: MAX_IDS }, () => zone) }, { token });
    expect(ok.errors).toBeUndefined();
    expect(ok.data?.zonesByIds).toEqual([{ id: zone }]);
  });

  it('checks the bounds inside lists of inputs (retailDataBatch)', async () => {
    const batch = 'query($inputs: [RetailDataInput!]!) { retailDataBatch(inputs: $inputs) { series { key } } }';
    const r = await server.gql(batch, { inputs: [{ installationId: site, metric: 'visitorsIn' }, { installationId: site, metric: 'visitorsIn', granularity: 10 }] }, { token });
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'RetailDataInput.granularity', reason: 'tooSmall' });
  });

  it('refuses a year 0001–9999 range with evolution and a date of -271821 clearly, and answers a year', async () => {
    const evolution = (filters: unknown) => ({ installationId: site, metric: 'visitorsIn', groupBy: { type: 'all', aggregation: 'evolution' }, filters });
    const wide = await server.gql(retail, { input: evolution(dates('0001-01-01T00:00:00Z', '9999-12-31T00:00:00Z')) }, { token });
    expect(['BAD_USER_INPUT', 'TIME_RANGE_TOO_WIDE']).toContain(errorCode(wide));
    const tenYears = await server.gql(retail, { input: evolution(dates('2010-01-01T00:00:00Z', '2026-01-01T00:00:00Z')) }, { token });
    expect(errorCode(tenYears)).toBe('TIME_RANGE_TOO_WIDE');
    const far = await server.gql(retail, { input: evolution(dates('-271821-04-20T00:00:00Z', '2026-01-01T00:00:00Z')) }, { token });
    expect(errorCode(far)).toBe('BAD_USER_INPUT');
    const year = await server.gql(retail, { input: evolution(dates('2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z')) }, { token });
    expect(year.errors).toBeUndefined();
  });

  it('refuses impossible dates (30 February) in heatmapImages and in every Date and DateTime argument', async () => {
    const heatmaps = 'query($b: Date!, $e: Date!) { heatmapImages(zoneId: $z, dashboardId: 0, dateBegin: $b, dateEnd: $e) { date } }'.replace('$z', String(zone));
    const bad = await server.gql(heatmaps, { b: '2026-02-01', e: '2026-02-30' }, { token });
    expect(errorCode(bad)).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(bad.errors)).toContain('invalidDate');
    const literal = await server.gql(`{ heatmapImages(zoneId: ${zone}, dashboardId: 0, dateBegin: "2026-02-01", dateEnd: "2026-02-30") { date } }`, {}, { token });
    expect(errorCode(literal)).toBe('BAD_USER_INPUT');
    const good = await server.gql(heatmaps, { b: '2026-02-01', e: '2026-02-28' }, { token });
    expect(good.errors).toBeUndefined();
    for (const when of ['2026-02-30T10:00:00Z', '2026-13-01T00:00:00Z', '2026-01-01T25:00:00Z', 'yesterday']) {
      const r = await server.gql(retail, { input: { installationId: site, metric: 'visitorsIn', filters: dates(when, '2026-12-01T00:00:00Z') } }, { token });
      expect(errorCode(r), when).toBe('BAD_USER_INPUT');
    }
  });

  it('answers an enum value that does not exist as BAD_USER_INPUT, not as an unexpected error', async () => {
    const r = await server.gql('mutation($c: MessageChannel!) { sendTestMessage(channel: $c) { id } }', { c: 'email' }, { token });
    expect(errorCode(r)).toBe('BAD_USER_INPUT');
  });
});
