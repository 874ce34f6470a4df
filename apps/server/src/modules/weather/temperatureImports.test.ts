import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { installations } from '../../composition/tables.ts';
import { createAcmeAndRival, createSite, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';
import { writeReadings } from '../metrics/write/readings.write.ts';
import { FIRST_RETRY_MS, MAX_ATTEMPTS, runTemperatureImports } from './runTemperatureImports.ts';
import { startTemperatureImports } from './temperatureImportSchedule.ts';

/**
 * A local provider speaking Open-Meteo's archive format: every GMT hour of the asked days, 4 °C
 * on average (1 °C before noon GMT, 7 °C after), except days it has no data for yet (null).
 */
function startArchive() {
  const requests: URL[] = [];
  let status = 200;
  let body: string | null = null;
  const missing = new Set<string>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://provider');
    requests.push(url);
    if (status !== 200 || body) {
      res.writeHead(status, { 'content-type': 'application/json' }).end(body ?? '{"error":true,"reason":"down"}');
      return;
    }
    const time: string[] = [];
    const temperature: Array<number | null> = [];
    for (let t = Date.parse(`${url.searchParams.get('start_date')}T00:00:00Z`); t <= Date.parse(`${url.searchParams.get('end_date')}T23:00:00Z`); t += 3_600_000) {
      const iso = new Date(t).toISOString();
      time.push(iso.slice(0, 16));
      temperature.push(missing.has(iso.slice(0, 10)) ? null : new Date(t).getUTCHours() < 12 ? 1 : 7);
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({ latitude: 51.5, longitude: -0.12, timezone: 'GMT', hourly_units: { time: 'iso8601', temperature_2m: '°C' }, hourly: { time, temperature_2m: temperature } }),
    );
  });
  return new Promise<{ url: string; requests: URL[]; setStatus: (s: number, body?: string) => void; missing: Set<string>; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/archive`,
        requests,
        missing,
        setStatus: (s, b) => {
          status = s;
          body = b ?? null;
        },
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

const IMPORT = `mutation($i:Int!,$f:Date!,$t:Date!){ importOutdoorTemperatures(installationId:$i, from:$f, to:$t){ id status attempts hoursWritten error nextAttemptAt from to } }`;
const IMPORTS = `query($i:Int!){ outdoorTemperatureImports(installationId:$i){ id status attempts hoursWritten error } }`;
const RETAIL = `query($input: RetailDataInput!) { retailData(input: $input) { series { points { t value } } } }`;

let database: Database;
let archive: Awaited<ReturnType<typeof startArchive>>;
let server: Awaited<ReturnType<typeof startTestServer>>;
let now = new Date('2026-01-20T12:00:00Z');
const clock = { now: () => now };
const ids = { org: 0, london: 0, londonTop: 0, mumbai: 0, bare: 0, rival: 0 };
// The tests move the clock by hours: tokens are taken afresh at the current time.
const admin = () => server.signIn('admin@acme.test');
const viewer = () => server.signIn('staff@acme.test');
const deps = () => ({ database, config: loadConfig({ WEATHER_ARCHIVE_URL: archive.url }), now: clock.now });

beforeAll(async () => {
  database = await openTestDatabase();
  const { org, rival } = await createAcmeAndRival(database);
  await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' });
  await createUser(database, { email: 'staff@acme.test', organizationIds: [org.id] });
  const london = await createSite(database, org.id, { name: 'London', timezone: 'Europe/London' });
  const mumbai = await createSite(database, org.id, { name: 'Mumbai', timezone: 'Asia/Kolkata' });
  const bare = await createSite(database, org.id, { name: 'Nowhere' });
  const rivalSite = await createSite(database, rival.id);
  Object.assign(ids, { org: org.id, london: london.site.id, londonTop: london.top.id, mumbai: mumbai.site.id, bare: bare.site.id, rival: rivalSite.site.id });
  await database.db.update(installations).set({ latitude: 51.51, longitude: -0.13 }).where(eq(installations.id, ids.london));
  await database.db.update(installations).set({ latitude: 18.94, longitude: 72.83 }).where(eq(installations.id, ids.mumbai));
  await database.db.update(installations).set({ latitude: 40.4, longitude: -3.7 }).where(eq(installations.id, ids.rival));
  // The London shop's own outdoor sensor already sent one hour: the import must keep it.
  await writeReadings(database, [{ organizationId: org.id, targetKind: 'zone', targetId: london.top.id, metric: 'outdoorTemperature', ts: new Date('2026-01-06T10:00:00Z'), value: -2.5 }]);
  archive = await startArchive();
  server = await startTestServer(database, { WEATHER_ARCHIVE_URL: archive.url }, clock);
});

afterAll(async () => {
  await server.close();
  await archive.close();
  await database.close();
});

const hourly = async (installationId: number, from: string, to: string) => {
  const input = { installationId, metric: 'outdoorTemperature', groupBy: { type: 'date', granularity: 3600, aggregation: 'average' }, filters: { conditions: [{ type: 'date', dateBegin: from, dateEnd: to }] } };
  const r = await server.gql(RETAIL, { input }, { token: await admin() });
  return Object.fromEntries(r.data?.retailData.series[0]?.points.map((p: { t: string; value: number }) => [p.t.slice(0, 16), p.value]) ?? []);
};

describe('importOutdoorTemperatures', () => {
  it('imports the archive’s hourly temperatures of the site’s days onto its top zone, keeping the sensor’s hour', async () => {
    const r = await server.gql(IMPORT, { i: ids.london, f: '2026-01-05', t: '2026-01-07' }, { token: await admin() });
    expect(r.errors).toBeUndefined();
    expect(r.data?.importOutdoorTemperatures).toMatchObject({ status: 'DONE', attempts: 1, hoursWritten: 3 * 24 - 1, error: null, from: '2026-01-05', to: '2026-01-07' });
    const asked = archive.requests.at(-1)!;
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ latitude: '51.51', longitude: '-0.13', start_date: '2026-01-05', end_date: '2026-01-07', hourly: 'temperature_2m', timezone: 'GMT' });
    const hours = await hourly(ids.london, '2026-01-06T00:00:00Z', '2026-01-07T00:00:00Z');
    expect(Object.keys(hours)).toHaveLength(24);
    expect(hours).toMatchObject({ '2026-01-06T09:00': 1, '2026-01-06T10:00': -2.5, '2026-01-06T13:00': 7 });
  });

  it('covers a half-hour time zone’s local days from the GMT days around them', async () => {
    const r = await server.gql(IMPORT, { i: ids.mumbai, f: '2026-01-05', t: '2026-01-05' }, { token: await admin() });
    expect(r.data?.importOutdoorTemperatures).toMatchObject({ status: 'DONE', hoursWritten: 24 });
    expect(Object.fromEntries(archive.requests.at(-1)!.searchParams)).toMatchObject({ start_date: '2026-01-04', end_date: '2026-01-05' });
    // Local midnight is 18:30 GMT: the first hour is 19:00 GMT (00:30 local), the last 18:00 GMT.
    const hours = await hourly(ids.mumbai, '2026-01-04T18:30:00Z', '2026-01-05T18:30:00Z');
    expect(Object.keys(hours)).toHaveLength(24);
  });

  it('leaves out the hours the archive has no value for yet, and re-imports only what is missing', async () => {
    archive.missing.add('2026-01-19');
    const r = await server.gql(IMPORT, { i: ids.london, f: '2026-01-18', t: '2026-01-19' }, { token: await admin() });
    expect(r.data?.importOutdoorTemperatures).toMatchObject({ status: 'DONE', hoursWritten: 24 });
    archive.missing.clear();
    const again = await server.gql(IMPORT, { i: ids.london, f: '2026-01-18', t: '2026-01-19' }, { token: await admin() });
    expect(again.data?.importOutdoorTemperatures).toMatchObject({ status: 'DONE', hoursWritten: 24 });
  });

  it('says RETRYING with PROVIDER_UNREACHABLE when the provider fails, and the job succeeds on a later run', async () => {
    archive.setStatus(503);
    const r = await server.gql(IMPORT, { i: ids.london, f: '2026-01-10', t: '2026-01-10' }, { token: await admin() });
    const job = r.data?.importOutdoorTemperatures;
    expect(job).toMatchObject({ status: 'RETRYING', attempts: 1, error: 'PROVIDER_UNREACHABLE', hoursWritten: null });
    expect(job.nextAttemptAt).toBe(new Date(now.getTime() + FIRST_RETRY_MS).toISOString());
    archive.setStatus(200);
    // Not due yet: nothing runs.
    expect(await runTemperatureImports(deps())).toEqual([]);
    now = new Date(now.getTime() + FIRST_RETRY_MS);
    const [retried] = await runTemperatureImports(deps());
    expect(retried).toMatchObject({ id: job.id, status: 'DONE', attempts: 2, hoursWritten: 24, error: null });
    const listed = await server.gql(IMPORTS, { i: ids.london }, { token: await viewer() });
    expect(listed.data?.outdoorTemperatureImports[0]).toMatchObject({ id: job.id, status: 'DONE' });
  });

  it('gives up as FAILED after the last attempt; an unexpected answer says so', async () => {
    const offline = await startTestServer(database, { WEATHER_ARCHIVE_URL: 'http://127.0.0.1:9/v1/archive' }, clock);
    try {
      const r = await offline.gql(IMPORT, { i: ids.london, f: '2026-01-11', t: '2026-01-11' }, { token: await offline.signIn('admin@acme.test') });
      expect(r.data?.importOutdoorTemperatures).toMatchObject({ status: 'RETRYING', error: 'PROVIDER_UNREACHABLE' });
    } finally {
      await offline.close();
    }
    archive.setStatus(200, '{"hourly":{"time":["yesterday"],"temperature_2m":["warm"]}}');
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      now = new Date(now.getTime() + FIRST_RETRY_MS * 2 ** attempt);
      const [job] = await runTemperatureImports(deps());
      expect(job).toMatchObject({ attempts: attempt, status: attempt < MAX_ATTEMPTS ? 'RETRYING' : 'FAILED', error: 'UNEXPECTED_ANSWER' });
    }
    archive.setStatus(200);
    now = new Date(now.getTime() + 86_400_000);
    expect(await runTemperatureImports(deps())).toEqual([]);
  });

  it('refuses without coordinates, for non-administrators, for bad days and for another organization’s site', async () => {
    const before = archive.requests.length;
    const bare = await server.gql(IMPORT, { i: ids.bare, f: '2026-01-05', t: '2026-01-06' }, { token: await admin() });
    expect(errorCode(bare)).toBe('WEATHER_UNAVAILABLE');
    expect(bare.errors?.[0]?.extensions?.reason).toBe('noCoordinates');
    expect(errorCode(await server.gql(IMPORT, { i: ids.london, f: '2026-01-05', t: '2026-01-06' }, { token: await viewer() }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(IMPORT, { i: ids.london, f: '2026-01-06', t: '2026-01-05' }, { token: await admin() }))).toBe('BAD_USER_INPUT');
    expect(errorCode(await server.gql(IMPORT, { i: ids.london, f: '2024-01-01', t: '2025-01-01' }, { token: await admin() }))).toBe('BAD_USER_INPUT');
    expect(errorCode(await server.gql(IMPORT, { i: ids.london, f: '2026-01-05', t: '2026-12-31' }, { token: await admin() }))).toBe('BAD_USER_INPUT');
    expect(errorCode(await server.gql(IMPORT, { i: ids.rival, f: '2026-01-05', t: '2026-01-06' }, { token: await admin() }))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(IMPORTS, { i: ids.rival }, { token: await admin() }))).toBe('NOT_FOUND');
    expect(archive.requests.length).toBe(before);
  });
});

describe('the background import schedule', () => {
  it('catches every site with coordinates up from its last stored day (or the last 31 days) to yesterday', async () => {
    now = new Date('2026-01-25T08:00:00Z');
    const before = archive.requests.length;
    const schedule = startTemperatureImports(deps(), { intervalMs: 3_600_000 });
    try {
      await schedule.tick();
    } finally {
      await schedule.stop();
    }
    const asked = archive.requests.slice(before).map((u) => [u.searchParams.get('latitude'), u.searchParams.get('start_date'), u.searchParams.get('end_date')]);
    // London had days up to the 19th; Mumbai up to the 5th (local); the rival's site had none. The bare site has no coordinates.
    expect(asked).toEqual(
      expect.arrayContaining([
        ['51.51', '2026-01-19', '2026-01-24'],
        ['18.94', '2026-01-04', '2026-01-24'],
        ['40.4', '2025-12-24', '2026-01-24'],
      ]),
    );
    expect(asked).toHaveLength(3);
    const londonDays = await hourly(ids.london, '2026-01-24T00:00:00Z', '2026-01-25T00:00:00Z');
    expect(Object.keys(londonDays)).toHaveLength(24);
  });
});
