import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN, acceptCookies, chooseLanguage, screenshotPath, signIn } from './helpers.ts';

/** The chart types of the charts renderers, each on the demo's Showcase page. */
const CHART_TYPES = ['lineChart', 'areaChart', 'barChart', 'columnChart', 'gridChart', 'pieChart', 'circleChart', 'progressBarChart', 'webChart'] as const;

async function showcaseUrl(request: APIRequestContext): Promise<string> {
  const post = async <T>(query: string, token?: string): Promise<T> => {
    const response = await request.post('/graphql', { data: { query }, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const body = (await response.json()) as { data: T; errors?: unknown[] };
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data;
  };
  const { login } = await post<{ login: string }>(`query { login(email: "${ADMIN.email}", password: "${ADMIN.password}") }`);
  const { allDashboardsV2 } = await post<{ allDashboardsV2: Array<{ name: string; url: string }> }>('query { allDashboardsV2 { name url } }', login);
  const showcase = allDashboardsV2.find((d) => d.name === 'Showcase');
  expect(showcase, 'the demo organization has a Showcase dashboard').toBeDefined();
  return showcase!.url;
}

function widgetOf(page: Page, type: string): Locator {
  return page.locator(`section[data-widget-type="${type}"]`).first();
}

/** Waits for the widget's data and answers its chart and how many values it draws. */
async function drawnChart(page: Page, type: string): Promise<{ widget: Locator; chart: Locator; points: number }> {
  const widget = widgetOf(page, type);
  await widget.scrollIntoViewIfNeeded();
  await expect(widget).toHaveAttribute('data-status', 'data', { timeout: 30_000 });
  const chart = widget.getByTestId('chart');
  await expect(chart.locator('svg')).toBeVisible();
  const points = Number(await chart.getAttribute('data-points'));
  return { widget, chart, points };
}

/** Text drawn in the chart's SVG. */
async function svgTexts(chart: Locator): Promise<string[]> {
  return chart.locator('svg text').allTextContents();
}

test('every chart type draws the demo data, in English and mirrored in Arabic', async ({ page, context, request, baseURL }) => {
  test.setTimeout(180_000);
  const url = await showcaseUrl(request);
  await acceptCookies(context, baseURL);
  await page.goto('/login');
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/analytics\/sites$/);
  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'English', 'en');

  await page.goto(url);
  for (const type of CHART_TYPES) {
    const { widget, chart, points } = await drawnChart(page, type);
    expect(points, `${type} draws values`).toBeGreaterThan(0);
    const title = (await widget.getByRole('heading').first().textContent()) ?? '';
    await expect(chart).toHaveAttribute('aria-label', `${title}: chart with ${points} values`);
    // Real numbers are written in the chart (axis labels, values, slice labels), not only shapes.
    expect((await svgTexts(chart)).some((text) => /\d/.test(text)), `${type} writes numbers`).toBe(true);
    await widget.screenshot({ path: screenshotPath(`widgets/${type}.png`) });
  }

  // The tooltip of the line chart lists the hour's values with their series.
  const line = await drawnChart(page, 'lineChart');
  const box = (await line.chart.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.4);
  const tooltip = line.chart.locator('div[style*="z-index: 9999999"]');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText(/\d{1,2}:\d{2}/);

  // The bar chart names its shops on the left and grows to 50 px a bar (spec 001 §9).
  const bar = await drawnChart(page, 'barChart');
  const barBox = (await bar.chart.boundingBox())!;
  expect(barBox.height).toBeGreaterThanOrEqual(400);
  expect(barBox.height).toBeLessThanOrEqual(550);
  const shopLabel = bar.chart.locator('svg text').filter({ hasText: /[A-Za-z]{3,}/ }).first();
  expect((await shopLabel.boundingBox())!.x).toBeLessThan(barBox.x + barBox.width / 2);

  // PNG export: the menu saves a real PNG drawn on a canvas.
  const menuWidget = widgetOf(page, 'lineChart');
  await menuWidget.getByRole('button', { name: /^Options for / }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download as PNG' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.png$/);
  const png = readFileSync((await download.path())!);
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.length).toBeGreaterThan(5_000);

  // Arabic: the same charts, mirrored.
  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'العربية', 'ar');
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  for (const type of CHART_TYPES) {
    const { widget, points } = await drawnChart(page, type);
    expect(points, `${type} draws values in Arabic`).toBeGreaterThan(0);
    await widget.screenshot({ path: screenshotPath(`widgets/${type}-ar.png`) });
  }
  const rtlBar = await drawnChart(page, 'barChart');
  const rtlBox = (await rtlBar.chart.boundingBox())!;
  const rtlShop = rtlBar.chart.locator('svg text').filter({ hasText: /[A-Za-z]{3,}/ }).first();
  expect((await rtlShop.boundingBox())!.x).toBeGreaterThan(rtlBox.x + rtlBox.width / 2);

  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'English', 'en');
});
