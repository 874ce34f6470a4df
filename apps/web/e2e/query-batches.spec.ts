import { expect, type Request, test } from '@playwright/test';
import { openWithFilterBar } from './filtersHelpers.ts';
import { operationsOf } from './graphqlOperations.ts';
import { acceptCookies, shoppingCentreSite } from './helpers.ts';

// A page's queries in one request (docs/decisions.md): the counting page asks its site, its zones and
// its widgets' figures as it renders; they leave together, and every one is answered in its place.
test('the counting page sends the queries it asks together in shared requests, each answered', async ({ page, context, request, baseURL }) => {
  const site = await shoppingCentreSite(request);
  await acceptCookies(context, baseURL);
  const sent: Request[] = [];
  page.on('request', (r) => {
    if (operationsOf(r).length > 0 && !(r.headers()['accept'] ?? '').includes('text/event-stream')) sent.push(r);
  });
  await openWithFilterBar(page, `/counting/${site.id}`);
  await expect(page.getByRole('heading', { level: 1, name: site.name })).toBeVisible();
  await page.waitForFunction(() => {
    const frames = [...document.querySelectorAll<HTMLElement>('[data-widget-type]')];
    return frames.length > 0 && frames.every((f) => f.dataset.status !== 'loading' && !f.querySelector('[aria-busy="true"]'));
  });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-widget-type][data-status="error"]')).toHaveCount(0);

  const operations = sent.flatMap((r) => operationsOf(r));
  const names = operations.map((op) => op.operationName ?? '');
  expect(names.some((n) => /Installation|Site/.test(n))).toBe(true);
  expect(operations.some((op) => op.query.includes('retailDataBatch'))).toBe(true);
  // At least one request carried several queries, and never more than the server takes.
  const sizes = sent.map((r) => operationsOf(r).length);
  expect(Math.max(...sizes)).toBeGreaterThan(1);
  expect(Math.max(...sizes)).toBeLessThanOrEqual(10);
  expect(sent.length).toBeLessThan(operations.length);
  // Each operation of a shared request got its own answer in its place. The weather widget's may be
  // its own error (no weather provider is reachable here): it costs the others nothing.
  for (const r of sent.filter((q) => operationsOf(q).length > 1)) {
    const asked = operationsOf(r);
    const body = (await (await r.response())!.json()) as Array<{ data?: Record<string, unknown> | null; errors?: Array<{ extensions?: { code?: string } }> }>;
    expect(body).toHaveLength(asked.length);
    body.forEach((answer, i) => {
      if (asked[i]!.operationName === 'WidgetWeather' && answer.errors) expect(answer.errors[0]!.extensions?.code).toBe('WEATHER_UNAVAILABLE');
      else {
        expect(answer.errors).toBeUndefined();
        expect(answer.data).toBeTruthy();
      }
    });
  }
  expect(sent.some((r) => operationsOf(r).filter((op) => op.operationName === 'WidgetRetailData').length > 1)).toBe(true);
});
