import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.ts';
import { defineJob } from '../../../jobs/defineJob.ts';
import { createOrganization, createUser } from '../../../test/factories.ts';
import { openTestDatabase } from '../../../test/testDatabase.ts';
import { startTestServer } from '../../../test/testServer.ts';
import { organizationContext } from '../../auth/organizationContext.ts';
import { retailData } from '../retailData.service.ts';
import { createSiteWithTwoDaysOfVisitors } from '../twoDaysOfVisitors.test-support.ts';
import { engineQueue } from './engineTurns.ts';

/**
 * The request path turns on no async context (docs/decisions.md, "No async context on the request
 * path"): on Node 20, AsyncLocalStorage hooks every promise of the process once used. A request's
 * own requests (an evolution's two periods) run in its turn, told by the call, and a job's requests
 * are background work, told by its dependencies. A promise made after both carries none of the
 * async hooks' marks.
 */
const RETAIL = `query($i: RetailDataInput!) { retailData(input: $i) { series { key points { value } } } }`;

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let site = 0;
let organizationId = 0;
const ran: Array<{ background: boolean; total: number | null } | { error: string }> = [];

const oneDay = (from: string, to: string) => ({ operator: 'AND', conditions: [{ type: 'date', dateBegin: from, dateEnd: to }] });

const countJob = defineJob<{ organizationId: number; installationId: number }>({
  name: 'test.countVisitors',
  options: { retryLimit: 0 },
  async run(d, _run, deps) {
    const ctx = organizationContext(deps, d.organizationId);
    const filters = { operator: 'AND', conditions: [{ type: 'date', dateBegin: new Date('2026-10-01T00:00:00Z'), dateEnd: new Date('2026-10-02T00:00:00Z') }] };
    try {
      const answer = await retailData(ctx, { installationId: d.installationId, metric: 'visitorsIn', groupBy: { type: 'all' }, filters });
      ran.push({ background: ctx.background === true, total: answer.series[0]?.points[0]?.value ?? null });
    } catch (error) {
      ran.push({ error: (error as Error).message });
    }
  },
});

/** Whether the async hooks mark the promises made now (they do from AsyncLocalStorage's first use). */
async function promisesMarked(): Promise<boolean> {
  // A disabled storage's hooks go at the next turn of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 5));
  return Object.getOwnPropertySymbols(new Promise(() => undefined)).some((s) => String(s).includes('async_id'));
}

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  organizationId = org.id;
  await createUser(database, { email: 'ana@acme.test', organizationIds: [org.id], role: 'admin' });
  site = await createSiteWithTwoDaysOfVisitors(database, org.id);
  server = await startTestServer(database, { RESULT_CACHE_MB: '0', JOBS_POLL_MS: '500' }, undefined, { jobs: { work: true, definitions: [countJob] } });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await database?.close();
});

describe('no async context on the request path', () => {
  it('answers an evolution (two requests inside one turn) and a job as background work, and no promise is hooked after', async () => {
    expect(await promisesMarked()).toBe(false);
    const token = await server.signIn('ana@acme.test');
    // The second day against the first: its two periods are asked inside the request's one turn.
    const evolution = await server.gql(RETAIL, { i: { installationId: site, metric: 'visitorsIn', groupBy: { type: 'all', aggregation: 'evolution' }, filters: oneDay('2026-10-02T00:00:00Z', '2026-10-03T00:00:00Z') } }, { token });
    expect(evolution.errors).toBeUndefined();
    expect(evolution.data!.retailData.series[0].points[0].value).toBe(0);

    const turns: boolean[] = [];
    const stop = engineQueue(database).onTurn((_key, _size, background) => turns.push(background));
    await server.jobs.enqueue(countJob, { organizationId, installationId: site });
    await expect.poll(() => ran.length, { timeout: 20_000, interval: 50 }).toBe(1);
    stop();
    expect(ran[0]).toEqual({ background: true, total: 192 });
    expect(turns).toEqual([true]);
    expect(await promisesMarked()).toBe(false);
  });
});
