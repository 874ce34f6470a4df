import { expect, test } from '@playwright/test';
import { adminState, demoSite, lastWorkdayOf, settledWidget } from './analyticsHelpers.ts';

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
});
