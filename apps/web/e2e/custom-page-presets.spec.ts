import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { type AppliedFilters, businessDate, isoDateAddDays, toRetailConditions } from '@sitelens/domain';
import { adminToken, builderPage, gqlAs, openAdminTool, showcase } from './dashboardsHelpers.ts';
import { type DemoSite, demoSites, gql, openWithFilterBar } from './filtersHelpers.ts';
import { type RetailInput, type RetailResult, type SentOperation, answerTo, carries, retailAnswer, seriesFigures } from './graphqlOperations.ts';
import { acceptCookies, screenshotPath } from './helpers.ts';

// The demo's Showcase page "Ground floor, last 7 days": zone Ground floor, last 7 days, day is not
// Sunday, Brand category offered. Figures are compared with what the API answers for the same filters.

interface Zone {
  id: number;
  name: string;
  parentIds: number[];
  isDeleted: boolean;
}

const PRESET_PAGE = 'Ground floor, last 7 days';

async function presetPage(request: APIRequestContext) {
  const token = await adminToken(request);
  const board = await showcase(request);
  const { pagesByDashboardId } = await gqlAs<{ pagesByDashboardId: Array<{ id: number; name: string; installationId: number; widgetGlobalFilters: Array<{ type: string; zoneIds?: number[] }> }> }>(
    request,
    token,
    `{ pagesByDashboardId(dashboardId: ${board.id}) { id name installationId widgetGlobalFilters } }`,
  );
  const found = pagesByDashboardId.find((p) => p.name === PRESET_PAGE);
  if (!found) throw new Error(`the demo Showcase has no "${PRESET_PAGE}" page`);
  const site = (await demoSites(request, token)).find((s) => s.id === found.installationId) as DemoSite;
  const { zonesByInstallation: zones } = await gql<{ zonesByInstallation: Zone[] }>(request, token, 'query($id:Int!){ zonesByInstallation(installationId:$id){ id name parentIds isDeleted } }', {
    id: site.id,
  });
  const ground = zones.find((z) => z.id === found.widgetGlobalFilters.find((f) => f.type === 'zone')!.zoneIds![0])!;
  return { token, url: `/dashboard/${board.id}/page/${found.id}`, site, zones, ground };
}

/** The batch request of the page's hourly visitors line chart, and what the page received for it. */
const hourlyVisitors = (page: Page) => retailAnswer(page, (i) => i.metric === 'visitorsIn' && i.granularity === 3600 && i.groupBy?.type === 'date');

/** The KPI widget's request for visitors in, and the value the page received. */
async function kpiVisitors(page: Page): Promise<{ input: Record<string, unknown>; value: number | null }> {
  const isKpis = (op: SentOperation) => op.operationName === 'WidgetKpis' || op.query.includes('WidgetKpis');
  const response = await page.waitForResponse((r) => carries(r.request(), isKpis), { timeout: 45_000 });
  const { operation, answer } = await answerTo<Record<string, Array<{ metric: string; value: number | null }>>>(response, isKpis);
  const [name, input] = Object.entries(operation.variables as Record<string, { metrics: string[] }>).find(([, v]) => v.metrics.includes('visitorsIn'))!;
  return { input, value: answer.data![name.replace('i', 'k')]!.find((k) => k.metric === 'visitorsIn')!.value };
}

async function apiSeries(request: APIRequestContext, token: string, input: RetailInput): Promise<RetailResult['series']> {
  const { retailData } = await gql<{ retailData: RetailResult }>(request, token, 'query($input: RetailDataInput!){ retailData(input:$input){ series { key points { t key value } } } }', { input });
  return retailData.series;
}

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

test('a custom page opens with its zone, date preset, day filter and category presets, and shows what the API answers for them', async ({ page, request }) => {
  const { token, url, site, zones, ground } = await presetPage(request);
  const today = businessDate(Date.now(), site.timezone, '00:00');
  const expected: AppliedFilters = {
    timespans: [{ dateBegin: isoDateAddDays(today, -6), dateEnd: today }],
    day: { operator: 'IS_NOT', days: [7] },
    zoneId: ground.id,
    gender: 'ALL',
    engagement: 'ALL',
    tagIds: [],
  };
  const conditions = toRetailConditions(expected, { timezone: site.timezone, changeOfDayTime: site.change_of_day_time });

  const chart = hourlyVisitors(page);
  const kpi = kpiVisitors(page);
  await openWithFilterBar(page, url);
  await expect(page.getByRole('heading', { level: 1, name: PRESET_PAGE })).toBeVisible();

  // The chips are the presets; the page's zone is its highest zone and cannot be removed.
  const chips = page.getByTestId('filter-preview').getByRole('listitem');
  await expect(chips).toHaveText(['Last 7 days (last week)', 'Day is not Sun', ground.name, 'All genders', 'All visitors', 'Brand category: All']);
  await expect(page.getByTestId('filter-chip-zone').getByRole('button')).toHaveCount(0);
  await expect(page.getByTestId('filter-chip-day').getByRole('button')).toHaveCount(1);

  // The line chart asked for exactly these filters on the page's zone, and shows what the API answers.
  const { input, result } = await chart;
  // The page's zone goes as a zone condition (toRetailConditions), which the engine resolves.
  expect(input.filters?.conditions).toEqual(conditions);
  expect(conditions).toContainEqual({ type: 'zone', values: [String(ground.id)] });
  expect(input.target).toBeUndefined();
  const api = await apiSeries(request, token, { installationId: site.id, metric: 'visitorsIn', granularity: 3600, groupBy: input.groupBy, filters: { operator: 'AND', conditions }, target: { kind: 'zone', ids: [ground.id] } });
  expect(seriesFigures(result.series)).toEqual(seriesFigures(api));
  const points = api.flatMap((s) => s.points).filter((p) => typeof p.value === 'number');
  expect(points.length).toBeGreaterThan(0);
  for (const p of points) {
    const day = businessDate(Date.parse(p.t!), site.timezone, site.change_of_day_time);
    expect(day >= expected.timespans[0]!.dateBegin && day <= today, day).toBe(true);
    expect(new Date(`${day}T12:00:00Z`).getUTCDay(), `${p.t} is no Sunday`).not.toBe(0);
  }

  // The KPI card shows the API's figure for the same filters.
  const shown = await kpi;
  expect((shown.input.filters as { conditions: unknown }).conditions).toEqual(conditions);
  const { kpis } = await gql<{ kpis: Array<{ metric: string; value: number | null }> }>(request, token, 'query($input: KpiInput!){ kpis(input:$input){ metric value } }', { input: shown.input });
  const apiValue = kpis.find((k) => k.metric === 'visitorsIn')!.value;
  expect(shown.value).toBe(apiValue);
  expect(apiValue).not.toBeNull();
  const card = page.locator('[data-testid="kpi-card"][data-metric="visitorsIn"]').getByTestId('kpi-value');
  await expect(card).toHaveText(new RegExp(`^${Math.round(apiValue!).toLocaleString('en-US').replace(/,/g, ',?')}`));

  // The zone menu offers the page's zone and the zones under it only; the bar offers Brand category only.
  await page.getByTestId('filter-bar-toggle').click();
  await page.getByTestId('zone-control').click();
  const offered = await page.getByTestId('zone-dropdown').getByRole('checkbox').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).labels?.[0]?.textContent ?? ''));
  const under = zones.filter((z) => !z.isDeleted && z.parentIds.includes(ground.id)).map((z) => z.name);
  expect(offered.sort()).toEqual([ground.name, ...under].sort());
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('zone-dropdown')).toBeHidden();
  const editor = page.getByTestId('filter-bar-editor');
  await expect(editor.getByLabel('Brand category', { exact: true })).toBeVisible();
  await expect(editor.getByLabel('Region', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('custom-page-presets.png') });
});

test('URL parameters still win over the presets, and a zone outside the page zone is ignored', async ({ page, request }) => {
  const { token, url, site, zones, ground } = await presetPage(request);
  const shop = zones.find((z) => !z.isDeleted && z.parentIds.includes(ground.id))!;
  const today = businessDate(Date.now(), site.timezone, '00:00');
  const yesterday = isoDateAddDays(today, -1);

  const chart = hourlyVisitors(page);
  await openWithFilterBar(page, `${url}?timespan=yesterday&zone=${shop.id}`);
  const chips = page.getByTestId('filter-preview').getByRole('listitem');
  await expect(chips).toHaveText(['Yesterday', shop.name, 'All genders', 'All visitors', 'Brand category: All']);
  const linked: AppliedFilters = { timespans: [{ dateBegin: yesterday, dateEnd: yesterday }], day: null, zoneId: shop.id, gender: 'ALL', engagement: 'ALL', tagIds: [] };
  const conditions = toRetailConditions(linked, { timezone: site.timezone, changeOfDayTime: site.change_of_day_time });
  const { input, result } = await chart;
  expect(input.filters?.conditions).toEqual(conditions);
  expect(conditions).toContainEqual({ type: 'zone', values: [String(shop.id)] });
  expect(input.target).toBeUndefined();
  const api = await apiSeries(request, token, { ...input, filters: { operator: 'AND', conditions } });
  expect(seriesFigures(result.series)).toEqual(seriesFigures(api));

  // Removing the shop goes back to the page's zone, not the site's top zone.
  await page.getByTestId('filter-chip-zone').getByRole('button').click();
  await expect(page.getByTestId('filter-chip-zone')).toHaveText(ground.name);

  // Another floor is not the page's: the link's zone is dropped, the preset zone stays.
  const other = zones.find((z) => !z.isDeleted && z.id !== ground.id && z.parentIds.length > 0 && !z.parentIds.includes(ground.id) && !zones.some((p) => p.id === z.parentIds[0] && p.parentIds.includes(ground.id)))!;
  await openWithFilterBar(page, `${url}?timespan=yesterday&zone=${other.id}`);
  await expect(page.getByTestId('filter-chip-zone')).toHaveText(ground.name);
  await expect(page.getByTestId('filter-chip-timespan')).toHaveText('Yesterday');
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`) }));
}

const localDate = (d = new Date()) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

test('after the migration deadline a preview without a session is blocked by an accessible notice; signed-in users keep their data', async ({ page, request, baseURL, browser }) => {
  const { url, site } = await presetPage(request);
  const token = await adminToken(request);
  const { me } = await gqlAs<{ me: { organizationIds: number[] } }>(request, token, '{ me { organizationIds } }');
  const organizationId = me.organizationIds[0]!;
  const { widgetBuilderOrigin: trusted } = await gqlAs<{ widgetBuilderOrigin: string }>(request, token, '{ widgetBuilderOrigin }');
  const deadline = isoDateAddDays(localDate(), -10);
  const shownDate = isoDateAddDays(deadline, 1).split('-').reverse().join('.');
  const setDeadline = (date: string | null) =>
    gqlAs(request, token, `mutation { setMigrationDeadline(organizationId: ${organizationId}, migrationDeadline: ${date ? `"${date}"` : 'null'}) { migrationDeadline } }`);
  await setDeadline(deadline);
  try {
    // A signed-in user (a session of their own): the after-deadline banner, no notice, data as usual.
    await openWithFilterBar(page, url);
    await expect(page.getByTestId('migration-banner')).toHaveAttribute('data-state', 'afterDeadline');
    await expect(page.locator('section[data-widget-type="kpis"]')).toHaveAttribute('data-status', 'data', { timeout: 45_000 });
    await expect(page.getByTestId('migration-notice')).toHaveCount(0);
    await page.getByTestId('filter-bar-toggle').click();
    await expect(page.getByTestId('filter-bar-editor')).toBeVisible();

    // The widget builder preview runs on a token handed over by the admin tool: blocked.
    await openAdminTool(page, trusted, baseURL!, { token, installationId: site.id, configPage: builderPage() });
    const frame = page.frameLocator('#f');
    const notice = frame.getByRole('alertdialog', { name: 'This version of Sitelens has closed' });
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await expect(notice).toContainText(shownDate);
    const signInButton = notice.getByRole('button', { name: 'Sign in' });
    await expect(signInButton).toBeFocused();
    // Focus stays in the notice; Escape does not close it.
    for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Escape']) {
      await page.keyboard.press(key);
      await expect(signInButton).toBeFocused();
    }
    await expect(notice).toBeVisible();
    // The preview is underneath but out of reach: inert, and a click lands on the notice.
    await expect(frame.locator('h1', { hasText: 'Preview page' })).toBeAttached();
    await expect(frame.locator('#root')).toHaveAttribute('inert', '');
    await frame.getByTestId('filter-bar-toggle').click({ force: true });
    await expect(frame.getByTestId('filter-bar-editor')).toBeHidden();
    expect(await seriousViolations(page)).toEqual([]);
    await frame.getByTestId('migration-notice').screenshot({ path: screenshotPath('migration-notice.png') });

    // In Arabic: translated and right to left.
    const arabic = await browser.newContext({ locale: 'ar', viewport: { width: 1280, height: 800 } });
    try {
      const ar = await arabic.newPage();
      await openAdminTool(ar, trusted, baseURL!, { token, installationId: site.id, configPage: builderPage() });
      const arFrame = ar.frameLocator('#f');
      await expect(arFrame.getByRole('alertdialog', { name: 'تم إغلاق هذا الإصدار من Sitelens' })).toBeVisible({ timeout: 30_000 });
      await expect(arFrame.locator('html')).toHaveAttribute('dir', 'rtl');
      expect(await seriousViolations(ar)).toEqual([]);
      await arFrame.getByTestId('migration-notice').screenshot({ path: screenshotPath('migration-notice-ar.png') });
    } finally {
      await arabic.close();
    }

    // Its one action drops the handed-over token and opens the sign-in page.
    await signInButton.click();
    await expect(frame.locator('input[autocomplete="username"]')).toBeVisible();
    await expect(frame.getByTestId('migration-notice')).toHaveCount(0);
  } finally {
    await setDeadline(null);
  }
});
