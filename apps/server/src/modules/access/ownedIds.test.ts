import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { alertLogs, alerts, devices, tagCategories, tags } from '../../composition/tables.ts';
import { createAcmeAndRival, createSite, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';

/** Ids of one organization's rows: every kind an input may name. */
interface Side {
  site: number;
  zone: number;
  door: number;
  device: number;
  tag: number;
  category: number;
  alert: number;
  dashboard: number;
  page: number;
  widget: number;
}

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let token = '';
const own = {} as Side;
const theirs = {} as Side;

async function rows(orgId: number): Promise<Omit<Side, 'dashboard' | 'page' | 'widget'>> {
  const s = await createSite(database, orgId);
  const [alert] = await database.db.insert(alerts).values({ organizationId: orgId, installationId: s.site.id, name: 'Too many people' }).returning();
  const alertId = alert!.id;
  const [device] = await database.db.insert(devices).values({ installationId: s.site.id, zoneId: s.top.id, name: 'Air', kind: 'atmosphere' }).returning();
  const [category] = await database.db.insert(tagCategories).values({ organizationId: orgId, name: 'Region' }).returning();
  const [tag] = await database.db.insert(tags).values({ organizationId: orgId, categoryId: category!.id, name: 'North' }).returning();
  await database.db.insert(alertLogs).values({
    organizationId: orgId,
    installationId: s.site.id,
    alertId,
    conditionType: 'ABOVE_THRESHOLD',
    metrics: [],
    dateBegin: new Date('2026-01-01T00:00:00Z'),
    zoneId: s.top.id,
    message: 'Too many people',
  });
  return { site: s.site.id, zone: s.top.id, door: s.door.id, device: device!.id, tag: tag!.id, category: category!.id, alert: alertId };
}

const CREATE_PAGE = 'mutation($d: Int!, $p: PageInput!) { createPage(dashboardId: $d, page: $p) { id installationId } }';
const UPDATE_PAGE = 'mutation($id: Int!, $p: PageInput!) { updatePage(id: $id, page: $p) { id installationId } }';
const CREATE_WIDGET = 'mutation($p: Int!, $w: JSON!) { createWidget(pageId: $p, widget: $w) { id zoneIds } }';
const UPDATE_WIDGET = 'mutation($id: Int!, $w: JSON!) { updateWidget(id: $id, widget: $w) { id zoneIds } }';

const zoneFilter = (zone: number) => ({ name: 'Stores', widgetGlobalFilters: [{ id: 1, type: 'zone', order: 0, zoneIds: [zone] }] });
const categoryFilter = (category: number) => ({ name: 'Stores', widgetGlobalFilters: [{ id: 1, type: 'category', order: 0, categoryId: category }] });
const line = (extra: Record<string, unknown> = {}, metric: Record<string, unknown> = {}) => ({
  type: 'lineChart',
  title: 'Visitors',
  metrics: [{ type: 'visitorsIn', granularity: 3600, groupBy: { type: 'date', aggregation: 'sum' }, ...metric }],
  ...extra,
});

beforeAll(async () => {
  database = await openTestDatabase();
  const { org, rival } = await createAcmeAndRival(database);
  Object.assign(own, await rows(org.id));
  Object.assign(theirs, await rows(rival.id));
  await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' });
  await createUser(database, { email: 'admin@rival.test', organizationIds: [rival.id], role: 'admin' });
  server = await startTestServer(database);
  token = await server.signIn('admin@acme.test');
  const rivalToken = await server.signIn('admin@rival.test');
  for (const [side, t] of [
    [own, token],
    [theirs, rivalToken],
  ] as const) {
    side.dashboard = (await server.gql('mutation { createDashboard(name: "Stores") { id } }', {}, { token: t })).data!.createDashboard.id;
    side.page = (await server.gql(CREATE_PAGE, { d: side.dashboard, p: { name: 'One' } }, { token: t })).data!.createPage.id;
    side.widget = (await server.gql(CREATE_WIDGET, { p: side.page, w: line() }, { token: t })).data!.createWidget.id;
  }
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** [what, query, variables naming the ids of one side]: each call must answer its own ids and refuse the rival's as NOT_FOUND. */
const calls: Array<[string, string, (s: Side) => Record<string, unknown>]> = [
  ['createPage with a zone filter', CREATE_PAGE, (s) => ({ d: own.dashboard, p: zoneFilter(s.zone) })],
  ['createPage with a tag-category filter', CREATE_PAGE, (s) => ({ d: own.dashboard, p: categoryFilter(s.category) })],
  ['updatePage with a zone filter', UPDATE_PAGE, (s) => ({ id: own.page, p: zoneFilter(s.zone) })],
  ['createWidget with zone ids', CREATE_WIDGET, (s) => ({ p: own.page, w: line({ zoneIds: [s.zone] }) })],
  ['createWidget with device ids', CREATE_WIDGET, (s) => ({ p: own.page, w: line({ deviceIds: [s.device] }) })],
  ['createWidget with passage ids', CREATE_WIDGET, (s) => ({ p: own.page, w: line({ passageIds: [s.door] }) })],
  ['createWidget with alert ids', CREATE_WIDGET, (s) => ({ p: own.page, w: line({ alertIds: [s.alert] }) })],
  ['createWidget with a site', CREATE_WIDGET, (s) => ({ p: own.page, w: line({ configuration: { installationId: s.site } }) })],
  ['createWidget with a metric target', CREATE_WIDGET, (s) => ({ p: own.page, w: line({}, { target: { kind: 'zone', ids: [s.zone] } }) })],
  ['createWidget with a tag group-by', CREATE_WIDGET, (s) => ({ p: own.page, w: line({}, { groupBy: { type: 'tag', tagIds: [s.tag] } }) })],
  [
    'createWidget with a zone filter condition',
    CREATE_WIDGET,
    (s) => ({ p: own.page, w: line({}, { filters: { conditions: [{ type: 'zone', values: [String(s.zone)] }] } }) }),
  ],
  ['updateWidget with zone ids', UPDATE_WIDGET, (s) => ({ id: own.widget, w: line({ zoneIds: [s.zone] }) })],
  [
    'heatmapImages of a dashboard',
    'query($z: Int!, $d: Int!) { heatmapImages(zoneId: $z, dashboardId: $d, dateBegin: "2026-01-01", dateEnd: "2026-01-31") { date } }',
    (s) => ({ z: own.zone, d: s.dashboard }),
  ],
  ['zonesByIds', 'query($ids: [Int!]!) { zonesByIds(zoneIds: $ids) { id } }', (s) => ({ ids: [own.zone, s.zone] })],
  ['passagesByIds', 'query($ids: [Int!]!) { passagesByIds(passageIds: $ids) { id } }', (s) => ({ ids: [s.door] })],
  ['tagsByIds', 'query($ids: [Int!]!) { tagsByIds(ids: $ids) { id } }', (s) => ({ ids: [s.tag] })],
  ['zonesByTags', 'query($ids: [Int!]!) { zonesByTags(tagIds: $ids) { id } }', (s) => ({ ids: [s.tag] })],
  ['topZonesWithTags', 'query($ids: [Int!]) { topZonesWithTags(tagIds: $ids) { id } }', (s) => ({ ids: [s.tag] })],
  ['liveValues with target ids', 'query($i: Int!, $t: [Int!]) { liveValues(installationId: $i, targetIds: $t) { value } }', (s) => ({ i: own.site, t: [s.zone] })],
  ['liveInflow with target ids', 'query($i: Int!, $t: [Int!]) { liveInflow(installationId: $i, targetIds: $t) }', (s) => ({ i: own.site, t: [s.zone] })],
  ['alertLogConnection with zone ids', 'query($z: [Int!]) { alertLogConnection(filter: { zoneIds: $z }) { __typename } }', (s) => ({ z: [s.zone] })],
];

describe('every id in an input belongs to the caller’s organization', () => {
  it.each(calls)('%s: answers the caller’s own ids', async (_what, query, vars) => {
    const r = await server.gql(query, vars(own), { token });
    expect(r.errors).toBeUndefined();
  });

  it.each(calls)('%s: refuses another organization’s ids as not found, and stores nothing', async (_what, query, vars) => {
    const r = await server.gql(query, vars(theirs), { token });
    expect(errorCode(r)).toBe('NOT_FOUND');
    expect(JSON.stringify(r.data ?? null)).not.toContain(String(theirs.site));
  });

  it('keeps no foreign zone in a page: the page still reads its own site', async () => {
    const page = await server.gql('query($id: Int!) { pageById(id: $id) { installationId widgetGlobalFilters } }', { id: own.page }, { token });
    expect(page.data?.pageById.installationId).not.toBe(theirs.site);
    expect(JSON.stringify(page.data?.pageById.widgetGlobalFilters)).not.toContain(`[${theirs.zone}]`);
  });
});
