import { describe, expect, it } from 'vitest';
import { errorCode } from '../../test/testServer.ts';
import { dashboardFixture } from './dashboardFixture.test-support.ts';

// Issue 32 items 3 and 4: templates filled with the site's zones, copies within the organization,
// export and import into another organization with names mapped, every id checked. Over HTTP, both engines.

const f = dashboardFixture();

const TEMPLATES = 'query($i: Int!) { dashboardTemplates(installationId: $i) { key available missing } }';
const FROM_TEMPLATE = 'mutation($i: Int!, $t: DashboardTemplateKey!, $n: String!) { createDashboardFromTemplate(installationId: $i, template: $t, name: $n, language: "fr") { id name url } }';
const DUPLICATE = 'mutation($d: Int!, $n: String!) { duplicateDashboard(dashboardId: $d, name: $n) { id name } }';
const EDITABLE = 'query($d: Int!) { editableDashboard(dashboardId: $d) { version model } }';
const VERSIONS = 'query($d: Int!) { dashboardVersions(dashboardId: $d) { number summary { first widgetsAdded } } }';
const EXPORT = 'query($d: Int!) { exportDashboard(dashboardId: $d) }';
const PREVIEW = 'query($t: String!) { previewDashboardImport(text: $t) { name errors { line column path message } references { kind fromId name siteId toId } candidates { kind id name siteId } } }';
const IMPORT = 'mutation($t: String!, $m: [DashboardIdMappingInput!]!, $n: String!) { importDashboard(text: $t, mapping: $m, name: $n) { id name url } }';
const COUNT = 'select count(*)::int as n from dashboards';

interface Widget { title: string; zoneIds: number[]; metrics: Array<{ type: string; target?: { ids: number[] } }> }
type Model = { name: string; pages: Array<{ name: string; widgets: Widget[] }> };

const { ok } = f;
const dashboardCount = async () => (await f.database.sql.query<{ n: number }>(COUNT)).rows[0]!.n;
const modelOf = async (id: number, token: string) => (await ok<{ editableDashboard: { model: Model } }>(EDITABLE, { d: id }, token)).editableDashboard.model;
const zonesNamed = (m: Model) => m.pages.flatMap((p) => p.widgets.flatMap((w) => [...w.zoneIds, ...w.metrics.flatMap((x) => x.target?.ids ?? [])]));

describe('dashboard templates and copies', () => {
  it('offers the templates the site has metrics for, and fills one with the site’s zones in the creator’s language', async () => {
    const { dashboardTemplates } = await ok(TEMPLATES, { i: f.acme.site.id }, f.tokens.admin);
    expect(dashboardTemplates).toContainEqual({ key: 'shoppingCentreCounting', available: true, missing: [] });
    expect(dashboardTemplates).toContainEqual({ key: 'shopSales', available: false, missing: ['sales'] });
    const { createDashboardFromTemplate: made } = await ok(FROM_TEMPLATE, { i: f.acme.site.id, t: 'shoppingCentreCounting', n: 'Footfall' }, f.tokens.admin);
    expect(made.url).toMatch(new RegExp(`^/dashboard/${made.id}/page/\\d+$`));
    const model = await modelOf(made.id, f.tokens.admin);
    expect(model.pages[0]!.name).toBe('Comptage');
    expect(new Set(zonesNamed(model))).toEqual(new Set([f.acme.top.id, f.acme.child.id]));
    expect((await ok(VERSIONS, { d: made.id }, f.tokens.admin)).dashboardVersions).toMatchObject([{ number: 1, summary: { first: true } }]);
  });

  it('refuses a template the site lacks metrics for, and another organization’s site as not found', async () => {
    const lacking = await f.server.gql(FROM_TEMPLATE, { i: f.acme.site.id, t: 'energy', n: 'Energy' }, { token: f.tokens.admin });
    expect(errorCode(lacking)).toBe('BAD_USER_INPUT');
    expect(lacking.errors![0]!.extensions).toMatchObject({ field: 'template', reason: 'templateUnavailable' });
    const before = await dashboardCount();
    expect(errorCode(await f.server.gql(FROM_TEMPLATE, { i: f.rivalSite.site.id, t: 'shoppingCentreCounting', n: 'X' }, { token: f.tokens.admin }))).toBe('NOT_FOUND');
    expect(errorCode(await f.server.gql(TEMPLATES, { i: f.rivalSite.site.id }, { token: f.tokens.admin }))).toBe('NOT_FOUND');
    expect(await dashboardCount()).toBe(before);
  });

  it('duplicates a dashboard as the caller’s own with a first version; another organization’s is not found', async () => {
    const { createDashboardFromTemplate: made } = await ok(FROM_TEMPLATE, { i: f.acme.site.id, t: 'shoppingCentreCounting', n: 'Original' }, f.tokens.admin);
    const { duplicateDashboard: copy } = await ok(DUPLICATE, { d: made.id, n: 'Copy' }, f.tokens.admin);
    expect(copy.id).not.toBe(made.id);
    const [a, b] = [await modelOf(made.id, f.tokens.admin), await modelOf(copy.id, f.tokens.admin)];
    expect(b.name).toBe('Copy');
    expect(b.pages.map((p) => p.widgets.map((w) => [w.title, w.zoneIds]))).toEqual(a.pages.map((p) => p.widgets.map((w) => [w.title, w.zoneIds])));
    expect((await ok(VERSIONS, { d: copy.id }, f.tokens.admin)).dashboardVersions).toHaveLength(1);
    const before = await dashboardCount();
    expect(errorCode(await f.server.gql(DUPLICATE, { d: made.id, n: 'Stolen' }, { token: f.tokens.rival }))).toBe('NOT_FOUND');
    expect(await dashboardCount()).toBe(before);
  });
});

describe('dashboard export and import', () => {
  it('exports with references by name, and imports into a second organization with its own zone ids', async () => {
    const { createDashboardFromTemplate: made } = await ok(FROM_TEMPLATE, { i: f.acme.site.id, t: 'shoppingCentreCounting', n: 'To move' }, f.tokens.admin);
    const text = (await ok(EXPORT, { d: made.id }, f.tokens.admin)).exportDashboard as string;
    expect(text).toContain('\n  "format": "sitelens.dashboard"');
    const file = JSON.parse(text);
    expect(file.references).toContainEqual({ kind: 'zone', id: f.acme.child.id, name: 'Checkout', siteId: f.acme.site.id });
    expect(file.references).toContainEqual({ kind: 'installation', id: f.acme.site.id, name: 'Main store' });

    const { previewDashboardImport: preview } = await ok(PREVIEW, { t: text }, f.tokens.rival);
    expect(preview.errors).toEqual([]);
    const proposed = (kind: string, id: number) => preview.references.find((r: { kind: string; fromId: number }) => r.kind === kind && r.fromId === id)?.toId;
    expect(proposed('zone', f.acme.child.id)).toBe(f.rivalSite.child.id);
    expect(proposed('zone', f.acme.top.id)).toBe(f.rivalSite.top.id);
    expect(proposed('installation', f.acme.site.id)).toBe(f.rivalSite.site.id);

    const mapping = preview.references.map((r: { kind: string; fromId: number; toId: number }) => ({ kind: r.kind, fromId: r.fromId, toId: r.toId }));
    const { importDashboard: imported } = await ok(IMPORT, { t: text, m: mapping, n: 'Moved' }, f.tokens.rival);
    const [source, copy] = [await modelOf(made.id, f.tokens.admin), await modelOf(imported.id, f.tokens.rival)];
    expect(copy.pages.flatMap((p) => p.widgets.map((w) => w.title))).toEqual(source.pages.flatMap((p) => p.widgets.map((w) => w.title)));
    const swap = new Map([[f.acme.top.id, f.rivalSite.top.id], [f.acme.child.id, f.rivalSite.child.id]]);
    expect(zonesNamed(copy)).toEqual(zonesNamed(source).map((id) => swap.get(id)));
  });

  it('exports a blank dashboard (no page yet) and imports it back as a blank dashboard', async () => {
    const { createDashboard: blank } = await ok('mutation($n: String!) { createDashboard(name: $n) { id } }', { n: 'Blank' }, f.tokens.admin);
    const text = (await ok(EXPORT, { d: blank.id }, f.tokens.admin)).exportDashboard as string;
    expect(JSON.parse(text)).toMatchObject({ format: 'sitelens.dashboard', name: 'Blank', pages: [] });
    const { previewDashboardImport: preview } = await ok(PREVIEW, { t: text }, f.tokens.rival);
    expect(preview).toMatchObject({ name: 'Blank', errors: [], references: [] });
    const before = await dashboardCount();
    const { importDashboard: imported } = await ok(IMPORT, { t: text, m: [], n: 'Blank again' }, f.tokens.rival);
    expect(imported).toMatchObject({ name: 'Blank again', url: `/dashboard/${imported.id}/edit` });
    expect(await dashboardCount()).toBe(before + 1);
    expect(await modelOf(imported.id, f.tokens.rival)).toMatchObject({ name: 'Blank again', pages: [] });
  });

  it('refuses a mapping to another organization’s zone as not found, and creates nothing', async () => {
    const { createDashboardFromTemplate: made } = await ok(FROM_TEMPLATE, { i: f.acme.site.id, t: 'shoppingCentreCounting', n: 'Guarded' }, f.tokens.admin);
    const text = (await ok(EXPORT, { d: made.id }, f.tokens.admin)).exportDashboard as string;
    const { previewDashboardImport: preview } = await ok(PREVIEW, { t: text }, f.tokens.rival);
    const mapping = preview.references.map((r: { kind: string; fromId: number; toId: number }) => ({ kind: r.kind, fromId: r.fromId, toId: r.kind === 'zone' ? f.acme.child.id : r.toId }));
    const before = await dashboardCount();
    const refused = await f.server.gql(IMPORT, { t: text, m: mapping, n: 'Stolen' }, { token: f.tokens.rival });
    expect(errorCode(refused)).toBe('NOT_FOUND');
    const unmapped = await f.server.gql(IMPORT, { t: text, m: [], n: 'Unmapped' }, { token: f.tokens.rival });
    expect(unmapped.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'unmapped' });
    expect(await dashboardCount()).toBe(before);
  });

  it('answers a bad metric with the line it is on, and a syntax error with its line and column', async () => {
    const { createDashboardFromTemplate: made } = await ok(FROM_TEMPLATE, { i: f.acme.site.id, t: 'shoppingCentreCounting', n: 'Broken' }, f.tokens.admin);
    const text = ((await ok(EXPORT, { d: made.id }, f.tokens.admin)).exportDashboard as string).replace('"visitorsOut"', '"visitorsSideways"');
    const line = text.split('\n').findIndex((l) => l.includes('visitorsSideways')) + 1;
    const { previewDashboardImport: bad } = await ok(PREVIEW, { t: text }, f.tokens.rival);
    expect(bad.errors[0]).toMatchObject({ line, message: 'dashboardTransfer.errors.unknownMetric' });
    expect(bad.references).toEqual([]);
    const { previewDashboardImport: broken } = await ok(PREVIEW, { t: '{\n  "format": \n}' }, f.tokens.rival);
    expect(broken.errors[0]).toMatchObject({ line: 3, column: 1, path: '', message: 'dashboardTransfer.errors.syntax' });
    const before = await dashboardCount();
    expect(errorCode(await f.server.gql(IMPORT, { t: text, m: [], n: 'Bad' }, { token: f.tokens.rival }))).toBe('BAD_USER_INPUT');
    expect(await dashboardCount()).toBe(before);
  });
});
