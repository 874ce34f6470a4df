import { type APIRequestContext, expect, test } from '@playwright/test';
import { businessDate, isoDateAddDays, toRetailConditions } from '@sitelens/domain';
import { type DemoSite, adminState, api, calendarTodayOf, chartTotal, demoSite, lastWorkdayOf, retailOn, settledWidget, totalOf, widgetOfType, yesterdayOf } from './analyticsHelpers.ts';
import { countingSites, shoppingCentreSite } from './helpers.ts';

// Issue 22, items 2 and 8: a bucket still running is drawn apart ("so far") and KPIs compare the
// same elapsed part of the previous period; axis ticks carry no needless decimals; a KPI without a
// value says why.

test.use({ storageState: async ({ browser, baseURL }, provide) => provide(await adminState(browser, baseURL)) });

test('today: the running hour is drawn apart as "so far", and KPIs compare with the same time of the previous period', async ({ page, request }) => {
  // "Today" is the site's calendar date; between midnight and the change of day its business day has
  // not begun (the page then opens on yesterday by default). A site whose today has begun and had
  // visitors shows the running hour; when there is none, today reads as empty, nothing drawn apart.
  const withVisitors = (await countingSites(request)).filter((s) => s.hasVisitors);
  let site = await demoSite(request, (withVisitors[0] ?? (await shoppingCentreSite(request))).name);
  for (const candidate of withVisitors) {
    const s = await demoSite(request, candidate.name);
    if (businessDate(Date.now(), s.timezone, s.change_of_day_time) === calendarTodayOf(s)) {
      site = s;
      break;
    }
  }
  const today = calendarTodayOf(site);
  const hourly = await retailOn(request, site, today, {}, { metric: 'visitorsIn', granularity: 3600, groupBy: { type: 'date', aggregation: 'sum' } });
  const points = hourly.series.flatMap((s) => s.points.map((p) => Date.parse(p.t!)));
  const running = points.length > 0 && Math.max(...points) + 3_600_000 > Date.now();

  await page.goto(`/counting/${site.id}?timespan=today`);
  const kpis = widgetOfType(page, 'kpis');
  if (points.length === 0) {
    expect(await settledWidget(kpis)).toBe('empty');
    await expect(widgetOfType(page, 'lineChart').first().locator('svg text', { hasText: 'so far' })).toHaveCount(0);
    return;
  }
  expect(await settledWidget(kpis)).toBe('data');
  // The same time of the previous day may hold no visitors (a site closed on Sundays, seen on a Monday): then there is nothing to compare with.
  const comparedSoFar = await previousValueOfToday(request, site);
  if (comparedSoFar) await expect(kpis.locator('[data-metric="visitorsIn"]')).toContainText('vs the same time of the previous period');
  else await expect(kpis.locator('[data-metric="visitorsIn"]')).not.toContainText('vs the same time');

  const line = widgetOfType(page, 'lineChart').first();
  expect(await settledWidget(line)).toBe('data');
  await expect(line.getByTestId('chart')).toHaveAttribute('data-running', running ? '1' : '0');
  if (running) await expect(line.locator('svg text', { hasText: 'so far' }).first()).toBeVisible();
  else await expect(line.locator('svg text', { hasText: 'so far' })).toHaveCount(0);

  // A finished day compares with the whole previous day and draws nothing apart; when that day had no
  // visitors (a Sunday the site was closed, seen from a Tuesday), there is no ratio to show; when
  // yesterday itself had none (seen from a Monday), the page says so.
  const visitorsOn = async (day: string) => totalOf(await retailOn(request, site, day, {}, { metric: 'visitorsIn', groupBy: { type: 'all', aggregation: 'sum' } }));
  const before = await visitorsOn(isoDateAddDays(yesterdayOf(site), -1));
  const closedYesterday = (await visitorsOn(yesterdayOf(site))) === 0;
  await page.goto(`/counting/${site.id}?timespan=yesterday`);
  expect(await settledWidget(kpis)).toBe(closedYesterday ? 'empty' : 'data');
  if (closedYesterday) return;
  if (before > 0) await expect(kpis.locator('[data-metric="visitorsIn"]')).toContainText(/vs previous period/);
  else await expect(kpis.locator('[data-metric="visitorsIn"]')).not.toContainText(/vs previous period/);
  await expect(line.getByTestId('chart')).toHaveAttribute('data-running', '0');
});

/** Today's visitors-in KPI of the site, as the server compares it: the previous day until the same time. */
async function previousValueOfToday(request: APIRequestContext, site: DemoSite): Promise<number | null> {
  const today = calendarTodayOf(site);
  const conditions = toRetailConditions({ timespans: [{ dateBegin: today, dateEnd: today }] }, { timezone: site.timezone, changeOfDayTime: site.change_of_day_time });
  const { kpis } = await api<{ kpis: Array<{ previousValue: number | null; soFar: boolean }> }>(
    request,
    'query($input: KpiInput!) { kpis(input: $input) { previousValue soFar } }',
    { input: { installationId: site.id, metrics: ['visitorsIn'], filters: { operator: 'AND', conditions }, comparison: 'PREVIOUS_PERIOD' } },
  );
  expect(kpis[0]!.soFar).toBe(true);
  return kpis[0]!.previousValue;
}

/** The offices' last working day before today: the demo opens them Monday to Friday, closed on three public holidays. */

test('energy axes read whole kilowatt-hours, and capture rate says the site has no passers-by counting', async ({ page, request }) => {
  const office = await demoSite(request, 'Harbour Point Offices');
  await page.goto(`/energy/${office.id}?timespan=yesterday`);
  const perDay = widgetOfType(page, 'columnChart').first();
  expect(await settledWidget(perDay)).toBe('data');
  expect(await chartTotal(perDay)).toBeGreaterThan(0);
  const ticks = (await perDay.locator('svg text').allTextContents()).filter((text) => /kWh/.test(text));
  expect(ticks.length, ticks.join(' | ')).toBeGreaterThan(1);
  // English decimals follow a point: ticks on round steps show none ("2,000 kWh", not "2,000.000 kWh").
  for (const tick of ticks) expect(tick).not.toMatch(/\.\d+ kWh/);

  // The offices count their doors but no passers-by (the centre's shops have window counters since the tills' import).
  // They open Monday to Friday, so their last working day, not "yesterday", which may be a weekend.
  const workday = lastWorkdayOf(office);
  await page.goto(`/counting/${office.id}?from=${workday}&to=${workday}`);
  const kpis = widgetOfType(page, 'kpis');
  expect(await settledWidget(kpis)).toBe('data');
  const capture = kpis.locator('[data-metric="captureRate"]');
  await expect(capture.getByTestId('kpi-value')).toHaveText('-');
  await expect(capture.getByTestId('kpi-not-measured')).toHaveText('Not measured at this site (needs Passers-by)');
});
