import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createOrganization, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';

// A widget's configuration.comparison (previousPeriod, previousYear, none) is part of the dashboard
// model: the API stores it, an import file may carry it, and any other value is refused.
const CREATE_DASHBOARD = 'mutation($n: String!) { createDashboard(name: $n) { id } }';
const CREATE_PAGE = 'mutation($d: Int!) { createPage(dashboardId: $d, page: { name: "Figures" }) { id } }';
const CREATE_WIDGET = 'mutation($p: Int!, $w: JSON!) { createWidget(pageId: $p, widget: $w) { id configuration } }';
const PREVIEW = 'query($t: String!) { previewDashboardImport(text: $t) { errors { line path message } } }';

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let token = '';

const kpis = (comparison: string) => ({ type: 'kpis', title: 'Key figures', metrics: [{ type: 'visitorsIn' }], configuration: { comparison } });
const file = (comparison: string) => JSON.stringify({ format: 'sitelens.dashboard', formatVersion: 1, name: 'Figures', pages: [{ name: 'A', widgets: [kpis(comparison)] }] }, null, 2);

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  await createUser(database, { email: 'ana@acme.test', organizationIds: [org.id], role: 'admin' });
  server = await startTestServer(database);
  token = await server.signIn('ana@acme.test');
});

afterAll(async () => {
  await server.close();
  await database.close();
});

describe('a widget`s comparison in the dashboard model', () => {
  it('is stored by createWidget, and an unknown value is refused', async () => {
    const dashboard = (await server.gql<{ createDashboard: { id: number } }>(CREATE_DASHBOARD, { n: 'Figures' }, { token })).data!.createDashboard;
    const page = (await server.gql<{ createPage: { id: number } }>(CREATE_PAGE, { d: dashboard.id }, { token })).data!.createPage;
    for (const comparison of ['previousYear', 'none', 'previousPeriod']) {
      const made = await server.gql<{ createWidget: { configuration: unknown } }>(CREATE_WIDGET, { p: page.id, w: kpis(comparison) }, { token });
      expect(made.errors).toBeUndefined();
      expect(made.data!.createWidget.configuration).toEqual({ comparison });
    }
    expect(errorCode(await server.gql(CREATE_WIDGET, { p: page.id, w: kpis('lastDecade') }, { token }))).toBe('BAD_USER_INPUT');
  });

  it('is accepted in an imported file, and a bad value is pointed at by its line', async () => {
    const good = await server.gql<{ previewDashboardImport: { errors: unknown[] } }>(PREVIEW, { t: file('previousYear') }, { token });
    expect(good.data!.previewDashboardImport.errors).toEqual([]);
    const text = file('yesterday');
    const bad = await server.gql<{ previewDashboardImport: { errors: Array<{ line: number; path: string }> } }>(PREVIEW, { t: text }, { token });
    const line = text.split('\n').findIndex((l) => l.includes('"yesterday"')) + 1;
    expect(bad.data!.previewDashboardImport.errors[0]).toMatchObject({ line, path: 'pages.0.widgets.0.configuration.comparison' });
  });
});
