import { expect, test, type Page } from '@playwright/test';
import { gql, loginToken } from './filtersHelpers.ts';
import { ADMIN, VIEWER, acceptCookies, screenshotPath, seriousViolations, signIn } from './helpers.ts';

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

async function openHome(page: Page, user: { email: string; password: string }, path = '/home') {
  await page.goto('/login');
  await signIn(page, user);
  await expect(page).toHaveURL(/\/analytics\/sites$/);
  await page.goto(path);
  const sites = page.getByTestId('home-site');
  await expect(sites.first()).toBeVisible();
  // Every site's figures have come in from the metrics engine.
  await expect(sites.and(page.locator('[data-status="loading"]'))).toHaveCount(0);
  return sites;
}

const BATCH = `query($inputs: [RetailDataInput!]!) { retailDataBatch(inputs: $inputs) { series { points { value } } } }`;

test('the administrator’s home: each site’s day against the same weekday last week, open alerts, shortcuts', async ({ page, request }) => {
  const sites = await openHome(page, ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(sites).toHaveCount(3);
  await expect(sites.and(page.locator('[data-status="ready"]'))).toHaveCount(3);
  await expect(page.getByTestId('home-alerts')).toBeVisible();
  await expect(page.getByTestId('home-pins')).toBeVisible();

  // The figures are the engine's, for the very windows the page shows (the same call a widget makes).
  const token = await loginToken(request);
  for (const card of await sites.all()) {
    const siteId = Number(await card.getAttribute('data-site'));
    const [begin, end] = (await card.getAttribute('data-comparison'))!.split('/');
    const figures = card.getByTestId('home-figure');
    expect(await figures.count()).toBeGreaterThan(0);
    const inputs = [];
    for (const figure of await figures.all()) {
      const metric = (await figure.getAttribute('data-metric'))!;
      inputs.push({ installationId: siteId, metric, groupBy: { type: 'all' }, filters: { operator: 'AND', conditions: [{ type: 'date', dateBegin: begin, dateEnd: end }] } });
    }
    const { retailDataBatch } = await gql<{ retailDataBatch: Array<{ series: Array<{ points: Array<{ value: number | null }> }> }> }>(request, token, BATCH, { inputs });
    for (const [i, figure] of (await figures.all()).entries()) {
      const engine = retailDataBatch[i]!.series[0]?.points[0]?.value ?? null;
      const shown = await figure.getAttribute('data-previous');
      if (engine === null) expect(shown).toBe('');
      else expect(Number(shown)).toBeCloseTo(engine, 6);
    }
  }
  const counting = page.getByTestId('home-figure').and(page.locator('[data-metric="visitorsIn"]'));
  expect(await counting.count()).toBeGreaterThan(0);
  await expect(counting.first().getByTestId('figure-change')).toBeVisible();
  await page.screenshot({ path: screenshotPath('home.png') });
  expect(await seriousViolations(page)).toEqual([]);

  // The compact layout: the same sites as rows of one table.
  await page.getByText('Compact', { exact: true }).click();
  await expect(page).toHaveURL(/\/home2$/);
  await expect(page.getByTestId('home-sites-table').getByTestId('home-site')).toHaveCount(3);
  await expect(page.getByTestId('home-alerts')).toBeVisible();
  await expect(page.getByTestId('home-site').and(page.locator('[data-status="loading"]'))).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('page-help-link').click();
  await expect(page).toHaveURL(/\/help\/home$/);
});

test('the limited user’s home shows no alerts section without the alert read right', async ({ page }) => {
  const sites = await openHome(page, VIEWER);
  await expect(sites).toHaveCount(3);
  await expect(page.getByTestId('home-pins')).toBeVisible();
  await expect(page.getByTestId('home-alerts')).toHaveCount(0);
  await expect(page.locator('header a[href="/alerts"]')).toHaveCount(0);

  await page.goto('/home2');
  await expect(page.getByTestId('home-sites-table').getByTestId('home-site')).toHaveCount(3);
  await expect(page.getByTestId('home-alerts')).toHaveCount(0);
});

test('at 1024 px the layout switch highlights the chosen layout exactly over its label (the app is zoomed there)', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openHome(page, VIEWER);
  const highlightOf = (name: string) =>
    page.locator('.mantine-SegmentedControl-label', { hasText: name }).evaluate((label) => {
      // What is painted as selected: a visible floating indicator, else the label's own background.
      const indicator = label.closest('.mantine-SegmentedControl-root')!.querySelector<HTMLElement>('.mantine-SegmentedControl-indicator');
      const own = getComputedStyle(label, '::before');
      const box = label.getBoundingClientRect();
      const painted =
        indicator && getComputedStyle(indicator).display !== 'none' ? indicator.getBoundingClientRect() : own.display !== 'none' && own.content !== 'none' ? box : null;
      return { label: [box.left, box.top, box.width, box.height].map(Math.round), painted: painted && [painted.left, painted.top, painted.width, painted.height].map(Math.round) };
    });
  const cards = await highlightOf('Cards');
  expect(cards.painted).toEqual(cards.label);
  await page.getByText('Compact', { exact: true }).click();
  await expect(page).toHaveURL(/\/home2$/);
  await expect.poll(async () => { const c = await highlightOf('Compact'); return JSON.stringify(c.painted) === JSON.stringify(c.label); }).toBe(true);
});
