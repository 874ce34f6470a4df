import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { adminToken, gqlAs, siteOfKind } from './dashboardsHelpers.ts';
import { ADMIN, acceptCookies, signIn } from './helpers.ts';

// Issue 32: a KPI widget's comparison chosen in the editor's side panel (previous period, same period
// last year, none): the live card says against what it compares, the choice is saved and kept on reload.
// The page shows yesterday; the demo has two weeks of data, so one reading 52 weeks before yesterday is
// ingested through the API to give last year a figure.

const DAY = 86_400_000;

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
  return { id: createDashboard.id, pageId: createPage.id, zoneId: top.id };
}

/** One reading of entries into the zone 52 weeks before this time yesterday: within yesterday's day of last year. */
async function ingestLastYear(request: APIRequestContext, token: string, zoneId: number) {
  const { createApiKey } = await gqlAs<{ createApiKey: { secret: string } }>(request, token, `mutation { createApiKey(name: "comparison-${Date.now()}") { secret } }`);
  const time = new Date(Date.now() - DAY - 364 * DAY).toISOString();
  const res = await request.post('/api/ingest', { data: [{ target: { kind: 'zone', id: zoneId }, metric: 'visitorsIn', time, value: 5 }], headers: { authorization: `Bearer ${createApiKey.secret}` } });
  expect(await res.json()).toEqual({ accepted: 1, rejected: [] });
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

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

test('chooses a KPI widget`s comparison in the side panel: last year, saved and reloaded, then none', async ({ page, request }) => {
  const token = await adminToken(request);
  const board = await kpiDashboard(request, token);
  await ingestLastYear(request, token, board.zoneId);
  await page.goto(`/dashboard/${board.id}/edit?page=${board.pageId}`);
  await signIn(page, ADMIN);

  const card = page.getByTestId('kpi-card').first();
  const evolution = card.getByTestId('kpi-evolution');
  await expect(card).toHaveAttribute('data-comparison', 'previousPeriod');
  await expect(evolution).toContainText('vs previous period');

  // The panel's choice, by keyboard: the chosen radio takes the focus, an arrow key picks the next one.
  await page.getByTestId('editor-widget-edit').first().click();
  const panel = page.getByTestId('widget-panel');
  const choice = panel.getByRole('radiogroup', { name: 'Compare with' });
  await expect(choice.getByRole('radio', { name: 'Previous period' })).toBeChecked();
  await choice.getByRole('radio', { name: 'Previous period' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(choice.getByRole('radio', { name: 'Same period last year' })).toBeChecked();
  await expect(card).toHaveAttribute('data-comparison', 'previousYear');
  await expect(evolution).toContainText('vs same period last year');

  await save(page);
  expect(await storedConfiguration(request, token, board.id)).toEqual({ comparison: 'previousYear' });
  await page.reload();
  await expect(card).toHaveAttribute('data-comparison', 'previousYear');
  await expect(evolution).toContainText('vs same period last year');
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
  await expect(evolution).toContainText('vs previous period');
  await save(page);
  expect(await storedConfiguration(request, token, board.id)).toEqual({});
});
