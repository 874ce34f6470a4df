import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dashboards } from '../../composition/tables.ts';
import { errorCode } from '../../test/testServer.ts';
import { dashboardFixture } from './dashboardFixture.test-support.ts';
import { dashboardModelJsonSchema } from './dashboardModel.ts';

// Issue 32 item 2: every save is a version (author, time, what changed); a save made on an older
// version is refused with who saved last; a version restores as a new one. Over HTTP, both engines.

const f = dashboardFixture();

const CREATE = 'mutation($name: String!) { createDashboard(name: $name) { id } }';
const CREATE_PAGE = 'mutation($d: Int!) { createPage(dashboardId: $d, page: { name: "Overview" }) { id } }';
const CREATE_WIDGET = 'mutation($p: Int!, $w: JSON!) { createWidget(pageId: $p, widget: $w) { id } }';
const EDITABLE = 'query($d: Int!) { editableDashboard(dashboardId: $d) { version model } }';
const SAVE = 'mutation($d: Int!, $v: Int!, $m: JSON!) { saveDashboard(dashboardId: $d, baseVersion: $v, model: $m) { number authorName createdAt restoredFrom summary { first renamed pagesAdded pagesRemoved pagesChanged widgetsAdded widgetsRemoved widgetsChanged } } }';
const VERSIONS = 'query($d: Int!) { dashboardVersions(dashboardId: $d) { number authorName restoredFrom summary { widgetsAdded widgetsRemoved widgetsChanged renamed } } }';
const VERSION_MODEL = 'query($d: Int!, $n: Int!) { dashboardVersionModel(dashboardId: $d, number: $n) }';
const RESTORE = 'mutation($d: Int!, $n: Int!, $v: Int!) { restoreDashboardVersion(dashboardId: $d, number: $n, baseVersion: $v) { number restoredFrom summary { widgetsAdded widgetsRemoved } } }';
const PAGES = 'query($d: Int!) { pagesByDashboardId(dashboardId: $d) { id name widgets { id title order } } }';

interface Model {
  format: string;
  formatVersion: number;
  name: string;
  pages: Array<{ id?: number; name: string; widgets: Array<{ id?: number; type: string; title: string; zoneIds?: number[]; metrics?: unknown[] }> }>;
}

const { ok } = f;

const line = (title: string) => ({ type: 'lineChart', title, metrics: [{ type: 'visitorsIn', granularity: 3600, groupBy: { type: 'date', aggregation: 'sum' } }] });

/**
 * A dashboard shared with the organization (which the API does not create: it is made a user's own
 * one, then shared in the database), with one page and two widgets made through the single-item calls.
 */
async function sharedDashboard(): Promise<number> {
  const { createDashboard } = await ok(CREATE, { name: 'Monday board' }, f.tokens.admin);
  await f.database.db.update(dashboards).set({ kind: 'organization', ownerUserId: null }).where(eq(dashboards.id, createDashboard.id));
  const { createPage } = await ok(CREATE_PAGE, { d: createDashboard.id }, f.tokens.admin);
  await ok(CREATE_WIDGET, { p: createPage.id, w: line('Visitors') }, f.tokens.admin);
  await ok(CREATE_WIDGET, { p: createPage.id, w: line('Leavers') }, f.tokens.admin);
  return createDashboard.id;
}

async function editable(id: number, token = f.tokens.admin): Promise<{ version: number; model: Model }> {
  return (await ok<{ editableDashboard: { version: number; model: Model } }>(EDITABLE, { d: id }, token)).editableDashboard;
}

describe('dashboard versions', () => {
  it('records each single-item change as a version, and a whole save as the next one with what it changed', async () => {
    const id = await sharedDashboard();
    const { version, model } = await editable(id);
    // The page and each widget were changes: three versions, by their author.
    expect(version).toBe(3);
    const history = (await ok(VERSIONS, { d: id }, f.tokens.admin)).dashboardVersions;
    expect(history.map((v: { number: number }) => v.number)).toEqual([3, 2, 1]);
    expect(history[0]).toMatchObject({ authorName: 'Ada Admin', summary: { widgetsAdded: 1 } });

    // One widget retitled, one removed, one added, the dashboard renamed.
    const [visitors] = model.pages[0]!.widgets;
    const next: Model = { ...model, name: 'Monday board, v2', pages: [{ ...model.pages[0]!, widgets: [{ ...visitors!, title: 'People in' }, line('New one')] }] };
    const { saveDashboard } = await ok(SAVE, { d: id, v: version, m: next }, f.tokens.admin);
    expect(saveDashboard).toMatchObject({
      number: 4,
      authorName: 'Ada Admin',
      restoredFrom: null,
      summary: { first: false, renamed: true, pagesAdded: 0, pagesRemoved: 0, widgetsAdded: 1, widgetsRemoved: 1, widgetsChanged: 1 },
    });
    const pages = (await ok(PAGES, { d: id }, f.tokens.admin)).pagesByDashboardId;
    expect(pages[0].widgets.map((w: { title: string }) => w.title)).toEqual(['People in', 'New one']);
    expect(pages[0].widgets[0].id).toBe(visitors!.id);
  });

  it('refuses a second editor’s save made on an older version, naming who saved and when, and changes nothing', async () => {
    const id = await sharedDashboard();
    const first = await editable(id, f.tokens.admin);
    const second = await editable(id, f.tokens.colleague);
    await ok(SAVE, { d: id, v: first.version, m: { ...first.model, name: 'Ada’s' } }, f.tokens.admin);
    const refused = await f.server.gql(SAVE, { d: id, v: second.version, m: { ...second.model, name: 'Cole’s', pages: [{ name: 'Empty', widgets: [] }] } }, { token: f.tokens.colleague });
    expect(errorCode(refused)).toBe('VERSION_CONFLICT');
    expect(refused.errors![0]!.extensions).toMatchObject({ latestVersion: first.version + 1, savedBy: 'Ada Admin' });
    expect(Date.parse(String(refused.errors![0]!.extensions!.savedAt))).toBeGreaterThan(0);
    const now = await editable(id);
    expect(now.model.name).toBe('Ada’s');
    expect(now.model.pages[0]!.widgets).toHaveLength(2);
  });

  it('two saves on the same version at once: one lands, the other is told', async () => {
    const id = await sharedDashboard();
    const { version, model } = await editable(id);
    const results = await Promise.all(['A', 'B'].map((n, i) => f.server.gql(SAVE, { d: id, v: version, m: { ...model, name: n } }, { token: i ? f.tokens.colleague : f.tokens.admin })));
    expect(results.map((r) => errorCode(r) ?? 'saved').sort()).toEqual(['VERSION_CONFLICT', 'saved']);
    expect((await editable(id)).version).toBe(version + 1);
  });

  it('opens an old version read-only and restores it as a new version', async () => {
    const id = await sharedDashboard();
    const { version, model } = await editable(id);
    await ok(SAVE, { d: id, v: version, m: { ...model, pages: [{ ...model.pages[0]!, widgets: [] }] } }, f.tokens.admin);
    const old = (await ok<{ dashboardVersionModel: Model }>(VERSION_MODEL, { d: id, n: version }, f.tokens.admin)).dashboardVersionModel;
    expect(old.pages[0]!.widgets.map((w) => w.title)).toEqual(['Visitors', 'Leavers']);
    const { restoreDashboardVersion } = await ok(RESTORE, { d: id, n: version, v: version + 1 }, f.tokens.admin);
    expect(restoreDashboardVersion).toMatchObject({ number: version + 2, restoredFrom: version, summary: { widgetsAdded: 2, widgetsRemoved: 0 } });
    const back = await editable(id);
    expect(back.model.pages[0]!.widgets.map((w) => w.title)).toEqual(['Visitors', 'Leavers']);
    expect((await ok(VERSIONS, { d: id }, f.tokens.admin)).dashboardVersions).toHaveLength(version + 2);
  });

  it('a bad model is refused with the path of its first wrong field, and changes nothing', async () => {
    const id = await sharedDashboard();
    const { version, model } = await editable(id);
    const bad = { ...model, pages: [{ ...model.pages[0]!, widgets: [{ type: 'lineChart', title: '' }] }] };
    const r = await f.server.gql(SAVE, { d: id, v: version, m: bad }, { token: f.tokens.admin });
    expect(errorCode(r)).toBe('BAD_USER_INPUT');
    expect(r.errors![0]!.extensions!.field).toBe('model.pages.0.widgets.0.title');
    const wrongFormat = await f.server.gql(SAVE, { d: id, v: version, m: { ...model, formatVersion: 2 } }, { token: f.tokens.admin });
    expect(errorCode(wrongFormat)).toBe('BAD_USER_INPUT');
    expect((await editable(id)).version).toBe(version);
  });

  it('a model naming another organization’s zone, or another dashboard’s widget id, takes nothing of theirs', async () => {
    const id = await sharedDashboard();
    const other = await sharedDashboard();
    const { version, model } = await editable(id);
    const foreign = { ...model, pages: [{ ...model.pages[0]!, widgets: [{ ...line('Spy'), zoneIds: [f.rivalSite.child.id] }] }] };
    expect(errorCode(await f.server.gql(SAVE, { d: id, v: version, m: foreign }, { token: f.tokens.admin }))).toBe('NOT_FOUND');
    // Another dashboard's widget id is a new widget here; the other dashboard keeps its own.
    const otherWidget = (await editable(other)).model.pages[0]!.widgets[0]!;
    await ok(SAVE, { d: id, v: version, m: { ...model, pages: [{ name: 'Mine', widgets: [{ ...otherWidget, title: 'Copied', zoneIds: [f.acme.child.id] }] }] } }, f.tokens.admin);
    expect((await editable(other)).model.pages[0]!.widgets[0]).toMatchObject({ id: otherWidget.id, title: 'Visitors' });
    const mine = (await editable(id)).model.pages[0]!.widgets[0]!;
    expect(mine.id).not.toBe(otherWidget.id);
  });

  it('only those who may edit the dashboard save or restore; other organizations see nothing', async () => {
    const id = await sharedDashboard();
    const { version, model } = await editable(id);
    expect(errorCode(await f.server.gql(SAVE, { d: id, v: version, m: model }, { token: f.tokens.viewer }))).toBe('FORBIDDEN');
    expect(errorCode(await f.server.gql(RESTORE, { d: id, n: 1, v: version }, { token: f.tokens.viewer }))).toBe('FORBIDDEN');
    for (const query of [VERSIONS, EDITABLE]) expect(errorCode(await f.server.gql(query, { d: id }, { token: f.tokens.rival }))).toBe('NOT_FOUND');
    expect(errorCode(await f.server.gql(SAVE, { d: id, v: version, m: model }, { token: f.tokens.rival }))).toBe('NOT_FOUND');
  });
});

describe('the dashboard model’s JSON Schema', () => {
  it('is committed as docs/dashboard-model.schema.json, as the model defines it', () => {
    const committed = JSON.parse(readFileSync(new URL('../../../../../docs/dashboard-model.schema.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(dashboardModelJsonSchema());
    expect(committed.properties.format.const).toBe('sitelens.dashboard');
  });
});
