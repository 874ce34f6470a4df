import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { readings } from '../../composition/tables.ts';
import { publishReadings } from './publishReadings.ts';
import { createOrganization, createSite, createUser } from '../../test/factories.ts';
import { sseSubscribe } from '../../test/sseSubscription.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';

const SUBSCRIBE = `subscription($id: Int!, $m: [String!]) { liveReadings(installationId: $id, metrics: $m) { targetKind targetId metric value ts } }`;

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let token = '';
let otherToken = '';
const ids = { org: 0, site: 0, top: 0, child: 0, door: 0, otherOrg: 0, otherTop: 0 };

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const other = await createOrganization(database, 'Other');
  const site = await createSite(database, org.id);
  const otherSite = await createSite(database, other.id);
  await createUser(database, { email: 'live@acme.test', organizationIds: [org.id], role: 'admin' });
  await createUser(database, { email: 'spy@other.test', organizationIds: [other.id], role: 'admin' });
  Object.assign(ids, { org: org.id, site: site.site.id, top: site.top.id, child: site.child.id, door: site.door.id, otherOrg: other.id, otherTop: otherSite.top.id });
  server = await startTestServer(database);
  token = await server.signIn('live@acme.test');
  otherToken = await server.signIn('spy@other.test');
});

afterAll(async () => {
  await server.close();
  await database.close();
});

const row = (organizationId: number, targetId: number, metric: string, value: number, ts = new Date()) => ({
  organizationId,
  targetKind: 'zone' as const,
  targetId,
  metric,
  value,
  ts,
});

describe('live readings', () => {
  it('pushes a site’s new readings to its subscribers, filtered by metric, and nothing of other organizations', async () => {
    const sub = await sseSubscribe(server.base, token, SUBSCRIBE, { id: ids.site, m: ['visitorsIn'] });
    await new Promise((r) => setTimeout(r, 100));
    publishReadings(server.live, [row(ids.otherOrg, ids.otherTop, 'visitorsIn', 99)]);
    publishReadings(server.live, [row(ids.org, ids.top, 'co2', 800)]);
    publishReadings(server.live, [row(ids.org, ids.top, 'visitorsIn', 3), row(ids.org, ids.child, 'visitorsIn', 1)]);
    const events = await sub.waitFor(1);
    await new Promise((r) => setTimeout(r, 200));
    await sub.close();
    expect(events).toHaveLength(1);
    expect(events[0].data.liveReadings.map((r: { targetId: number; value: number }) => [r.targetId, r.value])).toEqual([
      [ids.top, 3],
      [ids.child, 1],
    ]);
  });

  it('refuses to subscribe to another organization’s site', async () => {
    const sub = await sseSubscribe(server.base, otherToken, SUBSCRIBE, { id: ids.site, m: null });
    const events = await sub.waitFor(1, 1000);
    await sub.close();
    expect(JSON.stringify(events)).not.toContain('liveReadings":[');
  });

  it('refuses a subscription without a session as unauthenticated, even for a site that does not exist', async () => {
    for (const id of [ids.site, 999_999]) {
      const sub = await sseSubscribe(server.base, '', SUBSCRIBE, { id, m: null });
      const events = await sub.waitFor(1, 1000);
      await sub.close();
      expect(JSON.stringify(events)).toContain('UNAUTHENTICATED');
      expect(JSON.stringify(events)).not.toContain('NOT_FOUND');
    }
  });

  it('answers the latest value per target and the inflow of the last 15 minutes', async () => {
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
    await database.db.insert(readings).values([
      row(ids.org, ids.top, 'visitorsIn', 5, at(20)),
      row(ids.org, ids.top, 'visitorsIn', 4, at(10)),
      row(ids.org, ids.top, 'visitorsIn', 2, at(1)),
      row(ids.org, ids.child, 'co2', 640, at(30)),
      row(ids.org, ids.child, 'co2', 710, at(2)),
    ]);
    await database.db.insert(readings).values([
      // A breakdown is not the total; a value older than a day is not live; another site's is not this one's.
      { ...row(ids.org, ids.child, 'visitorsIn', 7, at(3)), breakdown: 'gender:MALE' },
      row(ids.org, ids.child, 'temperature', 21.5, at(60 * 25)),
      row(ids.otherOrg, ids.otherTop, 'visitorsIn', 99, at(1)),
      { ...row(ids.org, ids.door, 'pedestrians', 12, at(4)), targetKind: 'passage' as const },
      { ...row(ids.org, ids.door, 'pedestrians', 30, at(60 * 30)), targetKind: 'passage' as const },
    ]);
    const live = async (metrics: string[] | null) =>
      (
        await server.gql(
          `query($id:Int!, $m:[String!]){ liveValues(installationId:$id, metrics:$m) { targetKind label metric value targetId } }`,
          { id: ids.site, m: metrics },
          { token },
        )
      ).data?.liveValues;
    const top = { targetKind: 'zone', label: 'Whole store', metric: 'visitorsIn', value: 2, targetId: ids.top };
    const child = { targetKind: 'zone', label: 'Checkout', metric: 'co2', value: 710, targetId: ids.child };
    const door = { targetKind: 'passage', label: 'Main door', metric: 'pedestrians', value: 12, targetId: ids.door };
    expect(await live(['co2', 'visitorsIn'])).toEqual([door, top, child].filter((v) => v.metric !== 'pedestrians').sort((a, b) => a.targetId - b.targetId));
    expect(await live(null)).toEqual([door, ...[top, child].sort((a, b) => a.targetId - b.targetId)]);
    expect(await live(['temperature'])).toEqual([]);
    const inflow = await server.gql(`query($id:Int!){ liveInflow(installationId:$id) }`, { id: ids.site }, { token });
    expect(inflow.data?.liveInflow).toBe(6);
    const refused = await server.gql(`query($id:Int!){ liveInflow(installationId:$id) }`, { id: ids.site }, { token: otherToken });
    expect(errorCode(refused)).toBe('NOT_FOUND');
  });
});
