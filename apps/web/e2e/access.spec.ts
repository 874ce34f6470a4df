import { expect, test } from '@playwright/test';
import { ADMIN, VIEWER, acceptCookies, signedInAt, signIn } from './helpers.ts';

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('the limited viewer sees neither Reports nor Stop&Go, the administrator sees both', async ({ page }) => {
  await signedInAt(page, VIEWER, '/analytics/sites');
  const header = page.locator('header');
  await expect(header.locator('nav a[href="/analytics"]')).toBeVisible();
  await expect(header.locator('a[href="/reports"]')).toHaveCount(0);
  await expect(header.locator('a[href="/stop-n-go"]')).toHaveCount(0);
  // A hidden screen is not reachable by its address either.
  await page.goto('/reports');
  await expect(page).toHaveURL(/\/analytics\/sites$/);

  await page.context().clearCookies();
  await acceptCookies(page.context(), undefined);
  await page.goto('/login');
  await signIn(page, ADMIN);
  await expect(page.locator('header a[href="/reports"]')).toBeVisible();
  await expect(page.locator('header a[href="/stop-n-go"]')).toBeVisible();
});

test('the redirect rules of the route table hold', async ({ page }) => {
  await signedInAt(page, ADMIN, '/analytics/sites');

  const cases: Array<[string, RegExp]> = [
    ['/', /\/analytics\/sites$/],
    ['/analytics', /\/analytics\/sites$/],
    ['/settings', /\/settings\/(organization|user-management)$/],
    ['/settings/nothing-here', /\/not-found$/],
    ['/settings/user-management/1', /\/settings\/user-management\/1\/general$/],
    ['/user-profile', /\/user-profile\/general$/],
    ['/onboarding', /\/onboarding\/org-settings$/],
    ['/onboarding/not-a-step', /\/onboarding\/org-settings$/],
    ['/somewhere/else', /\/analytics\/sites$/],
  ];
  for (const [from, to] of cases) {
    await page.goto(from);
    await expect(page, `${from} should redirect`).toHaveURL(to);
  }

  await page.goto('/not-found');
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await page.goto('/counting/987654321');
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
});

test('the cookie notice stays until Accept, which sets the consent cookie for 30 days', async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseURL}/login`);
  const notice = page.getByRole('region', { name: 'Cookie notice' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Accept' }).click();
  await expect(notice).toBeHidden();
  // Chromium's renderer hands document.cookie's write to its network service on its own: the cookie may reach the
  // context's store a moment after the notice is gone.
  const consentCookie = async () => (await context.cookies()).find((c) => c.name === 'sitelens_consent');
  await expect.poll(consentCookie).toBeDefined();
  const consent = await consentCookie();
  const days = (consent!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);
  await page.reload();
  await expect(page.locator('input[autocomplete="username"]')).toBeVisible();
  await expect(notice).toBeHidden();
  await context.close();
});
