import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { businessDate, isoDateAddDays, parseIsoDate, zonedToUtc } from '@sitelens/domain';
import { adminToken, gqlAs, siteOfKind } from './dashboardsHelpers.ts';
import { ADMIN, acceptCookies, signedInAt } from './helpers.ts';

// Issue 32: a KPI widget's comparison chosen in the editor's side panel (previous period, same period
// last year, none): the live card says against what it compares, the choice is saved and kept on reload.
// The page shows yesterday; the demo has two weeks of data, so one reading 52 weeks before yesterday is
// ingested through the API to give last year a figure (and one on each of the two last days, which may
// be the site's closing day).

async function gqlVars<T>(request: APIRequestContext, token: string, query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await request.post('/graphql', { data: { query, variables }, headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: T; errors?: unknown[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

/** A dashboard of the admin's own: one page showing yesterday, one KPI widget of the counting site's whole zone. */
async function kpiDashboard(request: APIRequestContext, token: string) {
  const site = await siteOfKind(request, 'counting');
  const { zonesByInstallation } = await gqlAs<{ zonesByInstallation: Array<{ id: number; parentIds: number[]; isDeleted: boolean }> }>(
    request,
    token,
    `{ zonesByInstallation(installationId: ${site.id}) { id parentIds isDeleted } }`,
  );
  const top = zonesByInstallation.find((z) => !z.isDeleted && z.parentIds.length === 0)!;
  const { createDashboard } = await gqlVars<{ createDashboard: { id: number } }>(request, token, 'mutation($n: String!) { createDashboard(name: $n) { id } }', { n: `Comparison ${Date.now()}` });
  const yesterday = [{ id: 1, type: 'timespan', order: 0, datePreset: 'yesterday' }];
  const { createPage } = await gqlVars<{ createPage: { id: number } }>(request, token, 'mutation($d: Int!, $f: JSON) { createPage(dashboardId: $d, page: { name: "Figures", widgetGlobalFilters: $f }) { id } }', { d: createDashboard.id, f: yesterday });
  const widget = { type: 'kpis', title: 'Entries compared', category: 'specific', zoneIds: [top.id], metrics: [{ type: 'visitorsIn' }] };
  await gqlVars(request, token, 'mutation($p: Int!, $w: JSON!) { createWidget(pageId: $p, widget: $w) { id } }', { p: createPage.id, w: widget });
  const { installationById } = await gqlAs<{ installationById: { timezone: string } }>(request, token, `{ installationById(installationId: ${site.id}) { timezone } }`);
  return { id: createDashboard.id, pageId: createPage.id, zoneId: top.id, timezone: installationById.timezone };
}

/**
 * Noon at the site `daysBack` calendar days before today: inside that business day, and before the
 * point where a running day's comparison stops counting (it runs past midnight).
 */
function noonDaysBack(timeZone: string, daysBack: number): string {
  const day = parseIsoDate(isoDateAddDays(businessDate(Date.now(), timeZone), -daysBack))!;
  return new Date(zonedToUtc({ ...day, hour: 12, minute: 0 }, timeZone)).toISOString();
}

/**
 * Entries into the zone at noon of yesterday, of the day before, and of yesterday's date 52 weeks
 * back: the demo's site is closed on Sundays, so without them the card had no figure on a Monday
 * (yesterday a Sunday) and no change on a Tuesday (the day before a Sunday).
 */
async function ingestCompared(request: APIRequestContext, token: string, zoneId: number, timeZone: string) {
  const { createApiKey } = await gqlAs<{ createApiKey: { secret: string } }>(request, token, `mutation { createApiKey(name: "comparison-${Date.now()}") { secret } }`);
  const readings = [1, 2, 1 + 364].map((daysBack) => ({ target: { kind: 'zone', id: zoneId }, metric: 'visitorsIn', time: noonDaysBack(timeZone, daysBack), value: 5 }));
  const res = await request.post('/api/ingest', { data: readings, headers: { authorization: `Bearer ${createApiKey.secret}` } });
  expect(await res.json()).toEqual({ accepted: 3, rejected: [] });
}

async function storedConfiguration(request: APIRequestContext, token: string, dashboardId: number): Promise<unknown> {
  const { pagesByDashboardId } = await gqlAs<{ pagesByDashboardId: Array<{ widgets: Array<{ configuration: unknown }> }> }>(request, token, `{ pagesByDashboardId(dashboardId: ${dashboardId}) { widgets { configuration } } }`);
  return pagesByDashboardId[0]!.widgets[0]!.configuration;
}

const save = async (page: Page) => {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
};

test.use({ viewport: { width: 1600, height: 900 } });

// Yesterday is a calendar date at the site, and its business day ends at the site's change of day
// (05:00 at the demo's shopping centre): from midnight until then it is still running, and the card compares
// it with the same elapsed time of the period before ("vs the same time of ...").
const VS_PREVIOUS_PERIOD = /vs (previous period|the same time of the previous period)$/;
const VS_LAST_YEAR = /vs (same period last year|the same time last year)$/;

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

test('chooses a KPI widget`s comparison in the side panel: last year, saved and reloaded, then none', async ({ page, request }) => {
  const token = await adminToken(request);
  const board = await kpiDashboard(request, token);
  await ingestCompared(request, token, board.zoneId, board.timezone);
  await signedInAt(page, ADMIN, `/dashboard/${board.id}/edit?page=${board.pageId}`);

  const card = page.getByTestId('kpi-card').first();
  const evolution = card.getByTestId('kpi-evolution');
  await expect(card).toHaveAttribute('data-comparison', 'previousPeriod');
  await expect(evolution).toContainText(VS_PREVIOUS_PERIOD);

  // The panel's choice, by keyboard: the chosen radio takes the focus, an arrow key picks the next one.
  await page.getByTestId('editor-widget-edit').first().click();
  const panel = page.getByTestId('widget-panel');
  const choice = panel.getByRole('radiogroup', { name: 'Compare with' });
  await expect(choice.getByRole('radio', { name: 'Previous period' })).toBeChecked();
  await choice.getByRole('radio', { name: 'Previous period' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(choice.getByRole('radio', { name: 'Same period last year' })).toBeChecked();
  await expect(card).toHaveAttribute('data-comparison', 'previousYear');
  await expect(evolution).toContainText(VS_LAST_YEAR);

  await save(page);
  expect(await storedConfiguration(request, token, board.id)).toEqual({ comparison: 'previousYear' });
  await page.reload();
  await expect(card).toHaveAttribute('data-comparison', 'previousYear');
  await expect(evolution).toContainText(VS_LAST_YEAR);
  await page.getByTestId('editor-widget-edit').first().click();
  await expect(choice.getByRole('radio', { name: 'Same period last year' })).toBeChecked();

  // No comparison: the figure stays, its evolution goes.
  await choice.getByRole('radio', { name: 'No comparison' }).click();
  await expect(card).toHaveAttribute('data-comparison', 'none');
  await expect(card.getByTestId('kpi-value')).not.toHaveText('');
  await expect(evolution).toHaveCount(0);
  await save(page);
  expect(await storedConfiguration(request, token, board.id)).toEqual({ comparison: 'none' });

  // Back to the previous period (a save reloads the draft and closes the panel): the stored configuration drops the key.
  await page.getByTestId('editor-widget-edit').first().click();
  await expect(choice.getByRole('radio', { name: 'No comparison' })).toBeChecked();
  await choice.getByRole('radio', { name: 'Previous period' }).click();
  await expect(evolution).toContainText(VS_PREVIOUS_PERIOD);
  await save(page);
  expect(await storedConfiguration(request, token, board.id)).toEqual({});
});
