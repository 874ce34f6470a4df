import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { defaultZoneId, formatIsoDate, isoDateAddDays } from '@sitelens/domain';
import { adminToken, gqlAs } from './dashboardsHelpers.ts';
import { ADMIN, acceptCookies, isoOfShownDay, chooseLanguage, screenshotPath, shoppingCentreSite, signedInAt, wholePageScreenshot } from './helpers.ts';
import { mailsTo, parseMail } from './outbox.ts';

// Issue 29 items 10 and 11, issue 28 item 7: an export too large to attach goes as a link of the
// recipient's own, whose page downloads or revokes it; the recent exports say what each one holds,
// its rows estimated until it is written; the report and export screens in Arabic. The form opens
// with its zone filled in (the filter bar's default zone of the site), from the header too.
/**
 * Three days of one zone per minute (4,320 rows, about 100 KB): past the 64 KB the e2e server
 * attaches. The first day is typed in the user's date format; returns the days as YYYY-MM-DD.
 */
async function exportPerMinute(page: Page, siteId: number) {
  await page.goto(`/export-data?installationId=${siteId}`);
  await expect(page.getByTestId('export-form')).toBeVisible({ timeout: 30_000 });
  // The site's highest zone is there without being chosen.
  await expect(page.getByTestId('export-zone')).not.toHaveValue('');
  const to = isoOfShownDay(await page.getByTestId('export-to').inputValue());
  const from = isoDateAddDays(to, -2);
  await page.getByTestId('export-from').fill(formatIsoDate(from, 'DD/MM/YYYY'));
  await page.getByTestId('export-from').press('Tab');
  await page.getByLabel('Include subzone data').uncheck();
  await page.getByTestId('export-granularity').click();
  await page.getByRole('option', { name: 'Minute', exact: true }).click();
  await page.getByTestId('export-submit').click();
  return { from, to };
}

/** Each of the admin's sites by name, with the zone the filter bar starts on (the highest zone in service). */
async function sitesWithDefaultZone(request: APIRequestContext) {
  const token = await adminToken(request);
  const { allInstallations } = await gqlAs<{ allInstallations: Array<{ id: number; name: string }> }>(request, token, '{ allInstallations { id name } }');
  const sites = [];
  for (const site of allInstallations) {
    const { zonesByInstallation } = await gqlAs<{ zonesByInstallation: Array<{ id: number; name: string; parentIds: number[]; isDisabled: boolean; isDeleted: boolean }> }>(
      request,
      token,
      `{ zonesByInstallation(installationId: ${site.id}) { id name parentIds isDisabled isDeleted } }`,
    );
    const live = zonesByInstallation.filter((z) => !z.isDeleted);
    const zoneId = defaultZoneId({ zones: live.map((z) => ({ id: z.id, parentId: z.parentIds[0] ?? null, isDisabled: z.isDisabled })), pageKind: 'counting' });
    sites.push({ ...site, zone: live.find((z) => z.id === zoneId)?.name ?? '' });
  }
  return sites;
}

test('the export form opens from the header ready to send: the site’s highest zone, following the site', async ({ page, context, baseURL, request }) => {
  const sites = await sitesWithDefaultZone(request);
  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, '/analytics');
  const header = page.getByRole('navigation', { name: 'Main navigation' });
  await header.getByRole('link', { name: 'Export data', exact: true }).click();
  await expect(page.getByTestId('export-form')).toBeVisible({ timeout: 30_000 });
  // The caller's first site is chosen, and so is its highest zone: nothing to pick before exporting.
  const opened = sites[0]!;
  expect(opened.zone).not.toBe('');
  await expect(page.getByTestId('export-site')).toHaveValue(opened.name);
  await expect(page.getByTestId('export-zone')).toHaveValue(opened.zone);
  // A zone filled in for the user is no change of theirs: leaving asks nothing.
  await header.getByRole('link', { name: 'Analytics', exact: true }).click();
  await expect(page).toHaveURL(/\/analytics/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Another site: its own highest zone follows.
  await header.getByRole('link', { name: 'Export data', exact: true }).click();
  await expect(page.getByTestId('export-zone')).toHaveValue(opened.zone);
  const other = sites.find((s) => s.id !== opened.id && s.zone !== '' && s.zone !== opened.zone)!;
  expect(other).toBeDefined();
  await page.getByTestId('export-site').click();
  await page.getByRole('option', { name: other.name, exact: true }).click();
  await expect(page.getByTestId('export-site')).toHaveValue(other.name);
  await expect(page.getByTestId('export-zone')).toHaveValue(other.zone);
});

/** How the calendar names a day for screen readers in English (Mantine's "D MMMM YYYY"). */
const dayLabel = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

test('the date pickers offer no day after the site’s today (its rows would be empty), and a later day typed says so', async ({ page, context, baseURL }) => {
  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, '/export-data');
  await expect(page.getByTestId('export-form')).toBeVisible({ timeout: 30_000 });
  // The form opens on yesterday on the site's clock: today is the day after it, the last one to choose.
  const yesterday = isoOfShownDay(await page.getByTestId('export-to').inputValue());
  const [today, tomorrow] = [isoDateAddDays(yesterday, 1), isoDateAddDays(yesterday, 2)];
  for (const field of ['export-from', 'export-to']) {
    await page.getByTestId(field).click();
    await expect(page.getByRole('button', { name: dayLabel(yesterday), exact: true })).toBeEnabled();
    // Tomorrow is shown disabled, or not at all when it is in a month that cannot be opened.
    await expect(page.locator(`button[aria-label="${dayLabel(tomorrow)}"]:not([data-disabled])`)).toHaveCount(0);
    await page.getByTestId(field).press('Escape');
    await expect(page.getByRole('button', { name: dayLabel(yesterday), exact: true })).toHaveCount(0);
  }
  // Typed, tomorrow is not taken: it stays as typed and the field says why, on its own field; today is taken.
  const to = page.getByTestId('export-to');
  const from = page.getByTestId('export-from');
  await to.fill(formatIsoDate(tomorrow, 'DD/MM/YYYY'));
  await to.press('Tab');
  await expect(to).toHaveValue(formatIsoDate(tomorrow, 'DD/MM/YYYY'));
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(`Choose a day no later than ${formatIsoDate(today, 'DD/MM/YYYY')}: later days have no data yet.`)).toBeVisible();
  await expect(from).not.toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Escape');
  await page.getByTestId('export-submit').click();
  await expect(from).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('The export is being generated')).toHaveCount(0);
  await to.fill(formatIsoDate(today, 'DD/MM/YYYY'));
  await to.press('Tab');
  await expect(to).toHaveValue(formatIsoDate(today, 'DD/MM/YYYY'));
  await expect(to).not.toHaveAttribute('aria-invalid', 'true');
  // Enter in the field with a later day typed: the day is checked first and nothing is sent.
  await to.fill(formatIsoDate(tomorrow, 'DD/MM/YYYY'));
  await to.press('Enter');
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(`Choose a day no later than ${formatIsoDate(today, 'DD/MM/YYYY')}: later days have no data yet.`)).toBeVisible();
  await expect(page.getByText('The export is being generated')).toHaveCount(0);
  await to.fill(formatIsoDate(today, 'DD/MM/YYYY'));
  await to.press('Tab');
  // Not a date: said so, not "required".
  await to.fill('hello');
  await to.press('Tab');
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter a valid date.')).toBeVisible();
  // Emptied: "required" on the empty field, not on the filled one.
  await to.fill('');
  await to.press('Tab');
  await page.keyboard.press('Escape');
  await page.getByTestId('export-submit').click();
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(from).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('This field is required.')).toHaveCount(1);
});

test('an export over the row limit says so on the “to” field, before anything is sent, and what to do', async ({ page, context, baseURL, request }) => {
  const site = await shoppingCentreSite(request);
  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, '/export-data');
  await expect(page.getByTestId('export-form')).toBeVisible({ timeout: 30_000 });
  await page.goto(`/export-data?installationId=${site.id}`);
  await expect(page.getByTestId('export-form')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('export-zone')).not.toHaveValue('');
  const to = isoOfShownDay(await page.getByTestId('export-to').inputValue());
  // A year per minute with the subzones: over 1,000,000 rows.
  await page.getByTestId('export-from').fill(formatIsoDate(isoDateAddDays(to, -360), 'DD/MM/YYYY'));
  await page.getByTestId('export-from').press('Tab');
  await page.getByTestId('export-granularity').click();
  await page.getByRole('option', { name: 'Minute', exact: true }).click();
  let asked = 0;
  page.on('request', (r) => (r.postData() ?? '').includes('exportData(') && (asked += 1));
  await page.getByTestId('export-submit').click();
  const message = 'This export would exceed 1,000,000 rows. Shorten the period or choose a coarser granularity (for example 15 minutes or hour).';
  await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByTestId('export-to')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('export-from')).not.toHaveAttribute('aria-invalid', 'true');
  expect(asked).toBe(0);
  await page.screenshot({ path: screenshotPath('export-too-many-rows.png'), fullPage: true });
  // A coarser granularity clears it.
  await page.getByTestId('export-granularity').click();
  await page.getByRole('option', { name: 'Hour', exact: true }).click();
  await expect(page.getByText(message)).toHaveCount(0);
});

test('a large export: estimated rows until written, a link of the recipient’s own whose page downloads it, then revokes it', async ({ page, context, baseURL, request, browser }) => {
  test.setTimeout(180_000);
  const site = await shoppingCentreSite(request);
  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, '/export-data');
  await expect(page.getByTestId('export-form')).toBeVisible({ timeout: 30_000 });
  // The days show in the user's date format (DD/MM/YYYY), not in the browser's (en-US: 03/04/2026 for 4 March).
  await page.goto(`/export-data?installationId=${site.id}&from=2026-03-04&to=2026-03-06`);
  await expect(page.getByTestId('export-from')).toHaveValue('04/03/2026');
  await expect(page.getByTestId('export-to')).toHaveValue('06/03/2026');
  const before = mailsTo(ADMIN.email).length;
  const days = await exportPerMinute(page, site.id);
  // While it is written, the total is what the period should hold, and says so; the typed day was read in that format.
  const latest = page.getByTestId('recent-export').first();
  await expect(latest.getByTestId('recent-export-period')).toHaveText(` · ${formatIsoDate(days.from, 'DD/MM/YYYY')} to ${formatIsoDate(days.to, 'DD/MM/YYYY')}`);
  await expect(latest.getByTestId('recent-export-rows')).toContainText('(estimated)');
  await expect(latest).toHaveAttribute('data-status', 'SENT', { timeout: 90_000 });
  await expect(latest.getByTestId('recent-export-rows')).toHaveText(/^[\d,]+ rows$/);
  await expect(latest.getByTestId('recent-export-link')).toHaveText('Download link active');
  // The list downloads it too, for the recipient signed in (their own link, checked on the server).
  const fromList = page.waitForEvent('download');
  await latest.getByTestId('recent-export-download').click();
  const listed = await fromList;
  expect(listed.suggestedFilename()).toMatch(/\.xlsx$/);
  const listedBook = new ExcelJS.Workbook();
  await listedBook.xlsx.readFile((await listed.path())!);
  expect(listedBook.getWorksheet('Data')!.rowCount).toBeGreaterThan(1);
  // Sent: leaving the page asks nothing.
  await page.locator('a[href="/analytics"]:visible').first().click();
  await expect(page).toHaveURL(/\/analytics/);
  await expect(page.getByRole('dialog', { name: 'Unsaved changes' })).toHaveCount(0);
  await page.goto('/export-data');
  await expect.poll(() => mailsTo(ADMIN.email).length, { timeout: 30_000 }).toBeGreaterThan(before);

  const mail = await parseMail(mailsTo(ADMIN.email).at(-1)!);
  expect(mail.attachments).toHaveLength(0);
  const link = /\/export-download\?token=[\w-]+/.exec(mail.text ?? '')![0];

  // The link's page needs no session; opening it changes nothing.
  for (const [locale, shot] of [['ar', 'export-download-ar.png'], ['de', null], ['en-US', 'export-download.png']] as const) {
    const stranger = await browser.newContext({ locale });
    await acceptCookies(stranger, baseURL);
    const visitor = await stranger.newPage();
    await visitor.goto(`${baseURL}${link}`);
    await expect(visitor.getByTestId('export-download')).toBeVisible();
    // Its dates as the export mail writes them in the page's language (a German page wrote 03/03/2026).
    await expect(visitor.getByTestId('export-download-period')).toHaveText(locale === 'de' ? /\d{2}\.\d{2}\.\d{4}\D+\d{2}\.\d{2}\.\d{4}/ : /\d{2}\/\d{2}\/\d{4}\D+\d{2}\/\d{2}\/\d{4}/);
    if (shot) await visitor.screenshot({ path: screenshotPath(shot), fullPage: true });
    if (locale !== 'en-US') {
      await expect(visitor.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      await stranger.close();
      continue;
    }
    await expect(visitor.getByTestId('export-download')).toContainText(site.name);
    const downloading = visitor.waitForEvent('download');
    await visitor.getByTestId('export-download-file').click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await file.path())!);
    const rows = book.getWorksheet('Data')!.rowCount - 1;
    await expect(latest.getByTestId('recent-export-rows')).toHaveText(`${rows.toLocaleString('en')} rows`);
    // Revoked from its page: the page says so, the file no longer comes, the list shows it.
    await visitor.getByTestId('export-download-revoke').click();
    await visitor.getByTestId('export-download-revoke-confirm').click();
    await expect(visitor.getByTestId('export-download-revoked')).toBeVisible();
    expect((await visitor.request.get(`${baseURL}/api/exports/${link.split('=')[1]}`)).status()).toBe(404);
    await stranger.close();
  }
  await page.goto('/export-data');
  await expect(page.getByTestId('recent-export').first().getByTestId('recent-export-link')).toHaveText('Download link revoked', { timeout: 30_000 });
  await expect(page.getByTestId('recent-export').first().getByTestId('recent-export-revoke')).toHaveCount(0);
});

test('whoever asked for an export revokes its links from the recent exports', async ({ page, context, baseURL, request }) => {
  test.setTimeout(180_000);
  const site = await shoppingCentreSite(request);
  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, '/export-data');
  await expect(page.getByTestId('export-form')).toBeVisible({ timeout: 30_000 });
  const before = mailsTo(ADMIN.email).length;
  await exportPerMinute(page, site.id);
  const latest = page.getByTestId('recent-export').first();
  await expect(latest).toHaveAttribute('data-status', 'SENT', { timeout: 90_000 });
  await expect.poll(() => mailsTo(ADMIN.email).length, { timeout: 30_000 }).toBeGreaterThan(before);
  const mail = await parseMail(mailsTo(ADMIN.email).at(-1)!);
  const token = /\/export-download\?token=([\w-]+)/.exec(mail.text ?? '')![1]!;
  expect((await page.request.get(`/api/exports/${token}`)).status()).toBe(200);
  await latest.getByTestId('recent-export-revoke').click();
  await page.getByTestId('recent-export-revoke-confirm').click();
  await expect(page.getByText('The download links were revoked.')).toBeVisible();
  await expect(latest.getByTestId('recent-export-link')).toHaveText('Download link revoked');
  expect((await page.request.get(`/api/exports/${token}`)).status()).toBe(404);
});

test('the report and export screens in Arabic: plurals, right to left; the admin goes back to English', async ({ page, context, baseURL, request }) => {
  test.setTimeout(180_000);
  // A weekly report of 7 days for the list (the demo has none of its own).
  const site = await shoppingCentreSite(request);
  const token = await adminToken(request);
  const { zonesByInstallation, allEventsByInstallation } = await gqlAs<{ zonesByInstallation: Array<{ id: number; parentIds: number[] }>; allEventsByInstallation: Array<{ id: number; metrics: string[]; neverEnding: boolean }> }>(
    request,
    token,
    `{ zonesByInstallation(installationId: ${site.id}) { id parentIds } allEventsByInstallation(installationId: ${site.id}) { id metrics neverEnding } }`,
  );
  const zone = zonesByInstallation.find((z) => z.parentIds.length === 0)!;
  const event = allEventsByInstallation.find((e) => e.neverEnding && e.metrics.includes('counting'))!;
  await gqlAs(
    request,
    token,
    `mutation { createScheduledReport(input: { title: "Weekly footfall ${Date.now()}", language: "ar", installationId: ${site.id}, eventId: ${event.id}, zoneId: ${zone.id}, sendDay: 1, hour: 8, daysIncluded: 7, granularity: 86400, emails: ["${ADMIN.email}"] }) { id } }`,
  );
  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, '/user-profile/preferences');
  await chooseLanguage(page, 'العربية', 'ar');
  try {
    await page.goto('/reports/new');
    await page.getByTestId('report-site').click();
    await page.getByRole('option').first().click();
    // Seven days is "7 أيام" (few), not "7 يومًا".
    await expect(page.getByTestId('report-next-send')).toContainText('بأرقام 7 أيام من');
    await expect(page.getByTestId('report-next-send')).toContainText('المنطقة الزمنية للموقع: ');
    await page.getByTestId('report-days').fill('11');
    await expect(page.getByTestId('report-next-send')).toContainText('بأرقام 11 يومًا من');
    await page.getByTestId('report-days').fill('7');
    await wholePageScreenshot(page, 'report-form-ar.png');
    await page.goto('/reports');
    await expect(page.getByTestId('report-row').first()).toContainText('7 أيام');
    await wholePageScreenshot(page, 'reports-list-ar.png');
    await page.goto('/export-data');
    await expect(page.getByTestId('recent-export').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await wholePageScreenshot(page, 'export-data-ar.png');
  } finally {
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
  }
  await page.goto('/reports/new');
  await page.getByTestId('report-site').click();
  await page.getByRole('option').first().click();
  await expect(page.getByTestId('report-next-send')).toContainText('with the figures of the 7 days from');
  await wholePageScreenshot(page, 'report-form.png');
  await page.goto('/reports');
  await expect(page.getByTestId('report-row').first()).toBeVisible();
  await wholePageScreenshot(page, 'reports-list.png');
});

test('turnover goes only to people allowed sales figures: the server refuses the viewer as a recipient, and the toast says why', async ({ page, context, baseURL, request }) => {
  const token = await adminToken(request);
  const { allInstallations } = await gqlAs<{ allInstallations: Array<{ id: number; families: string[] }> }>(request, token, '{ allInstallations { id families } }');
  const shop = allInstallations.find((s) => s.families.includes('sales'))!;
  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, `/export-data?installationId=${shop.id}`);
  await expect(page.getByTestId('export-form')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('export-data-type').click();
  await page.getByRole('option', { name: 'Turnover', exact: true }).click();
  await page.getByTestId('export-recipients').click();
  await page.getByRole('option', { name: /viewer@sitelens\.example/ }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('export-submit').click();
  await expect(page.getByText('A recipient may not see these figures: choose only people whose profile allows them.')).toBeVisible();
});
