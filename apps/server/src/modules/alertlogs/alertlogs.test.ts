import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { replayDemoAlerts } from '../../demo/demoAlertHistory.ts';
import { createDemoAlerts } from '../../demo/demoAlerts.ts';
import { rebuildRollups } from '../metrics/write/rollups.refresh.ts';
import { type DemoSummary, generateDemo } from '../../demo/generateDemo.ts';
import { type DemoAndRival, serveDemoAndRival } from '../../test/demoAndRivalServer.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode } from '../../test/testServer.ts';

let database: Database;
let world: DemoAndRival;
let demo: DemoSummary;
const NOW = new Date('2026-03-12T10:07:00Z');

const LOGS = `query($f: AlertLogFilterInput, $first: Int, $after: String) {
  alertLogConnection(filter: $f, first: $first, after: $after) {
    edges { cursor node { id alertId conditionType metrics { type threshold value } dateBegin dateEnd zoneId deviceId passageId message zone { name } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

type Node = { id: number; conditionType: string; metrics: Array<{ type: string; threshold: number; value: number }>; dateBegin: string; dateEnd: string | null; zoneId: number; deviceId: number | null; message: string; zone: { name: string } };
type Page = { edges: Array<{ node: Node }>; pageInfo: { hasNextPage: boolean; endCursor: string | null } };

beforeAll(async () => {
  database = await openTestDatabase();
  demo = await generateDemo(database, { seed: 2026, now: NOW, days: 3 });
  // The demo's alert log as npm start makes it: its alerts, then the evaluator over the readings.
  await rebuildRollups(database.sql, demo.organizationId);
  const alertIds = await createDemoAlerts(database, demo.organizationId, NOW);
  await replayDemoAlerts({ database, config: loadConfig({}) }, alertIds, +demo.from, NOW);
  world = await serveDemoAndRival(database);
}, 180_000);

afterAll(() => world.close());

const topZone = async (installationId: number) =>
  (await world.server.gql('query($i:Int!){ topZoneByInstallation(installationId:$i){ id name } }', { i: installationId }, { token: world.token })).data?.topZoneByInstallation as { id: number; name: string };

async function allNodes(filter: Record<string, unknown>, first = 5): Promise<Node[]> {
  const nodes: Node[] = [];
  let after: string | null = null;
  for (let page = 0; page < 100; page++) {
    const r = await world.server.gql<{ alertLogConnection: Page }>(LOGS, { f: filter, first, after }, { token: world.token });
    const conn: Page = r.data!.alertLogConnection;
    nodes.push(...conn.edges.map((e) => e.node));
    if (!conn.pageInfo.hasNextPage) break;
    after = conn.pageInfo.endCursor;
  }
  return nodes;
}

describe('alertLogConnection on the demo', () => {
  it('shows the office’s CO2 episodes above 1000 ppm under its top zone, newest first, over pages', async () => {
    const building = await topZone(demo.installationIds.office);
    const nodes = await allNodes({ zoneIds: [building.id], dates: [demo.from.toISOString(), demo.to.toISOString()] });
    const co2 = nodes.filter((n) => n.conditionType === 'co2');
    expect(co2.length).toBeGreaterThan(1);
    for (const n of co2) {
      expect(n.metrics).toEqual([{ type: 'co2', threshold: 1000, value: expect.any(Number) }]);
      expect(n.metrics[0]!.value).toBeGreaterThan(1000);
      expect(n.deviceId).not.toBeNull();
      expect(n.message).toContain(n.zone.name);
    }
    // The zone of each entry is a room of the building, not the building itself.
    expect(co2.every((n) => n.zoneId !== building.id)).toBe(true);
    const begins = nodes.map((n) => Date.parse(n.dateBegin));
    expect(begins).toEqual([...begins].sort((a, b) => b - a));
    expect(new Set(nodes.map((n) => n.id)).size).toBe(nodes.length);
  });

  it('keeps to the dates: only episodes overlapping [begin, end]', async () => {
    const building = await topZone(demo.installationIds.office);
    const all = await allNodes({ zoneIds: [building.id] }, 100);
    const begin = new Date(demo.to.getTime() - 2 * 86_400_000);
    const end = new Date(demo.to.getTime() - 86_400_000);
    const some = await allNodes({ zoneIds: [building.id], dates: [begin.toISOString(), end.toISOString()] }, 100);
    const expected = all.filter((n) => Date.parse(n.dateBegin) < end.getTime() && (n.dateEnd === null || Date.parse(n.dateEnd) >= begin.getTime()));
    expect(some.map((n) => n.id)).toEqual(expected.map((n) => n.id));
    expect(some.length).toBeLessThan(all.length);
  });

  it('records a site going over its occupancy limit, on the site’s top zone', async () => {
    const over = (await allNodes({}, 100)).filter((n) => n.conditionType === 'limit');
    expect(over.length).toBeGreaterThan(0);
    const tops = new Set(
      await Promise.all(Object.values(demo.installationIds).map(async (id) => (await topZone(id)).id)),
    );
    for (const n of over) {
      expect(tops.has(n.zoneId)).toBe(true);
      expect(n.metrics[0]!.value).toBeGreaterThan(n.metrics[0]!.threshold);
    }
  });

  it('refuses another organization’s zone and shows it none of ours', async () => {
    const building = await topZone(demo.installationIds.office);
    expect(errorCode(await world.server.gql(LOGS, { f: { zoneIds: [building.id] } }, { token: world.rivalToken }))).toBe('NOT_FOUND');
    expect(errorCode(await world.server.gql(LOGS, { f: { zoneIds: [world.rivalZone] } }, { token: world.token }))).toBe('NOT_FOUND');
    const theirs = await world.server.gql(LOGS, { f: {} }, { token: world.rivalToken });
    expect(theirs.data?.alertLogConnection.edges).toEqual([]);
  });

  it('refuses dates that are not a [begin, end] pair and a damaged cursor', async () => {
    expect(errorCode(await world.server.gql(LOGS, { f: { dates: [NOW.toISOString()] } }, { token: world.token }))).toBe('BAD_USER_INPUT');
    expect(errorCode(await world.server.gql(LOGS, { f: { dates: [NOW.toISOString(), demo.from.toISOString()] } }, { token: world.token }))).toBe('BAD_USER_INPUT');
    expect(errorCode(await world.server.gql(LOGS, { after: 'xyz' }, { token: world.token }))).toBe('BAD_USER_INPUT');
  });

  it('answers a null zone once the zone is deleted, keeping its id', async () => {
    const building = await topZone(demo.installationIds.office);
    const [first] = await allNodes({ zoneIds: [building.id] }, 1);
    const room = first!.zoneId;
    await database.sql.query('update zones set deleted_at = now() where id = $1', [room]);
    try {
      const again = (await allNodes({ zoneIds: [building.id] }, 100)).filter((n) => n.zoneId === room);
      expect(again.length).toBeGreaterThan(0);
      expect(again.every((n) => n.zone === null)).toBe(true);
    } finally {
      await database.sql.query('update zones set deleted_at = null where id = $1', [room]);
    }
  });
});
