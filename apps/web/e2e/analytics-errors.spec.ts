import { expect, test } from '@playwright/test';
import { adminState } from './analyticsHelpers.ts';
import { VIEWER, acceptCookies, signIn } from './helpers.ts';

// Issue 22, item 6: wrong addresses show the product's not-found screen with a way back, and a
// page the caller has no right to says why it was left.

test.describe('as the administrator', () => {
  test.use({ storageState: async ({ browser, baseURL }, provide) => provide(await adminState(browser, baseURL)) });

  test('a malformed embedded address and an unknown user show the not-found screen with a way home', async ({ page }) => {
    for (const path of ['/embeded/%ZZ', '/embeded/not-base64!!', '/settings/user-management/9999/general']) {
      const response = await page.goto(path);
      expect(response?.headers()['content-type'], path).toMatch(/text\/html/);
      await expect(page.getByRole('heading', { level: 1, name: '404' }), path).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to the home page' }), path).toBeVisible();
    }
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).not.toContainText('…');
  });
});

test('a limited user sent to a page without the right lands on the sites page and is told why', async ({ page, context, baseURL }) => {
  await acceptCookies(context, baseURL);
  await page.goto('/login?from=%2Freports');
  await signIn(page, VIEWER);
  await expect(page).toHaveURL(/\/analytics\/sites$/);
  await expect(page.getByText('You do not have access to that page.', { exact: false })).toBeVisible();
});
