import { expect, test, type Page } from '@playwright/test';
import { adminState, demoSite, lastWorkdayOf, settledWidget } from './analyticsHelpers.ts';
import { chooseLanguage } from './helpers.ts';

test.use({ storageState: async ({ browser, baseURL }, provide) => provide(await adminState(browser, baseURL)), viewport: { width: 1440, height: 900 } });

/**
 * The air-quality page's Comfort KPIs (comfort, CO2, temperature, humidity) against the day before:
 * each arrow goes the way its written change goes ("0 pts" is flat), and the temperature moves in °C,
 * never by a percentage of a Celsius value.
 */
test('the Comfort KPI cards point each arrow the way the written change goes, a temperature in °C', async ({ page, request }) => {
  const office = await demoSite(request, 'Harbour Point Offices');
  const day = lastWorkdayOf(office);
  await page.goto(`/atmosphere/${office.id}?from=${day}&to=${day}`);
  const kpis = page.locator('section[data-widget-type="kpis"]').first();
  expect(await settledWidget(kpis)).toBe('data');
  const cards = kpis.getByTestId('kpi-card');
  await expect(cards.first().getByTestId('kpi-evolution')).toBeVisible();

  const shown = await cards.evaluateAll((els) =>
    els.map((card) => ({
      metric: card.getAttribute('data-metric'),
      sentence: card.querySelector('[data-testid="kpi-evolution"]')?.textContent ?? null,
      number: card.querySelector('[data-testid="kpi-evolution"] bdi')?.textContent ?? null,
      arrow: /tabler-icon-(arrow-up-right|arrow-down-right|arrow-right)/.exec(card.querySelector('svg[class*="tabler-icon-arrow"]')?.getAttribute('class') ?? '')?.[1] ?? null,
    })),
  );
  expect(shown.map((s) => s.metric)).toEqual(expect.arrayContaining(['temperature', 'humidity']));
  for (const s of shown) {
    expect(s.number, `${s.metric}: ${s.sentence}`).not.toBeNull();
    const number = s.number!.replace(/[\u200e\u200f]/gu, '');
    const written = number.startsWith('+') ? 'arrow-up-right' : /^[-\u2212]/u.test(number) ? 'arrow-down-right' : 'arrow-right';
    if (written === 'arrow-right') expect(Number.parseFloat(number.replace(/[^\d.]/g, '')), `${s.metric}: ${s.sentence}`).toBe(0);
    expect(s.arrow, `${s.metric}: ${s.sentence}`).toBe(written);
  }
  const temperature = shown.find((s) => s.metric === 'temperature')!;
  expect(temperature.sentence).toMatch(/^[+-]?\d+(\.\d)? °C vs previous period$/);
  const humidity = shown.find((s) => s.metric === 'humidity')!;
  expect(humidity.sentence).toMatch(/^[+-]?\d+(\.\d)? pts vs previous period$/);
  // A score moves in points with a tenth, never by a percentage of a level, and reads out of its scale.
  const comfort = shown.find((s) => s.metric === 'comfortScore')!;
  expect(comfort.sentence).toMatch(/^[+-]?\d+(\.\d)? pts vs previous period$/);
  await expect(cards.and(page.locator('[data-metric="comfortScore"]')).getByTestId('kpi-value')).toHaveText(/^\d \/ 5$/);
  // In English time runs left to right: the arrows are drawn as they are.
  expect(await arrowTransforms(page, '[data-testid="kpi-card"] svg[class*="tabler-icon-arrow"]')).toEqual(expect.arrayContaining(['none']));
});

/** The computed transform of every element `selector` finds: "none", or the matrix drawn. */
const arrowTransforms = (page: Page, selector: string) => page.locator(selector).evaluateAll((els) => els.map((el) => getComputedStyle(el).transform));
/** scaleX(-1): the arrow drawn mirrored. */
const MIRRORED = 'matrix(-1, 0, 0, 1, 0, 0)';

/**
 * In Arabic time runs right to left (the charts' time axes do): a rise points up and to the left, so
 * the change arrows of the KPI cards and of the home page's site cards are drawn mirrored.
 */
test('in Arabic the change arrows point the way time runs, right to left', async ({ page, request }) => {
  test.setTimeout(120_000);
  const office = await demoSite(request, 'Harbour Point Offices');
  const day = lastWorkdayOf(office);
  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'العربية', 'ar');
  try {
    await page.goto(`/atmosphere/${office.id}?from=${day}&to=${day}`);
    const kpis = page.locator('section[data-widget-type="kpis"]').first();
    expect(await settledWidget(kpis)).toBe('data');
    await expect(kpis.getByTestId('kpi-evolution').first()).toBeVisible();
    const kpiArrows = await arrowTransforms(page, '[data-testid="kpi-card"] svg[class*="tabler-icon-arrow"]');
    expect(kpiArrows.length).toBeGreaterThan(0);
    expect(new Set(kpiArrows)).toEqual(new Set([MIRRORED]));

    await page.goto('/home');
    const sites = page.getByTestId('home-site');
    await expect(sites.first()).toBeVisible();
    await expect(sites.and(page.locator('[data-status="loading"]'))).toHaveCount(0);
    const homeArrows = await arrowTransforms(page, '[data-testid="figure-change"] svg[class*="tabler-icon-arrow"]');
    expect(homeArrows.length).toBeGreaterThan(0);
    expect(new Set(homeArrows)).toEqual(new Set([MIRRORED]));
  } finally {
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
  }
});
