import { expect, type Locator, type Page, test } from '@playwright/test';
import { adminToken, gqlAs } from './dashboardsHelpers.ts';
import { ADMIN, acceptCookies, chooseLanguage, screenshotPath, seriousViolations, signedInAt } from './helpers.ts';

// Issue 32, the side panel's filters, top N and ignored filters: on a table of visitors per zone of
// the demo shopping centre, the top 3 largest first shows three rows, largest first; a "gender is
// women" condition goes to the server and lowers the figures; an ignored filter is kept after save
// and reload. Screenshots of the panel with those sections in English and Arabic.

interface StoredWidget {
  ignoredFilters: string[];
  metrics: Array<{ limit?: number; sortBy?: unknown; filters?: unknown }>;
}

test.use({ viewport: { width: 1600, height: 900 } });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

/** The figures of the preview table's rows, top to bottom (the zone is the row header, the value the first cell). */
async function rowFigures(table: Locator): Promise<number[]> {
  const cells = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.querySelector('td')?.textContent ?? ''));
  return cells.map((c) => Number(c.replace(/[^\d]/g, '')));
}

/** Scrolls the panel so that the filters section starts at the top of the view (the new sections follow it). */
async function showSections(panel: Locator): Promise<void> {
  await panel.locator('[data-section="filters"]').evaluate((el) => {
    el.scrollIntoView({ block: 'start' });
    // Back by the app's sticky header, so the section's legend shows.
    for (let p = el.parentElement; p; p = p.parentElement) if (p.scrollTop > 0) return p.scrollBy(0, -80);
    window.scrollBy(0, -80);
  });
}

async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('top 3 largest first, a gender condition and an ignored filter, kept after save and reload (screenshots in English and Arabic)', async ({ page, request }) => {
  const token = await adminToken(request);
  // The shopping centre itself (its shops are the zones ranked), over the last 7 days: in the first
  // minutes after it opens it has no visitors today yet, and the other sites have too few zones.
  const { allInstallations } = await gqlAs<{ allInstallations: Array<{ id: number; name: string }> }>(request, token, '{ allInstallations { id name } }');
  const site = allInstallations.find((s) => /galeries/i.test(s.name))!;
  expect(site, 'the demo shopping centre').toBeDefined();
  const { zonesByInstallation } = await gqlAs<{ zonesByInstallation: Array<{ id: number; childIds: number[]; isDeleted: boolean }> }>(
    request,
    token,
    `{ zonesByInstallation(installationId: ${site.id}) { id childIds isDeleted } }`,
  );
  // The shops and areas with no zone under them: each counts its own visitors.
  const zoneIds = zonesByInstallation.filter((z) => !z.isDeleted && z.childIds.length === 0).map((z) => z.id);
  expect(zoneIds.length).toBeGreaterThan(3);
  const { createDashboard } = await gqlAs<{ createDashboard: { id: number } }>(request, token, 'mutation($n: String!) { createDashboard(name: $n) { id } }', { n: `Panel check ${Date.now()}` });
  const { createPage } = await gqlAs<{ createPage: { id: number } }>(request, token, 'mutation($d: Int!, $f: JSON!) { createPage(dashboardId: $d, page: { name: "Zones", widgetGlobalFilters: $f }) { id } }', {
    d: createDashboard.id,
    f: [{ id: 1, type: 'timespan', order: 0, datePreset: 'last7Days' }],
  });
  const table = { type: 'table', title: 'Visitors per zone', zoneIds, metrics: [{ type: 'visitorsIn', groupBy: { type: 'zone', aggregation: 'sum' } }] };
  await gqlAs(request, token, 'mutation($p: Int!, $w: JSON!) { createWidget(pageId: $p, widget: $w) { id } }', { p: createPage.id, w: table });

  await signedInAt(page, ADMIN, `/dashboard/${createDashboard.id}/edit?page=${createPage.id}`);
  const preview = page.getByTestId('editor-widget').getByTestId('data-table');
  // Every zone with readings is a row (a zone measuring nothing has no series).
  await expect.poll(async () => Number(await preview.getAttribute('data-rows'))).toBeGreaterThan(3);
  await expect.poll(async () => (await rowFigures(preview)).filter((v) => v > 0).length).toBeGreaterThan(3);
  const largest = (await rowFigures(preview)).sort((a, b) => b - a).slice(0, 3);
  await page.getByTestId('editor-widget-edit').first().click();
  const panel = page.getByTestId('widget-panel');
  await expect(panel).toBeVisible();

  // Top 3, largest first: the engine ranks the zones, the preview shows three rows in that order.
  const topN = panel.locator('[data-section="topN"]');
  await topN.getByRole('textbox', { name: 'Show only the top' }).fill('3');
  await choose(page, topN, 'Order', 'Largest first');
  await expect(preview).toHaveAttribute('data-rows', '3');
  await expect.poll(async () => (await rowFigures(preview)).length).toBe(3);
  // The three largest of all zones (demo data grows live: a figure may have gained a few visitors since).
  const everyone = await rowFigures(preview);
  expect(everyone).toEqual([...everyone].sort((a, b) => b - a));
  everyone.forEach((v, i) => expect(v).toBeGreaterThanOrEqual(largest[i]!));

  // A condition of this widget only: "gender is women" goes with the request and lowers every figure.
  const filters = panel.locator('[data-section="filters"]');
  const asked = page.waitForRequest((r) => r.url().includes('/graphql') && /"type":"gender"[^}]*"values":\["FEMALE"\]/.test(r.postData() ?? ''));
  await filters.getByRole('button', { name: 'Add a condition' }).click();
  const condition = filters.getByTestId('filter-condition');
  await expect(condition.getByRole('textbox', { name: 'Filter on', exact: true })).toHaveValue('Gender');
  await expect(condition.getByRole('textbox', { name: 'Operator', exact: true })).toHaveValue('is');
  await expect(condition.getByRole('textbox', { name: 'Values', exact: true })).toHaveValue('Women');
  await asked;
  await expect.poll(async () => (await rowFigures(preview)).reduce((s, v) => s + v, 0)).toBeLessThan(everyone.reduce((s, v) => s + v, 0));
  const women = await rowFigures(preview);
  expect(women).toHaveLength(3);
  expect(women).toEqual([...women].sort((a, b) => b - a));

  // The widget stops following the page's zone.
  const ignored = panel.locator('[data-section="ignoredFilters"]');
  await ignored.getByRole('checkbox', { name: 'Zone', exact: true }).check();
  await expect(ignored.getByRole('checkbox', { name: 'Zone', exact: true })).toBeChecked();
  await showSections(panel);
  await page.screenshot({ path: screenshotPath('editor-panel-filters.png') });
  expect(await seriousViolations(page, '[data-testid="widget-panel"]')).toEqual([]);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  const stored = await gqlAs<{ pagesByDashboardId: Array<{ widgets: StoredWidget[] }> }>(request, token, `{ pagesByDashboardId(dashboardId: ${createDashboard.id}) { widgets { ignoredFilters metrics } } }`);
  const widget = stored.pagesByDashboardId[0]!.widgets[0]!;
  expect(widget.ignoredFilters).toEqual(['zone']);
  expect(widget.metrics[0]).toMatchObject({ limit: 3, sortBy: { type: 'value', order: 'DESC' }, filters: { operator: 'AND', conditions: [{ type: 'gender', operator: 'IS', values: ['FEMALE'] }] } });

  await page.reload();
  await expect(preview).toHaveAttribute('data-rows', '3');
  await page.getByTestId('editor-widget-edit').first().click();
  await expect(panel.locator('[data-section="ignoredFilters"]').getByRole('checkbox', { name: 'Zone', exact: true })).toBeChecked();
  await expect(panel.locator('[data-section="topN"]').getByRole('textbox', { name: 'Show only the top' })).toHaveValue('3');
  await expect(panel.getByTestId('filter-condition')).toHaveCount(1);
  // Escape closes an open list of the panel first, and the panel only on the next Escape.
  await topN.getByRole('textbox', { name: 'Order', exact: true }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  // Focus goes back to the Edit button that opened the panel.
  await expect(page.getByTestId('editor-widget-edit').first()).toBeFocused();

  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'العربية', 'ar');
  try {
    await page.goto(`/dashboard/${createDashboard.id}/edit?page=${createPage.id}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByTestId('editor-widget-edit').first().click();
    await expect(panel).toBeVisible();
    await expect(panel.locator('[data-section="ignoredFilters"]').getByRole('checkbox', { name: 'المنطقة', exact: true })).toBeChecked();
    await expect(panel.getByTestId('filter-condition').getByRole('textbox', { name: 'القيم', exact: true })).toHaveValue('النساء');
    await showSections(panel);
    await page.screenshot({ path: screenshotPath('editor-panel-filters-ar.png') });
    expect(await seriousViolations(page, '[data-testid="widget-panel"]')).toEqual([]);
  } finally {
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
  }
});

/** The app's fixed header, the panel's heading and its close button, where they are on screen (viewport pixels). */
async function panelPlaces(page: Page, panel: Locator, close: string) {
  const header = await page.locator('header').first().boundingBox();
  const heading = await panel.getByRole('heading', { level: 2 }).boundingBox();
  const button = panel.getByRole('button', { name: close, exact: true });
  const box = await button.boundingBox();
  // What a click at the close button's centre lands on: the button itself, not the header over it.
  const hit = await button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!top && el.contains(top);
  });
  const aside = await panel.locator('xpath=ancestor::aside').boundingBox();
  return { headerBottom: header!.y + header!.height, headingTop: heading!.y, buttonTop: box!.y, hit, asideTop: aside!.y, asideBottom: aside!.y + aside!.height };
}

test('the widget settings panel of a lower widget, opened on a scrolled page, sits below the header at 1024 and 1440 px, its aggregation readable (English and Arabic)', async ({ page, request }) => {
  // Four page loads at two widths in two languages, with a language change there and back.
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const { createDashboard } = await gqlAs<{ createDashboard: { id: number } }>(request, token, 'mutation($n: String!) { createDashboard(name: $n) { id } }', { n: `Panel scroll ${Date.now()}` });
  const { createPage } = await gqlAs<{ createPage: { id: number } }>(request, token, 'mutation($d: Int!) { createPage(dashboardId: $d, page: { name: "Long" }) { id } }', { d: createDashboard.id });
  // Eight charts, more than a window's height, each over time with the metric's usual aggregation (the longest value).
  for (let i = 1; i <= 8; i++) {
    const widget = { type: 'lineChart', title: `Visitors ${i}`, metrics: [{ type: 'visitorsIn', granularity: 3600, groupBy: { type: 'date' } }] };
    await gqlAs(request, token, 'mutation($p: Int!, $w: JSON!) { createWidget(pageId: $p, widget: $w) { id } }', { p: createPage.id, w: widget });
  }
  const url = `/dashboard/${createDashboard.id}/edit?page=${createPage.id}`;
  const panel = page.getByTestId('widget-panel');

  const check = async (width: number, text: { close: string; aggregation: string; usual: string }, shot: string) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(url);
    await expect(page.getByTestId('editor-widget')).toHaveCount(8);
    // Down the page, then the settings of the last widget.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByTestId('editor-widget-edit').last().click();
    await expect(panel).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await expect.poll(async () => (await panelPlaces(page, panel, text.close)).asideTop).toBeGreaterThan(0);
    const places = await panelPlaces(page, panel, text.close);
    expect(places.headingTop, 'the heading is below the header').toBeGreaterThanOrEqual(places.headerBottom);
    expect(places.buttonTop, 'the close button is below the header').toBeGreaterThanOrEqual(places.headerBottom);
    expect(places.hit, 'a click on the close button reaches it').toBe(true);
    // The panel (longer than the window) ends near the window's bottom: no empty strip, nothing cut off below.
    expect(places.asideBottom).toBeLessThanOrEqual(900);
    expect(places.asideBottom).toBeGreaterThan(900 - 40);
    // The aggregation shows its whole value.
    const aggregation = panel.locator('[data-section="grouping"]').getByRole('textbox', { name: text.aggregation, exact: true });
    await expect(aggregation).toHaveValue(text.usual);
    await aggregation.scrollIntoViewIfNeeded();
    expect(await aggregation.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth), 'the aggregation reads whole').toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await panel.locator('xpath=ancestor::aside').evaluate((el) => el.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath(shot) });
    await panel.getByRole('button', { name: text.close, exact: true }).click();
    await expect(panel).toBeHidden();
  };

  await signedInAt(page, ADMIN, url);
  await expect(page.getByTestId('editor-widget')).toHaveCount(8);
  const english = { close: 'Close the widget settings', aggregation: 'Aggregation', usual: 'The metric’s usual one' };
  await check(1024, english, 'editor-panel-scrolled-1024.png');
  await check(1440, english, 'editor-panel-scrolled-1440.png');
  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'العربية', 'ar');
  try {
    const arabic = { close: 'إغلاق إعدادات الأداة', aggregation: 'طريقة التجميع', usual: 'الطريقة المعتادة للمؤشر' };
    await check(1024, arabic, 'editor-panel-scrolled-1024-ar.png');
    await check(1440, arabic, 'editor-panel-scrolled-1440-ar.png');
  } finally {
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
  }
});
