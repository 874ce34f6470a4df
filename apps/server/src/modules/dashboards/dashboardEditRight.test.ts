import { describe, expect, it } from 'vitest';
import { errorCode } from '../../test/testServer.ts';
import { dashboardFixture } from './dashboardFixture.test-support.ts';

// Issue 32 item 1: building dashboards needs dashboard.custom edit; reading them does not give it.
// Over HTTP, both engines (run with and without TEST_DATABASE_URL).

const f = dashboardFixture();

const CREATE = 'mutation($name: String!) { createDashboard(name: $name) { id } }';
const CREATE_PAGE = 'mutation($d: Int!) { createPage(dashboardId: $d, page: { name: "Overview" }) { id } }';
const CREATE_WIDGET = 'mutation($p: Int!, $w: JSON!) { createWidget(pageId: $p, widget: $w) { id } }';
const EDITABLE = 'query($d: Int!) { editableDashboard(dashboardId: $d) { version model } }';
const PAGES = 'query($d: Int!) { pagesByDashboardId(dashboardId: $d) { widgets { title layout } } }';
const SAVE = 'mutation($d: Int!, $v: Int!, $m: JSON!) { saveDashboard(dashboardId: $d, baseVersion: $v, model: $m) { number } }';

const line = { type: 'lineChart', title: 'Visitors', metrics: [{ type: 'visitorsIn', granularity: 3600, groupBy: { type: 'date', aggregation: 'sum' } }] };

const { ok } = f;

/** The builder's own dashboard with one page; the reader's own dashboard made in the database (the API refuses them one). */
async function boardOf(token: string): Promise<{ id: number; pageId: number }> {
  const { createDashboard } = await ok(CREATE, { name: 'Board' }, token);
  const { createPage } = await ok(CREATE_PAGE, { d: createDashboard.id }, token);
  return { id: createDashboard.id, pageId: createPage.id };
}

describe('dashboard.custom edit', () => {
  it('refuses a profile without it every editing call, FORBIDDEN, and lets it read', async () => {
    expect(errorCode(await f.server.gql(CREATE, { name: 'Nope' }, { token: f.tokens.reader }))).toBe('FORBIDDEN');
    const board = await boardOf(f.tokens.builder);
    // The reader's own dashboard: the builder's, handed over in the database.
    await f.database.sql.query('update dashboards set owner_user_id = (select id from users where email = $1) where id = $2', ['reader@acme.test', board.id]);
    const { editableDashboard } = await ok(EDITABLE, { d: board.id }, f.tokens.reader);
    expect(errorCode(await f.server.gql(SAVE, { d: board.id, v: editableDashboard.version, m: editableDashboard.model }, { token: f.tokens.reader }))).toBe('FORBIDDEN');
    expect(errorCode(await f.server.gql(CREATE_WIDGET, { p: board.pageId, w: line }, { token: f.tokens.reader }))).toBe('FORBIDDEN');
    expect(errorCode(await f.server.gql(CREATE_PAGE, { d: board.id }, { token: f.tokens.reader }))).toBe('FORBIDDEN');
  });

  it('lets a profile with it save and add widgets to its own dashboards, keeping each widget’s layout', async () => {
    const board = await boardOf(f.tokens.builder);
    await ok(CREATE_WIDGET, { p: board.pageId, w: { ...line, layout: { width: 'full' } } }, f.tokens.builder);
    const { editableDashboard } = await ok(EDITABLE, { d: board.id }, f.tokens.builder);
    const model = editableDashboard.model;
    expect(model.pages[0].widgets[0].layout).toEqual({ width: 'full' });
    const second = { ...line, title: 'Second', layout: { width: 'half', height: 'large' } };
    model.pages[0].widgets = [second, model.pages[0].widgets[0]];
    const saved = await ok(SAVE, { d: board.id, v: editableDashboard.version, m: model }, f.tokens.builder);
    expect(saved.saveDashboard.number).toBe(editableDashboard.version + 1);
    const { pagesByDashboardId } = await ok(PAGES, { d: board.id }, f.tokens.builder);
    expect(pagesByDashboardId[0].widgets).toEqual([
      { title: 'Second', layout: { width: 'half', height: 'large' } },
      { title: 'Visitors', layout: { width: 'full' } },
    ]);
  });

  it('refuses a layout outside the sizes', async () => {
    const board = await boardOf(f.tokens.builder);
    expect(errorCode(await f.server.gql(CREATE_WIDGET, { p: board.pageId, w: { ...line, layout: { width: 'third' } } }, { token: f.tokens.builder }))).toBe('BAD_USER_INPUT');
  });
});
