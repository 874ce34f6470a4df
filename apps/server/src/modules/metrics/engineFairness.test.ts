import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/database.ts';
import { readings } from '../../db/schema.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { createOrganization, createSite, createUser } from '../../test/factories.ts';
import { startTestServer } from '../../test/testServer.ts';
import { ENGINE_STATEMENT_SLOTS, engineStatements } from './engineTurns.ts';
import { rebuildRollups } from './rollups.refresh.ts';

// Issue 14 item 5: one user's queued engine work must not make another's wait behind all of it.
let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let site = 0;
const users = { heavy: 0, other: 0 };

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  users.heavy = (await createUser(database, { email: 'heavy@acme.test', organizationIds: [org.id], role: 'admin' })).id;
  users.other = (await createUser(database, { email: 'other@acme.test', organizationIds: [org.id], role: 'admin' })).id;
  const { site: s, top } = await createSite(database, org.id, { timezone: 'Europe/Paris' });
  site = s.id;
  const rows = [];
  for (let t = Date.parse('2026-10-01T00:00:00Z'); t < Date.parse('2026-10-03T00:00:00Z'); t += 15 * 60_000) {
    rows.push({ organizationId: org.id, targetKind: 'zone', targetId: top.id, metric: 'visitorsIn', ts: new Date(t), value: 2 });
  }
  await database.db.insert(readings).values(rows);
  await rebuildRollups(database.sql, org.id);
  server = await startTestServer(database);
});

afterAll(async () => {
  await server.close();
  await database.close();
});

const BATCH = `query($inputs: [RetailDataInput!]!) { retailDataBatch(inputs: $inputs) { series { points { value } } } }`;
const hours = (granularity: number) => ({
  installationId: site,
  metric: 'visitorsIn',
  granularity,
  filters: { operator: 'AND', conditions: [{ type: 'date', dateBegin: '2026-10-01T00:00:00Z', dateEnd: '2026-10-03T00:00:00Z' }] },
});

describe('engine statements in turn across users', () => {
  it("runs another user's statement after one of a heavy user's, while the heavy user's others still wait", async () => {
    const queue = engineStatements(database);
    const slots = ENGINE_STATEMENT_SLOTS[database.engine];
    const [heavyToken, otherToken] = [await server.signIn('heavy@acme.test'), await server.signIn('other@acme.test')];
    const heavy = `user:${users.heavy}`;
    const other = `user:${users.other}`;
    const started: string[] = [];
    let heavyWaitingWhenOtherStarted = -1;
    const stop = queue.onStart((key) => {
      started.push(key);
      if (key === other && heavyWaitingWhenOtherStarted < 0) heavyWaitingWhenOtherStarted = queue.load(heavy).waiting;
    });
    // Hold every slot so that both users' statements are queued before any runs.
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const held = Array.from({ length: slots }, () => queue.run('test', () => opened));

    // The heavy user's batch of 20 (PGlite merges them 5 at a time, PostgreSQL takes 5 at a time), then the other user's one widget.
    const heavyCall = server.gql(BATCH, { inputs: Array.from({ length: 20 }, () => hours(3600)) }, { token: heavyToken });
    await vi.waitFor(() => expect(queue.load(heavy).waiting).toBeGreaterThanOrEqual(3), { timeout: 20_000, interval: 5 });
    const otherCall = server.gql(BATCH, { inputs: [hours(3600)] }, { token: otherToken });
    await vi.waitFor(() => expect(queue.load(other).waiting).toBe(1), { timeout: 20_000, interval: 5 });

    open();
    await Promise.all(held);
    const [heavyAnswer, otherAnswer] = await Promise.all([heavyCall, otherCall]);
    stop();
    expect(heavyAnswer.errors).toBeUndefined();
    expect(otherAnswer.errors).toBeUndefined();
    expect(otherAnswer.data!.retailDataBatch[0].series[0].points).toHaveLength(48);
    // After the held slots, the other user's statement is the first or second to start (one of the heavy user's may go first).
    const after = started.slice(slots);
    expect(after.indexOf(other)).toBeGreaterThanOrEqual(0);
    expect(after.indexOf(other)).toBeLessThanOrEqual(1);
    expect(heavyWaitingWhenOtherStarted).toBeGreaterThanOrEqual(1);
  });
});
