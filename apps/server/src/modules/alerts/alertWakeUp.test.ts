import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { devices, events, zones } from '../../composition/tables.ts';
import { until } from '../../jobs/testSupport/until.ts';
import { createOrganization, createSite, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { startTestServer } from '../../test/testServer.ts';
import { alertEvaluationCount } from './alertRounds.ts';
import { periodicAlertEdges } from './alerts.jobs.ts';
import { alertWakeUpQueries, alertsWokenBy } from './alertWakeUp.ts';
import type { ReadingRow } from '../metrics/write/readings.write.ts';

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let token = '';
let key = '';
const ids = { org: 0, site: 0, top: 0, checkout: 0, storage: 0, sensor: 0, door: 0, pad: 0 };

const CREATE = 'mutation($input: CreateAlertWithDetailsInput!) { createAlertWithDetails(input: $input) { id } }';

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  await createUser(database, { email: 'ops@acme.test', organizationIds: [org.id], role: 'admin' });
  const s = await createSite(database, org.id);
  // Whole store > Checkout (the air sensor) and Storage, side by side.
  const [storage] = await database.db.insert(zones).values({ installationId: s.site.id, name: 'Storage', parentId: s.top.id, areaM2: 80 }).returning();
  const [sensor] = await database.db.insert(devices).values({ installationId: s.site.id, zoneId: s.child.id, name: 'Air', kind: 'atmosphere' }).returning();
  const [pad] = await database.db.insert(devices).values({ installationId: s.site.id, zoneId: s.top.id, passageId: s.door.id, name: 'Door pad', kind: 'pad' }).returning();
  Object.assign(ids, { org: org.id, site: s.site.id, top: s.top.id, checkout: s.child.id, storage: storage!.id, sensor: sensor!.id, door: s.door.id, pad: pad!.id });
  server = await startTestServer(database, { JOBS_POLL_MS: '500' }, undefined, { jobs: { work: true } });
  token = await server.signIn('ops@acme.test');
  key = (await server.gql('mutation { createApiKey(name: "Gateway") { secret } }', {}, { token })).data?.createApiKey.secret;
}, 60_000);

afterAll(async () => {
  await server.close();
  await database.close();
});

async function createAlert(name: string, condition: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<number> {
  const r = await server.gql(CREATE, { input: { name, organizationId: ids.org, installationId: ids.site, conditionsToAdd: [condition], actionsToAdd: [], ...extra } }, { token });
  expect(r.errors).toBeUndefined();
  const id = r.data!.createAlertWithDetails.id as number;
  // Saving it evaluates it once: wait for that, so what follows counts the readings' wake-ups alone.
  await until(() => alertEvaluationCount(database, id) >= 1, 10_000, `alert ${id} first evaluation`);
  return id;
}

async function ingest(readings: Array<{ kind: string; id: number; metric: string; value: number }>) {
  const body = readings.map((r) => ({ target: { kind: r.kind, id: r.id }, metric: r.metric, time: new Date(Date.now() - 30_000).toISOString(), value: r.value }));
  const res = await fetch(`${server.base}/api/ingest`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body) });
  expect(await res.json()).toMatchObject({ accepted: readings.length, rejected: [] });
}

/**
 * Until no evaluation job is waiting, running or to be retried soon: an alert's save job can run after
 * the minute's round already measured it (its first evaluation seen), inside the next batch's window.
 */
async function evaluationsSettled(): Promise<void> {
  const pending = async () =>
    (await database.sql.query<{ n: number }>(
      "select count(*)::int as n from pgboss.job where name = 'alerts.evaluate' and state in ('created', 'retry', 'active') and start_after <= now() + interval '10 seconds'",
    )).rows[0]!.n;
  await until(async () => (await pending()) === 0, 10_000, 'evaluation jobs settled');
}

/**
 * Sends the batch and returns which of the alerts it evaluated, once the expected ones were and the
 * round had time to reach the rest. The minute's periodic round measures flux and status alerts too:
 * when one ran meanwhile, the batch's own wake-ups cannot be told apart, so the batch goes again.
 */
async function evaluatedBy(readings: Parameters<typeof ingest>[0], alerts: Record<string, number>, expected: string[]): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    await evaluationsSettled();
    const edges = periodicAlertEdges();
    const before = Object.fromEntries(Object.entries(alerts).map(([name, id]) => [name, alertEvaluationCount(database, id)]));
    await ingest(readings);
    await until(() => expected.every((name) => alertEvaluationCount(database, alerts[name]!) > before[name]!), 10_000, `${expected.join(', ')} evaluated`);
    await new Promise((r) => setTimeout(r, 600));
    const woken = Object.keys(alerts).filter((name) => alertEvaluationCount(database, alerts[name]!) > before[name]!);
    if ((edges % 2 === 0 && periodicAlertEdges() === edges) || attempt === 3) return woken;
  }
}

describe('a batch wakes only the alerts whose condition reads what it touched', () => {
  it('a zone, the zone above it, the device in it; not the zone beside it nor another metric', async () => {
    const alerts = {
      // Created first: the lowest ids, measured first in a round that would include them.
      storageCo2: await createAlert('Storage CO2', { type: 'co2', value: 1000, zoneId: ids.storage }),
      checkoutWaiting: await createAlert('Checkout waiting', { type: 'waitingTime', value: 300, zoneId: ids.checkout }),
      checkoutCo2: await createAlert('Checkout CO2', { type: 'co2', value: 1000, zoneId: ids.checkout }),
      storeCo2: await createAlert('Store CO2', { type: 'co2', value: 1000, zoneId: ids.top }),
      sensorCo2: await createAlert('Sensor CO2', { type: 'co2', value: 1000, deviceAtmosphereIds: [ids.sensor] }),
      doorFlux: await createAlert('Door flux', { type: 'flux', value: 1e6, direction: 'in', padIds: [ids.pad] }),
    };

    // The sensor of Checkout: Checkout, the store above it and the sensor's own alert; Storage's reads none of it.
    expect(await evaluatedBy([{ kind: 'device', id: ids.sensor, metric: 'co2', value: 1500 }], alerts, ['checkoutCo2', 'storeCo2', 'sensorCo2'])).toEqual(['checkoutCo2', 'storeCo2', 'sensorCo2']);
    // The reading is real: the sensor's alert triggered.
    await until(async () => (await server.gql('query($id: Int!) { alertById(alertId: $id) { triggered } }', { id: alerts.sensorCo2 }, { token })).data?.alertById.triggered === true, 10_000, 'sensor alert triggered');

    // Storage's own reading: Storage and the store; not Checkout nor its sensor.
    expect(await evaluatedBy([{ kind: 'zone', id: ids.storage, metric: 'co2', value: 600 }], alerts, ['storageCo2', 'storeCo2'])).toEqual(['storageCo2', 'storeCo2']);

    // The door's counts: the flux alert on its pad; no co2 alert, whatever its zone.
    expect(await evaluatedBy([{ kind: 'passage', id: ids.door, metric: 'visitorsIn', value: 3 }], alerts, ['doorFlux'])).toEqual(['doorFlux']);
  });

  it('a condition of the whole site (Stop&Go) wakes for any of its readings', async () => {
    const [event] = await database.db.insert(events).values({ installationId: ids.site, name: 'Always', metrics: ['counting', 'atmosphere'], neverEnding: true, dateBegin: new Date('2026-01-01T00:00:00Z'), stopngoLimit: 1e6 }).returning();
    const alerts = {
      storageDensity: await createAlert('Storage density', { type: 'density', value: 1e6, zoneId: ids.storage }),
      siteStopNGo: await createAlert('Site Stop&Go', { type: 'stopNGoLimit' }, { eventId: event!.id }),
    };
    expect(await evaluatedBy([{ kind: 'zone', id: ids.checkout, metric: 'visitorsIn', value: 2 }], alerts, ['siteStopNGo'])).toEqual(['siteStopNGo']);
  });

  it('a condition the engine cannot answer (a density whose zone lost its floor area) holds not, and fails no job', async () => {
    // A zone of its own: the earlier tests' readings (sent up to three times each) would weigh in the
    // window's CO2 average of Storage and could hold it under the threshold.
    const [backroom] = await database.db.insert(zones).values({ installationId: ids.site, name: 'Backroom', parentId: ids.top, areaM2: 20 }).returning();
    const density = await createAlert('Backroom density', { type: 'density', value: 0.1, zoneId: backroom!.id });
    // Saved with an area (the form and the server refuse one without); an administrator clears it afterwards.
    await database.db.update(zones).set({ areaM2: null }).where(eq(zones.id, backroom!.id));
    const co2 = await createAlert('Backroom CO2 high', { type: 'co2', value: 1000, zoneId: backroom!.id });
    await ingest([
      { kind: 'zone', id: backroom!.id, metric: 'visitorsIn', value: 40 },
      { kind: 'zone', id: backroom!.id, metric: 'co2', value: 1800 },
    ]);
    const state = async (id: number) => (await server.gql('query($id: Int!) { alertById(alertId: $id) { triggered } }', { id }, { token })).data?.alertById.triggered;
    await until(async () => (await state(co2)) === true, 10_000, 'co2 alert triggered');
    expect(await state(density)).toBe(false);
    const count = async (where: string) => (await database.sql.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'alerts.evaluate' and ${where}`)).rows[0]!.n;
    // Evaluations due now have run. One the earlier tests' alerts planned for later (the store's CO2
    // average clearing after the backroom's readings: a rearm in minutes) waits, and is not a failure.
    await until(async () => (await count("state in ('created', 'active') and start_after <= now()")) === 0, 10_000, 'evaluations settled');
    expect(await count("(retry_count > 0 or state in ('retry', 'failed', 'cancelled'))")).toBe(0);
  });
});

describe('the wake-up kept per batch shape (migration 0052, alertSettings.ts)', () => {
  const batch = (zoneId: number): ReadingRow[] => [{ organizationId: ids.org, targetKind: 'zone', targetId: zoneId, metric: 'co2', ts: Date.now(), value: 500 }];
  /** Which of these alerts the batch wakes, and whether the wake-up query ran for it. */
  const wakes = async (zoneId: number, alertIds: number[]) => {
    const queries = alertWakeUpQueries();
    const woken = await alertsWokenBy(database, ids.org, batch(zoneId));
    return { woken: alertIds.filter((id) => woken.includes(id)), asked: alertWakeUpQueries() > queries };
  };

  it('answers a known shape from what it kept, and asks again after any change of what it reads, whatever wrote it', async () => {
    const [office] = await database.db.insert(zones).values({ installationId: ids.site, name: 'Office', parentId: ids.top }).returning();
    const [annex] = await database.db.insert(zones).values({ installationId: ids.site, name: 'Annex', parentId: ids.top }).returning();
    const officeCo2 = await createAlert('Office CO2', { type: 'co2', value: 1e6, zoneId: office!.id });
    expect(await wakes(office!.id, [officeCo2])).toEqual({ woken: [officeCo2], asked: true });
    expect(await wakes(office!.id, [officeCo2])).toEqual({ woken: [officeCo2], asked: false });

    // An alert's state moving (triggered, reminders) changes nothing the wake-up reads.
    await database.sql.query('update alerts set triggered = true, notified_count = 1 where id = $1', [officeCo2]);
    await database.sql.query('update alerts set triggered = false, notified_count = 0 where id = $1', [officeCo2]);
    expect(await wakes(office!.id, [officeCo2])).toEqual({ woken: [officeCo2], asked: false });

    // Switched off and on through the API.
    const switchTo = async (enabled: boolean) => {
      const r = await server.gql('mutation($id: Int!, $on: Boolean!) { updateAlert(id: $id, enabled: $on) { id } }', { id: officeCo2, on: enabled }, { token });
      expect(r.errors).toBeUndefined();
    };
    await switchTo(false);
    expect(await wakes(office!.id, [officeCo2])).toEqual({ woken: [], asked: true });
    await switchTo(true);
    expect(await wakes(office!.id, [officeCo2])).toEqual({ woken: [officeCo2], asked: true });

    // Its condition moved to the Annex by another path (plain SQL, as another process's code might).
    await database.sql.query('update alert_conditions set zone_id = $1 where alert_id = $2', [annex!.id, officeCo2]);
    expect(await wakes(office!.id, [officeCo2])).toEqual({ woken: [], asked: true });
    expect(await wakes(annex!.id, [officeCo2])).toEqual({ woken: [officeCo2], asked: true });

    // The sites' tree: the Office moved under the Annex now reads into the Annex's condition.
    await database.sql.query('update zones set parent_id = $1 where id = $2', [annex!.id, office!.id]);
    expect(await wakes(office!.id, [officeCo2])).toEqual({ woken: [officeCo2], asked: true });

    // Deleted: nothing left to wake.
    await database.sql.query('delete from alert_conditions where alert_id = $1', [officeCo2]);
    expect(await wakes(annex!.id, [officeCo2])).toEqual({ woken: [], asked: true });
  });
});
