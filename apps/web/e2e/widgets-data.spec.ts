import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { adminToken, gqlAs } from './dashboardsHelpers.ts';
import { ADMIN, acceptCookies, chooseLanguage, screenshotPath, signedInAt } from './helpers.ts';

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
    await signedInAt(page, ADMIN, url);
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
    await expectZoneNamesWhole(zones, 'Showcase, 1280 px');
    await shot(zones, 'zones');
  });

  test('zone names read whole beside the editor’s side panel at 1024 px, in English and Arabic', async ({ page, request }) => {
    test.setTimeout(180_000);
    // The shopping centre's floors and shops in one zones widget, on a dashboard of the admin's own.
    const token = await adminToken(request);
    const url = await showcaseUrl(request);
    const pageId = Number(/page\/(\d+)/.exec(url)![1]);
    const { pageById } = await gqlAs<{ pageById: { widgetGlobalFilters: unknown[]; widgets: Array<{ type: string; zoneIds: number[]; metrics: Array<{ target?: { ids: number[] } }> }> } }>(
      request,
      token,
      `{ pageById(id: ${pageId}) { widgetGlobalFilters widgets { type zoneIds metrics } } }`,
    );
    const floors = pageById.widgets.find((w) => w.type === 'zones')!.zoneIds;
    const shops = pageById.widgets.find((w) => w.type === 'barChart')!.metrics[0]!.target!.ids;
    const { createDashboard } = await gqlAs<{ createDashboard: { id: number } }>(request, token, 'mutation($n: String!) { createDashboard(name: $n) { id } }', { n: `Zone names ${Date.now()}` });
    const { createPage } = await gqlAs<{ createPage: { id: number } }>(request, token, 'mutation($d: Int!, $f: JSON) { createPage(dashboardId: $d, page: { name: "Zones", widgetGlobalFilters: $f }) { id } }', {
      d: createDashboard.id,
      f: pageById.widgetGlobalFilters,
    });
    const board = { id: createDashboard.id, pageId: createPage.id };
    const zonesWidget = { type: 'zones', title: 'Floors and shops', category: 'specific', zoneIds: [...floors, ...shops], metrics: [{ type: 'visitorsIn' }] };
    await gqlAs(request, token, 'mutation($p: Int!, $w: JSON!) { createWidget(pageId: $p, widget: $w) { id } }', { p: board.pageId, w: zonesWidget });
    try {
      await page.setViewportSize({ width: 1024, height: 768 });
      await signedInAt(page, ADMIN, '/user-profile/preferences');
      await expect(page).toHaveURL(/\/user-profile\/preferences$/);
      for (const [language, code] of [
        ['English', 'en'],
        ['العربية', 'ar'],
      ] as const) {
        await page.goto('/user-profile/preferences');
        await chooseLanguage(page, language, code);
        await page.goto(`/dashboard/${board.id}/edit?page=${board.pageId}`);
        await page.getByTestId('editor-widget-edit').first().click();
        await expect(page.getByTestId('widget-panel')).toBeVisible();
        const zones = page.getByTestId('editor-widget').locator('section[data-widget-type="zones"]');
        await settled(zones);
        await expect(zones).toHaveAttribute('data-status', 'data');
        await expect(zones.getByTestId('zone-card')).toHaveCount(floors.length + shops.length);
        const where = `editor beside its panel, 1024 px, ${code}`;
        await expectZoneNamesWhole(zones, where);
        // Fewer, wider cards to a row than on a page: at least two, four at most.
        const tops = await zones.getByTestId('zone-card').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
        const perRow = tops.filter((t) => t === tops[0]).length;
        expect(perRow, where).toBeGreaterThanOrEqual(2);
        expect(perRow, where).toBeLessThanOrEqual(4);
        // Right to left, every name lines up on the card's right, a French one too.
        const aligns = await zones.getByTestId('zone-name').evaluateAll((els) => els.map((e) => getComputedStyle(e).textAlign));
        expect(new Set(aligns), where).toEqual(new Set([code === 'ar' ? 'right' : 'left']));
        await shot(zones, `zones-editor-1024${code === 'ar' ? '-ar' : ''}`);
      }
    } finally {
      await page.goto('/user-profile/preferences');
      await chooseLanguage(page, 'English', 'en');
      await gqlAs(request, token, 'mutation($id: Int!) { deleteDashboard(id: $id) }', { id: board.id });
    }
  });

  test('KPI cards per row follow the widget’s width: fewer and wider beside the editor’s panel at 1024 px, four on the page, in English and Arabic', async ({ page, request }) => {
    test.setTimeout(180_000);
    // The Showcase's KPI widget, copied onto a dashboard of the admin's own.
    const token = await adminToken(request);
    const url = await showcaseUrl(request);
    const pageId = Number(/page\/(\d+)/.exec(url)![1]);
    type Copied = Record<string, unknown> & { type: string; metrics: unknown[] };
    const { pageById } = await gqlAs<{ pageById: { widgetGlobalFilters: unknown[]; widgets: Copied[] } }>(
      request,
      token,
      `{ pageById(id: ${pageId}) { widgetGlobalFilters widgets { type title category kind configuration metrics zoneIds deviceIds passageIds alertIds ignoredFilters } } }`,
    );
    const kpisWidget = pageById.widgets.find((w) => w.type === 'kpis')!;
    expect(kpisWidget.metrics.length, 'the Showcase KPI widget shows four figures or more').toBeGreaterThanOrEqual(4);
    const { createDashboard } = await gqlAs<{ createDashboard: { id: number } }>(request, token, 'mutation($n: String!) { createDashboard(name: $n) { id } }', { n: `KPI cards ${Date.now()}` });
    const { createPage } = await gqlAs<{ createPage: { id: number } }>(request, token, 'mutation($d: Int!, $f: JSON) { createPage(dashboardId: $d, page: { name: "KPIs", widgetGlobalFilters: $f }) { id } }', {
      d: createDashboard.id,
      f: pageById.widgetGlobalFilters,
    });
    await gqlAs(request, token, 'mutation($p: Int!, $w: JSON!) { createWidget(pageId: $p, widget: $w) { id } }', { p: createPage.id, w: { ...kpisWidget, order: 0 } });
    const perRow = async (kpis: Locator) => {
      const cards = kpis.getByTestId('kpi-card');
      const boxes = await cards.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ top: Math.round(r.top), width: r.width })));
      return { count: boxes.filter((b) => b.top === boxes[0]!.top).length, narrowest: Math.min(...boxes.map((b) => b.width)), cards: boxes.length };
    };
    try {
      await page.setViewportSize({ width: 1024, height: 768 });
      await signedInAt(page, ADMIN, '/user-profile/preferences');
      await expect(page).toHaveURL(/\/user-profile\/preferences$/);
      for (const [language, code] of [
        ['English', 'en'],
        ['العربية', 'ar'],
      ] as const) {
        await page.setViewportSize({ width: 1024, height: 768 });
        await page.goto('/user-profile/preferences');
        await chooseLanguage(page, language, code);
        // On the page, full width: four cards to a row.
        await page.goto(`/dashboard/${createDashboard.id}/page/${createPage.id}`);
        const onPage = widget(page, 'kpis');
        await settled(onPage);
        expect((await perRow(onPage)).count, `page, 1024 px, ${code}`).toBe(4);
        // Beside the editor's side panel the widget is about half as wide: fewer cards to a row, each
        // wide enough for its figure (the app is drawn at 1024/1200 here: 170 layout px are 145 on screen).
        await page.goto(`/dashboard/${createDashboard.id}/edit?page=${createPage.id}`);
        await page.getByTestId('editor-widget-edit').first().click();
        await expect(page.getByTestId('widget-panel')).toBeVisible();
        const kpis = page.getByTestId('editor-widget').locator('section[data-widget-type="kpis"]');
        await settled(kpis);
        await expect(kpis).toHaveAttribute('data-status', 'data');
        const where = `editor beside its panel, 1024 px, ${code}`;
        const row = await perRow(kpis);
        expect(row.count, where).toBeGreaterThanOrEqual(2);
        expect(row.count, where).toBeLessThan(4);
        expect(row.narrowest, where).toBeGreaterThanOrEqual(170 * (1024 / 1200) - 1);
        expect(await overlapping(kpis.getByTestId('kpi-card')), where).toBe(false);
        // Every figure on one line inside its card.
        const figures = await kpis.getByTestId('kpi-value').evaluateAll((els) => els.map((e) => ({ text: e.textContent, wraps: e.getBoundingClientRect().height > 1.6 * Number.parseFloat(getComputedStyle(e).lineHeight), out: e.scrollWidth > e.clientWidth + 1 })));
        for (const f of figures) expect(f.wraps || f.out, `${where}: ${f.text}`).toBe(false);
        await shot(kpis, `kpis-editor-1024${code === 'ar' ? '-ar' : ''}`);
        // At 1440 px, the editor's canvas is wider, still never four cards of under 170 px.
        await page.setViewportSize({ width: 1440, height: 900 });
        const wide = await perRow(kpis);
        expect(wide.narrowest, `editor, 1440 px, ${code}`).toBeGreaterThanOrEqual(169);
      }
    } finally {
      await page.goto('/user-profile/preferences');
      await chooseLanguage(page, 'English', 'en');
      await gqlAs(request, token, 'mutation($id: Int!) { deleteDashboard(id: $id) }', { id: createDashboard.id });
    }
  });

  test('in Arabic the widgets read right to left', async ({ page, request }) => {
    const url = await showcaseUrl(request);
    await signedInAt(page, ADMIN, '/user-profile/preferences');
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

/**
 * Every zone card's name is drawn whole (on one or two lines, not shortened), its title is the
 * name, and the figures of a row of cards are level whatever their names' lines.
 */
async function expectZoneNamesWhole(zones: Locator, where: string): Promise<void> {
  const cards = await zones.getByTestId('zone-card').evaluateAll((els) =>
    els.map((card) => {
      const name = card.querySelector('[data-testid="zone-name"]') as HTMLElement;
      const value = card.querySelector('[data-testid="zone-value"]')!;
      return {
        name: name.textContent ?? '',
        title: name.getAttribute('title'),
        cut: name.scrollHeight > name.clientHeight + 1 || name.scrollWidth > name.clientWidth + 1,
        lines: Math.round(name.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(name).lineHeight)),
        align: getComputedStyle(name).textAlign,
        top: Math.round(card.getBoundingClientRect().top),
        valueTop: Math.round(value.getBoundingClientRect().top),
      };
    }),
  );
  expect(cards.length, where).toBeGreaterThan(0);
  for (const card of cards) {
    expect(card.cut, `${where}: ${card.name} is cut`).toBe(false);
    expect(card.title, where).toBe(card.name);
    expect(card.lines, `${where}: ${card.name}`).toBeLessThanOrEqual(2);
  }
  // Cards on one row (same top) have their figures level.
  for (const top of new Set(cards.map((c) => c.top))) {
    const row = cards.filter((c) => c.top === top);
    expect(new Set(row.map((c) => c.valueTop)).size, `${where}: figures of ${row.map((c) => c.name).join(', ')}`).toBe(1);
  }
}

/** Leaves the admin in English for the other specs. */
async function chooseLanguageBack(page: Page): Promise<void> {
  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'English', 'en');
}
