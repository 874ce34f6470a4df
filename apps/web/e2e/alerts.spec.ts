import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { businessDate } from '@sitelens/domain';
import { adminToken, gqlAs } from './dashboardsHelpers.ts';
import { ADMIN, VIEWER, acceptCookies, chooseLanguage, screenshotPath, signIn, wholePageScreenshot } from './helpers.ts';
import { mailSource, mailsTo } from './outbox.ts';

// Alerts end to end (spec 002 §2-§9, spec 001 §3, issue 15): created in the form, triggered by a reading
// sent to POST /api/ingest, seen live in the alert-log widget, and e-mailed (to the outbox: no SMTP_URL here).

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
  await wholePageScreenshot(page, 'alert-form.png');

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
  await expect(log).toHaveAttribute('data-status', /data|empty/, { timeout: 60_000 });
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
  const mail = mailSource(mailsTo(ADMIN.email).sort().at(-1)!);
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

test('the condition types follow the site: a people-counting site offers no CO₂, and choosing it moves a CO₂ condition to visitor flow', async ({ page, context, baseURL, request }) => {
  const token = await adminToken(request);
  const { allInstallations } = await gqlAs<{ allInstallations: Array<{ name: string; families: string[] }> }>(request, token, '{ allInstallations { name families } }');
  const people = allInstallations.find((s) => s.families.includes('counting') && !s.families.includes('atmosphere'))!;
  const air = allInstallations.find((s) => s.families.includes('atmosphere'))!;
  await acceptCookies(context, baseURL);
  await page.goto('/login');
  await signIn(page, ADMIN);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto('/alerts/new-alert');
  await choose(page, 'Site', air.name);
  await choose(page, 'Condition type', 'CO₂');
  await expect(page.getByTestId('alert-sensors')).toBeVisible();

  await choose(page, 'Site', people.name);
  const type = page.getByRole('textbox', { name: 'Condition type', exact: true });
  await expect(type).toHaveValue('Visitor flow');
  await expect(page.getByTestId('alert-sensors')).toHaveCount(0);
  await expect(page.getByTestId('alert-pads')).toBeVisible();
  await type.click();
  await expect(page.getByRole('option', { name: 'Queue length', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'CO₂', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
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

test('the alerts screens in Arabic read right to left, and the admin goes back to English', async ({ page, context, baseURL, request }) => {
  test.setTimeout(180_000);
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
    await expect(page.getByTestId('alert-rearm-rule')).toContainText('ينتهي التنبيه عندما لا يتحقق شرطه لمدة 5 دقائق');
    await page.screenshot({ path: screenshotPath('alert-form-ar.png') });

    // The list opened from a message, and the home page's open alerts, right to left.
    const { alertConnection } = await gqlAs<{ alertConnection: { nodes: Array<{ id: number }> } }>(request, await adminToken(request), '{ alertConnection(first: 1) { nodes { id } } }');
    await page.goto(`/alerts?alert=${alertConnection.nodes[0]!.id}`);
    await expect(page.getByTestId('alerts-linked')).toContainText('التنبيه الوارد في رسالتك.');
    await expect(page.getByTestId('alert-row')).toHaveCount(1);
    await page.screenshot({ path: screenshotPath('alerts-linked-ar.png') });
    const token = await adminToken(request);
    const d = await centre(request, token);
    const organizationId = (await gqlAs<{ me: { organizationIds: number[] } }>(request, token, '{ me { organizationIds } }')).me.organizationIds[0];
    const { createAlertWithDetails: open } = await gqlAs<{ createAlertWithDetails: { id: number } }>(
      request,
      token,
      `mutation { createAlertWithDetails(input: { name: "طابور المدخل", organizationId: ${organizationId}, installationId: ${d.site.id}, conditionsToAdd: [{ type: "linearDensity", value: 5000, zoneId: ${d.top.id}, maxTrigger: 0 }], actionsToAdd: [] }) { id } }`,
    );
    try {
      await request.post('/api/ingest', { headers: { authorization: `Bearer ${d.apiKey}` }, data: [{ target: { kind: 'zone', id: d.top.id }, metric: 'queueLength', time: new Date(Date.now() - 20_000).toISOString(), value: 66000 }] });
      await expect.poll(async () => (await gqlAs<{ alertById: { triggered: boolean } }>(request, token, `{ alertById(alertId: ${open.id}) { triggered } }`)).alertById.triggered, { timeout: 30_000 }).toBe(true);
      await page.goto('/home');
      await expect(page.getByTestId('home-alert').first()).toBeVisible({ timeout: 30_000 });
      await page.getByTestId('home-alerts').screenshot({ path: screenshotPath('home-open-alerts-ar.png') });
    } finally {
      await gqlAs(request, token, `mutation { deleteAlert(id: ${open.id}) }`);
    }
  } finally {
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
  }
});

// Issue 29, items 3, 4 and 7: who can be told, what a refusal looks like, the same instant everywhere,
// and nothing on the screen hiding what one needs next.

/** Whether the element's centre is the element itself (or inside it) for the pointer: nothing covers it. */
async function reachable(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

test('the form offers only people who may open alerts, states when an alert ends and its 24-hour cap, keeps Save above the cookie notice, and its toast leaves "Create new alert" free', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const d = await centre(request, token);
  const name = `Entrance queue ${Date.now() % 100000}`;
  // The cookie notice is not answered: it shows along the bottom of every screen.
  await page.goto('/login');
  await signIn(page, ADMIN);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto('/alerts/new-alert');
  await expect(page.getByTestId('cookie-notice')).toBeVisible();
  await page.getByTestId('alert-name').fill(name);
  await choose(page, 'Site', d.site.name);
  await choose(page, 'Condition type', 'Queue length');
  await choose(page, 'Zone', d.top.name);
  await page.getByTestId('alert-value').fill('5000');
  await expect(page.getByTestId('alert-rearm-rule')).toHaveText(/^An alert ends once its condition has not held for 5 minutes/);
  await expect(page.getByRole('textbox', { name: 'Most messages per alert in 24 hours' })).toBeVisible();

  // The viewer may not open alerts: listed, not selectable, and the label says why.
  await page.getByTestId('alert-action-recipients-0').click();
  await expect(page.getByRole('option', { name: 'Jonas Weber (cannot open alerts)', exact: true })).toHaveAttribute('data-combobox-disabled', 'true');
  await page.getByRole('option', { name: 'Camille Laurent', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Only people who may open alerts can be chosen.')).toBeVisible();

  // The save bar sticks above the notice: Save is in view and nothing covers it.
  await expect(page.getByTestId('alert-save')).toBeInViewport();
  expect(await reachable(page, 'alert-save')).toBe(true);
  const bar = (await page.getByTestId('alert-save-bar').boundingBox())!;
  const notice = (await page.getByTestId('cookie-notice').boundingBox())!;
  expect(bar.y + bar.height).toBeLessThanOrEqual(notice.y);
  await page.screenshot({ path: screenshotPath('alert-form-cookie-notice.png') });

  await page.getByTestId('alert-save').click();
  // Read in one go while the toast shows (it closes after 6 s): it must neither cover the button nor take its clicks.
  const placement = await page.waitForFunction(() => {
    const toast = [...document.querySelectorAll('[role="status"]')].find((n) => n.textContent?.includes('Alert created'));
    const create = document.querySelector('[data-testid="alert-create"]');
    if (!toast || !create || location.pathname !== '/alerts') return null;
    const a = toast.getBoundingClientRect();
    const b = create.getBoundingClientRect();
    const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    return { overlap: a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom, reachable: hit !== null && create.contains(hit) };
  });
  expect(await placement.jsonValue()).toEqual({ overlap: false, reachable: true });
  await page.screenshot({ path: screenshotPath('alert-created-toast.png') });

  // A message's link (a reader's) opens the list on that alert; "Show all alerts" goes back to the list.
  const { alertConnection } = await gqlAs<{ alertConnection: { nodes: Array<{ id: number }> } }>(request, token, `{ alertConnection(filter: { searchValue: "${name}" }) { nodes { id } } }`);
  const id = alertConnection.nodes[0]!.id;
  await page.goto(`/alerts?alert=${id}`);
  await expect(page.getByTestId('alerts-linked')).toContainText('The alert from your message.');
  await expect(page.getByTestId('alert-row')).toHaveCount(1);
  await expect(page.getByTestId('alert-row')).toContainText(name);
  await page.getByTestId('alerts-show-all').click();
  await expect(page.getByTestId('alert-search')).toBeVisible();
  await gqlAs(request, token, `mutation { deleteAlert(id: ${id}) }`);
});

test('the viewer’s alert-log widget says the alerts are not theirs to see, not that the connection failed', async ({ page, context, baseURL, request }) => {
  test.setTimeout(180_000);
  const d = await centre(request, await adminToken(request));
  await acceptCookies(context, baseURL);
  await page.goto('/login');
  await signIn(page, VIEWER);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(d.showcase);
  // The showcase mounts its widgets a few at a time: the alert log comes among the last.
  const log = page.locator('section[data-widget-type="alertLogsTable"]').first();
  await expect(log).toHaveAttribute('data-status', 'forbidden', { timeout: 60_000 });
  await expect(log).toContainText('You do not have access to this data');
  await expect(log).not.toContainText('connection');
  await log.screenshot({ path: screenshotPath('alert-log-forbidden.png') });

  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'العربية', 'ar');
  try {
    await page.goto(d.showcase);
    await expect(log).toHaveAttribute('data-status', 'forbidden', { timeout: 60_000 });
    await expect(log).toContainText('ليس لديك صلاحية الوصول إلى هذه البيانات');
    await log.screenshot({ path: screenshotPath('alert-log-forbidden-ar.png') });
  } finally {
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
  }
});

test.describe('in a browser on another continent', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('the home page’s open alerts show the same instant as the alert-log widget, on the site’s clock', async ({ page, context, baseURL, request }) => {
    test.setTimeout(180_000);
    const token = await adminToken(request);
    const d = await centre(request, token);
    const name = `Queue now ${Date.now() % 100000}`;
    const created = await gqlAs<{ createAlertWithDetails: { id: number } }>(
      request,
      token,
      `mutation { createAlertWithDetails(input: { name: "${name}", organizationId: ${(await gqlAs<{ me: { organizationIds: number[] } }>(request, token, '{ me { organizationIds } }')).me.organizationIds[0]}, installationId: ${d.site.id}, conditionsToAdd: [{ type: "linearDensity", value: 5000, zoneId: ${d.top.id}, maxTrigger: 0 }], actionsToAdd: [] }) { id } }`,
    );
    const time = new Date(Date.now() - 20_000).toISOString();
    await request.post('/api/ingest', { headers: { authorization: `Bearer ${d.apiKey}` }, data: [{ target: { kind: 'zone', id: d.top.id }, metric: 'queueLength', time, value: 88000 }] });
    await expect.poll(async () => (await gqlAs<{ alertById: { triggered: boolean } }>(request, token, `{ alertById(alertId: ${created.createAlertWithDetails.id}) { triggered } }`)).alertById.triggered, { timeout: 20_000 }).toBe(true);
    const { alertLogConnection } = await gqlAs<{ alertLogConnection: { edges: Array<{ node: { alertId: number; dateBegin: string } }> } }>(request, token, `{ alertLogConnection(filter: { zoneIds: [${d.top.id}] }, first: 20) { edges { node { alertId dateBegin } } } }`);
    const begin = Date.parse(alertLogConnection.edges.find((e) => e.node.alertId === created.createAlertWithDetails.id)!.node.dateBegin);
    const onSiteClock = new Intl.DateTimeFormat('en-GB', { timeZone: d.site.timezone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(begin).replace(':', 'h');

    await acceptCookies(context, baseURL);
    await page.goto('/login');
    await signIn(page, ADMIN);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/home');
    // The episode began at onSiteClock on the site's clock (Paris or Lyon), six hours after New York's.
    await expect(page.getByTestId('home-alert').filter({ hasText: onSiteClock }).first()).toBeVisible();
    await page.getByTestId('home-alerts').screenshot({ path: screenshotPath('home-open-alerts.png') });

    const day = businessDate(Date.now(), d.site.timezone, d.site.change_of_day_time);
    await page.goto(`${d.showcase}${d.showcase.includes('?') ? '&' : '?'}from=${day}&to=${day}`);
    const log = page.locator('section[data-widget-type="alertLogsTable"]').first();
    await expect(log).toHaveAttribute('data-status', 'data', { timeout: 60_000 });
    await expect(log.getByTestId('alert-log').locator('tbody tr').filter({ hasText: onSiteClock }).first()).toBeVisible();
    await gqlAs(request, token, `mutation { deleteAlert(id: ${created.createAlertWithDetails.id}) }`);
  });
});

test('Settings > Deliveries names an alert’s SMS in words; in Arabic a contact’s phone reads left to right', async ({ page, context, baseURL, request }) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const d = await centre(request, token);
  const name = `Queue by SMS ${Date.now() % 100000}`;
  const organizationId = (await gqlAs<{ me: { organizationIds: number[] } }>(request, token, '{ me { organizationIds } }')).me.organizationIds[0];
  const created = await gqlAs<{ createAlertWithDetails: { id: number } }>(
    request,
    token,
    `mutation { createAlertWithDetails(input: { name: "${name}", organizationId: ${organizationId}, installationId: ${d.site.id}, conditionsToAdd: [{ type: "linearDensity", value: 5000, zoneId: ${d.top.id}, maxTrigger: 0 }], actionsToAdd: [{ type: "sms", recipients: [] }], planningToAdd: { name: "${name}", mails: [], phones: ["+41793333333"], userIds: [] } }) { id } }`,
  );
  const id = created.createAlertWithDetails.id;
  await request.post('/api/ingest', { headers: { authorization: `Bearer ${d.apiKey}` }, data: [{ target: { kind: 'zone', id: d.top.id }, metric: 'queueLength', time: new Date(Date.now() - 20_000).toISOString(), value: 77000 }] });
  // The outside contact's SMS is on its way (the page lists what exists when it opens).
  await expect
    .poll(async () => (await gqlAs<{ messageDeliveries: { edges: Array<{ node: { recipient: string } }> } }>(request, token, '{ messageDeliveries(first: 20, channel: SMS) { edges { node { recipient } } } }')).messageDeliveries.edges.some((e) => e.node.recipient === '+41793333333'), { timeout: 30_000 })
    .toBe(true);

  await acceptCookies(context, baseURL);
  await page.goto('/login');
  await signIn(page, ADMIN);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto('/settings/deliveries');
  const table = page.getByTestId('deliveries-table');
  const sms = table.getByRole('row').filter({ hasText: '+41793333333' }).first();
  await expect(sms).toBeVisible({ timeout: 30_000 });
  await expect(sms.getByTestId('delivery-message')).toHaveText('Alert notification');
  await expect(table).not.toContainText('alerts.triggered');
  await wholePageScreenshot(page, 'deliveries-sms.png');

  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'العربية', 'ar');
  try {
    await page.goto('/settings/deliveries');
    await expect(table.getByRole('row').filter({ hasText: '+41793333333' }).first().getByTestId('delivery-message')).toHaveText('إشعار تنبيه');
    await wholePageScreenshot(page, 'deliveries-ar.png');

    await page.goto(`/alerts/${id}`);
    const pill = page.locator('.mantine-Pill-label').filter({ hasText: '+41793333333' });
    await expect(pill).toBeVisible();
    // Where the "+" is drawn: left of the digits, as the number is written.
    const order = await pill.evaluate((label) => {
      const text = label.firstChild!;
      const at = (i: number) => {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        return range.getBoundingClientRect().left;
      };
      return { plus: at(0), lastDigit: at(text.textContent!.length - 1) };
    });
    expect(order.plus).toBeLessThan(order.lastDigit);
    await page.getByTestId('alert-phones').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('alert-form-contacts-ar.png') });
  } finally {
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
    await gqlAs(request, token, `mutation { deleteAlert(id: ${id}) }`);
  }
});
