import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request, test } from '@playwright/test';
import { type AppliedFilters, businessDate, isoDateAddDays, toRetailConditions } from '@sitelens/domain';
import { ADMIN, acceptCookies, chooseLanguage, screenshotPath, shoppingCentreSite, signIn } from './helpers.ts';
import { type DemoSite, demoSites, gql, loginToken, openWithFilterBar } from './filtersHelpers.ts';
import { type RetailInput, type RetailResult, retailAnswer, seriesFigures } from './graphqlOperations.ts';

async function seriousViolations(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`) }));
}

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

/** The visitors-per-hour request of the page's line chart, and what the page received for it. */
const lineChartAnswer = (page: Page, when: (input: RetailInput) => boolean) => retailAnswer(page, (i) => i.metric === 'visitorsIn' && i.groupBy?.type === 'date' && when(i));

const hasDay = (i: RetailInput) => (i.filters?.conditions ?? []).some((c) => c.type === 'day');

async function siteAndZone(request: Parameters<typeof loginToken>[0]) {
  const token = await loginToken(request);
  const ref = await shoppingCentreSite(request);
  const site = (await demoSites(request, token)).find((s) => s.id === ref.id) as DemoSite;
  const { zonesByInstallation } = await gql<{ zonesByInstallation: Array<{ id: number; name: string; parentIds: number[]; isDeleted: boolean }> }>(
    request,
    token,
    'query($id:Int!){ zonesByInstallation(installationId:$id){ id name parentIds isDeleted } }',
    { id: site.id },
  );
  const child = zonesByInstallation.find((z) => !z.isDeleted && z.parentIds.length > 0)!;
  return { token, site, child };
}

test('a custom two-range timespan, IS NOT weekend and a zone give the figures the API gives; reload and a short link show the same view', async ({ page, context, request, baseURL, browser }) => {
  const { token, site, child } = await siteAndZone(request);
  const today = businessDate(Date.now(), site.timezone, site.change_of_day_time);
  const ranges = [
    { dateBegin: isoDateAddDays(today, -12), dateEnd: isoDateAddDays(today, -9) },
    { dateBegin: isoDateAddDays(today, -5), dateEnd: isoDateAddDays(today, -2) },
  ];
  await acceptCookies(context, baseURL);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openWithFilterBar(page, `/counting/${site.id}`);

  await page.getByTestId('filter-bar-toggle').click();
  const apply = page.getByTestId('filter-apply');
  await expect(apply).toBeDisabled();

  // Custom timespan: two ranges typed in; a missing date blocks the picker's apply.
  await page.getByTestId('timespan-control').click();
  await page.getByTestId('custom-range-0-dateBegin').fill(ddmmyyyy(ranges[0]!.dateBegin));
  await page.getByTestId('custom-range-apply').click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByTestId('custom-range-0-dateEnd').fill(ddmmyyyy(ranges[0]!.dateEnd));
  await page.getByRole('button', { name: 'Add a range' }).click();
  await page.getByTestId('custom-range-1-dateBegin').fill(ddmmyyyy(ranges[1]!.dateBegin));
  await page.getByTestId('custom-range-1-dateEnd').fill(ddmmyyyy(ranges[1]!.dateEnd));
  await page.getByTestId('custom-range-apply').click();
  await expect(page.getByTestId('timespan-dropdown')).toBeHidden();

  // Day filter IS NOT Saturday, Sunday.
  await page.getByTestId('day-add').click();
  await page.getByTestId('day-operator').click();
  await page.getByRole('option', { name: 'Day is not' }).click();
  await page.getByTestId('day-item-0').click();
  await page.getByRole('option', { name: 'Saturday' }).click();
  await page.getByTestId('day-add').click();
  await page.getByTestId('day-item-1').click();
  await page.getByRole('option', { name: 'Sunday' }).click();

  // One zone.
  await page.getByTestId('zone-control').click();
  await page.getByRole('checkbox', { name: child.name, exact: true }).check();
  await page.keyboard.press('Escape');

  await expect(apply).toBeEnabled();
  const answered = lineChartAnswer(page, hasDay);
  await apply.click();
  const { input, result } = await answered;

  // The page asked exactly for these filters (dates OR, conditions AND, the zone as a zone condition)...
  const expected: AppliedFilters = { timespans: ranges, day: { operator: 'IS_NOT', days: [6, 7] }, zoneId: child.id, gender: 'ALL', engagement: 'ALL', tagIds: [] };
  const conditions = toRetailConditions(expected, { timezone: site.timezone, changeOfDayTime: site.change_of_day_time });
  expect(input.filters?.conditions).toEqual(conditions);
  expect(conditions).toContainEqual({ type: 'zone', values: [String(child.id)] });
  expect(input.target).toBeUndefined();
  // ...and shows what the API answers for the same filters.
  const api = await gql<{ retailData: RetailResult }>(
    request,
    token,
    'query($input: RetailDataInput!){ retailData(input:$input){ series { key points { t key value } } } }',
    { input: { installationId: site.id, metric: 'visitorsIn', granularity: input.granularity, groupBy: input.groupBy, filters: { operator: 'AND', conditions }, target: { kind: 'zone', ids: [child.id] } } },
  );
  expect(seriesFigures(result.series)).toEqual(seriesFigures(api.retailData.series));
  const numeric = api.retailData.series.flatMap((s) => s.points).filter((p) => typeof p.value === 'number');
  expect(numeric.length).toBeGreaterThan(0);
  // No Saturday or Sunday point, no point outside the two ranges.
  for (const p of numeric) {
    const day = businessDate(Date.parse(p.t!), site.timezone, site.change_of_day_time);
    expect(ranges.some((r) => day >= r.dateBegin && day <= r.dateEnd)).toBe(true);
  }

  const chips = page.getByTestId('filter-preview');
  await expect(chips).toContainText(`${ddmmyyyy(ranges[0]!.dateBegin)} – ${ddmmyyyy(ranges[0]!.dateEnd)}`);
  await expect(chips).toContainText('Day is not Sat, Sun');
  await expect(chips).toContainText(child.name);
  await expect(page).toHaveURL(new RegExp(`from=${ranges[0]!.dateBegin}&to=${ranges[0]!.dateEnd}&from=${ranges[1]!.dateBegin}&to=${ranges[1]!.dateEnd}.*dayOp=IS_NOT&day=6&day=7&zone=${child.id}`));
  const chipTexts = await chips.getByRole('listitem').allInnerTexts();

  // Reload: the same view, the same request.
  const reloaded = lineChartAnswer(page, hasDay);
  await page.reload();
  expect((await reloaded).input.filters?.conditions).toEqual(conditions);
  await expect(page.getByTestId('filter-preview').getByRole('listitem')).toHaveText(chipTexts);

  // Share: a short link, copied, opened by a colleague in a fresh browser context.
  await page.getByTestId('share-button').click();
  const toast = page.getByText(/^Link copied: /);
  await expect(toast).toBeVisible();
  // The link is one left-to-right run (isolates around it) and is shown whole.
  const link = (await toast.innerText()).replace('Link copied: ', '').replace(/[\u2066-\u2069]/g, '').trim();
  expect(await toast.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  expect(link).toMatch(/\/t\/[0-9A-Za-z]{12}$/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  const colleague = await browser.newContext();
  await acceptCookies(colleague, baseURL);
  const other = await colleague.newPage();
  // Signed out, the short link leads through the login page and back to the filtered view.
  await other.goto(link);
  await signIn(other, ADMIN);
  await expect(other).toHaveURL(new RegExp(`/counting/${site.id}\\?from=${ranges[0]!.dateBegin}`));
  await expect(other.getByTestId('filter-preview').getByRole('listitem')).toHaveText(chipTexts);
  await colleague.close();
});

test('bad URL input opens the default view: no error page, nothing of another organization', async ({ page, context, request, baseURL }) => {
  const { site } = await siteAndZone(request);
  await acceptCookies(context, baseURL);
  await openWithFilterBar(page, `/counting/${site.id}`);
  const defaults = await page.getByTestId('filter-preview').getByRole('listitem').allInnerTexts();

  const requests: Request[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/graphql')) requests.push(r);
  });
  await openWithFilterBar(page, `/counting/${site.id}?from=2026-13-45&to=yesterday&from=2019-02-30&to=2019-03-01&timespan=forever&dayOp=MAYBE&day=9&zone=999999&zone=1e3&tag=99999&event=99999&gender=ROBOT&hours=night`);
  await expect(page.getByTestId('filter-preview').getByRole('listitem')).toHaveText(defaults);
  await expect(page.getByRole('heading', { level: 1, name: site.name })).toBeVisible();
  // No id of the URL is asked for: the unknown zone is not a target of any widget.
  for (const r of requests) expect(r.postData() ?? '').not.toContain('999999');
  await expect(page).not.toHaveURL(/999999|2026-13-45|ROBOT/);
});

test('the quick date choices are reached and chosen with the keyboard alone: Tab and arrows move between them, Enter picks one', async ({ page, context, request, baseURL }) => {
  const { site } = await siteAndZone(request);
  await acceptCookies(context, baseURL);
  await openWithFilterBar(page, `/counting/${site.id}`);
  await page.getByTestId('filter-bar-toggle').click();
  const control = page.getByTestId('timespan-control');
  await expect(control).not.toContainText('Last 7 days');

  await control.focus();
  await page.keyboard.press('Enter');
  const dropdown = page.getByTestId('timespan-dropdown');
  await expect(dropdown).toBeVisible();
  const choices = dropdown.getByRole('group', { name: 'Quick choices' });
  await expect(choices.getByRole('button', { name: 'Today', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(choices.getByRole('button', { name: 'Yesterday', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const week = choices.getByRole('button', { name: 'Last 7 days (last week)', exact: true });
  await expect(week).toBeFocused();
  // Up from the first choice goes round to the last (Custom), End there too; Home back to the first.
  await page.keyboard.press('End');
  await expect(choices.getByRole('button', { name: 'Custom', exact: true })).toBeFocused();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(week).toBeFocused();
  await page.keyboard.press('Enter');

  // The choice is taken, the picker closes and the keyboard is back on its button.
  await expect(dropdown).toBeHidden();
  await expect(control).toBeFocused();
  await expect(control).toHaveText('Timespan: Last 7 days (last week)');
  await page.getByTestId('filter-apply').click();
  await expect(page.getByTestId('filter-preview')).toContainText('Last 7 days (last week)');

  // Opened again, the chosen one is the current one, and only it.
  await page.getByTestId('filter-bar-toggle').click();
  await control.click();
  await expect(choices.locator('[aria-current="true"]')).toHaveText('Last 7 days (last week)');
  await page.keyboard.press('Escape');
});

test('the filter bar open and the date picker have no serious accessibility violation; screenshots in English and Arabic', async ({ page, context, request, baseURL }) => {
  const { site, child } = await siteAndZone(request);
  /** How far a zone's box sits from the start of the line (the left in English, the right in Arabic). */
  const zoneIndent = async (name: string | null, rtl: boolean) => {
    const dropdown = page.getByTestId('zone-dropdown');
    const box = (await (name ? dropdown.getByRole('checkbox', { name, exact: true }) : dropdown.getByRole('checkbox').first()).boundingBox())!;
    const area = (await dropdown.boundingBox())!;
    return rtl ? area.x + area.width - (box.x + box.width) : box.x - area.x;
  };
  await acceptCookies(context, baseURL);
  await openWithFilterBar(page, `/counting/${site.id}`);
  await page.getByTestId('filter-bar-toggle').click();
  await expect(page.getByTestId('filter-bar-editor')).toBeVisible();
  expect(await seriousViolations(page, '[data-testid="filter-bar"]')).toEqual([]);
  await page.getByTestId('filter-bar').screenshot({ path: screenshotPath('filter-bar.png') });
  await page.getByTestId('zone-control').click();
  expect(await zoneIndent(child.name, false)).toBeGreaterThan((await zoneIndent(null, false)) + 10);
  await page.keyboard.press('Escape');

  await page.getByTestId('timespan-control').click();
  const dropdown = page.getByTestId('timespan-dropdown');
  await expect(dropdown).toBeVisible();
  const box = (await dropdown.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(730);
  expect(box.height).toBeLessThanOrEqual(498);
  expect(await seriousViolations(page, '[data-testid="timespan-dropdown"]')).toEqual([]);
  await page.screenshot({ path: screenshotPath('date-picker.png') });
  await page.keyboard.press('Escape');

  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'العربية', 'ar');
  try {
    await openWithFilterBar(page, `/counting/${site.id}`);
    await page.getByTestId('filter-bar-toggle').click();
    await expect(page.getByTestId('filter-bar-editor')).toBeVisible();
    await page.getByTestId('filter-bar').screenshot({ path: screenshotPath('filter-bar-ar.png') });
    // A sub-zone is indented from the start of the line: from the right in Arabic.
    await page.getByTestId('zone-control').click();
    expect(await zoneIndent(child.name, true)).toBeGreaterThan((await zoneIndent(null, true)) + 10);
    await page.keyboard.press('Escape');
    await page.getByTestId('timespan-control').click();
    await expect(page.getByTestId('timespan-dropdown')).toBeVisible();
    await page.screenshot({ path: screenshotPath('date-picker-ar.png') });
  } finally {
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
  }
});

test('the keyboard stays in the filter bar: removing a chip, a day or a range, Undo, Apply and the global buttons never drop it to the page', async ({ page, context, request, baseURL }) => {
  const { site } = await siteAndZone(request);
  const today = businessDate(Date.now(), site.timezone, site.change_of_day_time);
  await acceptCookies(context, baseURL);
  await openWithFilterBar(page, `/counting/${site.id}?timespan=last7Days&gender=MALE&engagement=ENGAGED`);
  const toggle = page.getByTestId('filter-bar-toggle');
  const chips = page.getByTestId('filter-preview');

  // A removed chip hands the keyboard to the remove button now in its place, else the one before,
  // else (nothing left to remove) to the Filters button.
  await chips.getByRole('button', { name: 'Remove filter Men' }).focus();
  await page.keyboard.press('Enter');
  await expect(chips).toContainText('All genders');
  await expect(chips.getByRole('button', { name: 'Remove filter Engaged' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(chips).toContainText('All visitors');
  await expect(chips.getByRole('button', { name: 'Remove filter Last 7 days (last week)' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(chips).not.toContainText('Last 7 days');
  await expect(toggle).toBeFocused();

  // Days: the next day's remove button, then "Add a day" once none is left.
  await page.keyboard.press('Enter');
  const days = page.getByTestId('day-filter');
  await page.getByTestId('day-add').click();
  await page.getByTestId('day-add').click();
  await days.getByRole('button', { name: 'Remove Monday' }).focus();
  await page.keyboard.press('Enter');
  await expect(days.getByRole('button', { name: 'Remove Tuesday' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('day-add')).toBeFocused();

  // Custom ranges: removing one takes the keyboard to the first date of the range now in its place.
  await page.getByTestId('timespan-control').click();
  await page.getByTestId('custom-range-0-dateBegin').fill(ddmmyyyy(isoDateAddDays(today, -12)));
  await page.getByTestId('custom-range-0-dateEnd').fill(ddmmyyyy(isoDateAddDays(today, -9)));
  await page.getByRole('button', { name: 'Add a range' }).click();
  await page.getByTestId('custom-range-1-dateBegin').fill(ddmmyyyy(isoDateAddDays(today, -5)));
  await page.getByTestId('custom-range-1-dateEnd').fill(ddmmyyyy(isoDateAddDays(today, -2)));
  await page.getByRole('button', { name: 'Remove range 1' }).focus();
  await page.keyboard.press('Enter');
  const first = page.getByTestId('custom-range-0-dateBegin');
  await expect(first).toBeFocused();
  await expect(first).toHaveValue(ddmmyyyy(isoDateAddDays(today, -5)));
  await page.getByTestId('custom-range-apply').click();
  await expect(page.getByTestId('timespan-dropdown')).toBeHidden();

  // Undo turns itself disabled: the keyboard goes to the Filters button, the editor stays open.
  const undo = page.getByTestId('filter-undo');
  await undo.focus();
  await page.keyboard.press('Enter');
  await expect(undo).toBeDisabled();
  await expect(toggle).toBeFocused();
  await expect(page.getByTestId('filter-bar-editor')).toBeVisible();

  // Apply folds the editor it sits in: the keyboard goes back to the Filters button.
  await page.getByTestId('gender-control').getByText('Women').click();
  await page.getByTestId('filter-apply').focus();
  await page.keyboard.press('Enter');
  await expect(chips).toContainText('Women');
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // Saving global filters says so; clearing them says so and leaves the keyboard on Save.
  await page.keyboard.press('Enter');
  const save = page.getByTestId('global-save');
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Filters saved for this page', { exact: true })).toBeVisible();
  const clear = page.getByTestId('global-clear');
  await clear.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Global filters cleared', { exact: true })).toBeVisible();
  await expect(clear).toBeDisabled();
  await expect(save).toBeFocused();
});
