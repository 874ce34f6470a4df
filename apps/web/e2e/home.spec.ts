import { expect, test, type Page } from '@playwright/test';
import { gql, loginToken } from './filtersHelpers.ts';
import { ADMIN, VIEWER, acceptCookies, chooseLanguage, screenshotPath, seriousViolations, signedInAt } from './helpers.ts';

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

async function openHome(page: Page, user: { email: string; password: string }, path = '/home') {
  await signedInAt(page, user, path);
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
  // A count moves by a percentage written the English way; the comfort score reads out of 5 and moves in points.
  await expect(counting.first().getByTestId('figure-change')).toHaveAttribute('data-change', /^(none|0%|[+-]\d[\d,]*\.\d\d%)$/);
  const comfort = page.getByTestId('home-figure').and(page.locator('[data-metric="comfortScore"]'));
  expect(await comfort.count()).toBeGreaterThan(0);
  await expect(comfort.first().locator('[data-value]')).toHaveText(/^(\d \/ 5|-)$/);
  await expect(comfort.first().getByTestId('figure-change')).not.toHaveText(/%/);
  await expect(comfort.first().getByTestId('figure-change')).not.toHaveAttribute('data-kind', 'relative');
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

/** Each header link or button shown: its target (or test id), its box, and whether its text is cut. */
function headerBoxes(page: Page) {
  return page.locator('header').first().evaluate((header) => {
    const bar = header.getBoundingClientRect();
    const shown = [...header.querySelectorAll<HTMLElement>('a[href], button')].filter((el) => el.checkVisibility({ visibilityProperty: true }));
    return {
      bar: { left: bar.left, right: bar.right, top: bar.top, bottom: bar.bottom },
      items: shown.map((el) => {
        const r = el.getBoundingClientRect();
        return {
          name: el.getAttribute('href') ?? el.dataset.testid ?? el.textContent ?? '',
          left: r.left, right: r.right, top: r.top, bottom: r.bottom,
          cut: [el, ...el.querySelectorAll<HTMLElement>('p')].some((e) => e.scrollWidth > e.clientWidth + 1),
        };
      }),
    };
  });
}

test('the administrator’s header shows every link whole, none overlapping, in every language; those in More open with the keyboard', async ({ page }) => {
  test.setTimeout(180_000);
  const every = ['/analytics', '/sales-funnel', '/export-data', '/alerts', '/reports', '/sales-metrics-import', '/stop-n-go', '/help', '/settings', '/user-profile'];
  await page.setViewportSize({ width: 1024, height: 768 });
  await signedInAt(page, ADMIN, '/analytics/sites');
  const more = page.getByTestId('header-more');
  try {
    for (const [language, code] of [['English', 'en'], ['Français', 'fr'], ['Deutsch', 'de'], ['Español', 'es'], ['Italiano', 'it'], ['العربية', 'ar']] as const) {
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.goto('/user-profile/preferences');
      await chooseLanguage(page, language, code);
      await page.goto('/analytics/sites');
      await expect(page.locator('header a[href="/user-profile"]')).toBeVisible();
      for (const width of [1024, 1280, 1440]) {
        await page.setViewportSize({ width, height: width === 1024 ? 768 : width === 1280 ? 800 : 900 });
        await expect(page.locator('header a[href="/analytics"]').first()).toBeVisible();
        const { bar, items } = await headerBoxes(page);
        for (const item of items) {
          const where = `${item.name} in ${code} at ${width} px`;
          expect(item.left >= bar.left - 0.5 && item.right <= bar.right + 0.5 && item.top >= bar.top - 0.5 && item.bottom <= bar.bottom + 0.5, `${where} lies inside the header`).toBe(true);
          expect(item.cut, `${where} shows its whole text`).toBe(false);
          for (const other of items) {
            if (other === item) continue;
            const overlap = Math.min(item.right, other.right) - Math.max(item.left, other.left) > 0.5 && Math.min(item.bottom, other.bottom) - Math.max(item.top, other.top) > 0.5;
            expect(overlap, `${where} overlaps ${other.name}`).toBe(false);
          }
        }
        // Every link is either in the row or in the More menu.
        const inRow = items.map((i) => i.name);
        const inMenu = (await more.count()) > 0 ? await openMore(page, ` in ${code} at ${width} px`) : [];
        expect(every.filter((href) => !inRow.includes(href) && !inMenu.includes(href)), `links out of reach in ${code} at ${width} px`).toEqual([]);
        if (code === 'ar') {
          const avatar = items.find((i) => i.name === '/user-profile')!;
          const home = items.filter((i) => i.name === '/analytics');
          expect(avatar.right, 'in Arabic the avatar is left of the logo and the Analytics link').toBeLessThan(Math.min(...home.map((i) => i.left)));
        }
      }
      // At 1024 px in German (the longest words) some links go into More, and the last one opens with the keyboard.
      await page.setViewportSize({ width: 1024, height: 768 });
      if (code === 'de') await expect(more).toBeVisible();
      if ((await more.count()) === 0) continue;
      const moved = await openMore(page, ` in ${code} at 1024 px`);
      const last = moved.at(-1)!;
      await page.locator('header nav ul').first().locator('a[href]').last().focus();
      await page.keyboard.press('Tab');
      await expect(more).toBeFocused();
      await expect(more).toHaveAccessibleName(new RegExp(await more.innerText()));
      await page.keyboard.press('Enter');
      const item = page.getByRole('menuitem').and(page.locator(`a[href="${last}"]`));
      await expect(item).toBeVisible();
      for (let i = 0; i < moved.length && !(await item.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
      await expect(item).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${last}$`));
      // The page shown is in the menu: the More button is lit as the active link would be.
      await expect(more).toHaveAttribute('data-active', 'true');
      await more.click();
      await expect(item).toHaveAttribute('aria-current', 'page');
      await page.keyboard.press('Escape');
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
  }
});

/**
 * Opens the header's More menu, checks that it lies inside the window with each item's label on one
 * line (a menu too narrow for German "Verkaufskennzahlen importieren" wrapped it), returns where its
 * items lead, and closes it.
 */
async function openMore(page: Page, where = ''): Promise<string[]> {
  await page.getByTestId('header-more').click();
  const items = page.getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  const menu = await page.getByRole('menu').evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, width: window.innerWidth };
  });
  expect(menu.left >= 0 && menu.right <= menu.width, `the More menu lies inside the window${where}`).toBe(true);
  const labels = await items.evaluateAll((els) =>
    els.map((el) => {
      const label = el.querySelector('.mantine-Menu-itemLabel') ?? el;
      const range = document.createRange();
      range.selectNodeContents(label);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      return { text: label.textContent ?? '', lines: lines.size };
    }),
  );
  for (const label of labels) expect(label.lines, `"${label.text}" of the More menu on one line${where}`).toBe(1);
  const hrefs = await items.evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
  await page.keyboard.press('Escape');
  await expect(items).toHaveCount(0);
  return hrefs;
}
