import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createAcmeAndRival, createProfile, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';

// Issue 32 item 1: building dashboards needs dashboard.custom edit; reading them does not give it.
// Over HTTP, both engines (run with and without TEST_DATABASE_URL).

const CREATE = 'mutation($name: String!) { createDashboard(name: $name) { id } }';
const CREATE_PAGE = 'mutation($d: Int!) { createPage(dashboardId: $d, page: { name: "Overview" }) { id } }';
const CREATE_WIDGET = 'mutation($p: Int!, $w: JSON!) { createWidget(pageId: $p, widget: $w) { id } }';
const EDITABLE = 'query($d: Int!) { editableDashboard(dashboardId: $d) { version model } }';
const PAGES = 'query($d: Int!) { pagesByDashboardId(dashboardId: $d) { widgets { title layout } } }';
const SAVE = 'mutation($d: Int!, $v: Int!, $m: JSON!) { saveDashboard(dashboardId: $d, baseVersion: $v, model: $m) { number } }';

const line = { type: 'lineChart', title: 'Visitors', metrics: [{ type: 'visitorsIn', granularity: 3600, groupBy: { type: 'date', aggregation: 'sum' } }] };

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let tokens: Record<'reader' | 'builder', string>;

beforeAll(async () => {
  database = await openTestDatabase();
  const { org } = await createAcmeAndRival(database);
  const reader = await createProfile(database, org.id, { dashboard: { custom: { read: true, edit: false } } }, 'Reader');
  const builder = await createProfile(database, org.id, { dashboard: { custom: { read: true, edit: true } } }, 'Builder');
  await createUser(database, { email: 'reader@acme.test', organizationIds: [org.id], profileId: reader.id });
  await createUser(database, { email: 'builder@acme.test', organizationIds: [org.id], profileId: builder.id });
  server = await startTestServer(database);
  tokens = await server.signInAll({ reader: 'reader@acme.test', builder: 'builder@acme.test' });
});

afterAll(async () => {
  await server.close();
  await database.close();
});

async function ok<T = Record<string, any>>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const r = await server.gql(query, variables, { token });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data as T;
}

/** The builder's own dashboard with one page; the reader's own dashboard made in the database (the API refuses them one). */
async function boardOf(token: string): Promise<{ id: number; pageId: number }> {
  const { createDashboard } = await ok(CREATE, { name: 'Board' }, token);
  const { createPage } = await ok(CREATE_PAGE, { d: createDashboard.id }, token);
  return { id: createDashboard.id, pageId: createPage.id };
}

describe('dashboard.custom edit', () => {
  it('refuses a profile without it every editing call, FORBIDDEN, and lets it read', async () => {
    expect(errorCode(await server.gql(CREATE, { name: 'Nope' }, { token: tokens.reader }))).toBe('FORBIDDEN');
    const board = await boardOf(tokens.builder);
    // The reader's own dashboard: the builder's, handed over in the database.
    await database.sql.query('update dashboards set owner_user_id = (select id from users where email = $1) where id = $2', ['reader@acme.test', board.id]);
    const { editableDashboard } = await ok(EDITABLE, { d: board.id }, tokens.reader);
    expect(errorCode(await server.gql(SAVE, { d: board.id, v: editableDashboard.version, m: editableDashboard.model }, { token: tokens.reader }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(CREATE_WIDGET, { p: board.pageId, w: line }, { token: tokens.reader }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(CREATE_PAGE, { d: board.id }, { token: tokens.reader }))).toBe('FORBIDDEN');
  });

  it('lets a profile with it save and add widgets to its own dashboards, keeping each widget’s layout', async () => {
    const board = await boardOf(tokens.builder);
    await ok(CREATE_WIDGET, { p: board.pageId, w: { ...line, layout: { width: 'full' } } }, tokens.builder);
    const { editableDashboard } = await ok(EDITABLE, { d: board.id }, tokens.builder);
    const model = editableDashboard.model;
    expect(model.pages[0].widgets[0].layout).toEqual({ width: 'full' });
    const second = { ...line, title: 'Second', layout: { width: 'half', height: 'large' } };
    model.pages[0].widgets = [second, model.pages[0].widgets[0]];
    const saved = await ok(SAVE, { d: board.id, v: editableDashboard.version, m: model }, tokens.builder);
    expect(saved.saveDashboard.number).toBe(editableDashboard.version + 1);
    const { pagesByDashboardId } = await ok(PAGES, { d: board.id }, tokens.builder);
    expect(pagesByDashboardId[0].widgets).toEqual([
      { title: 'Second', layout: { width: 'half', height: 'large' } },
      { title: 'Visitors', layout: { width: 'full' } },
    ]);
  });

  it('refuses a layout outside the sizes', async () => {
    const board = await boardOf(tokens.builder);
    expect(errorCode(await server.gql(CREATE_WIDGET, { p: board.pageId, w: { ...line, layout: { width: 'third' } } }, { token: tokens.builder }))).toBe('BAD_USER_INPUT');
  });
});
