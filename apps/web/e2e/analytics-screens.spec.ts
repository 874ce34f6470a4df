import { type APIRequestContext, expect, test, type Page } from '@playwright/test';
import { isoDateAddDays } from '@sitelens/domain';
import { type DemoSite, adminState, demoSite, retailOn, totalOf, yesterdayOf } from './analyticsHelpers.ts';
import { chooseLanguage, screenshotPath, shoppingCentreSite } from './helpers.ts';

// The README's screenshots of the three installation pages, in English and Arabic at 1440 px, once
// every widget has settled (issue 22). Other checks live in the specs of each item.

test.use({ storageState: async ({ browser, baseURL }, provide) => provide(await adminState(browser, baseURL)), viewport: { width: 1440, height: 900 } });

async function shoot(page: Page, path: string, name: string, dir: 'ltr' | 'rtl'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
  const widgets = page.locator('section[data-widget-type]');
  await expect(widgets.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('section[data-widget-type][data-status="loading"]')).toHaveCount(0, { timeout: 30_000 });
  // No catalogue key, no English unit left in a translated page.
  await expect(page.locator('main')).not.toContainText(/\b(dashStatic|spatial\.plan|widgetFrame)\./);
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}

test('the counting, air-quality and energy pages in English and Arabic', async ({ page, request }) => {
  // Six full-page screenshots once every widget has settled, and a language switch each way: more than
  // the default 90 s on a busy machine, and a timeout would leave the shared administrator in Arabic.
  test.setTimeout(240_000);
  const centre = await shoppingCentreSite(request);
  const office = await demoSite(request, 'Harbour Point Offices');
  const pages: Array<[string, string]> = [
    [`/counting/${centre.id}`, 'counting'],
    [`/atmosphere/${office.id}`, 'atmosphere'],
    [`/energy/${office.id}`, 'energy'],
  ];
  for (const [path, name] of pages) await shoot(page, path, `${name}.png`, 'ltr');
  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'العربية', 'ar');
  try {
    for (const [path, name] of pages) await shoot(page, path, `${name}-ar.png`, 'rtl');
    // The site's place under its name, with the Arabic comma ("London، المملكة المتحدة"; it had a Latin one).
    const place = page.locator('[data-page-heading]').locator('xpath=../following-sibling::p[1]');
    await expect(place).toHaveText(/\S، \S/);
    await expect(place).not.toContainText(',');
    // The Arabic evolution line: the number keeps its sign and unit in reading order (on a day whose
    // previous day had visitors: from a Tuesday, yesterday's previous day is a closed Sunday).
    const day = await dayWithEvolution(request, await demoSite(request, centre.name));
    await page.goto(`/counting/${centre.id}?from=${day}&to=${day}`);
    const evolution = page.locator('[data-metric="visitorsIn"] bdi[dir="ltr"]').last();
    await expect(evolution).toHaveText(/^[+-]?\d[\d.,]*%$/);
    // Measured as drawn: the sign left of the digits, the percent sign right of them.
    const lefts = await evolution.evaluate((el) => {
      const text = el.firstChild as Text;
      const at = (i: number) => {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        return range.getBoundingClientRect().left;
      };
      const chars = [...text.data];
      const digit = chars.findIndex((c) => /\d/.test(c));
      return { digit: at(digit), percent: at(chars.indexOf('%')), sign: /[+-]/.test(text.data) ? at(chars.findIndex((c) => /[+-]/.test(c))) : null };
    });
    expect(lefts.percent).toBeGreaterThan(lefts.digit);
    if (lefts.sign !== null) expect(lefts.sign).toBeLessThan(lefts.digit);
  } finally {
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
  }
});

/** The latest day before today that, like the day before it, had visitors: its KPIs show an evolution. */
async function dayWithEvolution(request: APIRequestContext, site: DemoSite): Promise<string> {
  const visitors = async (day: string) => totalOf(await retailOn(request, site, day, {}, { metric: 'visitorsIn', groupBy: { type: 'all', aggregation: 'sum' } }));
  let day = yesterdayOf(site);
  for (let i = 0; i < 7; i++, day = isoDateAddDays(day, -1)) {
    if ((await visitors(day)) > 0 && (await visitors(isoDateAddDays(day, -1))) > 0) return day;
  }
  throw new Error(`no day with visitors on two days running in the week before ${yesterdayOf(site)}`);
}
