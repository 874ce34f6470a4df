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
