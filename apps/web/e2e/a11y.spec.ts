import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { widgetsSettled } from './dashboardsHelpers.ts';
import { ADMIN, acceptCookies, shoppingCentreSite, signIn } from './helpers.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

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
