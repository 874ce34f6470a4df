import { expect, test, type Page } from '@playwright/test';
import { ADMIN, VIEWER, acceptCookies, chooseLanguage, screenshotPath, signedInAt, signIn, wholePageScreenshot } from './helpers.ts';

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));
// Two sign-ins, reloads and a second browser: longer than the default on a loaded machine.
test.setTimeout(240_000);

/**
 * Waits until the view-as session has opened: the app starts again from its home page with the
 * viewer's token (a full navigation), so the bar may show on the old page an instant before it goes.
 * A navigation of the test's own in that instant would be interrupted by the app's.
 */
async function viewAsOpened(page: Page): Promise<void> {
  await page.waitForURL((url) => !url.pathname.startsWith('/settings/user-management'), { timeout: 60_000 });
  await page.waitForLoadState('load');
  await expect(page.getByTestId('view-as-bar')).toBeVisible({ timeout: 60_000 });
}

/** The demo viewer's user page, opened from the user-management list by keyboard-reachable links. */
async function openViewerPage(page: Page): Promise<string> {
  await page.goto('/settings/user-management');
  const link = page.getByRole('link', { name: /Jonas Weber/ }).first();
  const href = await link.getAttribute('href');
  await link.click();
  await expect(page).toHaveURL(/\/settings\/user-management\/\d+\/general$/);
  return href ?? '';
}

test('an administrator views the product as the limited viewer, sees only what the viewer sees, and ends the session', async ({ page }) => {
  await signedInAt(page, ADMIN, '/analytics/sites');
  await expect(page.locator('header a[href="/reports"]')).toBeVisible();
  await openViewerPage(page);
  await expect(page.getByTestId('managed-editability')).toHaveAttribute('data-editability', 'EDITABLE');

  // Keyboard: the View-as button is reachable and pressed with Enter.
  await page.getByTestId('view-as-start').focus();
  await page.keyboard.press('Enter');
  await viewAsOpened(page);
  await expect(page.getByTestId('view-as-bar')).toContainText('Jonas Weber');
  // Under an hour left: minutes and seconds (seconds are hidden only once there are hours).
  await expect(page.getByTestId('view-as-countdown')).toHaveText(/\d+ min \d+ s/);
  const header = page.locator('header');
  await expect(header.locator('nav a[href="/analytics"]')).toBeVisible();
  await expect(header.locator('a[href="/reports"]')).toHaveCount(0);
  await expect(header.locator('a[href="/stop-n-go"]')).toHaveCount(0);
  await expect(header.locator('a[href="/alerts"]')).toHaveCount(0);
  // The viewer has no user management: its page is not found, like for the viewer.
  await page.goto('/settings/user-management');
  await expect(page).toHaveURL(/\/not-found$/);
  // The password is the viewer's own: refused while viewing as.
  await page.goto('/user-profile/general');
  await expect(page.getByTestId('profile-first-name')).toHaveValue('Jonas');
  await page.screenshot({ path: screenshotPath('view-as-bar-en-1280.png') });

  await page.getByTestId('view-as-end').click();
  await expect(page).toHaveURL(/\/settings\/user-management\/\d+\/general$/);
  await expect(page.getByTestId('view-as-bar')).toHaveCount(0);
  await expect(page.locator('header a[href="/reports"]')).toBeVisible();

  // Every action taken while viewing as is in the audit log, with both users, in words.
  await page.goto('/settings/audit-log');
  const log = page.getByTestId('audit-log');
  await expect(log).toContainText('Stopped viewing the product as Jonas Weber');
  await expect(log).toContainText('Started viewing the product as Jonas Weber');
  await expect(log).toContainText('viewer@sitelens.example');
  await expect(log).not.toContainText('endViewAs');
});

// Review: a view-as tab went on showing the other user's data once its session had ended elsewhere
// (the administrator signed out in another tab), until its next request. It is told at once now.
test('signing out in the administrator’s tab ends the view-as opened in another: that tab says so at once, without a click', async ({ page, context }) => {
  await signedInAt(page, ADMIN, '/analytics/sites');
  // A second tab of the same browser (the same sign-in session) views the product as the viewer.
  const viewing = await context.newPage();
  await openViewerPage(viewing);
  // The tab holds the live stream of its session's end open (so the notice below is that stream's, not a refusal's).
  const streamOpened = viewing.waitForRequest((r) => r.url().endsWith('/graphql') && (r.postData() ?? '').includes('sessionEnded'), { timeout: 60_000 });
  await viewing.getByTestId('view-as-start').click();
  await viewAsOpened(viewing);
  await expect(viewing.getByTestId('view-as-bar')).toContainText('Jonas Weber');
  await streamOpened;

  // The administrator's own tab signs out.
  await page.goto('/user-profile/general');
  await expect(page.getByTestId('profile-logout')).toHaveText('Log out');
  await page.getByTestId('profile-logout').click();
  await expect(page).toHaveURL(/\/login/);

  // The view-as tab, untouched, leaves the viewer's screens and says why within a few seconds.
  await expect(viewing.getByTestId('view-as-ended')).toBeVisible({ timeout: 5_000 });
  await expect(viewing.getByTestId('view-as-ended')).toHaveText('The view-as session has ended. Sign in to continue as yourself.');
  await expect(viewing).toHaveURL(/\/login/);
  await expect(viewing.getByTestId('view-as-bar')).toHaveCount(0);
  // Signing in again there is the administrator's own session, not the view-as.
  await signIn(viewing, ADMIN);
  await expect(viewing.locator('header a[href="/reports"]')).toBeVisible({ timeout: 30_000 });
  await expect(viewing.getByTestId('view-as-bar')).toHaveCount(0);
});

// Review: the view-as bar spoke the viewed user's language, the one thing the administrator must
// read (whose view this is, how long it lasts, how to stop). It speaks the administrator's now.
test('viewing as a user who reads French: the page is French, the bar in the English administrator’s language', async ({ page }) => {
  await signedInAt(page, ADMIN, '/analytics/sites');
  await openViewerPage(page);
  await page.getByTestId('view-as-start').click();
  await viewAsOpened(page);
  const bar = page.getByTestId('view-as-bar');
  try {
    // The viewer's own language, saved as theirs: the view-as screens turn French, after a reload too.
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'Français', 'fr');
    await page.goto('/user-profile/general');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByTestId('profile-logout')).toHaveText('Terminer la session');
    // The bar is the administrator's: English words, its own language and direction.
    await expect(page.getByRole('region', { name: 'View as user' })).toContainText('You are viewing the product as Jonas Weber.');
    await expect(page.getByTestId('view-as-countdown')).toHaveText(/^Ends in \d+ min \d+ s$/);
    await expect(page.getByTestId('view-as-end')).toHaveText('End session');
    await expect(bar).toHaveAttribute('lang', 'en');
    await expect(bar).toHaveAttribute('dir', 'ltr');
  } finally {
    // The viewer reads English again, as every other test expects.
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
  }
  await page.getByTestId('view-as-end').click();
  await expect(page).toHaveURL(/\/settings\/user-management\/\d+\/general$/);
  await expect(page.getByTestId('view-as-bar')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the viewed user’s dark theme ends with the view-as: the administrator’s light screens come back, after a reload too', async ({ page }) => {
  const scheme = page.locator('html');
  await signedInAt(page, ADMIN, '/analytics/sites');
  await expect(scheme).toHaveAttribute('data-mantine-color-scheme', 'light');
  await openViewerPage(page);
  await page.getByTestId('view-as-start').click();
  await viewAsOpened(page);

  // The viewer chooses the dark theme (saved as theirs): the view-as screens turn dark.
  await page.goto('/user-profile/preferences');
  await page.getByTestId('theme-control').getByText('Dark', { exact: true }).click();
  await page.getByTestId('form-save').click();
  await expect(scheme).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.getByTestId('view-as-bar')).toBeVisible();
  await expect(scheme).toHaveAttribute('data-mantine-color-scheme', 'dark');

  await page.getByTestId('view-as-end').click();
  // Ending goes back, by a full navigation, to the page the view-as started from.
  await expect(page).toHaveURL(/\/settings\/user-management\/\d+\/general$/);
  await page.waitForLoadState('load');
  await expect(page.getByTestId('view-as-bar')).toHaveCount(0);
  await expect(page.locator('header a[href="/reports"]')).toBeVisible();
  await expect(scheme).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.reload();
  await expect(page.locator('header a[href="/reports"]')).toBeVisible();
  await expect(scheme).toHaveAttribute('data-mantine-color-scheme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('mantine-color-scheme-value'))).toBeNull();

  // The viewer's own choice stays theirs: viewing as them again is dark.
  await openViewerPage(page);
  await page.getByTestId('view-as-start').click();
  await viewAsOpened(page);
  await expect(scheme).toHaveAttribute('data-mantine-color-scheme', 'dark');
  // The profile's button, while viewing as someone, ends the view: the administrator stays signed in.
  await page.goto('/user-profile/general');
  await expect(page.getByTestId('view-as-bar')).toBeVisible();
  await expect(page.getByTestId('profile-logout')).toHaveText('End session');
  await page.getByTestId('profile-logout').click();
  // Ending goes back, by a full navigation, to the page the view-as started from.
  await expect(page).toHaveURL(/\/settings\/user-management\/\d+\/general$/);
  await page.waitForLoadState('load');
  await expect(page.getByTestId('view-as-bar')).toHaveCount(0);
  await expect(scheme).toHaveAttribute('data-mantine-color-scheme', 'light');

  // The audit log says what was done, to whom, and which field changed, in the reader's language.
  await page.goto('/settings/audit-log');
  const profileChange = page.getByTestId('audit-log').getByRole('row').filter({ hasText: 'Changed the profile of Jonas Weber' }).first();
  await expect(profileChange).toContainText('Changed: theme');
  await expect(page.getByTestId('audit-log')).not.toContainText('updateUserProfile');
  await page.goto('/user-profile/preferences');
  await page.getByTestId('language-select').click();
  await page.getByRole('option', { name: 'العربية', exact: true }).click();
  await page.getByTestId('form-save').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.goto('/settings/audit-log');
  const arabicRow = page.getByTestId('audit-log').getByRole('row').filter({ hasText: 'عدّل الملف الشخصي لـ Jonas Weber' }).first();
  await expect(arabicRow).toContainText('ما تغيّر: المظهر');
  await expect(arabicRow).toContainText('تم');
  await wholePageScreenshot(page, 'audit-log-ar-1280.png');
  // Back to English for the files that follow.
  await page.goto('/user-profile/preferences');
  await page.getByTestId('language-select').click();
  await page.getByRole('option', { name: 'English', exact: true }).click();
  await page.getByTestId('form-save').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('the user pages follow the editability rule; the viewer reads the admin as not found; deleting ends the viewer’s session', async ({ page, browser, baseURL }) => {
  // The viewer in a second browser, signed in, to see its session end.
  const viewerContext = await browser.newContext({ baseURL });
  await acceptCookies(viewerContext, baseURL);
  const viewerPage = await viewerContext.newPage();
  await signedInAt(viewerPage, VIEWER, '/analytics/sites');

  await signedInAt(page, ADMIN, '/settings/user-management/987654');
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await page.goto('/settings/user-management');
  const href = await openViewerPage(page);
  await page.getByRole('tab', { name: 'Preferences' }).click();
  await expect(page).toHaveURL(/\/preferences$/);
  await expect(page.getByTestId('language-select')).toBeEnabled();
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByTestId('managed-two-factor')).toBeVisible();
  // Sign the viewer out everywhere (a lost laptop): their open page goes to sign-in; the password still works.
  await page.getByTestId('user-end-sessions').click();
  await page.getByTestId('user-end-sessions-confirm').click();
  // Earlier files may have signed the viewer in elsewhere too: at least this one session ends.
  await expect(page.getByText(/Sessions signed out for .*: [1-9]\d*\./)).toBeVisible();
  await viewerPage.reload();
  await expect(viewerPage).toHaveURL(/\/login/);
  await signIn(viewerPage, VIEWER);
  await expect(viewerPage).toHaveURL(/\/analytics\/sites$/);
  await page.getByRole('tab', { name: 'General' }).click();

  // Rename, then assign the Administrator profile and back.
  await page.getByTestId('managed-first-name').fill('Jonah');
  await page.getByTestId('form-save').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jonah Weber');
  await wholePageScreenshot(page, 'managed-user-en-1280.png');

  // Arabic, right to left, at 1024 px.
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('/user-profile/preferences');
  await page.getByTestId('language-select').click();
  await page.getByRole('option', { name: 'العربية', exact: true }).click();
  await page.getByTestId('form-save').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.goto(`${href}`);
  await expect(page.getByTestId('managed-editability')).toHaveText('قابل للتعديل');
  await wholePageScreenshot(page, 'managed-user-ar-1024.png');
  await page.goto('/settings/profiles');
  await expect(page.getByTestId('rights-profile-editor')).toBeVisible();
  await wholePageScreenshot(page, 'rights-profiles-ar-1024.png');
  await page.goto(`${href}`);

  // Delete with its confirmation: the viewer's open session ends at once.
  await page.getByTestId('user-delete').click();
  await page.getByTestId('user-delete-confirm').click();
  await expect(page).toHaveURL(/\/settings\/user-management$/);
  await viewerPage.reload();
  await expect(viewerPage).toHaveURL(/\/login/);
  await viewerContext.close();
  // The files after this one read the administrator's screens in English.
  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'English', 'en');
});

test('“New profile” puts the focus in its name; a profile deleted after its confirmation leaves the focus on the page’s heading', async ({ page }) => {
  const name = `Focus check ${Date.now()}`;
  await signedInAt(page, ADMIN, '/settings/profiles');
  await expect(page.getByTestId('rights-profile-editor')).toBeVisible();
  // Opening the screen focuses nothing of its own; "New profile" goes straight to where to type.
  await expect(page.getByTestId('rights-profile-name')).not.toBeFocused();
  await page.getByTestId('rights-profile-new').click();
  await expect(page.getByTestId('rights-profile-name')).toBeFocused();
  await page.keyboard.type(name);
  await page.getByTestId('form-save').click();
  await expect(page.getByTestId('rights-profile-item').filter({ hasText: name })).toHaveAttribute('aria-current', 'true');

  await page.getByTestId('rights-profile-delete').click();
  await page.getByTestId('rights-profile-delete-confirm').click();
  await expect(page.getByTestId('rights-profile-item').filter({ hasText: name })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('a long audit log reads fifty entries at a time: “Show older entries” brings the next ones below', async ({ page, request }) => {
  const call = async <T,>(query: string, token?: string): Promise<T> => {
    const response = await request.post('/graphql', { data: { query }, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const body = (await response.json()) as { data: T; errors?: unknown[] };
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data;
  };
  const { login } = await call<{ login: string }>(`query { login(email: "${ADMIN.email}", password: "${ADMIN.password}") }`);
  const { me } = await call<{ me: { id: number } }>('{ me { id } }', login);
  // Every start of a view-as is an entry, a refused one too (here on oneself, so that no other user is
  // needed: an earlier test removes the viewer): fifty-one of them make the log longer than a page.
  for (let i = 0; i < 51; i++) {
    const response = await request.post('/graphql', { data: { query: `mutation { viewAsUser(userId: ${me.id}) { token } }` }, headers: { authorization: `Bearer ${login}` } });
    expect(((await response.json()) as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  }
  const { auditLog } = await call<{ auditLog: { id: number }[] }>('{ auditLog(first: 200) { id } }', login);

  await page.setViewportSize({ width: 1024, height: 768 });
  await signedInAt(page, ADMIN, '/settings/audit-log');
  const rows = page.getByTestId('audit-log').locator('tbody tr');
  await expect(rows).toHaveCount(50, { timeout: 60_000 });
  const older = page.getByTestId('audit-log-older');
  await older.click();
  await expect(rows).toHaveCount(Math.min(auditLog.length, 100));
  if (auditLog.length < 100) await expect(older).toHaveCount(0);
});
