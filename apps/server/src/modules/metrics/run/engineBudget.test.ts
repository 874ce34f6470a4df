import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.ts';
import { openTestDatabase } from '../../../test/testDatabase.ts';
import { createOrganization, createUser } from '../../../test/factories.ts';
import { errorCode, startTestServer } from '../../../test/testServer.ts';
import { createSiteWithTwoDaysOfVisitors } from '../twoDaysOfVisitors.test-support.ts';

// Issue 14 item 5: one call of 30 aliases of a 20-request batch asked 600 engine queries.
let database: Database;
let site = 0;
const servers: Array<Awaited<ReturnType<typeof startTestServer>>> = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  await createUser(database, { email: 'ops@acme.test', organizationIds: [org.id], role: 'admin' });
  site = await createSiteWithTwoDaysOfVisitors(database, org.id);
});

afterAll(async () => {
  for (const s of servers) await s.close();
  await database.close();
});

async function serverWith(env: Record<string, string> = {}) {
  const server = await startTestServer(database, env);
  servers.push(server);
  return { server, token: await server.signIn('ops@acme.test') };
}

const hours = () => ({
  installationId: site,
  metric: 'visitorsIn',
  granularity: 3600,
  filters: { operator: 'AND', conditions: [{ type: 'date', dateBegin: '2026-10-01T00:00:00Z', dateEnd: '2026-10-03T00:00:00Z' }] },
});

/** `aliases` aliases of retailDataBatch, each of `size` requests. */
function amplification(aliases: number, size: number) {
  const fields = Array.from({ length: aliases }, (_, i) => `a${i}: retailDataBatch(inputs: $inputs) { metric series { points { value } } }`);
  return { query: `query($inputs: [RetailDataInput!]!) { ${fields.join('\n')} }`, variables: { inputs: Array.from({ length: size }, hours) } };
}

describe('engine work per call', () => {
  it('refuses 30 aliases of 20 requests with API_WORK_LIMIT, and the server keeps answering', async () => {
    const { server, token } = await serverWith();
    const { query, variables } = amplification(30, 20);
    const [attack, health] = await Promise.all([server.gql(query, variables, { token }), fetch(`${server.base}/healthz`)]);
    expect(errorCode(attack)).toBe('API_WORK_LIMIT');
    expect(attack.errors!.every((e) => e.extensions?.code === 'API_WORK_LIMIT')).toBe(true);
    expect(attack.errors![0]!.extensions).toMatchObject({ limit: 'requests', max: 100 });
    expect(health.status).toBe(200);
  });

  it('answers a page of widgets within the bound, and counts aliases and batches together', async () => {
    const { server, token } = await serverWith({ API_ENGINE_REQUESTS_PER_CALL: '40' });
    const within = amplification(2, 20);
    const answered = await server.gql<Record<string, Array<{ series: Array<{ points: unknown[] }> }>>>(within.query, within.variables, { token });
    expect(answered.errors).toBeUndefined();
    expect(answered.data!.a1![19]!.series[0]!.points).toHaveLength(48);
    const past = amplification(3, 14);
    expect(errorCode(await server.gql(past.query, past.variables, { token }))).toBe('API_WORK_LIMIT');
  });

  it('counts the same document text anew at each call: its variables and its @skip / @include (the document is walked once, issue 33 item 3)', async () => {
    const { server, token } = await serverWith({ API_ENGINE_REQUESTS_PER_CALL: '20' });
    const query = `query($inputs: [RetailDataInput!]!, $more: Boolean!) {
      a: retailDataBatch(inputs: $inputs) { metric }
      b: retailDataBatch(inputs: $inputs) @include(if: $more) { metric }
      ... on Query @skip(if: $more) { c: retailDataBatch(inputs: [$first]) { metric } }
    }`.replace('$more: Boolean!', '$more: Boolean!, $first: RetailDataInput!');
    const inputs = (n: number) => Array.from({ length: n }, hours);
    // 10 + 10 (b included, c skipped) is within 20; the same text with 11 each is not.
    expect((await server.gql(query, { inputs: inputs(10), more: true, first: hours() }, { token })).errors).toBeUndefined();
    expect(errorCode(await server.gql(query, { inputs: inputs(11), more: true, first: hours() }, { token }))).toBe('API_WORK_LIMIT');
    // 19 + 1 (b skipped, c included) is within; 20 + 1 is not; then the first call again answers.
    expect((await server.gql(query, { inputs: inputs(19), more: false, first: hours() }, { token })).errors).toBeUndefined();
    expect(errorCode(await server.gql(query, { inputs: inputs(20), more: false, first: hours() }, { token }))).toBe('API_WORK_LIMIT');
    expect((await server.gql(query, { inputs: inputs(10), more: true, first: hours() }, { token })).errors).toBeUndefined();
  });

  it('counts the requests a figure asks itself: a KPI with its previous period is two', async () => {
    const { server, token } = await serverWith({ API_ENGINE_REQUESTS_PER_CALL: '3' });
    const kpis = 'query($input: KpiInput!) { kpis(input: $input) { metric value previousValue } }';
    const input = (metrics: string[]) => ({ installationId: site, metrics, filters: hours().filters });
    const one = await server.gql(kpis, { input: input(['visitorsIn']) }, { token });
    expect(one.errors).toBeUndefined();
    expect(one.data!.kpis[0].value).toBe(2 * 4 * 48);
    expect(errorCode(await server.gql(kpis, { input: input(['visitorsIn', 'visitorsOut']) }, { token }))).toBe('API_WORK_LIMIT');
  });

  it('refuses an answer of more points than API_POINTS_PER_CALL', async () => {
    const { server, token } = await serverWith({ API_POINTS_PER_CALL: '100' });
    const { query, variables } = amplification(1, 3);
    const refused = await server.gql(query, variables, { token });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'API_WORK_LIMIT', limit: 'points', max: 100 });
    const single = await server.gql('query($input: RetailDataInput!) { retailData(input: $input) { series { points { value } } } }', { input: hours() }, { token });
    expect(single.errors).toBeUndefined();
    expect(single.data!.retailData.series[0].points).toHaveLength(48);
  });

  it('runs a batch of nested requests (evolutions ask two each) past one caller\'s turns without waiting on itself', async () => {
    const { server, token } = await serverWith();
    const evolution = { ...hours(), granularity: undefined, groupBy: { type: 'all', aggregation: 'evolution' } };
    const calls = await Promise.all(
      Array.from({ length: 3 }, () =>
        server.gql<{ retailDataBatch: Array<{ series: unknown[] }> }>('query($inputs: [RetailDataInput!]!) { retailDataBatch(inputs: $inputs) { series { points { value } } } }', { inputs: Array.from({ length: 20 }, () => evolution) }, { token }),
      ),
    );
    for (const call of calls) {
      expect(call.errors).toBeUndefined();
      expect(call.data!.retailDataBatch).toHaveLength(20);
    }
  });
});
