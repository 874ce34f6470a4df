import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN, acceptCookies, chooseLanguage, screenshotPath, signIn } from './helpers.ts';

// The data widgets (table, KPI cards, alert log, weather, zones) on the demo's Showcase page.

async function gql<T>(request: APIRequestContext, query: string, token?: string): Promise<T> {
  const response = await request.post('/graphql', { data: { query }, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = (await response.json()) as { data: T; errors?: unknown[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

async function showcaseUrl(request: APIRequestContext): Promise<string> {
  const { login } = await gql<{ login: string }>(request, `query { login(email: "${ADMIN.email}", password: "${ADMIN.password}") }`);
  const { allDashboardsV2 } = await gql<{ allDashboardsV2: Array<{ name: string; url: string }> }>(request, 'query { allDashboardsV2 { name url } }', login);
  const showcase = allDashboardsV2.find((d) => d.name === 'Showcase');
  expect(showcase, 'the demo has a Showcase dashboard').toBeDefined();
  return showcase!.url;
}

const widget = (page: Page, type: string): Locator => page.locator(`section[data-widget-type="${type}"]`).first();
const settled = async (w: Locator) => {
  await w.scrollIntoViewIfNeeded();
  await expect(w).not.toHaveAttribute('data-status', 'loading', { timeout: 30_000 });
};
/** Centred first, so the sticky header does not cover the widget's title. */
const shot = async (w: Locator, name: string) => {
  await w.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await w.screenshot({ path: screenshotPath(`widgets/${name}.png`) });
};
const hasDigit = /\d/;

/** Two boxes overlap when they share more than a pixel both ways. */
async function overlapping(boxes: Locator): Promise<boolean> {
  const rects = await boxes.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ l: r.left, r: r.right, t: r.top, b: r.bottom })));
  return rects.some((a, i) => rects.some((b, j) => j > i && Math.min(a.r, b.r) - Math.max(a.l, b.l) > 1 && Math.min(a.b, b.b) - Math.max(a.t, b.t) > 1));
}

test.describe('data widgets', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await acceptCookies(context, baseURL);
  });

  test('table, KPI cards, alert log, weather and zones show the demo data', async ({ page, request }) => {
    const url = await showcaseUrl(request);
    await page.goto(`/login?from=${encodeURIComponent(url)}`);
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(url);

    // Table: rows of shops with numbers, and a sortable column.
    const table = widget(page, 'table');
    await settled(table);
    await expect(table).toHaveAttribute('data-status', 'data');
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(1);
    await expect(rows.first().locator('td').first()).toHaveText(hasDigit);
    const firstValueHeader = table.locator('thead th').nth(1);
    await expect(firstValueHeader).toHaveAttribute('aria-sort', 'none');
    await firstValueHeader.getByRole('button').click();
    await expect(firstValueHeader).toHaveAttribute('aria-sort', 'descending');
    const values = await rows.evaluateAll((trs) => trs.map((tr) => Number((tr.querySelector('td')?.textContent ?? '').replace(/[^\d.-]/g, ''))));
    expect(values.filter(Number.isFinite)).toEqual([...values.filter(Number.isFinite)].sort((a, b) => b - a));
    const rowHeight = await rows.first().evaluate((tr) => tr.getBoundingClientRect().height);
    expect(Math.round(rowHeight)).toBe(69);
    // One row per shop and one column per metric (the engine answers one value per shop, the
    // average dwell included), so the table fits its widget instead of scrolling sideways by hours.
    await expect(table.locator('thead th').first()).toHaveText('Name');
    await expect(table.locator('thead th')).toHaveCount(4);
    const dwell = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[2]?.textContent ?? ''));
    expect(dwell.some((v) => /\d/.test(v)), dwell.join(' | ')).toBe(true);
    const overflow = await table.getByTestId('data-table').evaluate((el) => {
      const viewport = el.closest('.mantine-ScrollArea-viewport') ?? el.parentElement!;
      return viewport.scrollWidth - viewport.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(1);
    await shot(table, 'table');

    // KPI cards: four per row, each with a value.
    const kpis = widget(page, 'kpis');
    await settled(kpis);
    await expect(kpis).toHaveAttribute('data-status', 'data');
    const cards = kpis.getByTestId('kpi-card');
    expect(await cards.count()).toBeGreaterThanOrEqual(3);
    const kpiValues = await kpis.getByTestId('kpi-value').allTextContents();
    expect(kpiValues.filter((v) => hasDigit.test(v)).length, kpiValues.join(' | ')).toBeGreaterThanOrEqual(3);
    const tops = await cards.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops.slice(0, 4)).size).toBe(1);
    expect(await overlapping(cards)).toBe(false);
    await shot(kpis, 'kpis');

    // Alert log: the demo's episodes, largest value first, or the "no alerts" state.
    const alerts = widget(page, 'alertLogsTable');
    await settled(alerts);
    if ((await alerts.getAttribute('data-status')) === 'data') {
      const log = alerts.getByTestId('alert-log');
      expect(Number(await log.getAttribute('data-rows'))).toBeGreaterThan(0);
      await expect(log.locator('tbody tr').first().locator('td').last()).toHaveText(/\d{2}h\d{2}/);
    } else {
      await expect(alerts).toHaveAttribute('data-status', 'empty');
      await expect(alerts.getByText('No alerts')).toBeVisible();
    }
    await shot(alerts, 'alert-log');

    // Weather: six days, or the clear unavailable state when the provider cannot be reached (no network here).
    const weather = widget(page, 'weather');
    await settled(weather);
    if ((await weather.getAttribute('data-status')) === 'data') {
      await expect(weather.getByTestId('weather-day')).toHaveCount(6);
    } else {
      await expect(weather.getByText('Weather forecast unavailable')).toBeVisible();
    }
    await shot(weather, 'weather');

    // Zones: the floors with their figure.
    const zones = widget(page, 'zones');
    await settled(zones);
    await expect(zones).toHaveAttribute('data-status', 'data');
    expect(await zones.getByTestId('zone-card').count()).toBeGreaterThanOrEqual(1);
    const zoneValues = await zones.getByTestId('zone-value').allTextContents();
    expect(zoneValues.some((v) => hasDigit.test(v)), zoneValues.join(' | ')).toBe(true);
    expect(await overlapping(zones.getByTestId('zone-card'))).toBe(false);
    await shot(zones, 'zones');
  });

  test('in Arabic the widgets read right to left', async ({ page, request }) => {
    const url = await showcaseUrl(request);
    await page.goto('/login?from=%2Fuser-profile%2Fpreferences');
    await signIn(page, ADMIN);
    await chooseLanguage(page, 'العربية', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.goto(url);
    for (const type of ['kpis', 'table', 'alertLogsTable', 'zones', 'weather']) {
      const w = widget(page, type);
      await settled(w);
      await shot(w, `${type}-ar`);
    }
    const kpis = widget(page, 'kpis');
    const cards = kpis.getByTestId('kpi-card');
    const lefts = await cards.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().left));
    // The first card sits on the right.
    expect(lefts[0]).toBeGreaterThan(lefts[1]!);
    const table = widget(page, 'table');
    const [label, value] = await table.locator('tbody tr').first().evaluate((tr) => [tr.children[0]!.getBoundingClientRect().left, tr.children[1]!.getBoundingClientRect().left]);
    expect(label).toBeGreaterThan(value!);
    await chooseLanguageBack(page);
  });
});

/** Leaves the admin in English for the other specs. */
async function chooseLanguageBack(page: Page): Promise<void> {
  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'English', 'en');
}
