import { expect, test } from '@playwright/test';
import { ADMIN, acceptCookies, shoppingCentreSite, signIn } from './helpers.ts';

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('a deep link opened while signed out comes back, path and query, after sign-in', async ({ page, request }) => {
  const site = await shoppingCentreSite(request);
  await page.goto(`/counting/${site.id}?x=1`);
  await expect(page).toHaveURL(/\/login\?from=/);
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(new RegExp(`/counting/${site.id}\\?x=1$`));
  await expect(page.getByRole('heading', { level: 1, name: site.name })).toBeVisible();
});

test('a reload keeps the session through the cookie, without a token in storage', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/analytics\/sites$/);
  await page.reload();
  await expect(page).toHaveURL(/\/analytics\/sites$/);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
});

test('wrong credentials are told apart from other failures and the form checks the email first', async ({ page }) => {
  await page.goto('/login');
  await page.locator('input[autocomplete="username"]').fill('not-an-email');
  await page.locator('input[autocomplete="current-password"]').fill('whatever');
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();

  await signIn(page, { email: ADMIN.email, password: 'Wrong#password1' });
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
  await expect(page).toHaveURL(/\/login$/);
});

test('remember-me prefills the email next time and logout forgets it', async ({ page }) => {
  await page.goto('/login');
  await page.locator('input[autocomplete="username"]').fill(ADMIN.email);
  await page.locator('input[autocomplete="current-password"]').fill(ADMIN.password);
  await page.getByRole('checkbox').check();
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/analytics\/sites$/);
  expect(await page.evaluate(() => localStorage.getItem('sitelens.rememberedEmail'))).toBe(ADMIN.email);

  await page.goto('/user-profile/general');
  await page.getByTestId('sidebar').getByRole('button').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('input[autocomplete="username"]')).toHaveValue('');
});
