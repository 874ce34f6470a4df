import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { installations } from '../../composition/tables.ts';
import { createAcmeAndRival, createSite, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';

/** A local provider speaking Open-Meteo's daily format, counting the requests it gets. */
function startProvider() {
  const requests: URL[] = [];
  let status = 200;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://provider');
    requests.push(url);
    if (status !== 200) {
      res.writeHead(status).end('{"error":true,"reason":"down"}');
      return;
    }
    const n = Number(url.searchParams.get('forecast_days'));
    // Open-Meteo answers in the requested time zone's days; the test site is in Europe/Paris.
    const time = Array.from({ length: n }, (_, i) => new Date(Date.UTC(2026, 2, 12 + i)).toISOString().slice(0, 10));
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        latitude: Number(url.searchParams.get('latitude')),
        longitude: Number(url.searchParams.get('longitude')),
        timezone: url.searchParams.get('timezone'),
        daily_units: { time: 'iso8601', weather_code: 'wmo code', temperature_2m_max: '°C', temperature_2m_min: '°C', precipitation_sum: 'mm' },
        daily: {
          time,
          weather_code: time.map((_, i) => [3, 61, 0, 2, 80, 95, 1][i % 7]),
          temperature_2m_max: time.map((_, i) => 12.5 + i),
          temperature_2m_min: time.map((_, i) => 3.1 + i),
          precipitation_sum: time.map((_, i) => (i === 1 ? 4.2 : i === 5 ? null : 0)),
        },
      }),
    );
  });
  return new Promise<{ url: string; requests: URL[]; setStatus: (s: number) => void; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/forecast`,
        requests,
        setStatus: (s) => (status = s),
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

let database: Database;
let provider: Awaited<ReturnType<typeof startProvider>>;
let server: Awaited<ReturnType<typeof startTestServer>>;
let now = new Date('2026-03-12T10:00:00Z');
const clock = { now: () => now };
const ids = { site: 0, bare: 0, rival: 0 };
const WEATHER = 'query($i:Int!){ weatherForecast(installationId:$i){ installationId fetchedAt days { date temperatureMin temperatureMax weatherCode precipitation } } }';
const signIn = () => server.signIn('staff@acme.test');

beforeAll(async () => {
  database = await openTestDatabase();
  const { org, rival } = await createAcmeAndRival(database);
  await createUser(database, { email: 'staff@acme.test', organizationIds: [org.id] });
  ids.site = (await createSite(database, org.id, { name: 'Lyon' })).site.id;
  ids.bare = (await createSite(database, org.id, { name: 'Nowhere' })).site.id;
  ids.rival = (await createSite(database, rival.id)).site.id;
  await database.db.update(installations).set({ latitude: 45.76, longitude: 4.84 }).where(eq(installations.id, ids.site));
  await database.db.update(installations).set({ latitude: 40.4, longitude: -3.7 }).where(eq(installations.id, ids.rival));
  provider = await startProvider();
  server = await startTestServer(database, { WEATHER_URL: provider.url }, clock);
});

afterAll(async () => {
  await server.close();
  await provider.close();
  await database.close();
});

describe('weatherForecast', () => {
  it('asks the provider for the site’s coordinates and gives today and the next 5 days', async () => {
    const r = await server.gql(WEATHER, { i: ids.site }, { token: await signIn() });
    expect(r.errors).toBeUndefined();
    const days = r.data?.weatherForecast.days;
    expect(days.map((d: { date: string }) => d.date)).toEqual(['2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15', '2026-03-16', '2026-03-17']);
    expect(days[1]).toEqual({ date: '2026-03-13', temperatureMin: 4.1, temperatureMax: 13.5, weatherCode: 61, precipitation: 4.2 });
    expect(days[5].precipitation).toBeNull();
    const asked = provider.requests.at(-1)!;
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ latitude: '45.76', longitude: '4.84', timezone: 'Europe/Paris' });
    expect(asked.searchParams.get('daily')).toContain('temperature_2m_max');
  });

  it('answers from the database for an hour, then asks again', async () => {
    const before = provider.requests.length;
    now = new Date('2026-03-12T10:40:00Z');
    const cached = await server.gql(WEATHER, { i: ids.site }, { token: await signIn() });
    expect(cached.data?.weatherForecast.fetchedAt).toBe('2026-03-12T10:00:00.000Z');
    expect(provider.requests.length).toBe(before);
    now = new Date('2026-03-12T11:01:00Z');
    const fresh = await server.gql(WEATHER, { i: ids.site }, { token: await signIn() });
    expect(fresh.data?.weatherForecast.fetchedAt).toBe('2026-03-12T11:01:00.000Z');
    expect(provider.requests.length).toBe(before + 1);
  });

  it('says WEATHER_UNAVAILABLE when the provider fails or the site has no coordinates', async () => {
    now = new Date('2026-03-12T13:00:00Z');
    const token = await signIn();
    provider.setStatus(503);
    const failed = await server.gql(WEATHER, { i: ids.site }, { token });
    expect(errorCode(failed)).toBe('WEATHER_UNAVAILABLE');
    expect(failed.errors?.[0]?.extensions?.reason).toBe('providerUnreachable');
    provider.setStatus(200);
    const bare = await server.gql(WEATHER, { i: ids.bare }, { token });
    expect(errorCode(bare)).toBe('WEATHER_UNAVAILABLE');
    expect(bare.errors?.[0]?.extensions?.reason).toBe('noCoordinates');
  });

  it('says WEATHER_UNAVAILABLE when nothing listens at WEATHER_URL', async () => {
    const offline = await startTestServer(database, { WEATHER_URL: 'http://127.0.0.1:9/v1/forecast' }, clock);
    try {
      now = new Date('2026-03-12T15:00:00Z');
      const r = await offline.gql(WEATHER, { i: ids.site }, { token: await offline.signIn('staff@acme.test') });
      expect(errorCode(r)).toBe('WEATHER_UNAVAILABLE');
    } finally {
      await offline.close();
    }
  });

  it('refuses another organization’s site without calling the provider', async () => {
    const before = provider.requests.length;
    expect(errorCode(await server.gql(WEATHER, { i: ids.rival }, { token: await signIn() }))).toBe('NOT_FOUND');
    expect(provider.requests.length).toBe(before);
  });
});
