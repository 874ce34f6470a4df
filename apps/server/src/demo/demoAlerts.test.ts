import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { rebuildRollups } from '../modules/metrics/write/rollups.refresh.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { startTestServer } from '../test/testServer.ts';
import { replayDemoAlerts } from './demoAlertHistory.ts';
import { createDemoAlerts } from './demoAlerts.ts';
import { DEMO_PASSWORD } from './demoSites.ts';
import { type DemoSummary, generateDemo } from './generateDemo.ts';

const NOW = new Date('2026-03-12T10:07:00Z');
let database: Database;
let demo: DemoSummary;
let server: Awaited<ReturnType<typeof startTestServer>>;
let token = '';
let alertIds: number[] = [];
let episodes = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  demo = await generateDemo(database, { seed: 2026, now: NOW, days: 3 });
  await rebuildRollups(database.sql, demo.organizationId);
  alertIds = await createDemoAlerts(database, demo.organizationId, NOW);
  episodes = await replayDemoAlerts({ database, config: loadConfig({}) }, alertIds, +demo.from, NOW);
  server = await startTestServer(database, {}, { now: () => NOW });
  token = await server.signIn('admin@sitelens.example', DEMO_PASSWORD);
}, 240_000);

afterAll(async () => {
  await server.close();
  await database.close();
});

describe('the demo’s alerts', () => {
  it('lists a CO2 alert per office room and the centre’s occupancy limit, whose history the evaluator wrote from the readings', async () => {
    const list = (await server.gql('{ alertConnection(first: 50) { count nodes { id name installationId condition { type value } actions { type } schedule { beginDay } } } }', {}, { token })).data!.alertConnection;
    expect(list.count).toBe(alertIds.length);
    const co2 = list.nodes.filter((a: any) => a.condition.type === 'co2');
    expect(co2.length).toBeGreaterThan(1);
    expect(co2.every((a: any) => a.installationId === demo.installationIds.office && a.condition.value === 1000 && a.name.startsWith('CO₂ · '))).toBe(true);
    const limit = list.nodes.find((a: any) => a.condition.type === 'limit' && a.installationId === demo.installationIds.shoppingCentre);
    expect(limit).toMatchObject({ installationId: demo.installationIds.shoppingCentre, actions: [{ type: 'push' }] });
    expect(limit.schedule.length).toBeGreaterThan(0);

    const logs = (await server.gql('{ alertLogConnection(first: 500) { edges { node { alertId conditionType dateEnd installationId metrics { type } } } } }', {}, { token })).data!.alertLogConnection.edges.map((e: any) => e.node);
    // Every entry is the evaluator's: one per trigger it counted, on the demo's alerts only.
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.length).toBe(episodes);
    expect(new Set(logs.map((l: any) => l.conditionType))).toEqual(new Set(['co2', 'limit']));
    expect(logs.filter((l: any) => !alertIds.includes(l.alertId) || !['co2', 'limit'].includes(l.conditionType))).toEqual([]);
    // An episode still open at creation is its alert's open one: the alert shows as triggered.
    for (const open of logs.filter((l: any) => l.dateEnd === null)) {
      expect((await server.gql('query($id: Int!) { alertById(alertId: $id) { triggered } }', { id: open.alertId }, { token })).data!.alertById.triggered).toBe(true);
    }
  });
});
