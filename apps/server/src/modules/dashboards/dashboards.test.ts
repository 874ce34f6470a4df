import { WIDGET_TYPES } from '@sitelens/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { devices, events } from '../../composition/tables.ts';
import { createAcmeAndRival, createProfile, createSite, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';

const PAGE_FIELDS = 'id dashboardId name icon order installationId widgetGlobalFilters widgets { id pageId type title category order zoneIds deviceIds ignoredFilters metrics configuration }';
const ALL = '{ allDashboardsV2 { id name type kind installationId url lastModified } }';
const CREATE = 'mutation($name: String!) { createDashboard(name: $name) { id name type kind url lastModified } }';
const RENAME = 'mutation($id: Int!, $name: String!) { renameDashboard(id: $id, name: $name) { id name lastModified } }';
const DELETE = 'mutation($id: Int!) { deleteDashboard(id: $id) }';
const CREATE_PAGE = `mutation($d: Int!, $p: PageInput!) { createPage(dashboardId: $d, page: $p) { ${PAGE_FIELDS} } }`;
const UPDATE_PAGE = `mutation($id: Int!, $p: PageInput!) { updatePage(id: $id, page: $p) { ${PAGE_FIELDS} } }`;
const DELETE_PAGE = 'mutation($id: Int!) { deletePage(id: $id) }';
const PAGES = `query($d: Int!) { pagesByDashboardId(dashboardId: $d) { ${PAGE_FIELDS} } }`;
const PAGE = `query($id: Int!) { pageById(id: $id) { ${PAGE_FIELDS} } }`;
const STATIC = `query($i: Int!, $k: String!) { staticPageByInstallation(installationId: $i, kind: $k) { ${PAGE_FIELDS} } }`;
const CREATE_WIDGET = 'mutation($p: Int!, $w: JSON!) { createWidget(pageId: $p, widget: $w) { id pageId type title order metrics configuration zoneIds } }';
const UPDATE_WIDGET = 'mutation($id: Int!, $w: JSON!) { updateWidget(id: $id, widget: $w) { id title order metrics } }';
const DELETE_WIDGET = 'mutation($id: Int!) { deleteWidget(id: $id) }';

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let tokens: Record<'admin' | 'staff' | 'colleague' | 'noRights' | 'rival', string>;
let site: Awaited<ReturnType<typeof createSite>>;
let office: Awaited<ReturnType<typeof createSite>>;
let rivalSite: Awaited<ReturnType<typeof createSite>>;
let sensorId = 0;

const line = (title: string) => ({ type: 'lineChart', title, metrics: [{ type: 'visitorsIn', granularity: 3600, groupBy: { type: 'date', aggregation: 'sum' } }] });

beforeAll(async () => {
  database = await openTestDatabase();
  const { org, rival } = await createAcmeAndRival(database);
  await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' });
  const staff = await createProfile(database, org.id);
  await createUser(database, { email: 'staff@acme.test', organizationIds: [org.id], profileId: staff.id });
  await createUser(database, { email: 'colleague@acme.test', organizationIds: [org.id], profileId: staff.id });
  const none = await createProfile(database, org.id, { dashboard: { alert: { read: true } } }, 'Alerts only');
  await createUser(database, { email: 'none@acme.test', organizationIds: [org.id], profileId: none.id });
  await createUser(database, { email: 'admin@rival.test', organizationIds: [rival.id], role: 'admin' });
  site = await createSite(database, org.id, { name: 'Main store' });
  office = await createSite(database, org.id, { name: 'Head office' });
  rivalSite = await createSite(database, rival.id, { name: 'Rival store' });
  const begin = new Date('2025-01-01T00:00:00Z');
  await database.db.insert(events).values([
    { installationId: site.site.id, name: 'Footfall', metrics: ['counting'], neverEnding: true, dateBegin: begin },
    { installationId: office.site.id, name: 'Building', metrics: ['atmosphere', 'energy', 'counting'], neverEnding: true, dateBegin: begin },
    { installationId: rivalSite.site.id, name: 'Footfall', metrics: ['counting'], neverEnding: true, dateBegin: begin },
  ]);
  const [sensor] = await database.db.insert(devices).values({ installationId: office.site.id, zoneId: office.child.id, name: 'Air', kind: 'atmosphere' }).returning();
  sensorId = sensor!.id;
  await database.db.insert(devices).values({ installationId: office.site.id, zoneId: office.top.id, name: 'Meter', kind: 'meter', meterType: 'electricity' });
  server = await startTestServer(database, { WIDGET_BUILDER_ORIGIN: 'https://admin.sitelens.test/' });
  tokens = await server.signInAll({
    admin: 'admin@acme.test',
    staff: 'staff@acme.test',
    colleague: 'colleague@acme.test',
    noRights: 'none@acme.test',
    rival: 'admin@rival.test',
  });
});

afterAll(async () => {
  await server.close();
  await database.close();
});

async function newDashboard(token: string, name = 'My board') {
  const r = await server.gql(CREATE, { name }, { token });
  expect(r.errors).toBeUndefined();
  return r.data!.createDashboard as { id: number; url: string };
}

async function newPage(token: string, dashboardId: number, page: Record<string, unknown> = { name: 'Overview' }) {
  const r = await server.gql(CREATE_PAGE, { d: dashboardId, p: page }, { token });
  expect(r.errors).toBeUndefined();
  return r.data!.createPage as { id: number; installationId: number | null };
}

describe('allDashboardsV2', () => {
  it('lists static dashboards per installation kind first (counting, atmosphere, energy), then custom, then marketplace', async () => {
    const mine = await newDashboard(tokens.staff, 'Staff board');
    await database.sql.query(`insert into dashboards (organization_id, kind, name) select organization_id, 'marketplace', 'Pack' from installations where id = $1`, [site.site.id]);
    await database.sql.query(`insert into dashboards (organization_id, kind, name) select organization_id, 'organization', 'Shared' from installations where id = $1`, [site.site.id]);
    const r = await server.gql(ALL, {}, { token: tokens.staff });
    const list = r.data!.allDashboardsV2 as Array<{ name: string; type: string; kind: string; url: string; installationId: number | null }>;
    expect(list.map((d) => [d.type, d.name])).toEqual([
      ['countingSite', 'Head office'],
      ['countingSite', 'Main store'],
      ['atmosphereSite', 'Head office'],
      ['energySite', 'Head office'],
      ['custom', 'Shared'],
      ['custom', 'Staff board'],
      ['marketPlace', 'Pack'],
    ]);
    expect(list[1]).toMatchObject({ kind: 'static', installationId: site.site.id, url: `/counting/${site.site.id}` });
    expect(list[3]!.url).toBe(`/energy/${office.site.id}`);
    expect(list.find((d) => d.name === 'Staff board')).toMatchObject({ kind: 'user', url: `/dashboard/${mine.id}` });
    expect(JSON.stringify(list)).not.toContain('Rival');
  });

  it('shows a user dashboard to its owner only', async () => {
    const r = await server.gql(ALL, {}, { token: tokens.colleague });
    expect(r.data!.allDashboardsV2.map((d: { name: string }) => d.name)).not.toContain('Staff board');
  });

  it('leaves out what the profile does not allow: no custom or sensor dashboards without those rights', async () => {
    const r = await server.gql(ALL, {}, { token: tokens.noRights });
    expect(r.data!.allDashboardsV2).toEqual([]);
  });

  it('refuses a caller who is not signed in', async () => {
    expect(errorCode(await server.gql(ALL))).toBe('UNAUTHENTICATED');
  });
});

describe('custom dashboards, pages and widgets', () => {
  it('keeps the site a dashboard was made for: a page naming no zone reads it, not the organization’s first', async () => {
    const CREATE_ON = 'mutation($name: String!, $i: Int) { createDashboard(name: $name, installationId: $i) { id } }';
    // The organization's first site, by name, is Head office.
    const unnamed = await newDashboard(tokens.staff, 'No site named');
    expect((await newPage(tokens.staff, unnamed.id)).installationId).toBe(office.site.id);
    const onStore = (await server.gql(CREATE_ON, { name: 'Store board', i: site.site.id }, { token: tokens.staff })).data!.createDashboard;
    expect((await newPage(tokens.staff, onStore.id)).installationId).toBe(site.site.id);
    // Another organization's site answers as a missing one, and nothing is made.
    const refused = await server.gql(CREATE_ON, { name: 'Theirs', i: rivalSite.site.id }, { token: tokens.staff });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: 'installationId' });
    const { rows } = await database.sql.query(`select id from dashboards where name = 'Theirs'`);
    expect(rows).toEqual([]);
  });

  it('creates a dashboard, a page with a zone filter and a widget, and reads them back', async () => {
    const board = await newDashboard(tokens.staff, '  Weekly review  ');
    const page = await newPage(tokens.staff, board.id, { name: 'Floors', icon: 'IconStairs', widgetGlobalFilters: [{ id: 1, type: 'zone', order: 0, zoneIds: [office.top.id] }] });
    expect(page.installationId).toBe(office.site.id);
    const w = await server.gql(CREATE_WIDGET, { p: page.id, w: line('Visitors') }, { token: tokens.staff });
    expect(w.errors).toBeUndefined();
    expect(w.data!.createWidget).toMatchObject({ pageId: page.id, type: 'lineChart', title: 'Visitors', order: 0, configuration: {}, zoneIds: [] });

    const pages = await server.gql(PAGES, { d: board.id }, { token: tokens.staff });
    expect(pages.data!.pagesByDashboardId).toHaveLength(1);
    const read = (await server.gql(PAGE, { id: page.id }, { token: tokens.staff })).data!.pageById;
    expect(read).toMatchObject({ dashboardId: board.id, name: 'Floors', icon: 'IconStairs', order: 0 });
    expect(read.widgets[0].metrics).toEqual(line('Visitors').metrics);
    expect(read.widgetGlobalFilters).toEqual([{ id: 1, type: 'zone', order: 0, zoneIds: [office.top.id] }]);

    const list = (await server.gql(ALL, {}, { token: tokens.staff })).data!.allDashboardsV2;
    expect(list.find((d: { id: number; kind: string }) => d.id === board.id && d.kind === 'user')).toMatchObject({ name: 'Weekly review', url: `/dashboard/${board.id}/page/${page.id}` });
  });

  it('renames, updates and deletes, and every change moves "last modified"', async () => {
    const board = await newDashboard(tokens.staff, 'Draft');
    const page = await newPage(tokens.staff, board.id);
    const before = (await server.gql(ALL, {}, { token: tokens.staff })).data!.allDashboardsV2.find((d: { id: number; kind: string }) => d.id === board.id && d.kind === 'user');
    await new Promise((r) => setTimeout(r, 5));
    const renamed = await server.gql(RENAME, { id: board.id, name: 'Final' }, { token: tokens.staff });
    expect(renamed.data!.renameDashboard.name).toBe('Final');
    expect(Date.parse(renamed.data!.renameDashboard.lastModified)).toBeGreaterThan(Date.parse(before.lastModified));

    const widget = (await server.gql(CREATE_WIDGET, { p: page.id, w: line('First') }, { token: tokens.staff })).data!.createWidget;
    const second = (await server.gql(CREATE_WIDGET, { p: page.id, w: line('Second') }, { token: tokens.staff })).data!.createWidget;
    expect(second.order).toBe(1);
    const updated = await server.gql(UPDATE_WIDGET, { id: widget.id, w: { ...line('Renamed'), order: 5 } }, { token: tokens.staff });
    expect(updated.data!.updateWidget).toMatchObject({ title: 'Renamed', order: 5 });
    const up = await server.gql(UPDATE_PAGE, { id: page.id, p: { name: 'Renamed page' } }, { token: tokens.staff });
    expect(up.data!.updatePage.name).toBe('Renamed page');
    expect(up.data!.updatePage.widgets.map((w: { title: string }) => w.title)).toEqual(['Second', 'Renamed']);

    expect((await server.gql(DELETE_WIDGET, { id: second.id }, { token: tokens.staff })).data!.deleteWidget).toBe(true);
    expect((await server.gql(DELETE_PAGE, { id: page.id }, { token: tokens.staff })).data!.deletePage).toBe(true);
    expect(errorCode(await server.gql(PAGE, { id: page.id }, { token: tokens.staff }))).toBe('NOT_FOUND');
    expect((await server.gql(DELETE, { id: board.id }, { token: tokens.staff })).data!.deleteDashboard).toBe(true);
    expect(errorCode(await server.gql(PAGES, { d: board.id }, { token: tokens.staff }))).toBe('NOT_FOUND');
  });

  it('validates widgets on write and names the wrong field', async () => {
    const board = await newDashboard(tokens.staff);
    const page = await newPage(tokens.staff, board.id);
    const cases: Array<[unknown, string]> = [
      [{ ...line('x'), type: 'sparkline' }, 'widget.type'],
      [{ ...line('x'), title: '   ' }, 'widget.title'],
      [{ ...line('x'), metrics: [{ type: 'notAMetric' }] }, 'widget.metrics.0.type'],
      [{ ...line('x'), metrics: [{ type: 'co2', groupBy: { type: 'planet' } }] }, 'widget.metrics.0.groupBy.type'],
      [{ ...line('x'), configuration: { stacked: 'yes' } }, 'widget.configuration.stacked'],
      [{ ...line('x'), zoneIds: [-3] }, 'widget.zoneIds.0'],
    ];
    for (const [widget, field] of cases) {
      const r = await server.gql(CREATE_WIDGET, { p: page.id, w: widget }, { token: tokens.staff });
      expect(errorCode(r), field).toBe('BAD_USER_INPUT');
      expect(r.errors?.[0]?.extensions?.field).toBe(field);
    }
    const blank = await server.gql(CREATE, { name: ' ' }, { token: tokens.staff });
    expect(blank.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'name' });
    const badFilter = await server.gql(UPDATE_PAGE, { id: page.id, p: { widgetGlobalFilters: [{ id: 1, type: 'zone', order: 0, dateFilters: ['2025-01-01', 'soon'] }] } }, { token: tokens.staff });
    expect(badFilter.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'widgetGlobalFilters.0.dateFilters.1' });
    const read = (await server.gql(PAGE, { id: page.id }, { token: tokens.staff })).data!.pageById;
    expect(read.widgets).toEqual([]);
  });

  it('keeps a user dashboard private: a colleague gets NOT_FOUND, and cannot change it', async () => {
    const board = await newDashboard(tokens.staff, 'Private');
    const page = await newPage(tokens.staff, board.id);
    expect(errorCode(await server.gql(PAGES, { d: board.id }, { token: tokens.colleague }))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(PAGE, { id: page.id }, { token: tokens.colleague }))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(RENAME, { id: board.id, name: 'Mine now' }, { token: tokens.colleague }))).toBe('NOT_FOUND');
  });

  it('lets only administrators change organization dashboards, and nobody marketplace ones', async () => {
    const { rows } = await database.sql.query<{ id: number; kind: string }>(`select id, kind from dashboards where name in ('Shared', 'Pack')`);
    const shared = rows.find((r) => r.kind === 'organization')!.id;
    const pack = rows.find((r) => r.kind === 'marketplace')!.id;
    expect(errorCode(await server.gql(RENAME, { id: shared, name: 'Hijacked' }, { token: tokens.staff }))).toBe('FORBIDDEN');
    expect((await server.gql(RENAME, { id: shared, name: 'Shared board' }, { token: tokens.admin })).data!.renameDashboard.name).toBe('Shared board');
    expect(errorCode(await server.gql(DELETE, { id: pack }, { token: tokens.admin }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(CREATE_PAGE, { d: pack, p: { name: 'Extra' } }, { token: tokens.admin }))).toBe('FORBIDDEN');
  });

  it('refuses custom dashboards without the dashboard.custom right', async () => {
    expect(errorCode(await server.gql(CREATE, { name: 'Nope' }, { token: tokens.noRights }))).toBe('FORBIDDEN');
    const board = await newDashboard(tokens.admin, 'Admin board');
    expect(errorCode(await server.gql(PAGES, { d: board.id }, { token: tokens.noRights }))).toBe('FORBIDDEN');
  });
});

describe('another organization', () => {
  it('answers NOT_FOUND for its dashboards, pages, widgets and installations, read or write', async () => {
    const board = await newDashboard(tokens.admin, 'Acme only');
    const page = await newPage(tokens.admin, board.id);
    const widget = (await server.gql(CREATE_WIDGET, { p: page.id, w: line('Secret') }, { token: tokens.admin })).data!.createWidget;
    const t = { token: tokens.rival };
    expect(errorCode(await server.gql(PAGES, { d: board.id }, t))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(PAGE, { id: page.id }, t))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(RENAME, { id: board.id, name: 'Ours' }, t))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(DELETE, { id: board.id }, t))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(CREATE_PAGE, { d: board.id, p: { name: 'Ours' } }, t))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(UPDATE_PAGE, { id: page.id, p: { name: 'Ours' } }, t))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(DELETE_PAGE, { id: page.id }, t))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(CREATE_WIDGET, { p: page.id, w: line('Ours') }, t))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(UPDATE_WIDGET, { id: widget.id, w: line('Ours') }, t))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(DELETE_WIDGET, { id: widget.id }, t))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(STATIC, { i: site.site.id, k: 'counting' }, t))).toBe('NOT_FOUND');
    // Nothing was changed by the refused calls.
    const read = (await server.gql(PAGE, { id: page.id }, { token: tokens.admin })).data!.pageById;
    expect(read.widgets.map((w: { title: string }) => w.title)).toEqual(['Secret']);
  });
});

describe('staticPageByInstallation', () => {
  it('builds a rich counting page on the site’s zones', async () => {
    const page = (await server.gql(STATIC, { i: site.site.id, k: 'counting' }, { token: tokens.staff })).data!.staticPageByInstallation;
    expect(page.installationId).toBe(site.site.id);
    expect(page.id).toBeLessThan(0);
    const types = page.widgets.map((w: { type: string }) => w.type);
    expect(types).toEqual(['kpis', 'lineChart', 'barChart', 'pieChart', 'columnChart', 'table', 'heatmap', 'weather']);
    expect(page.widgets[0].metrics.map((m: { type: string }) => m.type)).toEqual(['visitorsIn', 'visitorsOut', 'dwell', 'captureRate']);
    expect(page.widgets[2].metrics[0].target).toEqual({ kind: 'zone', ids: [site.child.id] });
    expect(page.widgets.every((w: { title: string }) => w.title.startsWith('dashStatic.counting.'))).toBe(true);
    expect(new Set(page.widgets.map((w: { id: number }) => w.id)).size).toBe(page.widgets.length);
  });

  it('builds atmosphere and energy pages from the site’s sensors and meters', async () => {
    const air = (await server.gql(STATIC, { i: office.site.id, k: 'atmosphere' }, { token: tokens.staff })).data!.staticPageByInstallation;
    expect(air.widgets.map((w: { type: string }) => w.type)).toEqual(['kpis', 'lineChart', 'lineChart', 'lineChart', 'table', 'mapView']);
    expect(air.widgets[4].metrics[0].target).toEqual({ kind: 'device', ids: [sensorId] });
    const energy = (await server.gql(STATIC, { i: office.site.id, k: 'energy' }, { token: tokens.staff })).data!.staticPageByInstallation;
    expect(energy.widgets.map((w: { type: string }) => w.type)).toEqual(['kpis', 'columnChart', 'pieChart', 'lineChart']);
    expect(energy.widgets[2].metrics[0].groupBy).toEqual({ type: 'energyOrigin' });
  });

  it('answers NOT_FOUND for a kind the site has no events of, and BAD_USER_INPUT for an unknown kind', async () => {
    expect(errorCode(await server.gql(STATIC, { i: site.site.id, k: 'energy' }, { token: tokens.staff }))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(STATIC, { i: 987654, k: 'counting' }, { token: tokens.staff }))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(STATIC, { i: site.site.id, k: 'sales' }, { token: tokens.staff }))).toBe('BAD_USER_INPUT');
  });

  it('needs the dashboard.sensor right', async () => {
    expect(errorCode(await server.gql(STATIC, { i: site.site.id, k: 'counting' }, { token: tokens.noRights }))).toBe('FORBIDDEN');
  });
});

describe('widget builder origin', () => {
  it('is public and gives the configured origin only', async () => {
    const r = await server.gql('{ widgetBuilderOrigin }');
    expect(r.data).toEqual({ widgetBuilderOrigin: 'https://admin.sitelens.test' });
  });
});

it('accepts every widget type of the domain model', async () => {
  const board = await newDashboard(tokens.staff, 'Every type');
  const page = await newPage(tokens.staff, board.id);
  for (const type of WIDGET_TYPES) {
    const r = await server.gql(CREATE_WIDGET, { p: page.id, w: { type, title: type, metrics: [] } }, { token: tokens.staff });
    expect(r.errors, type).toBeUndefined();
  }
  const read = (await server.gql(PAGE, { id: page.id }, { token: tokens.staff })).data!.pageById;
  expect(read.widgets.map((w: { type: string }) => w.type)).toEqual([...WIDGET_TYPES]);
});
