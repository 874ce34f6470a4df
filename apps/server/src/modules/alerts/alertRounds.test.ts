import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createOrganization, createSite, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { startTestServer } from '../../test/testServer.ts';
import { inRound } from './alertRounds.ts';
import { NO_EFFECTS } from './alertTransitions.ts';

// An organization's rounds (alertRounds.ts): a big round that others wait for rests, and a small
// request made meanwhile (a reading on a quiet zone) is answered in the rest, not after it.
let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let orgId = 0;
const bigIds: number[] = [];
let probeId = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  orgId = org.id;
  await createUser(database, { email: 'ops@acme.test', organizationIds: [org.id], role: 'admin' });
  const s = await createSite(database, org.id);
  server = await startTestServer(database);
  const token = await server.signIn('ops@acme.test');
  const create = async (count: number, zoneId: number) => {
    const fields = Array.from({ length: count }, (_, k) => `a${k}: createAlertWithDetails(input: $i${k}) { id }`).join(' ');
    const params = Array.from({ length: count }, (_, k) => `$i${k}: CreateAlertWithDetailsInput!`).join(', ');
    const vars = Object.fromEntries(Array.from({ length: count }, (_, k) => [`i${k}`, { name: `Alert ${k}`, organizationId: orgId, installationId: s.site.id, conditionsToAdd: [{ type: 'co2', value: 5000 + k, zoneId }], actionsToAdd: [] }]));
    const r = await server.gql<Record<string, { id: number }>>(`mutation(${params}) { ${fields} }`, vars, { token });
    expect(r.errors).toBeUndefined();
    return Object.values(r.data!).map((a) => a.id);
  };
  // 120 alerts on one zone (a burst's round), one on another (the probe's quiet zone).
  for (let i = 0; i < 6; i++) bigIds.push(...(await create(20, s.top.id)));
  probeId = (await create(1, s.child.id))[0]!;
}, 60_000);

afterAll(async () => {
  await server.close();
  await database.close();
});

describe('alert rounds under a burst', () => {
  it("answers a small request during a big round's rest, before the next big round", async () => {
    const order: string[] = [];
    const ask = (name: string, ids: number[]) => inRound(server.jobDeps, NO_EFFECTS, orgId, ids).then(() => order.push(name));
    // The first big round runs; the second waits for it (so the first rests after it), and the
    // probe is asked meanwhile. Merged into the second round, it would be answered after its rest.
    const asked = [ask('big 1', bigIds), ask('big 2', bigIds), ask('probe', [probeId])];
    await Promise.all(asked);
    expect(order).toEqual(['big 1', 'probe', 'big 2']);
  });
});
