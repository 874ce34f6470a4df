import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { xlsxBomb } from '../../server/src/uploads/zipBombs.test-support.ts';
import { operationsOf } from './graphqlOperations.ts';
import { ADMIN, VIEWER, acceptCookies, chooseLanguage, screenshotPath, signedInAt } from './helpers.ts';

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

/** Drops a file on the import's drop zone, as a user dragging it from their desktop (text, or bytes as base64). */
async function dropFile(page: Page, name: string, content: string | { base64: string }): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ name, content }) => {
      const transfer = new DataTransfer();
      const body = typeof content === 'string' ? content : Uint8Array.from(atob(content.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([body], name, { type: 'text/csv' }));
      return transfer;
    },
    { name, content },
  );
  await page.getByTestId('sales-drop-zone').dispatchEvent('drop', { dataTransfer });
}

/** The demo's London shop (shop code LDN-214) as the funnel lists it. */
async function londonShop(page: Page): Promise<number> {
  const login = await page.request.post('/graphql', { data: { query: `query { login(email: "${ADMIN.email}", password: "${ADMIN.password}") }` } });
  const token = ((await login.json()) as { data: { login: string } }).data.login;
  const sites = await page.request.post('/graphql', { data: { query: '{ salesFunnelSites { siteId shopCode } }' }, headers: { authorization: `Bearer ${token}` } });
  const list = ((await sites.json()) as { data: { salesFunnelSites: Array<{ siteId: number; shopCode: string }> } }).data.salesFunnelSites;
  return list.find((s) => s.shopCode === 'LDN-214')!.siteId;
}

test('a file with two bad lines is refused line by line; fixed, it imports and the funnel counts its receipts', async ({ page }) => {
  await signedInAt(page, ADMIN, '/analytics/sites');
  await expect(page.locator('header a[href="/sales-funnel"]')).toBeVisible();

  // Two days ago at noon in London: inside the demo's days, and the shop is open (except on Sundays, which does not matter to the tills).
  const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const month = `${day.slice(0, 7)}-01`;
  const shopId = await londonShop(page);
  const funnel = `/sales-funnel?sites=${shopId}&dates=${month}`;
  await page.goto(funnel);
  const purchased = page.getByTestId('funnel-step-purchased');
  await expect(purchased).toHaveText(/\d/);
  const before = Number((await purchased.textContent())!.replace(/\D/g, ''));

  const run = Date.now();
  const line = (n: number, date: string, turnover: string) => `E2E-${run}-${n},${date},LDN-214,2,${turnover},GBP`;
  const bad = [
    line(1, `${day}T12:00:00+01:00`, '40.00'),
    line(2, `${day} at noon`, '25.50'),
    line(3, `${day}T12:30:00Z`, '19.99'),
    line(4, `${day}T12:45:00Z`, 'twelve'),
  ];
  await page.goto('/sales-metrics-import');
  await dropFile(page, 'tills.csv', bad.join('\n'));
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const lines = dialog.getByTestId('sales-error-lines').getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('Line 2, column B');
  await expect(lines.nth(1)).toContainText('Line 4, column E');
  await page.screenshot({ path: screenshotPath('sales-import-errors.png') });
  await dialog.getByRole('button', { name: 'Close' }).last().click(); // the footer's, not the title's ×
  // The refused file is not kept.
  await expect(page.getByTestId('sales-file-preview')).toHaveCount(0);

  const fixed = [bad[0], line(2, `${day}T12:15:00+01:00`, '25.50'), bad[2], line(4, `${day}T12:45:00Z`, '12.00')];
  await dropFile(page, 'tills.csv', fixed.join('\n'));
  await expect(page.getByTestId('sales-file-preview')).toContainText('tills.csv');
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Receipts imported: 4.')).toBeVisible();
  await expect(page.getByTestId('sales-file-preview')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'tills.csv' }).first()).toBeVisible();

  await page.goto(funnel);
  await expect(purchased).toHaveText(new RegExp(`^${(before + 4).toLocaleString('en-US')}$`));
});

test('a long list of refused lines scrolls within 250 px and copies to the clipboard; lines only the server refuses come back in the list; without a clipboard, the cannot-copy toast', async ({ page, context, browser, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signedInAt(page, ADMIN, '/sales-metrics-import');
  // Thirty lines without their currency: thirty problems, one per line.
  const file = Array.from({ length: 30 }, (_, i) => `LONG-${i + 1},2026-03-01T10:05:00+01:00,LDN-214,1,9.99,`).join('\n');
  await dropFile(page, 'long.csv', file);
  const dialog = page.getByRole('dialog');
  const lines = dialog.getByTestId('sales-error-lines').getByRole('listitem');
  await expect(lines).toHaveCount(30);
  const box = await dialog.getByTestId('sales-error-lines').evaluate((list) => {
    const viewport = list.closest('[data-radix-scroll-area-viewport], .mantine-ScrollArea-viewport') as HTMLElement;
    // Its layout height (offsetHeight: whole pixels, untouched by the modal's opening transform, which getBoundingClientRect includes).
    return { height: viewport.offsetHeight, scrolls: viewport.scrollHeight > viewport.clientHeight };
  });
  expect(box.height).toBeLessThanOrEqual(250);
  expect(box.scrolls).toBe(true);
  await dialog.getByRole('button', { name: 'Copy the list' }).click();
  await expect(page.getByText('List copied.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n')).toHaveLength(31);
  expect(copied).toContain('long.csv\nLine 1, column F: the value is empty');

  await dialog.getByRole('button', { name: 'Close' }).last().click(); // the footer's, not the title's ×

  // Lines only the server can refuse (a shop ID no shop has, a currency without a rate): the pre-check passes them,
  // the server answers FILE_VALIDATION_FAILED with the lines in its error's extensions, and the modal lists them.
  await dropFile(page, 'foreign.csv', ['F-1,2026-03-01T10:05:00+01:00,NOPE-1,1,9.99,EUR', 'F-2,2026-03-01T10:06:00+01:00,LDN-214,1,9.99,JPY'].join('\n'));
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByTestId('sales-error-lines').getByRole('listitem')).toHaveText([
    'Line 1, column C: no shop has this shop ID',
    'Line 2, column F: no exchange rate is set for this currency',
  ]);
  await expect(dialog).toContainText('The file was not kept');
  await dialog.getByRole('button', { name: 'Close' }).last().click(); // the footer's, not the title's ×

  // A browser that offers no clipboard to the page (as on an address served over plain HTTP).
  const plain = await browser.newContext({ baseURL, locale: 'en-US', storageState: await context.storageState() });
  try {
    await plain.addInitScript(() => Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined }));
    const other = await plain.newPage();
    await other.goto('/sales-metrics-import');
    await expect(other.getByTestId('sales-drop-zone')).toBeVisible();
    expect(await other.evaluate(() => navigator.clipboard === undefined)).toBe(true);
    await dropFile(other, 'long.csv', file);
    // The modal has opened with its thirty lines before its button is pressed, as above.
    await expect(other.getByRole('dialog').getByTestId('sales-error-lines').getByRole('listitem')).toHaveCount(30);
    await other.getByRole('dialog').getByRole('button', { name: 'Copy the list' }).click();
    await expect(other.getByText('The list could not be copied.')).toBeVisible();
  } finally {
    await plain.close();
  }
});

test('a burst of shop picks asks for periods and figures once, after the pause, with one usage event per 3 s', async ({ page }) => {
  // Every GraphQL operation the page sends, by name, with its variables.
  const sent: Array<{ name: string; variables: Record<string, unknown> }> = [];
  page.on('request', (request) => {
    for (const op of operationsOf(request)) if (op.operationName) sent.push({ name: op.operationName, variables: op.variables });
  });
  const named = (name: string) => sent.filter((s) => s.name === name);
  const filterEvents = () => named('RecordUsageEvents').filter((s) => JSON.stringify(s.variables).includes('salesFunnelFilterClicked'));

  await signedInAt(page, ADMIN, '/sales-funnel');
  await page.getByTestId('funnel-sites').click();
  await page.getByRole('option').nth(2).waitFor();
  // Three shops picked one frame apart, well within the 500 ms pause (clicks driven one by one from here could take longer on a busy machine).
  await page.evaluate(async () => {
    for (const option of [...document.querySelectorAll<HTMLElement>('[role="option"]')].slice(0, 3)) {
      option.click();
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  });
  await page.keyboard.press('Escape');
  const shopsInAddress = () => new URL(page.url()).searchParams.get('sites')?.split(',').length ?? 0;
  await expect.poll(shopsInAddress).toBe(3);
  await expect(page.getByTestId('funnel-table').getByRole('row')).toHaveCount(4); // the header and three shops (no month chosen: no total row)
  const three = named('SalesFunnelAvailablePeriods');
  expect(three.map((s) => (s.variables.siteIds as number[]).length)).toEqual([3]);
  expect(named('SalesFunnelMetrics').map((s) => (s.variables.siteIds as number[]).length)).toEqual([3]);
  expect(filterEvents()).toHaveLength(1);

  // Past the 3 s, one shop taken away: the periods of the two left are asked for, and a second event goes.
  await page.waitForTimeout(3_100);
  await page.getByTestId('funnel-sites').focus();
  await page.keyboard.press('Backspace');
  await expect.poll(shopsInAddress).toBe(2);
  await expect.poll(() => named('SalesFunnelAvailablePeriods').map((s) => (s.variables.siteIds as number[]).length)).toEqual([3, 2]);
  await expect.poll(() => filterEvents().length).toBe(2);
});

test('without app.salesFunnel read there is no funnel link, and its address leads home', async ({ page }) => {
  await signedInAt(page, VIEWER, '/analytics/sites');
  await expect(page.locator('header a[href="/sales-funnel"]')).toHaveCount(0);
  await expect(page.locator('header a[href="/sales-metrics-import"]')).toHaveCount(0);
  await page.goto('/sales-funnel?sites=1');
  await expect(page).toHaveURL(/\/analytics\/sites$/);
});

test('the import and funnel screens have no serious accessibility violation', async ({ page }) => {
  await signedInAt(page, ADMIN, '/analytics/sites');
  const serious = async () =>
    (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  await page.goto('/sales-metrics-import');
  await expect(page.getByRole('heading', { name: 'Shops and currencies' })).toBeVisible();
  expect(await serious()).toEqual([]);
  const shopId = await londonShop(page);
  await page.goto(`/sales-funnel?sites=${shopId}`);
  await expect(page.getByTestId('funnel-table')).toBeVisible();
  expect(await serious()).toEqual([]);
});

/** Where the funnel table's frame, rows, horizontal scrollbar and currency note are laid out. */
async function funnelLayout(page: Page) {
  const note = await page.getByText(/^Amounts in [A-Z]{3}\.$/).elementHandle();
  return page.evaluate((caption) => {
    const box = (el: Element | null) => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
    };
    const table = document.querySelector('[data-testid="funnel-table"]')!;
    const frame = table.closest('.mantine-ScrollArea-root');
    const viewport = table.closest('.mantine-ScrollArea-viewport');
    const bar = frame?.querySelector('.mantine-ScrollArea-scrollbar[data-orientation="horizontal"]') ?? null;
    const captionBox = box(caption);
    const onTop = captionBox && document.elementFromPoint(captionBox.left + captionBox.width / 2, captionBox.top + captionBox.height / 2);
    return {
      frame: box(frame),
      table: box(table),
      caption: captionBox,
      captionOnTop: !!onTop && !!caption?.contains(onTop),
      overflows: !!viewport && viewport.scrollWidth > viewport.clientWidth + 1,
      bar: bar && getComputedStyle(bar).visibility !== 'hidden' && getComputedStyle(bar).opacity !== '0' ? box(bar) : null,
      pageScrollsSideways: document.documentElement.scrollWidth > innerWidth,
    };
  }, note);
}

test('the funnel table: its currency note is under the scroll frame, not under its scrollbar; at 1024 px the table fits or shows its scrollbar', async ({ page }) => {
  await signedInAt(page, ADMIN, '/analytics/sites');
  const shopId = await londonShop(page);
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/sales-funnel?sites=${shopId}`);
    await expect(page.getByTestId('funnel-table').getByRole('row').nth(1)).toBeVisible();
    await page.getByText(/^Amounts in [A-Z]{3}\.$/).scrollIntoViewIfNeeded();
    const at = await funnelLayout(page);
    // The note below the frame (where the scrollbar is drawn), whole and the top element where it is.
    expect(at.caption!.top, `${width} px`).toBeGreaterThanOrEqual(at.frame!.bottom - 0.5);
    expect(at.captionOnTop, `${width} px`).toBe(true);
    expect(at.pageScrollsSideways, `${width} px`).toBe(false);
    expect(at.frame!.right, `${width} px`).toBeLessThanOrEqual(width);
    if (at.overflows) {
      // Wider than its frame: the scrollbar shows, below the rows rather than over the last one.
      expect(at.bar, `${width} px: a scrollbar`).not.toBeNull();
      expect(at.bar!.height).toBeGreaterThan(0);
      expect(at.bar!.top).toBeGreaterThanOrEqual(at.table!.bottom - 0.5);
    } else {
      expect(at.table!.right, `${width} px`).toBeLessThanOrEqual(at.frame!.right + 0.5);
    }
  }
});

/** The x positions of a text's characters as the page lays them out: a run reads left to right when they grow. */
async function readsLeftToRight(page: Page, text: string): Promise<boolean> {
  return page.evaluate((text) => {
    const walker = document.createTreeWalker(document.querySelector('[role="dialog"]')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(text);
      if (at < 0) continue;
      const range = document.createRange();
      const xs = [...text].map((_, i) => {
        range.setStart(node!, at + i);
        range.setEnd(node!, at + i + 1);
        return range.getBoundingClientRect().left;
      });
      return xs.every((x, i) => i === 0 || x > xs[i - 1]!);
    }
    throw new Error(`${text} is not in the dialog`);
  }, text);
}

test('an empty file, "1 column found", an encoding said and a mixed one listed; a spreadsheet bomb refused by the pre-check (issues 28, 29)', async ({ page }) => {
  await signedInAt(page, ADMIN, '/sales-metrics-import');

  await dropFile(page, 'empty.csv', '');
  await expect(page.getByTestId('sales-import-error')).toHaveText('This file is empty: it holds no receipt. Choose the file your till exported.');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await dropFile(page, 'short.csv', 'ONLY\nR-1,2026-03-01T10:05:00+01:00,LDN-214,1,9.99,GBP,extra');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('sales-error-lines').getByRole('listitem')).toHaveText(['Line 1: 1 column found, 6 expected', 'Line 2: 7 columns found, 6 expected']);
  await dialog.getByRole('button', { name: 'Close' }).last().click(); // the footer's, not the title's ×

  // A till's file in Windows-1252 ("Café" in one byte): read as such, and the page says so.
  const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const latin1 = `Caf\u00e9-${Date.now()},${day}T12:00:00Z,LDN-214,1,4.50,GBP\r\n`;
  await dropFile(page, 'caisse.csv', { base64: Buffer.from(latin1, 'latin1').toString('base64') });
  await expect(page.getByTestId('sales-file-encoding')).toHaveText('Read as Windows-1252 (Western European)');
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Receipts imported: 1. (read as Windows-1252 (Western European))')).toBeVisible();

  // The same with one line in UTF-8: refused, the other line listed.
  const mixed = Buffer.concat([Buffer.from(`Th\u00e9-1,${day}T12:00:00Z,LDN-214,1,4.50,GBP\r\n`, 'utf8'), Buffer.from(latin1, 'latin1')]);
  await dropFile(page, 'mixed.csv', { base64: mixed.toString('base64') });
  await expect(dialog.getByTestId('sales-error-lines').getByRole('listitem')).toHaveText(['Line 2, column A: this line is not in UTF-8, unlike line 1: save the whole file as UTF-8 (CSV UTF-8) and choose it again']);
  await dialog.getByRole('button', { name: 'Close' }).last().click(); // the footer's, not the title's ×

  // 1.5 GB of shared strings declared as 1 KB, in 1.5 MB: the pre-check stops at the limit, the tab lives.
  await dropFile(page, 'bomb.xlsx', { base64: Buffer.from(xlsxBomb('lying', 1536 * 1024 * 1024)).toString('base64') });
  await expect(page.getByTestId('sales-import-error')).toContainText('This file unpacks to more than a sales file can hold');
  await expect(page.getByTestId('sales-file-preview')).toHaveCount(0);
});

test('in Arabic, the error modal keeps dates and the file name left to right, and counts columns in Arabic plural forms', async ({ page }) => {
  await signedInAt(page, ADMIN, '/user-profile/preferences');
  await chooseLanguage(page, 'العربية', 'ar');
  try {
    await page.goto('/sales-metrics-import');
    await dropFile(page, 'ventes-2026-03.csv', ['R-1,2026-03-01 at 10,LDN-214,1,9.99,GBP', 'A,B', 'ONLY'].join('\n'));
    const lines = page.getByRole('dialog').getByTestId('sales-error-lines').getByRole('listitem');
    await expect(lines).toHaveCount(3);
    await expect(lines.nth(1)).toContainText('عُثر على عمودين، والمتوقع 6');
    await expect(lines.nth(2)).toContainText('عُثر على عمود واحد، والمتوقع 6');
    expect(await readsLeftToRight(page, '2026-03-01T10:05:00+01:00')).toBe(true);
    expect(await readsLeftToRight(page, 'ventes-2026-03.csv')).toBe(true);
    await page.screenshot({ path: screenshotPath('sales-import-errors-ar.png') });
    await page.getByRole('dialog').getByRole('button', { name: 'إغلاق' }).last().click();
  } finally {
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
  }
});

test('a funnel link to a month without sales shows that month, chosen, with the no-results text, and no funnel bars (in English and Arabic)', async ({ page }) => {
  await signedInAt(page, ADMIN, '/analytics/sites');
  const shopId = await londonShop(page);
  const funnel = page.getByRole('figure', { name: 'Sales funnel: passers-by, visitors and buyers' });
  // A month with sales draws the three bars.
  await page.goto(`/sales-funnel?sites=${shopId}`);
  await expect(funnel.getByTestId('funnel-steps')).toBeVisible();
  await expect(funnel.getByTestId('funnel-step-pedestrians')).not.toHaveText('-');

  await page.goto(`/sales-funnel?sites=${shopId}&dates=2020-10-01`);
  await expect(page.getByTestId('funnel-table')).toContainText('No results for these filters.');
  await expect(page.getByTestId('funnel-dates').locator('..').locator('..')).toContainText('October 2020');
  expect(new URL(page.url()).searchParams.get('dates')).toBe('2020-10-01');
  // Without a figure the chart says so, with no bar, no '-' and no rate that could pass for data.
  await expect(funnel).toHaveText('No funnel to show for these filters.');
  await expect(funnel.getByTestId('funnel-steps')).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('sales-funnel-empty-month.png') });

  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'العربية', 'ar');
  try {
    await page.goto(`/sales-funnel?sites=${shopId}&dates=2020-10-01`);
    await expect(page.getByTestId('funnel-table')).toContainText('لا توجد نتائج لهذه المرشحات.');
    await expect(page.getByRole('figure', { name: 'مسار المبيعات: المارّة والزوار والمشترون' })).toHaveText('لا يوجد مسار لعرضه لهذه المرشحات.');
    await page.screenshot({ path: screenshotPath('sales-funnel-empty-month-ar.png') });
  } finally {
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
  }
});

/** Every shop of the funnel and every month with sales, as one funnel address: the widest table the demo gives. */
async function everyShopAndMonth(page: Page): Promise<string> {
  const login = await page.request.post('/graphql', { data: { query: `query { login(email: "${ADMIN.email}", password: "${ADMIN.password}") }` } });
  const token = ((await login.json()) as { data: { login: string } }).data.login;
  const ask = async <T,>(query: string) => ((await (await page.request.post('/graphql', { data: { query }, headers: { authorization: `Bearer ${token}` } })).json()) as { data: T }).data;
  const ids = (await ask<{ salesFunnelSites: Array<{ siteId: number }> }>('{ salesFunnelSites { siteId } }')).salesFunnelSites.map((s) => s.siteId);
  const periods = (await ask<{ salesFunnelAvailablePeriods: Array<{ datePeriodStart: string }> }>(`{ salesFunnelAvailablePeriods(siteIds: [${ids.join(',')}]) { datePeriodStart } }`)).salesFunnelAvailablePeriods;
  return `/sales-funnel?sites=${ids.join(',')}&dates=${periods.map((p) => p.datePeriodStart).join(',')}`;
}

test('at 1024 px the funnel table of every shop fits without a scrollbar in English; in German, whose long words cannot fit, it scrolls with the shop column kept in view', async ({ page }) => {
  await signedInAt(page, ADMIN, '/analytics/sites');
  const funnel = await everyShopAndMonth(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(funnel);
  await expect(page.getByTestId('funnel-total')).toBeVisible();
  const english = await funnelLayout(page);
  expect(english.overflows, 'the English table is wider than its frame').toBe(false);

  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'Deutsch', 'de');
  try {
    await page.goto(funnel);
    await expect(page.getByTestId('funnel-total')).toBeVisible();
    const shopCells = page.getByTestId('funnel-table').locator('tbody th');
    const scrolled = await page.getByTestId('funnel-table').evaluate((table) => {
      const viewport = table.closest('.mantine-ScrollArea-viewport') as HTMLElement;
      const overflows = viewport.scrollWidth > viewport.clientWidth + 1;
      viewport.scrollLeft = viewport.scrollWidth;
      return { overflows, frameLeft: viewport.getBoundingClientRect().left, scrolledBy: viewport.scrollLeft };
    });
    expect(scrolled.overflows).toBe(true);
    expect(scrolled.scrolledBy).toBeGreaterThan(0);
    // Scrolled to the turnover, each shop's name is still where it was, whole, and drawn over the figures passing under it.
    for (const cell of await shopCells.all()) {
      const at = await cell.evaluate((th) => {
        const r = th.getBoundingClientRect();
        const name = th.querySelector('p') ?? th;
        const n = name.getBoundingClientRect();
        const top = document.elementFromPoint(n.left + 4, n.top + n.height / 2);
        return { left: r.left, nameOnTop: !!top && th.contains(top) };
      });
      expect(at.left).toBeLessThanOrEqual(scrolled.frameLeft + 1.5);
      expect(at.nameOnTop).toBe(true);
    }
  } finally {
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
  }
});

test('the keyboard keeps its place on the import screen: to Upload once the file is checked, back to the picker once it is removed or imported', async ({ page }) => {
  await signedInAt(page, ADMIN, '/sales-metrics-import');
  const picker = page.getByTestId('sales-drop-zone').getByRole('button');
  const upload = page.getByRole('button', { name: 'Upload' });
  const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const file = `FOCUS-${Date.now()},${day}T12:00:00Z,LDN-214,1,3.20,GBP`;

  // The picker in use while the file is checked (it is disabled meanwhile): Upload is next.
  await picker.focus();
  await dropFile(page, 'focus.csv', file);
  await expect(page.getByTestId('sales-file-preview')).toBeVisible();
  await expect(upload).toBeFocused();

  // Removed by the keyboard: the remove control is gone, the picker takes the focus.
  await page.getByRole('button', { name: 'Remove focus.csv' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sales-file-preview')).toHaveCount(0);
  await expect(picker).toBeFocused();

  // Uploaded by the keyboard: the file is imported and cleared, the picker takes the focus for the next one.
  await dropFile(page, 'focus.csv', file);
  await expect(upload).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Receipts imported: 1.')).toBeVisible();
  await expect(picker).toBeFocused();
});
