import { type MapViewConfig, isMapViewConfig } from '@sitelens/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { type DemoSummary, generateDemo } from '../../demo/generateDemo.ts';
import { type DemoAndRival, serveDemoAndRival } from '../../test/demoAndRivalServer.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode } from '../../test/testServer.ts';

let database: Database;
let world: DemoAndRival;
let demo: DemoSummary;

const MAP = 'query($z:Int!){ mapViewConfigByZoneId(zoneId:$z){ zoneId version config } }';

beforeAll(async () => {
  database = await openTestDatabase();
  demo = await generateDemo(database, { seed: 2026, now: new Date('2026-03-12T10:07:00Z'), days: 1 });
  world = await serveDemoAndRival(database);
}, 120_000);

afterAll(() => world.close());

async function planOf(installationId: number) {
  const sites = await world.server.gql('{ sites { id installationId } }', {}, { token: world.token });
  const top = sites.data?.sites.find((s: { installationId: number }) => s.installationId === installationId);
  const zones = await world.server.gql('query($i:Int!){ zonesByInstallation(installationId:$i){ id } passagesByInstallation(installationId:$i){ id } }', { i: installationId }, { token: world.token });
  const r = await world.server.gql(MAP, { z: top.id }, { token: world.token });
  return { top: top.id as number, map: r.data?.mapViewConfigByZoneId, zones: zones.data! };
}

describe('mapViewConfigByZoneId', () => {
  it('gives each demo site a floor plan of its own zones and doors, with its views', async () => {
    for (const installationId of Object.values(demo.installationIds)) {
      const { top, map, zones } = await planOf(installationId);
      expect(map.zoneId).toBe(top);
      const config = map.config as MapViewConfig;
      expect(isMapViewConfig(config)).toBe(true);
      expect(map.version).toBe(config.version);
      const zoneIds = new Set(zones.zonesByInstallation.map((z: { id: number }) => z.id));
      const passageIds = new Set(zones.passagesByInstallation.map((p: { id: number }) => p.id));
      const drawn = config.elements.filter((e) => e.zoneId !== undefined);
      expect(drawn.length).toBeGreaterThan(2);
      expect(drawn.every((e) => zoneIds.has(e.zoneId!))).toBe(true);
      expect(drawn.find((e) => e.zoneId === top)?.path).toMatch(/^M[\d.]+ [\d.]+ .*Z$/);
      expect(config.elements.filter((e) => e.passageId !== undefined).every((e) => passageIds.has(e.passageId!))).toBe(true);
      expect(config.filterOptions.length).toBeGreaterThanOrEqual(2);
      for (const view of config.filterOptions) expect([...(view.zoneIds ?? []), ...(view.passageIds ?? [])].length).toBeGreaterThan(0);
      // Every drawn element fits on the plan.
      for (const e of config.elements.filter((x) => x.width !== undefined)) {
        expect(e.x! + e.width!).toBeLessThanOrEqual(config.maxWidth);
        expect(e.y! + e.height!).toBeLessThanOrEqual(config.height);
      }
    }
  });

  it('colours the office by CO2 against fixed thresholds and the shops by relative counts', async () => {
    const office = (await planOf(demo.installationIds.office)).map.config as MapViewConfig;
    expect(office.filterOptions.map((v) => v.title)).toContain('spatial.plan.view.co2');
    expect(office.useRelativeColorimetry).toBe(false);
    const co2 = office.filterOptions.find((v) => v.title === 'spatial.plan.view.co2')!.metrics[0]!.colorimetry!;
    expect(co2.find((b) => b.limits[0] <= 1000 && 1000 < b.limits[1])?.text).toBe('spatial.plan.band.poor');
    const centre = (await planOf(demo.installationIds.shoppingCentre)).map.config as MapViewConfig;
    expect(centre.useRelativeColorimetry).toBe(true);
    expect(centre.filterOptions.map((v) => v.title)).toEqual(['spatial.plan.view.visitorsByZone', 'spatial.plan.view.occupancy', 'spatial.plan.view.entrances']);
  });

  it('answers null for a zone without a plan and NOT_FOUND for another organization’s zone', async () => {
    const { top } = await planOf(demo.installationIds.office);
    const child = await world.server.gql('query($i:Int!){ zonesByInstallation(installationId:$i){ id parentIds } }', { i: demo.installationIds.office }, { token: world.token });
    const room = child.data?.zonesByInstallation.find((z: { parentIds: number[] }) => z.parentIds.length > 0).id;
    expect((await world.server.gql(MAP, { z: room }, { token: world.token })).data?.mapViewConfigByZoneId).toBeNull();
    expect(errorCode(await world.server.gql(MAP, { z: top }, { token: world.rivalToken }))).toBe('NOT_FOUND');
    expect(errorCode(await world.server.gql(MAP, { z: world.rivalZone }, { token: world.token }))).toBe('NOT_FOUND');
  });
});
