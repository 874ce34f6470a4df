import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { WIDGET_TYPES } from '@sitelens/domain';
import { adminToken, expectRenderedWithData, gqlAs, openAdminTool, showcase, siteOfKind, widgetsSettled, withAdminLink } from './dashboardsHelpers.ts';
import { ADMIN, VIEWER, acceptCookies, countingSites, screenshotPath, shoppingCentreSite, signedInAt } from './helpers.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

async function signedIn(page: Page, path: string, user = ADMIN) {
  await signedInAt(page, user, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

/** A card without visitors shows no visitors figure, or a zero its sensors counted, never a dash. */
async function expectNoVisitors(visitors: Locator) {
  if ((await visitors.count()) === 0) return;
  await expect(visitors).toHaveText(/^\s*0\s*$/);
}

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

test('the dashboards list counts and orders static, custom and marketplace dashboards, and a row opens one', async ({ page }) => {
  await signedIn(page, '/dashboard');
  const rows = page.getByTestId('dashboards-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const types = await rows.evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.type));
  const rank = { countingSite: 0, atmosphereSite: 1, energySite: 2, custom: 3, marketPlace: 4 } as Record<string, number>;
  const ranks = types.map((t) => rank[t ?? ''] ?? 99);
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  expect(types).toEqual(expect.arrayContaining(['countingSite', 'atmosphereSite', 'energySite', 'custom', 'marketPlace']));
  await expect(page.getByTestId('dashboards-count')).toHaveText(`Number of dashboards: ${types.length}`);
  await expect(rows.filter({ hasText: 'Counting site' }).first()).toContainText('Sites of Maison Lumière Group');
  await expect(rows.filter({ hasText: 'Building comfort and energy' })).toContainText('Marketplace');
  expect(await seriousViolations(page)).toEqual([]);

  await rows.filter({ hasText: 'Showcase' }).locator('td').nth(2).click();
  await expect(page).toHaveURL(/\/dashboard\/\d+\/page\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Every widget' })).toBeVisible();

  await page.goto('/analytics/dashboard');
  await expect(page.getByTestId('dashboards-table').locator('tbody tr')).toHaveCount(types.length);
});

test('the sites overview shows each site with its figures of today, else those of the day its pages open on, else why it has none', async ({ page, request }) => {
  const sites = await countingSites(request);
  await signedIn(page, '/analytics/sites');
  await expect(page.getByRole('article')).toHaveCount(3);
  for (const site of sites) {
    const card = page.getByRole('article').filter({ hasText: site.name });
    const visitors = card.locator('[data-metric="visitorsIn"]');
    const figures = card.getByTestId('site-figures');
    await expect(figures.or(card.getByTestId('site-figures-none'))).toBeVisible();
    await expect(card.locator('.mantine-Skeleton-root')).toHaveCount(0);
    const airToday = !site.hasVisitors && (await figures.count()) > 0 && (await figures.getAttribute('data-day')) === 'today';
    if (airToday) {
      // A site that measures more than visitors shows those figures of today (air quality runs round
      // the clock, e.g. Harbour Point at night), without a visitors figure.
      await expect(figures).toContainText('Today');
      await expectNoVisitors(visitors);
    } else if (site.hasVisitors || site.earlierDay?.hasVisitors) {
      // Today's figures, or, on a closed site whose day so far has counted nobody (before its shops
      // open), those of the day its pages open on, labelled as such. A first visitor counted between
      // the reading above and the page's own call moves the card to today, with that visitor.
      const day = site.hasVisitors ? 'today' : await figures.getAttribute('data-day');
      expect(site.hasVisitors ? ['today'] : ['today', 'yesterday']).toContain(day);
      await expect(figures).toContainText(day === 'today' ? 'Today' : 'Yesterday');
      await expect(visitors).toHaveText(/^[\d\s,.\u202f]+$/);
      expect(Number((await visitors.innerText()).replace(/\D/g, ''))).toBeGreaterThan(0);
    } else {
      // No visitors today nor on the day its pages open on: no visitors figure (or the zero an open site's
      // sensors counted so far), never a dash. A site that
      // measures more than visitors shows those figures of today (air quality runs round the clock); else one line says
      // why it has none. Never a blank.
      const none = card.getByTestId('site-figures-none');
      await expect(card.getByTestId('site-figures').or(none)).toBeVisible();
      if ((await none.count()) > 0) await expect(none).toHaveText(/no figures/i);
      await expect(card.locator('.mantine-Skeleton-root')).toHaveCount(0);
      await expectNoVisitors(visitors);
    }
  }
  expect(await seriousViolations(page)).toEqual([]);
});

test('a counting page shows its default widgets with real values, the filter bar and export', async ({ page, request }) => {
  const site = await shoppingCentreSite(request);
  await signedIn(page, `/counting/${site.id}`);
  await expect(page.getByRole('heading', { level: 1, name: site.name })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(site.name);
  await expect(page.getByTestId('filter-bar')).toBeVisible();
  await expect(page.getByTestId('installation-export')).toBeVisible();
  const widgets = await widgetsSettled(page);
  expect(widgets.map((w) => w.type)).toEqual(['kpis', 'lineChart', 'barChart', 'pieChart', 'columnChart', 'table', 'heatmap', 'weather']);
  // Titles come from the catalogue, not raw keys.
  await expect(page.getByText(/dashStatic\./)).toHaveCount(0);
  // Weather and heatmap depend on outside services and images; the rest reads today's counts.
  expectRenderedWithData(widgets, ['weather', 'heatmap']);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a user without the export right sees no export button', async ({ page, request }) => {
  const site = await shoppingCentreSite(request);
  await signedIn(page, `/counting/${site.id}`, VIEWER);
  await expect(page.getByRole('heading', { level: 1, name: site.name })).toBeVisible();
  await widgetsSettled(page);
  await expect(page.getByTestId('installation-export')).toHaveCount(0);
});

test('atmosphere and energy pages show their default widgets with real values', async ({ page, request }) => {
  const office = await siteOfKind(request, 'atmosphere');
  await signedIn(page, `/atmosphere/${office.id}`);
  await expect(page.getByRole('heading', { level: 1, name: office.name })).toBeVisible();
  let widgets = await widgetsSettled(page);
  expect(widgets.map((w) => w.type)).toEqual(['kpis', 'lineChart', 'lineChart', 'lineChart', 'table', 'mapView']);
  expectRenderedWithData(widgets, ['mapView']);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/energy/${office.id}`);
  await expect(page.getByRole('heading', { level: 1, name: office.name })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(office.name);
  widgets = await widgetsSettled(page);
  expect(widgets.map((w) => w.type)).toEqual(['kpis', 'columnChart', 'pieChart', 'lineChart']);
  expectRenderedWithData(widgets);
});

test('unknown installations, kinds a site does not measure and unknown pages show the not-found page', async ({ page, request }) => {
  const site = await shoppingCentreSite(request);
  await signedIn(page, '/atmosphere/987654321');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto(`/energy/${site.id}`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const board = await showcase(request);
  await page.goto(`/dashboard/${board.id}/page/987654`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/dashboard/987654/page/1');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the Showcase page holds one widget of every type, with real values where a renderer exists', async ({ page, request }) => {
  const board = await showcase(request);
  const centre = await shoppingCentreSite(request);
  await signedIn(page, board.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Every widget' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Every widget' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Every widget');
  await expect(page.getByTestId('installation-export')).toHaveCount(0);
  const widgets = await widgetsSettled(page);
  expect(widgets.map((w) => w.type).sort()).toEqual([...WIDGET_TYPES].sort());
  // The Showcase reads the shopping centre; when it has no visitor yet today, counts may be empty.
  const open = /Galeries/.test(centre.name);
  expectRenderedWithData(widgets, open ? ['weather', 'heatmap', 'alertLogsTable', 'mapView'] : [...WIDGET_TYPES]);
  await page.screenshot({ path: screenshotPath('showcase.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
});

test('a header-menu link that opens inside shows in the embedded frame; an address that is none of the caller’s links is not framed', async ({ page, request }) => {
  await page.route('https://embedded.sitelens.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Report</title><h1>Quarterly report</h1></html>' }),
  );
  await withAdminLink(request, { text: 'Quarterly report', url: 'https://embedded.sitelens.test/report', iconSrc: null, openOutside: false }, async () => {
    await signedIn(page, '/analytics/sites');
    await page.getByTestId('custom-links-menu').click();
    await page.getByRole('menuitem', { name: 'Quarterly report' }).click();
    await expect(page).toHaveURL(/\/embeded\/[A-Za-z0-9_-]+$/);
    await expect(page.getByTestId('embedded-frame')).toBeVisible();
    await expect(page.frameLocator('[data-testid="embedded-frame"]').getByRole('heading', { name: 'Quarterly report' })).toBeVisible();
    await expect(page.getByTestId('embedded-loader')).toHaveCount(0);

    // A crafted link to another address (a lookalike sign-in page) is said, shown as text, and not framed.
    const elsewhere = 'https://embedded.sitelens.test/login';
    await page.goto(`/embeded/${Buffer.from(elsewhere).toString('base64')}`);
    await expect(page.getByRole('heading', { name: 'This address is not one of your links' })).toBeVisible();
    await expect(page.getByTestId('embedded-refused')).toContainText(elsewhere);
    await expect(page.getByTestId('embedded-frame')).toHaveCount(0);
    await expect(page.getByTestId('embedded-refused').getByRole('link', { name: elsewhere })).toHaveCount(0);

    await page.goto(`/embeded/${Buffer.from('javascript:alert(1)').toString('base64')}`);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test('the widget builder previews a config from the trusted admin origin and ignores every other origin', async ({ page, request, baseURL }) => {
  const site = await shoppingCentreSite(request);
  const token = await adminToken(request);
  // The trusted admin tool is WIDGET_BUILDER_ORIGIN (localhost); 127.0.0.2 is another origin of the same server.
  const { widgetBuilderOrigin: trusted } = await gqlAs<{ widgetBuilderOrigin: string }>(request, token, '{ widgetBuilderOrigin }');
  expect(new URL(trusted).origin).not.toBe(new URL(baseURL!).origin);
  const untrusted = `http://127.0.0.2:${new URL(baseURL!).port}`;

  // Another origin cannot even frame the app (frame-ancestors names only the trusted one).
  const refusals: string[] = [];
  page.on('console', (m) => m.text().includes('frame-ancestors') && refusals.push(m.text()));
  await openAdminTool(page, untrusted, baseURL!, { token, installationId: site.id });
  const ignored = page.frameLocator('#f');
  await expect.poll(() => refusals.length).toBeGreaterThan(0);
  await page.waitForTimeout(3500);
  await expect(ignored.getByTestId('widget-builder')).toHaveCount(0);
  await expect(ignored.locator('[data-widget-type]')).toHaveCount(0);

  // The app's own origin is not trusted either.
  await page.goto('/widget-builder');
  await expect(page.getByTestId('builder-waiting')).toBeVisible();
  await page.evaluate((t) => window.postMessage({ type: 'token', token: t }, '*'), token);
  await page.waitForTimeout(500);
  await expect(page.getByTestId('widget-builder')).toHaveAttribute('data-signed-in', 'no');

  await openAdminTool(page, trusted, baseURL!, { token, installationId: site.id });
  const frame = page.frameLocator('#f');
  await expect(frame.getByRole('heading', { level: 1, name: 'Preview page' })).toBeVisible();
  await expect(frame.getByTestId('widget-builder')).toHaveAttribute('data-signed-in', 'yes');
  await expect(frame.locator('[data-widget-type]')).toHaveCount(2);
  await frame.getByTestId('builder-debug').click();
  await frame.getByRole('menuitem', { name: 'Français' }).click();
  await expect(frame.locator('html')).toHaveAttribute('lang', 'fr');
});
