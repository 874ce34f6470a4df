import { expect, test } from '@playwright/test';
import { widgetsSettled } from './dashboardsHelpers.ts';
import { ADMIN, acceptCookies, seriousViolations, shoppingCentreSite, signedInAt } from './helpers.ts';

test('the login page, cookie notice included, has no serious accessibility violation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('input[autocomplete="username"]')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the counting page has no serious accessibility violation and a working skip link', async ({ page, context, request, baseURL }) => {
  const site = await shoppingCentreSite(request);
  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, `/counting/${site.id}`);
  await widgetsSettled(page);
  expect(await seriousViolations(page)).toEqual([]);

  await page.keyboard.press('Tab');
  const skip = page.locator('a[href="#main"]');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
});

/** Counts the passes in which a chart's drawing changed (an animation changes it on every frame). */
function countChartDrawing(): void {
  const counter = window as unknown as { chartDrawings: number };
  counter.chartDrawings = 0;
  new MutationObserver((records) => {
    if (records.some((r) => (r.target instanceof Element ? r.target : r.target.parentElement)?.closest('[data-testid="chart"] svg'))) counter.chartDrawings += 1;
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

test('a reader whose system asks for less motion gets charts drawn at once and no transitions', async ({ page, context, request, baseURL }) => {
  const site = await shoppingCentreSite(request);
  await acceptCookies(context, baseURL);
  await page.addInitScript(countChartDrawing);
  const drawings = async (): Promise<number> => {
    await widgetsSettled(page);
    await expect(page.getByTestId('chart').first()).toHaveAttribute('data-points', /[1-9]/);
    // ECharts' growing animation lasts a second: let it run out before counting.
    await page.waitForTimeout(1_500);
    return page.evaluate(() => (window as unknown as { chartDrawings: number }).chartDrawings);
  };

  await signedInAt(page, ADMIN, `/counting/${site.id}`);
  const animated = await drawings();

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  const still = await drawings();
  console.log(`the charts' drawing changed ${animated} times with motion, ${still} times with less motion`);
  // Drawn once per data update instead of once per frame of the animation.
  expect(still * 2, `${still} drawings with less motion, ${animated} with motion`).toBeLessThan(animated);
  expect(await page.getByRole('button').first().evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0s');
  expect(await page.locator('html').getAttribute('data-respect-reduced-motion')).toBe('true');
});
