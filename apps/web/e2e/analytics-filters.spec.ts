import { expect, test } from '@playwright/test';
import { businessDate, isoDateAddDays } from '@sitelens/domain';
import { adminState, demoSite } from './analyticsHelpers.ts';

// Issue 22, items 3 and 7: a page offers only the filters its metrics can use, never the internal
// topology tags; the custom date range says what is wrong with a date and refuses a reversed range.

test.use({ storageState: async ({ browser, baseURL }, provide) => provide(await adminState(browser, baseURL)) });

test('air-quality and energy pages offer no gender, engagement or tag filters; counting offers them, never topology', async ({ page, request }) => {
  const office = await demoSite(request, 'Harbour Point Offices');
  for (const kind of ['atmosphere', 'energy']) {
    await page.goto(`/${kind}/${office.id}`);
    await page.getByTestId('filter-bar-toggle').click();
    const editor = page.getByTestId('filter-bar-editor');
    await expect(editor.getByTestId('hours-control')).toBeVisible();
    await expect(editor.getByTestId('gender-control')).toHaveCount(0);
    await expect(editor.getByTestId('engagement-control')).toHaveCount(0);
    await expect(editor.getByRole('textbox', { name: /Brand category|Region|topology/i })).toHaveCount(0);
    await expect(page.getByTestId('filter-bar')).not.toContainText(/genders|visitors|Brand category|Region|topology/i);
  }
  // A shared link asking for a gender on the air-quality page does not filter it.
  await page.goto(`/atmosphere/${office.id}?gender=MALE`);
  await expect(page.getByTestId('filter-bar')).toBeVisible();
  await expect(page.getByTestId('filter-bar')).not.toContainText(/\bMen\b/);

  const centre = await demoSite(request, 'Galeries Rhône');
  await page.goto(`/counting/${centre.id}`);
  await page.getByTestId('filter-bar-toggle').click();
  const editor = page.getByTestId('filter-bar-editor');
  await expect(editor.getByTestId('gender-control')).toBeVisible();
  await expect(editor.getByTestId('engagement-control')).toBeVisible();
  await expect(editor.getByRole('textbox', { name: 'Brand category' })).toBeVisible();
  await expect(page.getByTestId('filter-bar')).not.toContainText(/topology/i);
});

test('a reversed custom range is refused with "must be greater than", and a filled date never reads as missing', async ({ page, request }) => {
  const site = await demoSite(request, 'Galeries Rhône');
  const today = businessDate(Date.now(), site.timezone, site.change_of_day_time);
  const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');
  await page.goto(`/counting/${site.id}`);
  await page.getByTestId('filter-bar-toggle').click();
  await page.getByTestId('timespan-control').click();
  const from = page.getByTestId('custom-range-0-dateBegin');
  const to = page.getByTestId('custom-range-0-dateEnd');
  await from.fill(ddmmyyyy(isoDateAddDays(today, -3)));
  await page.getByTestId('custom-range-apply').click();
  const range = page.getByTestId('custom-range-0');
  await expect(range).toContainText('This field is required');
  // The end typed before the start: kept as typed, refused, and not reported as missing.
  await to.fill(ddmmyyyy(isoDateAddDays(today, -6)));
  await from.click();
  await expect(to).toHaveValue(ddmmyyyy(isoDateAddDays(today, -6)));
  await expect(range).toContainText('Must be greater than “From”');
  await expect(range).not.toContainText('This field is required');
  await expect(page.getByTestId('custom-range-apply')).toBeDisabled();
  // Corrected, it applies.
  await to.fill(ddmmyyyy(isoDateAddDays(today, -1)));
  await expect(range).not.toContainText(/required|greater/);
  await page.getByTestId('custom-range-apply').click();
  await expect(page.getByTestId('date-range-picker')).toBeHidden();
});

test('a link whose period or zone the site cannot show says so above the figures, instead of showing others as its own', async ({ page, request }) => {
  const site = await demoSite(request, 'Galeries Rhône');
  const today = businessDate(Date.now(), site.timezone, site.change_of_day_time);
  const notice = page.getByTestId('link-filters-notice');
  // Before the site's data, and a zone of no such site: both said, in the reader's language.
  await page.goto(`/counting/${site.id}?from=2015-01-01&to=2015-01-07&zone=99999`);
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Part of this link could not be used');
  await expect(notice.locator('[data-part]')).toHaveText([/^Its period is outside this site's data/, /^Its zone is not one of this site's zones/]);
  // The page's own default instead (spec 001 §4: Today, or Yesterday while the site is closed).
  await expect(page).toHaveURL(/timespan=(today|yesterday)\b/);
  expect(page.url()).not.toMatch(/2015|99999/);
  // Closed by the reader.
  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(notice).toHaveCount(0);
  // A period still to come.
  await page.goto(`/counting/${site.id}?from=${isoDateAddDays(today, 30)}&to=${isoDateAddDays(today, 36)}`);
  await expect(notice.locator('[data-part]')).toHaveText([/^Its period is outside/]);
  // A link the page can show as asked says nothing.
  await page.goto(`/counting/${site.id}?from=${isoDateAddDays(today, -7)}&to=${isoDateAddDays(today, -1)}`);
  await expect(page.getByTestId('filter-bar')).toBeVisible();
  await expect(notice).toHaveCount(0);
});
