import { expect, test, type Page } from '@playwright/test';
import { businessDate } from '@sitelens/domain';
import { centre, choose } from './alertsHelpers.ts';
import { adminToken, gqlAs } from './dashboardsHelpers.ts';
import { ADMIN, acceptCookies, screenshotPath, signedInAt, wholePageScreenshot } from './helpers.ts';
import { mailSource, mailsTo } from './outbox.ts';

// Alerts end to end (spec 002 §2-§9, spec 001 §3, issue 15): created in the form, triggered by a reading
// sent to POST /api/ingest, seen live in the alert-log widget, and e-mailed (to the outbox: no SMTP_URL here).
// Who sees alerts, in which language and on which clock: alerts-views.spec.ts.

test('an alert made in the form triggers on an ingested reading: live in the alert-log widget, and e-mailed', async ({ page, context, baseURL, request }) => {
  const token = await adminToken(request);
  const d = await centre(request, token);
  const name = `Queue watch ${Date.now() % 100000}`;
  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, '/analytics/sites');

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
  // A queue length is the window's average: with the demo's own readings of the minutes before it, the
  // entry's value lies above the threshold (5,000) and at most the reading (90,000), not always 90,000.
  const entry = log.getByTestId('alert-log').locator('tbody tr').first();
  await expect(entry).toContainText('Queue length');
  const value = Number(/Queue length([\d,]+(?:\.\d+)?)/.exec((await entry.textContent()) ?? '')?.[1]?.replaceAll(',', ''));
  expect(value).toBeGreaterThan(5000);
  expect(value).toBeLessThanOrEqual(90000);
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
  // The row and its Delete button are gone: focus is on the list's heading, not lost to the page.
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeFocused();
});

/** Whether the field's label carries Mantine's required mark (an asterisk hidden from screen readers, who hear aria-required or the error). */
const markedRequired = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((input) => document.querySelector(`label[for="${input.id}"] .mantine-InputWrapper-required`) !== null);

test('Save shows every field’s error at once, each on its field, and takes the focus to the first; required fields are marked', async ({ page, context, baseURL, request }) => {
  const token = await adminToken(request);
  const d = await centre(request, token);
  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, '/alerts/new-alert');
  await choose(page, 'Site', d.site.name);
  await choose(page, 'Condition type', 'Queue length');
  for (const field of ['alert-name', 'alert-site', 'alert-zone', 'alert-value']) expect(await markedRequired(page, field), field).toBe(true);

  // Name, threshold and zone all missing: one Save says so for the three, and the first has the focus.
  await page.getByTestId('alert-save').click();
  for (const field of ['alert-name', 'alert-zone', 'alert-value']) {
    await expect(page.getByTestId(field)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId(field)).toHaveAccessibleDescription(/Required\./);
  }
  await expect(page.getByTestId('alert-name')).toBeFocused();
  await expect(page).toHaveURL(/\/alerts\/new-alert$/);

  // Named, the next Save goes to the zone, the first field still to mend; a minimum stands for the value.
  await page.getByTestId('alert-name').fill(`Never saved ${Date.now() % 100000}`);
  await expect(page.getByTestId('alert-name')).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('alert-save').click();
  await expect(page.getByTestId('alert-zone')).toBeFocused();
  await expect(page.getByTestId('alert-value')).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('textbox', { name: 'Minimum', exact: true }).fill('3');
  await expect(page.getByTestId('alert-value')).not.toHaveAttribute('aria-invalid', 'true');
  expect(await markedRequired(page, 'alert-value')).toBe(false);
});

test('custom weekly windows are set in the form on the site’s clock, checked, saved and shown again', async ({ page, context, baseURL, request }) => {
  const token = await adminToken(request);
  const d = await centre(request, token);
  const name = `Night watch ${Date.now() % 100000}`;
  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, '/alerts/new-alert');
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
  // Its e-mail goes to an outside contact (a notification that reaches nobody is refused).
  await page.getByTestId('alert-mails').fill('night-desk@shop.example');
  await page.keyboard.press('Enter');

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
  await signedInAt(page, ADMIN, '/alerts/new-alert');
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
  await signedInAt(page, ADMIN, '/alerts/new-alert');
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
  // Switched off, it says so instead of OK or Triggered; on again, its state as before.
  const state = page.getByTestId('alert-row').getByTestId('alert-state');
  await expect(state).toHaveText(/^(OK|Triggered)$/);
  const watching = await state.textContent();
  await page.getByRole('switch', { name: new RegExp(name) }).click();
  await expect(state).toHaveText('Off');
  await page.getByRole('switch', { name: new RegExp(name) }).click();
  await expect(state).toHaveText(watching!);
  await page.getByTestId('alerts-show-all').click();
  await expect(page.getByTestId('alert-search')).toBeVisible();
  await gqlAs(request, token, `mutation { deleteAlert(id: ${id}) }`);
});

test('numbers out of range are kept as typed and refused with their range, and a notification that reaches nobody is refused, by the form and the server', async ({ page, context, baseURL, request }) => {
  const token = await adminToken(request);
  const d = await centre(request, token);
  const name = `Flow check ${Date.now() % 100000}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, '/alerts/new-alert');
  await page.getByTestId('alert-name').fill(name);
  await choose(page, 'Site', d.site.name);
  await choose(page, 'Condition type', 'Visitor flow');
  await choose(page, 'Zone', d.top.name);
  const value = page.getByTestId('alert-value');
  await value.fill('-5');
  const reminder = page.getByTestId('alert-reminder');
  await reminder.fill('5000');
  const cap = page.getByTestId('alert-max-trigger');
  await cap.fill('-3');
  await page.getByTestId('alert-save').click();
  // Nothing is changed behind the user's back: each number stays as typed, says its range, and nothing is saved.
  await expect(value).toHaveValue('-5');
  await expect(value).toHaveAttribute('aria-invalid', 'true');
  await expect(value).toHaveAccessibleDescription(/Enter a number of at least 0\./);
  await expect(reminder).toHaveValue('5000');
  await expect(reminder).toHaveAccessibleDescription(/Enter a number from 1 to 1440\./);
  await expect(cap).toHaveValue('-3');
  await expect(cap).toHaveAccessibleDescription(/Enter a number from 0 to 1000\./);
  const recipients = page.getByTestId('alert-action-recipients-0');
  await expect(recipients).toHaveAttribute('aria-invalid', 'true');
  await expect(recipients).toHaveAccessibleDescription(/This notification would reach nobody: choose a recipient, or add an address under “E-mail addresses” below\./);
  await expect(value).toBeFocused();
  await reminder.blur();
  await expect(reminder).toHaveValue('5000');
  await page.screenshot({ path: screenshotPath('alert-form-out-of-range.png'), fullPage: true });
  await expect(page).toHaveURL(/\/alerts\/new-alert$/);
  await reminder.fill('0');
  await expect(reminder).toHaveValue('0');
  await expect(reminder).toHaveAccessibleDescription(/Enter a number from 1 to 1440\./);

  // Mended, it saves: 0 people, a reminder in range, a recipient.
  await value.fill('0');
  await reminder.fill('30');
  await cap.fill('2');
  await recipients.click();
  await page.getByRole('option', { name: 'Camille Laurent', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('alert-save').click();
  await expect(page.getByText('Alert created')).toBeVisible();
  const { alertConnection } = await gqlAs<{ alertConnection: { nodes: Array<{ id: number }> } }>(request, token, `{ alertConnection(filter: { searchValue: "${name}" }) { nodes { id } } }`);
  await gqlAs(request, token, `mutation { deleteAlert(id: ${alertConnection.nodes[0]!.id}) }`);

  // The server applies the same rule (GraphQL over HTTP).
  const { me } = await gqlAs<{ me: { organizationIds: number[] } }>(request, token, '{ me { organizationIds } }');
  const refusal = async (condition: string, actions: string) => {
    const res = await request.post('/graphql', {
      headers: { authorization: `Bearer ${token}` },
      data: { query: `mutation { createAlertWithDetails(input: { name: "Never saved", organizationId: ${me.organizationIds[0]}, installationId: ${d.site.id}, conditionsToAdd: [${condition}], actionsToAdd: [${actions}] }) { id } }` },
    });
    const body = (await res.json()) as { errors?: Array<{ extensions?: { field?: string; reason?: string } }> };
    return body.errors?.[0]?.extensions;
  };
  expect(await refusal(`{ type: "flux", direction: "in", value: -5, zoneId: ${d.top.id} }`, '')).toMatchObject({ field: 'condition.value', reason: 'belowMinimum' });
  expect(await refusal(`{ type: "flux", direction: "in", value: 5, zoneId: ${d.top.id} }`, '{ type: "email", recipients: [] }')).toMatchObject({ field: 'actions.0.recipients', reason: 'noEmailRecipients' });
});

test('a field reached with Tab is scrolled above the sticky save bar at 1024×768', async ({ page, context, baseURL, request }) => {
  const token = await adminToken(request);
  const d = await centre(request, token);
  await page.setViewportSize({ width: 1024, height: 768 });
  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, '/alerts/new-alert');
  await choose(page, 'Site', d.site.name);
  await page.getByTestId('alert-name').focus();
  const bar = page.getByTestId('alert-save-bar');
  const seen = new Set<string>();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || !el.closest('form') || el.closest('[data-testid="alert-save-bar"]')) return null;
      const box = el.getBoundingClientRect();
      return { label: el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.tagName, bottom: box.bottom, height: box.height };
    });
    if (!focused || focused.height < 2) continue;
    const barTop = (await bar.boundingBox())!.y;
    expect(focused.bottom, `${focused.label} is above the save bar`).toBeLessThanOrEqual(barTop);
    seen.add(focused.label.replace(/\s*\*$/, ''));
  }
  for (const label of ['Most messages per alert in 24 hours', 'E-mail addresses', 'Phone numbers (international format)']) expect([...seen], label).toContain(label);
});
