import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobStoreFor } from '../../blobs/blobStoreFor.ts';
import type { Database } from '../../db/database.ts';
import { createDemoHeatmaps } from '../../demo/demoHeatmaps.ts';
import { DEMO_PASSWORD } from '../../demo/demoSites.ts';
import { type DemoSummary, generateDemo } from '../../demo/generateDemo.ts';
import { createRival } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let dataDir: string;
let demo: DemoSummary;
let dash = 0;
let token = '';
let cookie = '';
let rivalToken = '';
let rivalZone = 0;
let rivalDash = 0;
const top = { centre: 0, office: 0 };
const DAYS = 'query($z:Int!,$d:Int!,$b:Date!,$e:Date!,$l:Int){ heatmapImages(zoneId:$z, dashboardId:$d, dateBegin:$b, dateEnd:$e, dayLimit:$l){ date images { gender url } } }';

/** Reads a PNG the way a decoder does: signature, chunk CRCs, IHDR, inflated scanlines. */
function decodePng(bytes: Buffer) {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks: Array<{ type: string; data: Buffer }> = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('ascii', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    expect(bytes.readUInt32BE(at + 8 + length)).toBe(crc32(bytes.subarray(at + 4, at + 8 + length)));
    chunks.push({ type, data });
    at += 12 + length;
  }
  expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  const ihdr = chunks[0]!.data;
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  expect([ihdr[8], ihdr[9]]).toEqual([8, 2]);
  const raw = inflateSync(chunks[1]!.data);
  expect(raw.length).toBe(height * (1 + width * 3));
  const pixels: Array<[number, number, number]> = [];
  for (let y = 0; y < height; y++) {
    expect(raw[y * (1 + width * 3)]).toBe(0);
    for (let x = 0; x < width; x++) {
      const i = y * (1 + width * 3) + 1 + x * 3;
      pixels.push([raw[i]!, raw[i + 1]!, raw[i + 2]!]);
    }
  }
  return { width, height, pixels };
}

/** Pixels tinted by the density field: red well above blue, i.e. the warm end of the ramp. */
const warmPixels = (pixels: Array<[number, number, number]>) => pixels.filter(([r, , b]) => r > b + 40).length;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'sitelens-heatmaps-'));
  demo = await generateDemo(database, { seed: 2026, now: new Date('2026-03-12T18:07:00Z'), days: 3 });
  await createDemoHeatmaps(database, blobStoreFor({ DATA_DIR: dataDir }), { organizationId: demo.organizationId, to: demo.to, days: 3 });
  const rival = await createRival(database);
  rivalZone = rival.site.top.id;
  rivalDash = (await database.sql.query<{ id: number }>(`insert into dashboards (organization_id, kind, name) values ($1, 'organization', 'Rival heatmaps') returning id`, [rival.org.id])).rows[0]!.id;
  server = await startTestServer(database, { DATA_DIR: dataDir });
  const login = await server.gql('query($e:String!,$p:String!){ login(email:$e,password:$p) }', { e: 'admin@sitelens.example', p: DEMO_PASSWORD });
  token = login.data!.login;
  cookie = login.setCookie!.split(';')[0]!;
  rivalToken = await server.signIn('staff@rival.test');
  const topOf = async (i: number) => (await server.gql('query($i:Int!){ topZoneByInstallation(installationId:$i){ id } }', { i }, { token })).data!.topZoneByInstallation.id;
  top.centre = await topOf(demo.installationIds.shoppingCentre);
  top.office = await topOf(demo.installationIds.office);
  // The images of a custom dashboard of the caller's organization (the zone's shared ones stand in for it).
  dash = (await server.gql('mutation { createDashboard(name: "Heatmaps") { id } }', {}, { token })).data!.createDashboard.id;
}, 180_000);

afterAll(async () => {
  await server.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.base}${path}`, { headers });

describe('heatmap images', () => {
  it('lists the days with images, several per day where cameras count by gender', async () => {
    const r = await server.gql(DAYS, { z: top.centre, d: dash, b: '2026-03-01', e: '2026-03-31' }, { token });
    const days = r.data?.heatmapImages;
    expect(days.map((d: { date: string }) => d.date)).toEqual(['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12']);
    expect(days[1].images).toEqual([
      { gender: 'all', url: `/api/heatmaps/${top.centre}/${dash}/2026_03_10/all.png` },
      { gender: 'male', url: `/api/heatmaps/${top.centre}/${dash}/2026_03_10/male.png` },
      { gender: 'female', url: `/api/heatmaps/${top.centre}/${dash}/2026_03_10/female.png` },
    ]);
    const office = await server.gql(DAYS, { z: top.office, d: dash, b: '2026-03-10', e: '2026-03-11' }, { token });
    expect(office.data?.heatmapImages.map((d: { images: Array<{ gender: string }> }) => d.images.map((i) => i.gender))).toEqual([['all'], ['all']]);
    const limited = await server.gql(DAYS, { z: top.centre, d: dash, b: '2026-03-01', e: '2026-03-31', l: 2 }, { token });
    expect(limited.data?.heatmapImages.map((d: { date: string }) => d.date)).toEqual(['2026-03-11', '2026-03-12']);
  });

  it('serves a valid 320x200 PNG whose colour follows the day’s footfall, with the bearer or the session cookie', async () => {
    const listed = await server.gql(DAYS, { z: top.centre, d: dash, b: '2026-03-10', e: '2026-03-11' }, { token });
    const [weekday, nextDay] = listed.data?.heatmapImages as Array<{ images: Array<{ url: string }> }>;
    const res = await get(weekday!.images[0]!.url, { authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = decodePng(Buffer.from(await res.arrayBuffer()));
    expect([png.width, png.height]).toEqual([320, 200]);
    expect(warmPixels(png.pixels)).toBeGreaterThan(100);
    const other = decodePng(Buffer.from(await (await get(nextDay!.images[0]!.url, { cookie })).arrayBuffer()));
    expect(other.pixels).not.toEqual(png.pixels);
  });

  it('refuses without sign-in, and answers 404 to another organization and for unknown images', async () => {
    const path = `/api/heatmaps/${top.centre}/${dash}/2026_03_10/all.png`;
    expect((await get(path)).status).toBe(401);
    expect((await get(path, { authorization: `Bearer ${rivalToken}` })).status).toBe(404);
    expect((await get(`/api/heatmaps/${rivalZone}/${dash}/2026_03_10/all.png`, { authorization: `Bearer ${token}` })).status).toBe(404);
    expect((await get(`/api/heatmaps/${top.centre}/${dash}/2025_03_10/all.png`, { authorization: `Bearer ${token}` })).status).toBe(404);
    expect((await get(`/api/heatmaps/${top.centre}/${dash}/2026_03_10/alien.png`, { authorization: `Bearer ${token}` })).status).toBe(404);
    expect((await get(`/api/heatmaps/${top.centre}/${dash}/..%2F..%2Fetc/all.png`, { authorization: `Bearer ${token}` })).status).toBe(404);
    // Another organization's dashboard with the caller's own zone: refused as heatmapImages refuses it.
    expect((await get(`/api/heatmaps/${top.centre}/${rivalDash}/2026_03_10/all.png`, { authorization: `Bearer ${token}` })).status).toBe(404);
    expect(errorCode(await server.gql(DAYS, { z: top.centre, d: rivalDash, b: '2026-03-01', e: '2026-03-31' }, { token }))).toBe('NOT_FOUND');
    expect((await get(`/api/heatmaps/${top.centre}/0/2026_03_10/all.png`, { authorization: `Bearer ${token}` })).status).toBe(200);
    const listed = await server.gql(DAYS, { z: top.centre, d: dash, b: '2026-03-01', e: '2026-03-31' }, { token: rivalToken });
    expect(errorCode(listed)).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(DAYS, { z: top.centre, d: dash, b: '2026-03-12', e: '2026-03-01' }, { token }))).toBe('BAD_USER_INPUT');
  });
});
