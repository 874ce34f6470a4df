import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { businessDate, businessDayRange, isoDateAddDays } from '@sitelens/domain';
import { adminToken, gqlAs } from './dashboardsHelpers.ts';
import { ADMIN, acceptCookies, chooseLanguage, signedInAt } from './helpers.ts';

// A line chart draws the hour still running dashed and labels its point "so far" (soFarPlacement.ts):
// the label goes on the side away from the line coming into the point, and never covers it. Here the
// line falls steeply into the running hour: a dashboard of its own, one hourly line of one zone over
// yesterday and today, and readings sent through the ingest API (a few every hour, many in the hour
// before the running one, one in it), so the check holds on any weekday at any hour, whether the site
// is open or not.

interface Site {
  id: number;
  name: string;
  families: string[];
  timezone: string;
  change_of_day_time: string;
}

const HOUR = 3_600_000;

test.use({ contextOptions: { reducedMotion: 'reduce' } });

/** Milliseconds since the site's current hour began (Mumbai's hours begin at half past in UTC). */
function intoHour(timeZone: string, now: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, minute: '2-digit', second: '2-digit' }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return (get('minute') * 60 + get('second')) * 1000 + (now % 1000);
}

/**
 * Waits until the site's running hour has begun a few seconds ago and has at least three minutes to
 * go, so the readings and the page all meet the same running hour; answers when that hour began.
 */
async function runningHourStart(page: Page, timeZone: string): Promise<number> {
  const into = intoHour(timeZone, Date.now());
  if (into < 5_000) await page.waitForTimeout(5_000 - into);
  else if (into > HOUR - 180_000) await page.waitForTimeout(HOUR - into + 5_000);
  const now = Date.now();
  return now - intoHour(timeZone, now);
}

/**
 * The office (a counting site the other browser tests leave alone), one of its rooms (a zone with no
 * zone under it), and an API key to send readings with.
 */
async function officeRoom(request: APIRequestContext, token: string) {
  const { allInstallations } = await gqlAs<{ allInstallations: Site[] }>(request, token, '{ allInstallations { id name families timezone change_of_day_time } }');
  const site = allInstallations.find((s) => s.families.includes('counting') && s.families.includes('atmosphere'))!;
  const { zonesByInstallation: zones } = await gqlAs<{ zonesByInstallation: Array<{ id: number; parentIds: number[]; isDeleted: boolean }> }>(
    request,
    token,
    `{ zonesByInstallation(installationId: ${site.id}) { id parentIds isDeleted } }`,
  );
  const room = zones.find((z) => !z.isDeleted && z.parentIds.length > 0 && !zones.some((o) => o.parentIds.includes(z.id)))!;
  const { createApiKey } = await gqlAs<{ createApiKey: { secret: string; apiKey: { id: number } } }>(request, token, `mutation { createApiKey(name: "so-far-${Date.now()}") { secret apiKey { id } } }`);
  return { site, zoneId: room.id, apiKey: createApiKey.secret, apiKeyId: createApiKey.apiKey.id };
}

/** The business days the chart shows: yesterday and today at the site, so the hour before the running one is in. */
function officeDays(site: Site): [string, string] {
  const today = businessDate(Date.now(), site.timezone, site.change_of_day_time);
  return [isoDateAddDays(today, -1), today];
}

/**
 * The highest hourly count of visitors into the zone over the days, before the hour that precedes
 * `hourStart` (that one and the running hour hold what earlier runs of this test sent), as the engine answers it.
 */
async function highestHourBefore(request: APIRequestContext, token: string, site: Site, zoneId: number, days: [string, string], hourStart: number): Promise<number> {
  const { retailData } = await gqlAs<{ retailData: { series: Array<{ points: Array<{ t: string | null; value: number | null }> }> } }>(
    request,
    token,
    'query($i: RetailDataInput!) { retailData(input: $i) { series { points { t value } } } }',
    { i: { ...hourlyVisitors(site, days), target: { kind: 'zone', ids: [zoneId] } } },
  );
  const earlier = retailData.series.flatMap((s) => s.points).filter((p) => p.t !== null && Date.parse(p.t) < hourStart - HOUR);
  return Math.max(0, ...earlier.map((p) => p.value ?? 0));
}

/** Hourly visitors of the site over the days, as a widget asks them. */
function hourlyVisitors(site: Site, days: [string, string]) {
  const [begin] = businessDayRange(days[0], site.timezone, site.change_of_day_time);
  const [, end] = businessDayRange(days[1], site.timezone, site.change_of_day_time);
  return {
    installationId: site.id,
    metric: 'visitorsIn',
    granularity: 3600,
    groupBy: { type: 'date', aggregation: 'sum' },
    filters: { operator: 'AND', conditions: [{ type: 'date', dateBegin: new Date(begin).toISOString(), dateEnd: new Date(end).toISOString() }] },
  };
}

/** A dashboard of the admin's own: one page of the zone over the two days, one hourly line of visitors. */
async function lineDashboard(request: APIRequestContext, token: string, site: Site, zoneId: number, days: [string, string]) {
  const { createDashboard } = await gqlAs<{ createDashboard: { id: number } }>(request, token, 'mutation($n: String!, $s: Int!) { createDashboard(name: $n, installationId: $s) { id } }', {
    n: `So far ${Date.now()}`,
    s: site.id,
  });
  const filters = [
    { id: 1, type: 'zone', order: 0, zoneIds: [zoneId] },
    { id: 2, type: 'timespan', order: 1, dateFilters: days },
  ];
  const { createPage } = await gqlAs<{ createPage: { id: number } }>(request, token, 'mutation($d: Int!, $f: JSON) { createPage(dashboardId: $d, page: { name: "Running hour", widgetGlobalFilters: $f }) { id } }', {
    d: createDashboard.id,
    f: filters,
  });
  const widget = { type: 'lineChart', title: 'Visitors per hour', metrics: [{ type: 'visitorsIn', granularity: 3600, groupBy: { type: 'date', aggregation: 'sum' } }] };
  await gqlAs(request, token, 'mutation($p: Int!, $w: JSON!) { createWidget(pageId: $p, widget: $w) { id } }', { p: createPage.id, w: widget });
  return { id: createDashboard.id, url: `/dashboard/${createDashboard.id}/page/${createPage.id}` };
}

/**
 * One entry in the middle of every hour of the days up to the hour before the running one, which
 * gets `before` entries, and one entry in the running hour: a line along the bottom of the chart,
 * hour by hour, that rises and falls steeply into the running hour, whether the office counted
 * anyone these days or not. Each entry goes with an exit, so the people inside (occupancy) stay as they were.
 */
async function ingestDrop(request: APIRequestContext, apiKey: string, zoneId: number, from: number, hourStart: number, before: number) {
  const reading = (time: number, value: number) =>
    ['visitorsIn', 'visitorsOut'].map((metric) => ({ target: { kind: 'zone', id: zoneId }, metric, time: new Date(time).toISOString(), value }));
  const readings = [];
  for (let hour = hourStart - 2 * HOUR; hour >= from; hour -= HOUR) readings.push(...reading(hour + HOUR / 2, 1));
  readings.push(...reading(hourStart - HOUR / 2, before), ...reading(Date.now() - 2_000, 1));
  const response = await request.post('/api/ingest', { data: readings, headers: { authorization: `Bearer ${apiKey}` } });
  expect(await response.json()).toEqual({ accepted: readings.length, rejected: [] });
}

/** The "so far" label's box and the dashed segment into the running point, in screen px, with the chart's box. */
async function labelAndLine(page: Page, soFar: string) {
  const chart = page.locator('section[data-widget-type="lineChart"] [data-testid="chart"]');
  await expect(chart).toHaveAttribute('data-running', /^[1-9]/);
  await expect(chart.locator('svg text', { hasText: soFar })).toHaveCount(1);
  return chart.evaluate((root, text) => {
    const svg = root.querySelector('svg')!;
    const label = [...svg.querySelectorAll('text')].find((t) => t.textContent === text)!.getBoundingClientRect();
    const box = root.getBoundingClientRect();
    // The running hour's segment: the only line of the chart drawn dashed.
    const path = svg.querySelector<SVGPathElement>('path[stroke-dasharray]')!;
    const matrix = path.getScreenCTM()!;
    const points: Array<{ x: number; y: number }> = [];
    const length = path.getTotalLength();
    const onScreen = (at: number) => {
      const p = path.getPointAtLength(at).matrixTransform(matrix);
      return { x: p.x, y: p.y };
    };
    for (let at = 0; at <= length; at += 1) points.push(onScreen(at));
    points.push(onScreen(length));
    const [first, last] = [points[0]!, points.at(-1)!];
    return {
      label: { left: label.left, right: label.right, top: label.top, bottom: label.bottom, height: label.height },
      chart: { left: box.left, right: box.right, top: box.top, bottom: box.bottom },
      // Seen from the earlier point: the running one is lower on screen, later in reading order.
      drop: Math.abs(last.y - first.y),
      lower: last.y > first.y ? last : first,
      upper: last.y > first.y ? first : last,
      crossing: points.filter((p) => p.x >= label.left && p.x <= label.right && p.y >= label.top && p.y <= label.bottom).length,
    };
  }, soFar);
}

test('the "so far" label of a steeply falling running hour stays clear of its dashed line and inside the chart, in English and Arabic', async ({ page, context, request, baseURL }) => {
  test.setTimeout(420_000);
  await acceptCookies(context, baseURL);
  // The running hour first, then the days around it (the wait may cross the change of day).
  const token = await adminToken(request);
  const office = await officeRoom(request, token);
  const hourStart = await runningHourStart(page, office.site.timezone);
  const { site, zoneId, apiKey, apiKeyId } = office;
  const days = officeDays(site);
  const board = await lineDashboard(request, token, site, zoneId, days);
  try {
    // Three times the busiest hour of the two days: the line falls across most of the chart into the running hour.
    const before = Math.max(50, 3 * (await highestHourBefore(request, token, site, zoneId, days, hourStart)));
    await ingestDrop(request, apiKey, zoneId, businessDayRange(days[0], site.timezone, site.change_of_day_time)[0], hourStart, before);
    await signedInAt(page, ADMIN, '/analytics/sites');
    for (const [language, code, soFar, dir] of [['English', 'en', 'so far', 'ltr'], ['العربية', 'ar', 'حتى الآن', 'rtl']] as const) {
      await page.goto('/user-profile/preferences');
      await chooseLanguage(page, language, code);
      await page.goto(board.url);
      await expect(page.locator('section[data-widget-type="lineChart"]')).toHaveAttribute('data-status', 'data', { timeout: 45_000 });
      const found = await labelAndLine(page, soFar);
      const where = `in ${language}`;
      expect(found.drop, `the line falls steeply into the running hour ${where}`).toBeGreaterThan(4 * found.label.height);
      expect(dir === 'rtl' ? found.lower.x < found.upper.x : found.lower.x > found.upper.x, `the running hour comes last in reading order ${where}`).toBe(true);
      expect(found.crossing, `"${soFar}" does not cross its dashed line ${where}`).toBe(0);
      const { label, chart } = found;
      expect(label.left >= chart.left && label.right <= chart.right && label.top >= chart.top && label.bottom <= chart.bottom, `"${soFar}" stays inside the chart ${where}`).toBe(true);
    }
  } finally {
    await gqlAs(request, token, 'mutation($id: Int!) { deleteDashboard(id: $id) }', { id: board.id });
    await gqlAs(request, token, 'mutation($id: Int!) { revokeApiKey(id: $id) { id } }', { id: apiKeyId });
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
  }
});
