import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { businessDate } from '@sitelens/domain';
import { adminToken, gqlAs } from './dashboardsHelpers.ts';
import { ADMIN, VIEWER, acceptCookies, chooseLanguage, screenshotPath, signIn } from './helpers.ts';

// Alerts end to end (spec 002 §2-§9, spec 001 §3, issue 15): created in the form, triggered by a reading
// sent to POST /api/ingest, seen live in the alert-log widget, and e-mailed (to the outbox: no SMTP_URL here).

const outbox = () => join(process.env.SITELENS_E2E_RUN_DIR ?? '', 'data', 'outbox', 'mail');
const mailsTo = (address: string) => {
  try {
    return readdirSync(outbox()).filter((f) => f.endsWith(`-${address}.eml`));
  } catch {
    return [];
  }
};

async function centre(request: APIRequestContext, token: string) {
  const { allInstallations } = await gqlAs<{ allInstallations: Array<{ id: number; name: string; country: string | null; families: string[]; timezone: string; change_of_day_time: string }> }>(
    request,
    token,
    '{ allInstallations { id name country families timezone change_of_day_time } }',
  );
  const site = allInstallations.find((s) => s.country === 'France' && s.families.includes('counting')) ?? allInstallations.find((s) => s.families.includes('counting'))!;
  const { zonesByInstallation } = await gqlAs<{ zonesByInstallation: Array<{ id: number; name: string; parentIds: number[]; areaM2: number | null }> }>(request, token, `{ zonesByInstallation(installationId: ${site.id}) { id name parentIds areaM2 } }`);
  const { createApiKey } = await gqlAs<{ createApiKey: { secret: string } }>(request, token, 'mutation { createApiKey(name: "Alerts e2e") { secret } }');
  const { allDashboardsV2 } = await gqlAs<{ allDashboardsV2: Array<{ name: string; url: string }> }>(request, token, '{ allDashboardsV2 { name url } }');
  return { site, top: zonesByInstallation.find((z) => z.parentIds.length === 0)!, withoutArea: zonesByInstallation.find((z) => !z.areaM2)!, apiKey: createApiKey.secret, showcase: allDashboardsV2.find((d) => d.name === 'Showcase')!.url };
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an alert made in the form triggers on an ingested reading: live in the alert-log widget, and e-mailed', async ({ page, context, baseURL, request }) => {
  const token = await adminToken(request);
  const d = await centre(request, token);
  const name = `Queue watch ${Date.now() % 100000}`;
  await acceptCookies(context, baseURL);
  await page.goto('/login');
  await signIn(page, ADMIN);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  await page.goto('/alerts');
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await page.getByTestId('alert-create').click();
  await expect(page).toHaveURL(/\/alerts\/new-alert$/);
  await page.getByTestId('alert-name').fill(name);
  await choose(page, 'Site', d.site.name);
  await choose(page, 'Condition type', 'Queue length');
  await choose(page, 'Zone', d.top.name);
  await page.getByTestId('alert-value').fill('5000');
  await page.getByTestId('alert-action-recipients-0').click();
  await page.getByRole('option', { name: 'Camille Laurent' }).click();
  await page.keyboard.press('Escape');
  await page.screenshot({ path: screenshotPath('alert-form.png'), fullPage: true });

  // Leaving while dirty asks first; staying keeps the form as it was.
  await page.getByTestId('alert-cancel').click();
  await expect(page.getByText('Your changes will be lost', { exact: false })).toBeVisible();
  await page.getByTestId('guard-cancel').click();
  await expect(page.getByTestId('alert-name')).toHaveValue(name);

  await page.getByTestId('alert-save').click();
  await expect(page.getByText('Alert created')).toBeVisible();
  await expect(page).toHaveURL(/\/alerts$/);
  await page.getByTestId('alert-search').fill(name);
  const row = page.getByTestId('alert-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Queue length');

  // The showcase dashboard's alert log, then one reading far over the threshold.
  // The business day holding now, which the alert of a reading sent now belongs to (before the site's
  // change of day, the filter bar's "today", its calendar date, has not begun).
  const day = businessDate(Date.now(), d.site.timezone, d.site.change_of_day_time);
  await page.goto(`${d.showcase}${d.showcase.includes('?') ? '&' : '?'}from=${day}&to=${day}`);
  const log = page.locator('section[data-widget-type="alertLogsTable"]').first();
  await expect(log).toHaveAttribute('data-status', /data|empty/);
  const before = mailsTo(ADMIN.email).length;
  const time = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 43_000).toISOString();
  const sent = await request.post('/api/ingest', {
    headers: { authorization: `Bearer ${d.apiKey}` },
    data: [{ target: { kind: 'zone', id: d.top.id }, metric: 'queueLength', time, value: 90000 }],
  });
  expect(await sent.json()).toMatchObject({ accepted: 1, rejected: [] });
  // Within the expect timeout (15 s), well before the widget's 30 s poll: the live subscription brought it.
  await expect(log.getByTestId('alert-log').locator('tbody tr').first()).toContainText('90');
  await log.screenshot({ path: screenshotPath('alert-log-live.png') });

  await expect.poll(() => mailsTo(ADMIN.email).length, { timeout: 20_000 }).toBeGreaterThan(before);
  const mail = readFileSync(join(outbox(), mailsTo(ADMIN.email).sort().at(-1)!), 'utf8');
  expect(mail).toContain(name);
  expect(mail).toMatch(/Subject: (Alert|Alerte)/);

  // The list switches it off, then deletes it after a confirmation.
  await page.goto('/alerts');
  await page.getByTestId('alert-search').fill(name);
  await row.getByRole('switch').click({ force: true });
  await expect(row.getByRole('switch')).not.toBeChecked();
  await row.getByTestId('alert-delete').click();
  await page.getByTestId('alert-delete-confirm').click();
  await expect(page.getByText('Alert deleted')).toBeVisible();
  await expect(page.getByTestId('alerts-empty')).toBeVisible();
});

test('custom weekly windows are set in the form on the site’s clock, checked, saved and shown again', async ({ page, context, baseURL, request }) => {
  const token = await adminToken(request);
  const d = await centre(request, token);
  const name = `Night watch ${Date.now() % 100000}`;
  await acceptCookies(context, baseURL);
  await page.goto('/login');
  await signIn(page, ADMIN);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto('/alerts/new-alert');
  await page.getByTestId('alert-name').fill(name);
  await choose(page, 'Site', d.site.name);
  // A density divides by the floor area: a zone without one is listed but cannot be chosen.
  await choose(page, 'Condition type', 'Density');
  await expect(page.getByText('Only zones with a known floor area can be chosen for a density.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Zone', exact: true }).click();
  await expect(page.getByRole('option', { name: `${d.withoutArea.name} (no floor area)`, exact: true })).toHaveAttribute('data-combobox-disabled', 'true');
  await expect(page.getByRole('option', { name: d.top.name, exact: true })).not.toHaveAttribute('data-combobox-disabled');
  await page.keyboard.press('Escape');
  await choose(page, 'Condition type', 'Queue length');
  await choose(page, 'Zone', d.top.name);
  await page.getByTestId('alert-value').fill('5000');

  await page.getByTestId('alert-schedule').getByText('Custom hours').click();
  await expect(page.getByText(`Times on the site’s clock (${d.site.timezone})`, { exact: false })).toBeVisible();
  const windows = page.getByTestId('alert-schedule-window');
  await expect(windows).toHaveCount(1);
  const night = windows.first();
  // No day left: the form says so and saves nothing.
  // Days are chips whose input is visually hidden: toggled from the keyboard, as a keyboard user does.
  const toggle = async (day: string, checked: boolean) => {
    const box = night.getByRole('checkbox', { name: day });
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked({ checked });
  };
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) await toggle(day, false);
  await page.getByTestId('alert-save').click();
  await expect(night.getByRole('alert')).toHaveText('Choose at least one day.');
  await toggle('Saturday', true);
  await night.getByLabel('From').fill('22:00');
  await night.getByLabel('To').fill('06:00');
  await page.getByTestId('alert-window-add').click();
  await windows.nth(1).getByLabel('From').fill('07:30');
  await expect(night.getByRole('alert')).toHaveCount(0);
  await page.getByTestId('alert-schedule-windows').screenshot({ path: screenshotPath('alert-schedule-custom.png') });
  await page.getByTestId('alert-save').click();
  await expect(page.getByText('Alert created')).toBeVisible();

  // Stored one window per day; Saturday's night ends on Sunday morning.
  const { alertConnection } = await gqlAs<{ alertConnection: { nodes: Array<{ id: number; schedule: unknown[] }> } }>(
    request,
    token,
    `{ alertConnection(filter: { searchValue: "${name}" }) { nodes { id schedule { beginDay beginHour beginMinute endDay endHour endMinute } } } }`,
  );
  const [saved] = alertConnection.nodes;
  const weekday = (day: number) => ({ beginDay: day, beginHour: 7, beginMinute: 30, endDay: day, endHour: 18, endMinute: 0 });
  expect(saved!.schedule).toEqual([{ beginDay: 6, beginHour: 22, beginMinute: 0, endDay: 7, endHour: 6, endMinute: 0 }, ...[1, 2, 3, 4, 5].map(weekday)]);

  // The edit form reads them back as the two lines they were made of.
  await page.goto(`/alerts/${saved!.id}`);
  await expect(windows).toHaveCount(2);
  await expect(windows.first().getByLabel('From')).toHaveValue('22:00');
  await expect(windows.first().getByRole('checkbox', { name: 'Saturday' })).toBeChecked();
  await expect(windows.nth(1).getByLabel('From')).toHaveValue('07:30');
  await gqlAs(request, token, `mutation { deleteAlert(id: ${saved!.id}) }`);
});

test('the viewer, without an alert right, is refused by the server and has no alerts section', async ({ page, context, baseURL, request }) => {
  const login = await request.post('/graphql', { data: { query: `query { login(email: "${VIEWER.email}", password: "${VIEWER.password}") }` } });
  const token = ((await login.json()) as { data: { login: string } }).data.login;
  const list = await request.post('/graphql', { data: { query: '{ alertConnection { count } }' }, headers: { authorization: `Bearer ${token}` } });
  expect(((await list.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]!.extensions.code).toBe('FORBIDDEN');
  await acceptCookies(context, baseURL);
  await page.goto('/login');
  await signIn(page, VIEWER);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await expect(page.locator('header a[href="/alerts"]')).toHaveCount(0);
});

test('the alerts screens in Arabic read right to left, and the admin goes back to English', async ({ page, context, baseURL }) => {
  await acceptCookies(context, baseURL);
  await page.goto('/login');
  await signIn(page, ADMIN);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'العربية', 'ar');
  try {
    await page.goto('/alerts/new-alert');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('alert-save')).toHaveText('حفظ');
    await expect(page.getByRole('heading', { level: 1, name: 'تنبيه جديد' })).toBeVisible();
    // The save bar ends on the left in Arabic: Save is left of Cancel.
    const save = (await page.getByTestId('alert-save').boundingBox())!;
    const cancel = (await page.getByTestId('alert-cancel').boundingBox())!;
    expect(save.x).toBeLessThan(cancel.x);
    await page.screenshot({ path: screenshotPath('alert-form-ar.png') });
  } finally {
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
  }
});
