import { expect, test } from '@playwright/test';
import { adminState, api, chartTotal, demoSite, lastWorkdayOf, numberIn, retailOn, settledWidget, totalOf, widgetOfType, yesterdayOf, zoneNamed } from './analyticsHelpers.ts';

// Issue 22, item 1: every widget answers for the zone the filter selects and its dependents
// (spec 001 §4), checked against retailData for that zone on a complete day.

test.beforeAll(async ({ browser, baseURL }) => {
  await adminState(browser, baseURL);
});
test.use({ storageState: async ({ browser, baseURL }, provide) => provide(await adminState(browser, baseURL)) });

test('counting page: KPIs, charts and the zones table answer for Level 1 and its shops', async ({ page, request }) => {
  const site = await demoSite(request, 'Galeries Rhône');
  const level1 = zoneNamed(site, 'Level 1');
  const shops = site.zones.filter((z) => z.parentIds.includes(level1.id)).map((z) => z.name);
  const others = site.zones.filter((z) => z.parentIds.length > 0 && !z.parentIds.includes(level1.id) && z.id !== level1.id).map((z) => z.name);
  const day = yesterdayOf(site);
  const filters = { zoneId: level1.id };
  const [visitorsIn, visitorsOut, perShop, genders] = await Promise.all([
    retailOn(request, site, day, filters, { metric: 'visitorsIn', groupBy: { type: 'all', aggregation: 'sum' } }),
    retailOn(request, site, day, filters, { metric: 'visitorsOut', groupBy: { type: 'all', aggregation: 'sum' } }),
    retailOn(request, site, day, {}, { metric: 'visitorsIn', groupBy: { type: 'zone', aggregation: 'sum' }, target: { kind: 'zone', ids: site.zones.filter((z) => z.parentIds.includes(level1.id)).map((z) => z.id) } }),
    retailOn(request, site, day, filters, { metric: 'visitorsIn', groupBy: { type: 'gender' } }),
  ]);
  expect(totalOf(visitorsIn)).toBeGreaterThan(0);

  await page.goto(`/counting/${site.id}?from=${day}&to=${day}&zone=${level1.id}`);
  const kpis = widgetOfType(page, 'kpis');
  expect(await settledWidget(kpis)).toBe('data');
  await expect.poll(async () => numberIn(await kpis.locator('[data-metric="visitorsIn"] [data-testid="kpi-value"]').innerText())).toBe(totalOf(visitorsIn));

  const line = widgetOfType(page, 'lineChart');
  expect(await settledWidget(line)).toBe('data');
  expect(await chartTotal(line)).toBeCloseTo(totalOf(visitorsIn) + totalOf(visitorsOut), 0);

  // Visitors per zone: Level 1's shops, not the other floors'.
  const bars = widgetOfType(page, 'barChart');
  expect(await settledWidget(bars)).toBe('data');
  const labels = await bars.locator('svg text').allTextContents();
  for (const shop of shops) expect(labels, shop).toContain(shop);
  for (const other of others) expect(labels, other).not.toContain(other);
  expect(await chartTotal(bars)).toBeCloseTo(totalOf(perShop), 0);

  // The gender split answers for the floor, and adds up to its visitors.
  const pie = widgetOfType(page, 'pieChart').first();
  expect(await settledWidget(pie)).toBe('data');
  expect(await chartTotal(pie)).toBeCloseTo(totalOf(genders), 0);
  expect(totalOf(genders)).toBeCloseTo(totalOf(visitorsIn), 0);

  // The zones table: one row per shop of Level 1.
  const table = widgetOfType(page, 'table');
  expect(await settledWidget(table)).toBe('data');
  const names = await table.locator('tbody tr th').allTextContents();
  expect(names.sort()).toEqual([...shops].sort());
});

test('air-quality page: comfort KPIs, charts and the sensor table answer for the Boardroom', async ({ page, request }) => {
  const site = await demoSite(request, 'Harbour Point Offices');
  const boardroom = zoneNamed(site, 'Boardroom');
  // A working day: on a weekend every room reads the outdoor air, the Boardroom as the building.
  const day = lastWorkdayOf(site);
  const [co2, co2Lines, siteCo2] = await Promise.all([
    retailOn(request, site, day, { zoneId: boardroom.id }, { metric: 'co2', target: { kind: 'zone', ids: [boardroom.id] }, groupBy: { type: 'all' } }),
    retailOn(request, site, day, { zoneId: boardroom.id }, { metric: 'co2', granularity: 900, groupBy: { type: 'date', aggregation: 'average' } }),
    retailOn(request, site, day, {}, { metric: 'co2', target: { kind: 'device', ids: site.devices.map((d) => d.id) }, groupBy: { type: 'all' } }),
  ]);
  const boardroomCo2 = co2.series[0]!.points[0]!.value!;
  // The Boardroom differs from the building, or the check below could not fail.
  expect(Math.round(boardroomCo2)).not.toBe(Math.round(siteCo2.series[0]!.points[0]!.value!));

  await page.goto(`/atmosphere/${site.id}?from=${day}&to=${day}&zone=${boardroom.id}`);
  const kpis = widgetOfType(page, 'kpis');
  expect(await settledWidget(kpis)).toBe('data');
  await expect.poll(async () => numberIn(await kpis.locator('[data-metric="co2"] [data-testid="kpi-value"]').innerText())).toBe(Math.round(boardroomCo2));

  const lines = widgetOfType(page, 'lineChart').first();
  expect(await settledWidget(lines)).toBe('data');
  expect(await chartTotal(lines)).toBeCloseTo(totalOf(co2Lines), 0);

  const sensors = widgetOfType(page, 'table');
  expect(await settledWidget(sensors)).toBe('data');
  const rows = await sensors.locator('tbody tr th').allTextContents();
  expect(rows).toEqual(site.devices.filter((d) => d.zone?.id === boardroom.id).map((d) => d.name));
});

test('dashboard page: the Showcase widgets follow the zone filter, and the floors widget says it keeps its own zones', async ({ page, request }) => {
  const site = await demoSite(request, 'Galeries Rhône');
  const level1 = zoneNamed(site, 'Level 1');
  const day = yesterdayOf(site);
  const visitorsIn = await retailOn(request, site, day, { zoneId: level1.id }, { metric: 'visitorsIn', groupBy: { type: 'all', aggregation: 'sum' } });
  const { allDashboardsV2 } = await api<{ allDashboardsV2: Array<{ name: string; url: string }> }>(request, '{ allDashboardsV2 { name url } }');
  const showcase = allDashboardsV2.find((d) => d.name === 'Showcase')!;
  await page.goto(`${showcase.url}?from=${day}&to=${day}&zone=${level1.id}`);
  const kpis = widgetOfType(page, 'kpis');
  expect(await settledWidget(kpis)).toBe('data');
  await expect.poll(async () => numberIn(await kpis.locator('[data-metric="visitorsIn"] [data-testid="kpi-value"]').first().innerText())).toBe(totalOf(visitorsIn));
  const shops = site.zones.filter((z) => z.parentIds.includes(level1.id)).map((z) => z.name);
  const table = widgetOfType(page, 'table');
  expect(await settledWidget(table)).toBe('data');
  expect((await table.locator('tbody tr th').allTextContents()).sort()).toEqual([...shops].sort());
  const line = widgetOfType(page, 'lineChart');
  expect(await settledWidget(line)).toBe('data');
  const [hourlyIn, hourlyOut] = await Promise.all(
    ['visitorsIn', 'visitorsOut'].map((metric) => retailOn(request, site, day, { zoneId: level1.id }, { metric, granularity: 3600, groupBy: { type: 'date', aggregation: 'sum' } })),
  );
  expect(await chartTotal(line)).toBeCloseTo(totalOf(hourlyIn!) + totalOf(hourlyOut!), 0);
  // The floors widget keeps its own zones by design, and says so; the widgets that follow do not.
  const floors = widgetOfType(page, 'zones');
  await settledWidget(floors);
  await expect(floors.getByTestId('zone-note')).toHaveText('Not filtered by zone');
  await expect(kpis.getByTestId('zone-note')).toHaveCount(0);
  await expect(widgetOfType(page, 'weather').getByTestId('zone-note')).toBeVisible();
});
