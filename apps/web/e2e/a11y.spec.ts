import { expect, test } from '@playwright/test';
import { widgetsSettled } from './dashboardsHelpers.ts';
import { ADMIN, acceptCookies, seriousViolations, shoppingCentreSite, signIn } from './helpers.ts';

test('the login page, cookie notice included, has no serious accessibility violation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('input[autocomplete="username"]')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the counting page has no serious accessibility violation and a working skip link', async ({ page, context, request, baseURL }) => {
  const site = await shoppingCentreSite(request);
  await acceptCookies(context, baseURL);
  await page.goto(`/counting/${site.id}`);
  await signIn(page, ADMIN);
  await widgetsSettled(page);
  expect(await seriousViolations(page)).toEqual([]);

  await page.keyboard.press('Tab');
  const skip = page.locator('a[href="#main"]');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
});
