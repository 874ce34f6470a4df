import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createOrganization, createSite, createUser } from '../test/factories.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { startTestServer } from '../test/testServer.ts';
import { PROFILE_LAYERS } from './requestProfile.ts';

const RETAIL = `query($i: RetailDataInput!) { retailData(input: $i) { series { points { value } } } }`;

let database: Database;
let profiled: Awaited<ReturnType<typeof startTestServer>>;
let plain: Awaited<ReturnType<typeof startTestServer>>;
let token = '';
let siteId = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  siteId = (await createSite(database, org.id)).site.id;
  await createUser(database, { email: 'ana@acme.test', organizationIds: [org.id], role: 'admin' });
  profiled = await startTestServer(database, { PROFILE_REQUESTS: 'on' });
  plain = await startTestServer(database);
  token = await profiled.signIn('ana@acme.test');
});

afterAll(async () => {
  await profiled.close();
  await plain.close();
  await database.close();
});

async function timing(base: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { errors?: unknown };
  expect(body.errors).toBeUndefined();
  const header = res.headers.get('server-timing');
  if (header === null) return null;
  return Object.fromEntries(header.split(', ').map((part) => [part.split(';')[0], Number(part.split('dur=')[1])]));
}

describe('the request profile (PROFILE_REQUESTS)', () => {
  it('times every layer of a call in a Server-Timing header', async () => {
    const input = {
      installationId: siteId,
      metric: 'visitorsIn',
      granularity: 3600,
      groupBy: { type: 'date', aggregation: 'sum' },
      filters: { operator: 'AND', conditions: [{ type: 'date', dateBegin: '2026-03-02T00:00:00Z', dateEnd: '2026-03-03T00:00:00Z' }] },
    };
    const layers = await timing(profiled.base, RETAIL, { i: input });
    expect(Object.keys(layers!)).toEqual([...PROFILE_LAYERS]);
    // A call that reads data spends time in each layer it passes, and the parts fit in the whole. Lookups
    // are the other statements the call's work issued, which may run beside the engine's (its data
    // versions, a write it started): their time can overlap the sql layer's, so they are left out of the sum.
    for (const layer of ['caller', 'validate', 'rights', 'bounds', 'queue', 'sql']) expect(layers![layer], layer).toBeGreaterThan(0);
    const parts = PROFILE_LAYERS.filter((l) => l !== 'total' && l !== 'lookups').reduce((sum, l) => sum + layers![l]!, 0);
    expect(parts).toBeLessThanOrEqual(layers!.total! + 0.01);
  });

  it('a call without data has no engine time', async () => {
    const layers = await timing(profiled.base, '{ __typename }');
    expect(layers!.sql).toBe(0);
    expect(layers!.queue).toBe(0);
    expect(layers!.total).toBeGreaterThan(0);
  });

  it('is off unless asked: no header, nothing measured', async () => {
    expect(await timing(plain.base, '{ __typename }')).toBeNull();
  });
});
