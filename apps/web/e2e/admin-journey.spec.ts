import { expect, test } from '@playwright/test';
import { expectRenderedWithData, widgetsSettled } from './dashboardsHelpers.ts';
import { ADMIN, acceptCookies, chooseLanguage, screenshotPath, shoppingCentreSite, signIn } from './helpers.ts';

test('an administrator signs in, reads a counting site, works in Arabic and signs out', async ({ page, context, request, baseURL }) => {
  const site = await shoppingCentreSite(request);
  await acceptCookies(context, baseURL);

  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('login.png') });
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/analytics\/sites$/);

  // Start from English whatever the demo account holds, so the screenshots read the same.
  await page.locator('header a[href="/user-profile"]').click();
  await page.locator('nav a[href="/user-profile/preferences"]').click();
  await chooseLanguage(page, 'English', 'en');

  await page.locator('header nav a[href="/analytics"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  // Every card's figures have come in (a closed site's after a second call, for the day its pages open on).
  await expect(page.getByRole('article').locator('.mantine-Skeleton-root')).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('sites.png') });

  await page.getByRole('article').filter({ hasText: site.name }).getByRole('link', { name: site.name, exact: true }).click();
  // The site's page, whose filter bar may already have written its filters into the address.
  await expect(page).toHaveURL(new RegExp(`/counting/${site.id}(\\?|$)`));
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(site.name);
  await expect(page.getByRole('heading', { level: 1, name: site.name })).toBeVisible();
  const widgets = await widgetsSettled(page);
  expect(widgets).toHaveLength(8);
  expectRenderedWithData(widgets, ['weather', 'heatmap']);

  await page.locator('header a[href="/user-profile"]').click();
  await page.locator('nav a[href="/user-profile/preferences"]').click();
  await chooseLanguage(page, 'العربية', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const viewport = page.viewportSize()!;
  const sidebar = (await page.getByTestId('sidebar').boundingBox())!;
  expect(sidebar.x).toBeGreaterThan(viewport.width / 2);
  // The sites' countries are named in the reader's language (the demo stores ISO codes).
  await page.goto('/analytics/sites');
  const arabicRegion = new Intl.DisplayNames(['ar'], { type: 'region' });
  for (const code of ['FR', 'GB', 'IN']) await expect(page.getByRole('main')).toContainText(arabicRegion.of(code)!);

  await page.goto(`/counting/${site.id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  expectRenderedWithData(await widgetsSettled(page), ['weather', 'heatmap']);
  const rtlSidebar = (await page.getByTestId('sidebar').boundingBox())!;
  expect(rtlSidebar.x).toBeGreaterThan(viewport.width / 2);

  await page.locator('header a[href="/user-profile"]').click();
  await page.locator('nav a[href="/user-profile/preferences"]').click();
  await chooseLanguage(page, 'English', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  expect((await page.getByTestId('sidebar').boundingBox())!.x).toBeLessThan(viewport.width / 2);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The session is gone on the server too: a reload stays signed out.
  await page.goto('/analytics/sites');
  await expect(page).toHaveURL(/\/login\?from=%2Fanalytics%2Fsites$/);
});
