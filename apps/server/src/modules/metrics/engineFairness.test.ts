import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { createOrganization, createUser } from '../../test/factories.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';
import { createSiteWithTwoDaysOfVisitors } from './twoDaysOfVisitors.test-support.ts';
import { ENGINE_TURNS, engineQueue } from './run/engineTurns.ts';

// Issue 14 item 5: one user's heavy call must not make another user's widget wait behind all of it.
let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let site = 0;
const users = { heavy: 0, light: 0 };

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  users.heavy = (await createUser(database, { email: 'heavy@acme.test', organizationIds: [org.id], role: 'admin' })).id;
  users.light = (await createUser(database, { email: 'light@acme.test', organizationIds: [org.id], role: 'admin' })).id;
  site = await createSiteWithTwoDaysOfVisitors(database, org.id);
  // The engine's turns are what is watched: identical requests must reach it, not the result cache.
  server = await startTestServer(database, { RESULT_CACHE_MB: '0' });
});

afterAll(async () => {
  await server.close();
  await database.close();
});

const hours = (groupBy?: Record<string, unknown>) => ({
  installationId: site,
  metric: 'visitorsIn',
  granularity: 3600,
  ...(groupBy ? { groupBy } : {}),
  filters: { operator: 'AND', conditions: [{ type: 'date', dateBegin: '2026-10-01T00:00:00Z', dateEnd: '2026-10-03T00:00:00Z' }] },
});
/** `aliases` aliases of retailDataBatch over the same inputs. */
const aliases = (n: number) =>
  `query($inputs: [RetailDataInput!]!) { ${Array.from({ length: n }, (_, i) => `a${i}: retailDataBatch(inputs: $inputs) { series { points { value } } }`).join(' ')} }`;

/** Takes every slot of the queue until the returned function is called, so that calls queue up behind it. */
async function holdEngine(): Promise<() => void> {
  const queue = engineQueue(database);
  const releases = await Promise.all(Array.from({ length: ENGINE_TURNS[database.engine].slots }, () => queue.acquire('test')));
  return () => releases.forEach((release) => release());
}

describe('engine turns across users', () => {
  it("answers a light user's widget while a heavy user's 100-request call still has requests waiting", async () => {
    const queue = engineQueue(database);
    const [heavyToken, lightToken] = [await server.signIn('heavy@acme.test'), await server.signIn('light@acme.test')];
    const heavy = `user:${users.heavy}`;
    const light = `user:${users.light}`;
    const release = await holdEngine();
    const turns: string[] = [];
    let heavyWaitingAtLightTurn = -1;
    const stop = queue.onTurn((key) => {
      turns.push(key);
      if (key === light) heavyWaitingAtLightTurn = queue.load(heavy).waiting;
    });
    const answered: string[] = [];
    const heavyCall = server.gql(aliases(5), { inputs: Array.from({ length: 20 }, () => hours()) }, { token: heavyToken }).then((r) => (answered.push('heavy'), r));
    await vi.waitFor(() => expect(queue.load(heavy).waiting).toBe(100), { timeout: 20_000, interval: 5 });
    const lightCall = server.gql(aliases(1), { inputs: [hours()] }, { token: lightToken }).then((r) => (answered.push('light'), r));
    await vi.waitFor(() => expect(queue.load(light).waiting).toBe(1), { timeout: 20_000, interval: 5 });
    release();
    const [heavyAnswer, lightAnswer] = await Promise.all([heavyCall, lightCall]);
    stop();
    expect(heavyAnswer.errors).toBeUndefined();
    expect(lightAnswer.errors).toBeUndefined();
    expect(lightAnswer.data!.a0[0].series[0].points).toHaveLength(48);
    expect(heavyAnswer.data!.a4[19].series[0].points).toHaveLength(48);
    // The light user's request has the first or second turn after the held ones (the heavy user,
    // first in line, may go first), while the heavy user's others wait; its call is answered first.
    expect(turns.indexOf(light)).toBeLessThanOrEqual(1);
    expect(heavyWaitingAtLightTurn).toBeGreaterThanOrEqual(1);
    expect(turns.lastIndexOf(heavy)).toBeGreaterThan(turns.indexOf(light));
    expect(answered).toEqual(['light', 'heavy']);
  });

  it("serves a caller in turns of at most a batch, and runs a request's own requests inside its turn", async () => {
    const queue = engineQueue(database);
    const token = await server.signIn('light@acme.test');
    const sizes: number[] = [];
    const stop = queue.onTurn((_key, size) => sizes.push(size));
    // 20 evolutions (each asks two periods itself) and 20 plain widgets, in one call.
    const query = `query($evolutions: [RetailDataInput!]!, $plain: [RetailDataInput!]!) {
      e: retailDataBatch(inputs: $evolutions) { series { points { value } } }
      p: retailDataBatch(inputs: $plain) { series { points { value } } } }`;
    const evolution = { ...hours({ type: 'all', aggregation: 'evolution' }), granularity: undefined };
    const answer = await server.gql(query, { evolutions: Array.from({ length: 20 }, () => evolution), plain: Array.from({ length: 20 }, () => hours()) }, { token });
    stop();
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.p[19].series[0].points).toHaveLength(48);
    // The nested periods took no turn: 40 requests in turns of at most the engine's batch (fewer
    // while another user had a turn within the last second, as in the test before).
    const { batch } = ENGINE_TURNS[database.engine];
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(40);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(batch);
  });

  it('refuses a call whose arguments alone ask past the bound before any turn is taken', async () => {
    const queue = engineQueue(database);
    const token = await server.signIn('heavy@acme.test');
    const turns: string[] = [];
    const stop = queue.onTurn((key) => turns.push(key));
    const refused = await server.gql(aliases(30), { inputs: Array.from({ length: 20 }, () => hours()) }, { token });
    // The same through a fragment spread, and in one alias past the bound with the rest skipped.
    const spread = `query($inputs: [RetailDataInput!]!, $no: Boolean!) { ...f a: retailDataBatch(inputs: $inputs) @include(if: $no) { metric } }
      fragment f on Query { ${Array.from({ length: 6 }, (_, i) => `b${i}: retailDataBatch(inputs: $inputs) { metric }`).join(' ')} }`;
    const throughFragment = await server.gql(spread, { inputs: Array.from({ length: 20 }, () => hours()), no: false }, { token });
    stop();
    expect(errorCode(refused)).toBe('API_WORK_LIMIT');
    expect(refused.errors).toHaveLength(1);
    expect(refused.errors![0]!.extensions).toMatchObject({ limit: 'requests', max: 100, asked: 600 });
    expect(throughFragment.errors![0]!.extensions).toMatchObject({ code: 'API_WORK_LIMIT', asked: 120 });
    expect(turns).toEqual([]);
  });
});
