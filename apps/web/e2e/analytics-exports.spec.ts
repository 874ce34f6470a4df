import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { adminState, demoSite, settledWidget, widgetOfType, yesterdayOf } from './analyticsHelpers.ts';

// Issue 22, item 4: a widget's CSV opens as a person expects (named columns with units, names, site
// times in the user's date format, no empty columns, a file name with site, widget and dates) and
// its PNG carries the title, the site and the dates.

test.use({ storageState: async ({ browser, baseURL }, provide) => provide(await adminState(browser, baseURL)) });

test('the hourly chart exports a readable CSV and a PNG with its heading', async ({ page, request }) => {
  const site = await demoSite(request, 'Galeries Rhône');
  const day = yesterdayOf(site);
  await page.goto(`/counting/${site.id}?from=${day}&to=${day}`);
  const line = widgetOfType(page, 'lineChart').first();
  expect(await settledWidget(line)).toBe('data');

  await line.getByRole('button', { name: /Options for/ }).click();
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download as CSV' }).click()]);
  expect(csv.suggestedFilename()).toBe(`galeries-rhone_visitors-per-hour_${day}.csv`);
  const rows = readFileSync((await csv.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .map((line) => line.split(','));
  expect(rows[0]).toEqual(['Time', 'Visitors in', 'Visitors out']);
  // The first bucket in the site's time zone (Europe/Paris), as the chart shows it, in DD/MM/YYYY.
  const [y, m, d] = day.split('-');
  expect(rows[1]![0]).toMatch(new RegExp(`^${d}/${m}/${y} \\d{2}:00$`));
  const firstHour = rows[1]![0]!.slice(-5);
  await expect(line.locator('svg text', { hasText: firstHour }).first()).toBeAttached();
  expect(rows.slice(1).every((row) => row.length === 3 && row.slice(1).every((cell) => /^\d+$/.test(cell)))).toBe(true);

  await line.getByRole('button', { name: /Options for/ }).click();
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download as PNG' }).click()]);
  expect(png.suggestedFilename()).toBe(`galeries-rhone_visitors-per-hour_${day}.png`);
  // Read back in the page: the heading rows at the top hold dark text (the title), not white.
  const image = readFileSync((await png.path())!).toString('base64');
  const inked = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const g = canvas.getContext('2d')!;
    g.drawImage(img, 0, 0);
    const top = g.getImageData(0, 0, img.width, 60).data;
    let dark = 0;
    for (let i = 0; i < top.length; i += 4) if (top[i]! < 100 && top[i + 1]! < 100 && top[i + 2]! < 100) dark += 1;
    return dark;
  }, image);
  expect(inked).toBeGreaterThan(200);
});

// A chart is a picture: a screen reader heard "Visitors per hour, 48 values" and nothing of them. Its
// figures open as a table from the widget's menu, by keyboard too, and close back onto the menu.
test("a chart's figures open as a table, by keyboard, and close back to its menu", async ({ page, request }) => {
  const site = await demoSite(request, 'Galeries Rhône');
  const day = yesterdayOf(site);
  await page.goto(`/counting/${site.id}?from=${day}&to=${day}`);
  const line = widgetOfType(page, 'lineChart').first();
  expect(await settledWidget(line)).toBe('data');

  const options = line.getByRole('button', { name: /Options for/ });
  await options.focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: 'Show as a table' });
  await expect(item).toBeVisible();
  await item.focus();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: /Visitors per hour: the figures/ });
  await expect(dialog).toBeVisible();
  const table = dialog.getByRole('table', { name: 'Visitors per hour' });
  await expect(table.getByRole('columnheader')).toHaveText(['Time', 'Visitors in', 'Visitors out']);
  // One row per hour the site was open, each named by its time (a row header) in the user's date format.
  const [y, m, d] = day.split('-');
  const rowHeaders = table.getByRole('rowheader');
  const count = Number(/^(\d+) rows, as in the CSV file$/.exec((await table.locator('caption').textContent()) ?? '')?.[1]);
  expect(count).toBeGreaterThan(1);
  await expect(rowHeaders).toHaveCount(count);
  await expect(rowHeaders.first()).toHaveText(new RegExp(`^${d}/${m}/${y} \\d{2}:00$`));
  // Its figures are the chart's: the table's visitors in add up to the chart's drawn total with visitors out.
  const cells = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((c) => Number(c.textContent!.replace(/[^\d.]/g, '')))));
  const sum = cells.reduce((a, row) => a + row.reduce((b, v) => b + v, 0), 0);
  expect(sum).toBe(Number(await line.getByTestId('chart').getAttribute('data-total')));

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(options).toBeFocused();
});
