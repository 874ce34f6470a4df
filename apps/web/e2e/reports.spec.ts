import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { formatDate, formatIsoDate, nextOccurrence, periodLabels, periodName, reportPeriod, reportScheduleRule, timeZoneDisplayName } from '@sitelens/domain';
import { adminToken, gqlAs } from './dashboardsHelpers.ts';
import { ADMIN, acceptCookies, chooseLanguage, isoOfShownDay, screenshotPath, shoppingCentreSite, signedInAt, wholePageScreenshot } from './helpers.ts';
import { mailsTo, parseMail } from './outbox.ts';

// Scheduled reports (issue 16): created in the form, sent now to oneself, unsubscribed from the
// link of the e-mail received. Without SMTP_URL the server writes each e-mail to DATA_DIR/outbox/mail.

/** A counting site of the demo whose business day starts after midnight (issue 29 item 8), with its zone and change of day. */
async function siteWithChangeOfDay(request: Parameters<typeof adminToken>[0]) {
  const token = await adminToken(request);
  const { allInstallations } = await gqlAs<{ allInstallations: Array<{ id: number; name: string; families: string[]; timezone: string; change_of_day_time: string }> }>(
    request,
    token,
    '{ allInstallations { id name families timezone change_of_day_time } }',
  );
  const site = allInstallations.find((i) => i.families.includes('counting') && i.change_of_day_time !== '00:00')!;
  expect(site, 'a demo counting site whose day starts after midnight').toBeTruthy();
  return site;
}

/** The shopping centre, its top zone and its never-ending counting event: what a report is made of. */
async function siteZoneAndEvent(request: APIRequestContext) {
  const site = await shoppingCentreSite(request);
  const token = await adminToken(request);
  const { zonesByInstallation, allEventsByInstallation } = await gqlAs<{
    zonesByInstallation: Array<{ id: number; name: string; parentIds: number[] }>;
    allEventsByInstallation: Array<{ id: number; name: string; metrics: string[]; neverEnding: boolean }>;
  }>(request, token, `{ zonesByInstallation(installationId: ${site.id}) { id name parentIds } allEventsByInstallation(installationId: ${site.id}) { id name metrics neverEnding } }`);
  const zone = zonesByInstallation.find((z) => z.parentIds.length === 0)!;
  const event = allEventsByInstallation.find((e) => e.neverEnding && e.metrics.includes('counting'))!;
  return { site, token, zone, event };
}

/**
 * One step: the five fields a report needs, in the order a user fills them (title, site, event,
 * zone, then each address, added with Enter).
 */
async function fillReport(page: Page, report: { title: string; site: string; event: string; zone: string; emails: string[] }) {
  await test.step(`fill the report form: ${report.title}`, async () => {
    await page.getByTestId('report-title').fill(report.title);
    await page.getByTestId('report-site').click();
    await page.getByRole('option', { name: report.site }).click();
    await page.getByTestId('report-event').click();
    await page.getByRole('option', { name: report.event }).click();
    await page.getByTestId('report-zone').click();
    await page.getByRole('option', { name: report.zone, exact: true }).click();
    for (const email of report.emails) {
      await page.getByTestId('report-emails').fill(email);
      await page.keyboard.press('Enter');
    }
  });
}

test('a report created in the form (days kept as typed, out of range refused) is sent now as a test to oneself, with nothing to unsubscribe from', async ({ page, context, baseURL, request }) => {
  const { site, token, zone, event } = await siteZoneAndEvent(request);
  const title = `Morning footfall ${Date.now()}`;

  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, '/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await page.getByTestId('reports-create').click();
  await expect(page).toHaveURL(/\/reports\/new$/);

  // Saving an empty form shows what is missing, and stays.
  await page.getByTestId('report-save').click();
  await expect(page.getByText('Add at least one e-mail address.')).toBeVisible();
  await expect(page).toHaveURL(/\/reports\/new$/);

  await fillReport(page, { title, site: site.name, event: event.name, zone: zone.name, emails: [ADMIN.email] });
  // The site's time zone and the next send (Monday 08:00 by default, 7 days), by the server's rules.
  const { allInstallations } = await gqlAs<{ allInstallations: Array<{ id: number; timezone: string; change_of_day_time: string }> }>(request, token, '{ allInstallations { id timezone change_of_day_time } }');
  const { timezone: tz, change_of_day_time: changeOfDay } = allInstallations.find((i) => i.id === site.id)!;
  const next = nextOccurrence(reportScheduleRule(1, 8), tz, Date.now());
  const covered = periodLabels(periodName(...reportPeriod(next, 7, tz, changeOfDay), tz, changeOfDay), { format: 'DD/MM/YYYY', tz });
  // The zone by its name in English, its IANA id kept in parentheses ("United Kingdom Time (Europe/London)").
  await expect(page.getByTestId('report-next-send')).toContainText(`Site time zone: ${timeZoneDisplayName(tz, 'en', Date.now())} (${tz})`);
  await expect(page.getByTestId('report-next-send')).toContainText(`Next send: Monday ${formatDate(next, { format: 'DD/MM/YYYY', tz })} at 08:00, with the figures of the 7 days from ${covered.from} to ${covered.to}.`);
  // An address that is not one is named in the error, and Save keeps the form.
  await page.getByTestId('report-emails').fill('store.manager@');
  await page.keyboard.press('Enter');
  await page.getByTestId('report-save').click();
  await expect(page.getByText('This e-mail address is not valid: store.manager@', { exact: true })).toBeVisible();
  await page.getByTestId('report-emails').press('Backspace');
  await page.getByTestId('report-emails').fill('store.manager@example.com');
  await page.keyboard.press('Enter');

  // A number of days out of range is kept as typed, said to be out of range, and not saved (never clamped on blur).
  const days = page.getByTestId('report-days');
  for (const typed of ['400', '2.5', '0', '-3', '']) {
    await days.fill(typed);
    await days.blur();
    await expect(days).toHaveValue(typed);
    await page.getByTestId('report-save').click();
    await expect(page.getByText('Choose between 1 and 366 days.', { exact: true })).toBeVisible();
    await expect(days).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/reports\/new$/);
  }
  await days.fill('7');
  await days.blur();
  await expect(days).toHaveValue('7');
  await expect(page.getByText('Choose between 1 and 366 days.', { exact: true })).toHaveCount(0);

  // Leaving with changes asks first (save, discard, cancel); cancel stays.
  await page.getByTestId('report-cancel').click();
  await expect(page.getByTestId('guard-save')).toBeVisible();
  await page.getByTestId('guard-cancel').click();

  await page.getByTestId('report-save').click();
  await expect(page).toHaveURL(/\/reports$/);
  const row = page.getByTestId('report-row').filter({ hasText: title });
  await expect(row).toContainText(site.name);
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Every Monday at 08:00');
  await expect(row).toContainText('7 days');

  // The home page lists it among the next scheduled reports.
  await page.goto('/home');
  const listed = page.getByTestId('home-reports').getByTestId('home-report').filter({ hasText: title });
  await expect(listed).toContainText(site.name);
  // Its next send in the site's time, the zone named, as the report's page says it (not the user's own clock).
  await expect(listed.getByTestId('home-report-when')).toContainText(`${formatDate(next, { format: 'DD/MM/YYYY', tz })} at 08:00 (${timeZoneDisplayName(tz, 'en', Date.now())})`);
  await expect(listed.getByTestId('home-report-when')).toHaveAttribute('title', tz);
  await page.goto('/reports');
  await row.getByRole('link', { name: title }).click();
  await expect(page.getByTestId('report-title')).toHaveValue(title);
  const before = mailsTo(ADMIN.email).length;
  await page.getByTestId('report-send-now').click();
  await expect(page.getByText('The report is on its way to your mailbox.')).toBeVisible();
  await expect.poll(() => mailsTo(ADMIN.email).length, { timeout: 30_000 }).toBeGreaterThan(before);

  const mail = await parseMail(mailsTo(ADMIN.email).at(-1)!);
  expect(mail.subject).toContain(title);
  expect(mail.attachments.map((a) => a.contentType)).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  // A test on the sender's request: said so, and nothing to unsubscribe from (neither header nor link),
  // since the sender need not be on the list and the list is not changed by a test.
  expect(mail.subject).toMatch(/^Test: /);
  expect(mail.text).toContain(`This is a test of the report, sent at your request to ${ADMIN.email} only. Its recipients did not receive it.`);
  expect(mail.text).not.toContain('on its list of recipients');
  expect(mail.text).not.toContain('unsubscribe');
  expect(mail.html || '').not.toContain('unsubscribe');
  expect(mail.headers.has('list')).toBe(false);
  expect(mail.headers.has('list-unsubscribe')).toBe(false);
  expect(mailsTo('store.manager@example.com')).toHaveLength(0);

  // The unsubscribe page needs no session and, opened (as a mail scanner does), changes nothing: it
  // asks first. A link that is no (longer a) valid one says so; it never says an address was removed.
  const link = `/unsubscribe-confirm?token=not-a-token-${Date.now()}`;
  const arabic = await page.context().browser()!.newContext({ locale: 'ar' });
  await acceptCookies(arabic, baseURL);
  const reader = await arabic.newPage();
  await reader.goto(`${baseURL}${link}`);
  await expect(reader.getByTestId('unsubscribe-confirm')).toContainText('هل تريد التوقف عن تلقي هذا التقرير على هذا العنوان؟');
  await expect(reader.locator('html')).toHaveAttribute('dir', 'rtl');
  await reader.screenshot({ path: screenshotPath('unsubscribe-ar.png') });
  await arabic.close();
  const stranger = await page.context().browser()!.newContext({ locale: 'en-US' });
  await acceptCookies(stranger, baseURL);
  const visitor = await stranger.newPage();
  await visitor.goto(`${baseURL}${link}`);
  await expect(visitor.getByTestId('unsubscribe-confirm')).toContainText('Stop sending this report to this address?');
  await visitor.screenshot({ path: screenshotPath('unsubscribe.png') });
  await visitor.getByTestId('unsubscribe-button').click();
  await expect(visitor.getByTestId('unsubscribe-invalid')).toBeVisible();
  await expect(visitor.getByTestId('unsubscribe-success')).toHaveCount(0);
  await stranger.close();

  await page.goto('/reports');
  const after = page.getByTestId('report-row').filter({ hasText: title });
  await expect(after).toContainText('store.manager@example.com');
  await expect(after).toContainText(ADMIN.email);
});

test('the site page’s Export opens the export form for that site; exporting validates, then mails the XLSX to the chosen user', async ({ page, context, baseURL, request }) => {
  const site = await shoppingCentreSite(request);
  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, `/counting/${site.id}`);
  await page.getByTestId('installation-export').click();
  await expect(page).toHaveURL(new RegExp(`/export-data\\?installationId=${site.id}`));
  await expect(page.getByTestId('export-site')).toHaveValue(site.name);

  // Every field is required: without a start date the form says so and sends nothing.
  const fromField = page.getByTestId('export-from');
  const from = isoOfShownDay(await fromField.inputValue());
  await fromField.fill('');
  await fromField.press('Tab');
  await page.getByTestId('export-submit').click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  // Typed back in the user's date format.
  await fromField.fill(formatIsoDate(from, 'DD/MM/YYYY'));
  await fromField.press('Tab');
  await expect(fromField).toHaveValue(formatIsoDate(from, 'DD/MM/YYYY'));

  // The page's zone filter comes along when the page had one; otherwise the site's default zone.
  await expect(page.getByTestId('export-zone')).not.toHaveValue('');
  await page.getByTestId('export-granularity').click();
  await page.getByRole('option', { name: 'Hour', exact: true }).click();
  const before = mailsTo(ADMIN.email).length;
  await page.getByTestId('export-submit').click();
  await expect(page.getByText('The export is being generated and sent. It may take a few minutes.')).toBeVisible();
  // Every zone of the site with its subzones, through the engine: allow for a busy machine.
  await expect.poll(() => mailsTo(ADMIN.email).length, { timeout: 60_000 }).toBeGreaterThan(before);
  // The screen follows the export until it is sent.
  await expect(page.getByTestId('recent-export').first()).toHaveAttribute('data-status', 'SENT', { timeout: 30_000 });
  const mail = await parseMail(mailsTo(ADMIN.email).at(-1)!);
  expect(mail.subject).toContain(site.name);
  expect(mail.attachments[0]?.filename).toMatch(/\.xlsx$/);
  // The list names what was sent: the period as the site's days, the data, granularity and format,
  // when it was asked, and the rows written (every hour of every zone, with or without data).
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(mail.attachments[0]!.content as unknown as ArrayBuffer);
  const written = book.getWorksheet('Data')!.rowCount - 1;
  const latest = page.getByTestId('recent-export').first();
  await expect(latest.getByTestId('recent-export-period')).toHaveText(` · ${formatIsoDate(from, 'DD/MM/YYYY')} to ${formatIsoDate(isoOfShownDay(await page.getByTestId('export-to').inputValue()), 'DD/MM/YYYY')}`);
  await expect(latest.getByTestId('recent-export-what')).toHaveText('Counting (entries and exits) · Hour · Excel (XLSX)');
  await expect(latest.getByTestId('recent-export-asked')).toContainText(`Asked on ${formatDate(Date.now(), { format: 'DD/MM/YYYY', tz: Intl.DateTimeFormat().resolvedOptions().timeZone })} at `);
  await expect(latest.getByTestId('recent-export-rows')).toHaveText(`${written.toLocaleString('en')} rows`);
  await wholePageScreenshot(page, 'export-data.png');

  // Leaving the changed form asks first (changes are lost).
  await page.getByTestId('export-granularity').click();
  await page.getByRole('option', { name: 'Day', exact: true }).click();
  await page.getByRole('link', { name: 'Reports' }).first().click();
  await expect(page.getByTestId('guard-discard')).toBeVisible();
});

test('Send once mails the report for the chosen days and zones, to the addresses given, named as the site counts its days', async ({ page, context, baseURL, request }) => {
  // A site whose day starts after midnight: the last day chosen is the last day named (issue 29 item 8).
  const site = await siteWithChangeOfDay(request);
  const token = await adminToken(request);
  const { zonesByInstallation } = await gqlAs<{ zonesByInstallation: Array<{ id: number; name: string; parentIds: number[] }> }>(
    request,
    token,
    `{ zonesByInstallation(installationId: ${site.id}) { id name parentIds } }`,
  );
  const [first, second] = zonesByInstallation.filter((z) => z.parentIds.length > 0);
  const recipient = `once.${Date.now()}@example.com`;

  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, '/reports');
  await page.getByTestId('reports-send-once').click();
  await expect(page).toHaveURL(/\/reports\/send-once$/);
  // Without a zone it says so and sends nothing.
  await page.getByTestId('report-once-send').click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/reports\/send-once$/);

  // The form opens on the caller's first site; choosing it again would clear it.
  if ((await page.getByTestId('report-once-site').inputValue()) !== site.name) {
    await page.getByTestId('report-once-site').click();
    await page.getByRole('option', { name: site.name }).click();
  }
  for (const zone of [first!, second!]) {
    await page.getByTestId('report-once-zones').click();
    await page.getByRole('option', { name: zone.name, exact: true }).click();
  }
  await page.keyboard.press('Escape');
  await page.getByTestId('report-once-emails').fill(recipient);
  await page.keyboard.press('Enter');
  const [fromDate, toDate] = [isoOfShownDay(await page.getByTestId('report-once-from').inputValue()), isoOfShownDay(await page.getByTestId('report-once-to').inputValue())];
  await page.getByTestId('report-once-send').click();
  await expect(page.getByText('The report is being built and will arrive by e-mail shortly.')).toBeVisible();
  await expect(page).toHaveURL(/\/reports$/);

  await expect.poll(() => mailsTo(recipient).length, { timeout: 60_000 }).toBe(1);
  const mail = await parseMail(mailsTo(recipient)[0]!);
  expect(mail.subject).toContain(site.name);
  expect(mail.subject).toMatch(new RegExp(`${formatIsoDate(fromDate, 'DD/MM/YYYY')} to ${formatIsoDate(toDate, 'DD/MM/YYYY')}$`));
  const xlsx = mail.attachments.find((a) => a.contentType === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')!;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.content as unknown as ArrayBuffer);
  // The summary names both zones; the data sheet has a row per day of the last 7, each named by its
  // date without a time (a day starting at 05:00 is not "05:00"), days without data included.
  expect(String(workbook.worksheets[0]!.getRow(3).getCell(2).value)).toBe(`${first!.name} and ${second!.name}`);
  const data = workbook.worksheets[1]!;
  expect(data.getRow(1).getCell(1).value).toBe('Day');
  expect(data.rowCount - 1).toBe(7);
  expect(data.getRow(2).getCell(1).value).toEqual(new Date(`${fromDate}T00:00:00Z`));
  expect(data.getRow(8).getCell(1).value).toEqual(new Date(`${toDate}T00:00:00Z`));
  expect(data.getRow(2).getCell(1).numFmt).toBe('dd/mm/yyyy');
});

test('the list in Arabic: addresses a left-to-right run with "+N more" after them in Arabic, every Monday said whole; deleting a report gives focus to the next row', async ({ page, context, baseURL, request }) => {
  const site = await shoppingCentreSite(request);
  const token = await adminToken(request);
  const { zonesByInstallation, allEventsByInstallation } = await gqlAs<{
    zonesByInstallation: Array<{ id: number; parentIds: number[] }>;
    allEventsByInstallation: Array<{ id: number; metrics: string[]; neverEnding: boolean }>;
  }>(request, token, `{ zonesByInstallation(installationId: ${site.id}) { id parentIds } allEventsByInstallation(installationId: ${site.id}) { id metrics neverEnding } }`);
  const stamp = Date.now();
  const titles = [`Focus check ${stamp} A`, `Focus check ${stamp} B`];
  for (const title of titles) {
    await gqlAs(request, token, 'mutation($input: ScheduledReportInput!) { createScheduledReport(input: $input) { id } }', {
      input: {
        title,
        language: 'en',
        installationId: site.id,
        eventId: allEventsByInstallation.find((e) => e.neverEnding && e.metrics.includes('counting'))!.id,
        zoneId: zonesByInstallation.find((z) => z.parentIds.length === 0)!.id,
        sendDay: 1,
        hour: 8,
        daysIncluded: 7,
        granularity: 86400,
        emails: ['ana@example.com', 'ben@example.com', 'carla@example.com'],
        enabled: true,
      },
    });
  }

  await acceptCookies(context, baseURL);
  await page.setViewportSize({ width: 1024, height: 800 });
  await signedInAt(page, ADMIN, '/user-profile/preferences');
  await chooseLanguage(page, 'العربية', 'ar');
  try {
    await page.goto('/reports');
    const row = page.getByTestId('report-row').filter({ hasText: titles[0]! });
    await expect(row).toContainText('كل يوم الاثنين الساعة 08:00');
    const cell = row.getByTestId('report-emails-cell');
    const more = cell.getByTestId('report-emails-more');
    await expect(more).toHaveText('+عنوان واحد آخر');
    // Only the addresses are left to right; "+N more" reads in the page's direction, after (left of) them.
    const addresses = cell.locator('bdi[dir="ltr"]');
    await expect(addresses).toHaveText('ana@example.com, ben@example.com');
    expect(await more.evaluate((el) => el.closest('[dir="ltr"]') === null && getComputedStyle(el).direction === 'rtl')).toBe(true);
    expect(await cell.evaluate((el) => getComputedStyle(el).textAlign)).not.toBe('left');
    // "+N more" starts after (to the left of, right to left) where the addresses end, or on a line below.
    const [a, m] = await cell.evaluate((el) => {
      const rects = (e: Element) => [...e.getClientRects()];
      return [rects(el.querySelector('bdi[dir="ltr"]')!).at(-1)!.toJSON(), rects(el.querySelector('[data-testid="report-emails-more"]')!)[0]!.toJSON()] as DOMRect[];
    });
    if (Math.abs(a!.top - m!.top) < 4) expect(m!.right).toBeLessThanOrEqual(a!.left + 1);
    else expect(m!.top).toBeGreaterThan(a!.top);
  } finally {
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
  }

  // Deleting a report: its row (and the button that had focus) is gone; focus goes to the next row's Delete.
  await page.goto('/reports');
  const rowOf = (title: string) => page.getByTestId('report-row').filter({ hasText: title });
  await rowOf(titles[0]!).getByTestId('report-delete').click();
  await page.getByTestId('report-delete-confirm').click();
  await expect(page.getByText('The report was deleted.').first()).toBeVisible();
  await expect(rowOf(titles[0]!)).toHaveCount(0);
  await expect(rowOf(titles[1]!).getByTestId('report-delete')).toBeFocused();
  // Never lost to the page, whichever row (or the New report button) comes next.
  await rowOf(titles[1]!).getByTestId('report-delete').press('Enter');
  await page.getByTestId('report-delete-confirm').click();
  await expect(rowOf(titles[1]!)).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.matches('[data-testid="report-delete"], [data-testid="reports-create"], h1[data-page-heading]') ?? false))
    .toBe(true);
});

test('a report on an ended event reads "Inactive" whole in German at 1024 px, with why (its event has ended); its form says nothing is sent', async ({ page, context, baseURL, request }) => {
  const token = await adminToken(request);
  const { allInstallations } = await gqlAs<{ allInstallations: Array<{ id: number }> }>(request, token, '{ allInstallations { id } }');
  // A site of the demo with an event that has ended, and a zone of that site.
  let found: { site: number; event: { id: number; name: string }; zone: number } | null = null;
  for (const { id } of allInstallations) {
    const { zonesByInstallation, allEventsByInstallation } = await gqlAs<{
      zonesByInstallation: Array<{ id: number; parentIds: number[] }>;
      allEventsByInstallation: Array<{ id: number; name: string; neverEnding: boolean; dateEnd: string | null }>;
    }>(request, token, `{ zonesByInstallation(installationId: ${id}) { id parentIds } allEventsByInstallation(installationId: ${id}) { id name neverEnding dateEnd } }`);
    const ended = allEventsByInstallation.find((e) => !e.neverEnding && e.dateEnd !== null && Date.parse(e.dateEnd) < Date.now());
    if (ended) {
      found = { site: id, event: ended, zone: zonesByInstallation.find((z) => z.parentIds.length === 0)!.id };
      break;
    }
  }
  expect(found, 'a demo event that has ended').toBeTruthy();
  const title = `Ended event check ${Date.now()}`;
  const { createScheduledReport } = await gqlAs<{ createScheduledReport: { id: number; status: string } }>(
    request,
    token,
    'mutation($input: ScheduledReportInput!) { createScheduledReport(input: $input) { id status } }',
    { input: { title, language: 'de', installationId: found!.site, eventId: found!.event.id, zoneId: found!.zone, sendDay: 5, hour: 18, daysIncluded: 30, granularity: 86400, emails: ['marketing@example.com'], enabled: true } },
  );
  expect(createScheduledReport.status).toBe('INACTIVE');

  await acceptCookies(context, baseURL);
  await page.setViewportSize({ width: 1024, height: 800 });
  await signedInAt(page, ADMIN, '/user-profile/preferences');
  await chooseLanguage(page, 'Deutsch', 'de');
  try {
    await page.goto('/reports');
    const row = page.getByTestId('report-row').filter({ hasText: title });
    const badge = row.locator('.mantine-Badge-root');
    await expect(badge).toHaveText('Inaktiv');
    // The whole word, not cut to "INA…" by the squeezed column.
    expect(await badge.locator('.mantine-Badge-label').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(row.getByTestId('report-inactive-reason')).toHaveText(`Ereignis beendet: ${found!.event.name}`);
    await row.getByRole('link', { name: title }).click();
    await expect(page.getByText('Dieses Ereignis ist beendet: Der Bericht bleibt inaktiv, bis Sie ein laufendes Ereignis wählen.')).toBeVisible();
  } finally {
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
    await gqlAs(request, token, 'mutation($id: Int!) { deleteScheduledReport(id: $id) }', { id: createScheduledReport.id });
  }
});

test('a save the server refuses says why under the field it names, with focus there; a refusal of no field stays a toast', async ({ page, context, baseURL, request }) => {
  const { site, token, zone, event } = await siteZoneAndEvent(request);
  const title = `Refused save ${Date.now()}`;

  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, '/reports/new');
  await fillReport(page, { title, site: site.name, event: event.name, zone: zone.name, emails: ['refused@example.com'] });

  // The form's own checks pass; what reaches the server is what a page loaded before a server update
  // would send (a title past the server's 120 characters), so the refusal is the server's own.
  let sent = 0;
  await page.route('**/graphql', async (route) => {
    const body = route.request().postDataJSON() as { operationName?: string; variables?: { input?: { title: string } } } | null;
    if (body?.operationName !== 'CreateScheduledReport' || !body.variables?.input) return route.fallback();
    sent += 1;
    body.variables.input.title = 'T'.repeat(121);
    return route.fallback({ postData: JSON.stringify(body) });
  });
  const titleField = page.getByTestId('report-title');
  await page.getByTestId('report-save').click();
  await expect(page.getByText('This title is too long.', { exact: true })).toBeVisible();
  await expect(titleField).toHaveAttribute('aria-invalid', 'true');
  await expect(titleField).toBeFocused();
  expect(sent).toBe(1);
  await expect(page.getByText('The report could not be created. Please try again.')).toHaveCount(0);
  await expect(page).toHaveURL(/\/reports\/new$/);
  // Changing the field clears the server's words.
  await titleField.fill(`${title} mended`);
  await expect(page.getByText('This title is too long.', { exact: true })).toHaveCount(0);

  // A refusal that names no field of the form (a zone that is not the site's: NOT_FOUND) is said in a toast, and no field is marked.
  await page.unroute('**/graphql');
  await page.route('**/graphql', async (route) => {
    const body = route.request().postDataJSON() as { operationName?: string; variables?: { input?: { zoneId: number } } } | null;
    if (body?.operationName !== 'CreateScheduledReport' || !body.variables?.input) return route.fallback();
    body.variables.input.zoneId = 2_000_000_000;
    return route.fallback({ postData: JSON.stringify(body) });
  });
  await page.getByTestId('report-save').click();
  await expect(page.getByText('The report could not be created. Please try again.')).toBeVisible();
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  await page.unroute('**/graphql');
  const { scheduledReports } = await gqlAs<{ scheduledReports: Array<{ title: string }> }>(request, token, '{ scheduledReports { title } }');
  expect(scheduledReports.filter((r) => r.title.startsWith(title))).toEqual([]);
});

test('the form says which days of the next send’s period the site is closed (Atelier Nord, closed on Sundays)', async ({ page, context, baseURL, request }) => {
  const token = await adminToken(request);
  const { allInstallations } = await gqlAs<{ allInstallations: Array<{ id: number; name: string; timezone: string; change_of_day_time: string }> }>(
    request,
    token,
    '{ allInstallations { id name timezone change_of_day_time } }',
  );
  const site = allInstallations.find((i) => i.name === 'Atelier Nord Flagship')!;
  expect(site, 'the demo’s Atelier Nord').toBeTruthy();
  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, '/reports/new');
  await page.getByTestId('report-site').click();
  await page.getByRole('option', { name: site.name }).click();
  // Sent on Mondays with the day before: the Sunday the site does not open.
  await page.getByTestId('report-days').fill('1');
  const next = nextOccurrence(reportScheduleRule(1, 8), site.timezone, Date.now());
  const sunday = periodName(...reportPeriod(next, 1, site.timezone, site.change_of_day_time), site.timezone, site.change_of_day_time);
  expect(sunday.kind).toBe('days');
  const day = sunday.kind === 'days' ? sunday.first : '';
  await expect(page.getByTestId('report-closed-days')).toHaveText(`Atelier Nord Flagship is closed on Sunday ${formatIsoDate(day, 'DD/MM/YYYY')}: the report will have no figures for that day.`);
  // On Tuesdays, the day before is a Monday: open, nothing said.
  await page.getByTestId('report-send-day').click();
  await page.getByRole('option', { name: 'Tuesday' }).click();
  await expect(page.getByTestId('report-next-send')).toContainText('Next send: Tuesday');
  await expect(page.getByTestId('report-closed-days')).toHaveCount(0);
  // 364 days (52 whole weeks) hold 52 Sundays: counted by weekday, as the mail says them, not listed.
  await page.getByTestId('report-days').fill('364');
  await expect(page.getByTestId('report-closed-days')).toHaveText('Atelier Nord Flagship is closed on 52 of these days (every Sunday): the report will have no figures for them.');
});
