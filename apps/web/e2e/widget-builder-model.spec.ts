import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { type BuilderConfigShape, type DashboardModelShape, builderConfigOfModel, modelOfBuilderConfig } from '@sitelens/domain';
import { adminToken, builderPage, expectRenderedWithData, gqlAs, openAdminTool, sendToBuilder, widgetsSettled } from './dashboardsHelpers.ts';
import { acceptCookies, shoppingCentreSite } from './helpers.ts';

// Issue 32 item 5: the admin tool's configuration and the editor's dashboard model are one shape.

/** The accessible names of the previewed widgets, in page order. */
function widgetTitles(frame: FrameLocator): Promise<string[]> {
  return frame
    .locator('[data-widget-type]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? document.getElementById(e.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''));
}

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

test('a stored dashboard model previews in the widget builder, and a configuration made in the admin tool saves as a dashboard', async ({ page, request, baseURL }) => {
  const token = await adminToken(request);
  const centre = await shoppingCentreSite(request);
  const { widgetBuilderOrigin: trusted, allDashboardsV2 } = await gqlAs<{
    widgetBuilderOrigin: string;
    allDashboardsV2: Array<{ id: number; name: string; kind: string; type: string; installationId: number | null }>;
  }>(request, token, '{ widgetBuilderOrigin allDashboardsV2 { id name kind type installationId } }');
  const board = allDashboardsV2.find((d) => d.name === 'Showcase' && d.kind === 'organization');
  expect(board?.type).toBe('custom');

  // The editor's model of a stored custom dashboard, sent as is to the preview by the admin tool.
  const { editableDashboard } = await gqlAs<{ editableDashboard: { version: number; model: DashboardModelShape } }>(
    request,
    token,
    `{ editableDashboard(dashboardId: ${board!.id}) { version model } }`,
  );
  const model = editableDashboard.model;
  expect(model.format).toBe('sitelens.dashboard');
  const firstPage = model.pages[0]!;
  expect(firstPage.widgets.length).toBeGreaterThan(1);
  const frame = await openAdminTool(page, trusted, baseURL!);
  await sendToBuilder(page, [
    { type: 'init' },
    { type: 'token', token },
    { type: 'dashboardConfig', config: model, installationId: centre.id },
  ]);
  await expect(frame.getByRole('heading', { level: 1, name: firstPage.name })).toBeVisible();
  await expect(frame.getByTestId('widget-builder')).toHaveAttribute('data-signed-in', 'yes');
  const widgets = await widgetsSettled(frame as unknown as Page);
  expect(await widgetTitles(frame)).toEqual(firstPage.widgets.map((w) => w.title));
  // As on the Showcase page itself: a centre not yet open today may have empty counts.
  const open = /Galeries/.test(centre.name);
  expectRenderedWithData(widgets, open ? ['weather', 'heatmap', 'alertLogsTable', 'mapView'] : widgets.map((w) => w.type));

  // A configuration made by hand in the admin tool (the spec's shape, two widgets) previews...
  const config: BuilderConfigShape = { name: 'Made in the admin tool', icon: 'IconLayoutDashboard', installationId: centre.id, pages: [builderPage() as BuilderConfigShape['pages'][number]] };
  config.pages[0]!.widgets[1]!.layout = { width: 'half', height: 'small' };
  await sendToBuilder(page, [{ type: 'dashboardConfig', config }]);
  await expect(frame.getByRole('heading', { level: 1, name: 'Preview page' })).toBeVisible();
  await expect.poll(() => widgetTitles(frame)).toEqual(['Visitors per hour', 'Key figures']);

  // ...and saves as a dashboard: its model is accepted by saveDashboard and reads back as the same config.
  const { createDashboard } = await gqlAs<{ createDashboard: { id: number } }>(request, token, 'mutation { createDashboard(name: "From the admin tool") { id } }');
  const { editableDashboard: fresh } = await gqlAs<{ editableDashboard: { version: number } }>(request, token, `{ editableDashboard(dashboardId: ${createDashboard.id}) { version } }`);
  const { saveDashboard } = await gqlAs<{ saveDashboard: { number: number } }>(
    request,
    token,
    'mutation ($id: Int!, $base: Int!, $model: JSON!) { saveDashboard(dashboardId: $id, baseVersion: $base, model: $model) { number } }',
    { id: createDashboard.id, base: fresh.version, model: modelOfBuilderConfig(config) },
  );
  expect(saveDashboard.number).toBe(fresh.version + 1);
  const { editableDashboard: saved } = await gqlAs<{ editableDashboard: { model: DashboardModelShape } }>(
    request,
    token,
    `{ editableDashboard(dashboardId: ${createDashboard.id}) { model } }`,
  );
  const back = builderConfigOfModel(saved.model, centre.id);
  expect(back).toMatchObject({ name: config.name, installationId: centre.id, pages: [{ name: 'Preview page', widgets: config.pages[0]!.widgets.map(({ type, title, metrics }, order) => ({ type, title, metrics, order })) }] });
});
