import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminToken, gqlAs, siteOfKind } from './dashboardsHelpers.ts';
import { ADMIN, acceptCookies, signedInAt } from './helpers.ts';

// The evolution aggregation of a temperature is its difference in °C, never a percentage of a Celsius
// value; a humidity's (a metric in percent) is in points. A table of the last seven days, day by day,
// each against the day seven days before it (the demo has two weeks of sensor readings).

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

test('a table of evolutions shows a temperature`s change in °C and a humidity`s in points, not in %', async ({ page, request }) => {
  const token = await adminToken(request);
  const site = await siteOfKind(request, 'atmosphere');
  const { zonesByInstallation } = await gqlAs<{ zonesByInstallation: Array<{ id: number; parentIds: number[]; isDeleted: boolean }> }>(
    request,
    token,
    `{ zonesByInstallation(installationId: ${site.id}) { id parentIds isDeleted } }`,
  );
  const top = zonesByInstallation.find((z) => !z.isDeleted && z.parentIds.length === 0)!;
  const { createDashboard } = await gqlAs<{ createDashboard: { id: number } }>(request, token, 'mutation($n: String!) { createDashboard(name: $n) { id } }', { n: `Evolution units ${Date.now()}` });
  const { createPage } = await gqlAs<{ createPage: { id: number } }>(request, token, 'mutation($d: Int!, $f: JSON!) { createPage(dashboardId: $d, page: { name: "Changes", widgetGlobalFilters: $f }) { id } }', {
    d: createDashboard.id,
    f: [{ id: 1, type: 'timespan', order: 0, datePreset: 'last7Days' }],
  });
  const evolution = (type: string) => ({ type, groupBy: { type: 'date', granularity: 86400, aggregation: 'evolution' } });
  const table = { type: 'table', title: 'Changes by day', category: 'specific', zoneIds: [top.id], metrics: [evolution('temperature'), evolution('humidity')] };
  await gqlAs(request, token, 'mutation($p: Int!, $w: JSON!) { createWidget(pageId: $p, widget: $w) { id } }', { p: createPage.id, w: table });

  const asked = page.waitForRequest((r) => r.url().endsWith('/graphql') && (r.postData() ?? '').includes('"aggregation":"evolution"'));
  await signedInAt(page, ADMIN, `/dashboard/${createDashboard.id}/page/${createPage.id}`);
  const input = temperatureInput(JSON.parse((await asked).postData()!));
  const widget = page.locator('section[data-widget-type="table"]').first();
  await expect(widget).toHaveAttribute('data-status', 'data', { timeout: 30_000 });
  const columns = async (n: number) => (await widget.locator(`tbody tr td:nth-of-type(${n})`).allInnerTexts()).map((t) => t.trim().replace(/[\u200e\u2066-\u2069]/g, ''));
  await expect.poll(async () => (await columns(1)).filter((t) => t !== '-').length).toBeGreaterThan(0);
  // Every day with a compared day reads "+0.4 °C", "-1.2 °C" or "0 °C"; none "%".
  const temperatures = (await columns(1)).filter((t) => t !== '-');
  for (const text of temperatures) expect(text).toMatch(/^[+-]?\d+(\.\d)? °C$/);
  // Each day's change is the difference of its mean temperature and the mean of the day a week before
  // (a percentage of either would be another number), one row per day in order.
  const { current, previous } = await plainDays(request, token, input);
  const shown = await columns(1);
  expect(shown).toHaveLength(current.length);
  const compared = current.flatMap((day, i) => {
    const before = previous.find((p) => p.t === day.t - spanOf(input))?.value;
    return day.value !== null && typeof before === 'number' ? [{ shown: shown[i]!, difference: day.value - before }] : [];
  });
  expect(compared.length).toBeGreaterThan(0);
  // Written with one decimal: within half a tenth of the exact difference.
  for (const { shown: text, difference } of compared) expect(Math.abs(Number(text.replace(' °C', '')) - difference)).toBeLessThanOrEqual(0.050001);
  const humidities = (await columns(2)).filter((t) => t !== '-');
  expect(humidities.length).toBeGreaterThan(0);
  for (const text of humidities) expect(text).toMatch(/^[+-]?\d+(\.\d)? pts$/);
  expect(await widget.locator('tbody').innerText()).not.toContain('%');
});

type Input = { metric: string; groupBy: { aggregation?: string | null }; filters: { conditions: Array<{ type: string; dateBegin?: string; dateEnd?: string }> } };

/** The table's temperature request as the page sent it (any batching around it). */
function temperatureInput(body: unknown): Input {
  const found: Input[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (o.metric === 'temperature' && (o.groupBy as { aggregation?: string } | undefined)?.aggregation === 'evolution') found.push(o as unknown as Input);
      else Object.values(o).forEach(walk);
    }
  };
  walk(body);
  expect(found.length).toBeGreaterThan(0);
  return found[0]!;
}

const dates = (input: Input) => input.filters.conditions.filter((c) => c.type === 'date');
const spanOf = (input: Input) => Math.max(...dates(input).map((c) => Date.parse(c.dateEnd!))) - Math.min(...dates(input).map((c) => Date.parse(c.dateBegin!)));

/** The same days' plain mean temperatures, and those of the period of equal length before. */
async function plainDays(request: APIRequestContext, token: string, input: Input) {
  const span = spanOf(input);
  const back = (iso: string) => new Date(Date.parse(iso) - span).toISOString();
  const plain = { ...input, groupBy: { ...input.groupBy, aggregation: null } };
  const earlier = { ...plain, filters: { ...input.filters, conditions: input.filters.conditions.map((c) => (c.type === 'date' ? { ...c, dateBegin: back(c.dateBegin!), dateEnd: back(c.dateEnd!) } : c)) } };
  const ask = async (i: unknown) => {
    const r = await gqlAs<{ retailData: { series: Array<{ points: Array<{ t: string; value: number | null }> }> } }>(request, token, 'query($i: RetailDataInput!) { retailData(input: $i) { series { points { t value } } } }', { i });
    return r.retailData.series[0]!.points.map((p) => ({ t: Date.parse(p.t), value: p.value }));
  };
  return { current: await ask(plain), previous: await ask(earlier) };
}
