import { type DashboardSummary, type Page, type Widget, gates } from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { badInput, forbidden, notFound } from '../../graphql/errors.ts';
import { domainCaller, requireCaller } from '../access/access.ts';
import { installationsOf, siteFamilies, zonesOf } from '../installations/installations.repo.ts';
import { installationById } from '../installations/installations.service.ts';
import { requireOwnedIds } from '../access/ownedIds.ts';
import { globalFilterIdRefs, globalFiltersInput, parseInput, parseName, widgetIdRefs, widgetInput } from './dashboardInput.ts';
import * as repo from './dashboards.repo.ts';
import { editableDashboard, requireRight, visibleDashboard } from './dashboardAccess.ts';
import { recordChange } from './dashboardVersions.service.ts';
import { STATIC_KINDS, type StaticKind, staticPage } from './staticPages.ts';

const STATIC_TYPES: Record<StaticKind, DashboardSummary['type']> = { counting: 'countingSite', atmosphere: 'atmosphereSite', energy: 'energySite' };

/** A page as the API gives it: the domain Page plus the site its widgets read. */
export type PageView = Page & { installationId: number | null };

/** Marks a change of the dashboard, its pages or widgets: "last modified", and a version of it. */
async function touch(ctx: Context, dashboardId: number): Promise<void> {
  await repo.updateDashboard(ctx.database, dashboardId, { updatedAt: ctx.now() });
  await recordChange(ctx, dashboardId);
}

function summaryOf(row: repo.DashboardRow, firstPageId: number | null): DashboardSummary {
  return {
    id: row.id,
    name: row.name,
    type: row.kind === 'marketplace' ? 'marketPlace' : 'custom',
    kind: row.kind,
    installationId: null,
    url: firstPageId === null ? `/dashboard/${row.id}` : `/dashboard/${row.id}/page/${firstPageId}`,
    lastModified: row.updatedAt.toISOString(),
  };
}

/** Static dashboards (one per installation kind), then custom ones, then marketplace ones (spec 001 §2 order). */
export async function allDashboardsV2(ctx: Context): Promise<DashboardSummary[]> {
  const caller = requireCaller(ctx);
  const g = gates(await domainCaller(ctx));
  const out: DashboardSummary[] = [];
  if (g.sensorDashboards) {
    const sites = await installationsOf(ctx.database, caller.organizationIds);
    const kindsOf = await Promise.all(sites.map(async (s) => new Set(await siteFamilies(ctx.database, s.id))));
    for (const kind of STATIC_KINDS) {
      sites.forEach((site, i) => {
        if (!kindsOf[i]!.has(kind)) return;
        out.push({
          id: site.id,
          name: site.name,
          type: STATIC_TYPES[kind],
          kind: 'static',
          installationId: site.id,
          url: `/${kind}/${site.id}`,
          lastModified: new Date(`${site.creationDate}T00:00:00Z`).toISOString(),
        });
      });
    }
  }
  if (g.customDashboards) {
    const rows = await repo.dashboardsVisibleTo(ctx.database, caller.organizationIds, caller.userId);
    const firstPages = await Promise.all(rows.map(async (r) => (await repo.pagesOf(ctx.database, r.id))[0]?.id ?? null));
    const summaries = rows.map((r, i) => summaryOf(r, firstPages[i]!));
    out.push(...summaries.filter((d) => d.type === 'custom'), ...summaries.filter((d) => d.type === 'marketPlace'));
  }
  return out;
}

function widgetOf(row: repo.WidgetRow): Widget {
  return {
    id: row.id,
    pageId: row.pageId,
    type: row.type,
    title: row.title,
    category: row.category,
    tooltipMessages: row.tooltipMessages,
    realTime: row.realTime,
    order: row.position,
    kind: row.kind,
    zoneIds: row.zoneIds,
    deviceIds: row.deviceIds,
    passageIds: row.passageIds,
    alertIds: row.alertIds,
    ignoredFilters: row.ignoredFilters,
    ...(row.headers ? { headers: row.headers } : {}),
    metrics: row.metrics,
    configuration: row.configuration,
    ...(row.layout ? { layout: row.layout } : {}),
  };
}

/**
 * The site a custom page reads: its zone filter's, else its widgets' zones', else the site chosen
 * when the dashboard was made, else the organization's first.
 */
async function pageSite(ctx: Context, dashboard: repo.DashboardRow, page: Page): Promise<number | null> {
  const filterZones = page.widgetGlobalFilters.find((f) => f.type === 'zone')?.zoneIds ?? [];
  const fromZones =
    (await repo.installationOfZones(ctx.database, filterZones)) ?? (await repo.installationOfZones(ctx.database, page.widgets.flatMap((w) => w.zoneIds)));
  if (fromZones !== null) return fromZones;
  return dashboard.installationId ?? (await installationsOf(ctx.database, [dashboard.organizationId]))[0]?.id ?? null;
}

async function pagesView(ctx: Context, dashboard: repo.DashboardRow, rows: repo.PageRow[]): Promise<PageView[]> {
  const widgets = await repo.widgetsOfPages(ctx.database, rows.map((p) => p.id));
  return Promise.all(
    rows.map(async (p) => {
      const page: Page = {
        id: p.id,
        dashboardId: p.dashboardId,
        name: p.name,
        icon: p.icon,
        order: p.position,
        widgetGlobalFilters: p.widgetGlobalFilters,
        widgets: widgets.filter((w) => w.pageId === p.id).map(widgetOf),
      };
      return { ...page, installationId: await pageSite(ctx, dashboard, page) };
    }),
  );
}

export async function pagesByDashboardId(ctx: Context, dashboardId: number): Promise<PageView[]> {
  await requireRight(ctx, 'customDashboards');
  const dashboard = await visibleDashboard(ctx, dashboardId);
  return pagesView(ctx, dashboard, await repo.pagesOf(ctx.database, dashboard.id));
}

async function visiblePage(ctx: Context, id: number): Promise<{ page: repo.PageRow; dashboard: repo.DashboardRow }> {
  const page = await repo.findPage(ctx.database, id);
  if (!page) throw notFound();
  return { page, dashboard: await visibleDashboard(ctx, page.dashboardId) };
}

export async function pageById(ctx: Context, id: number): Promise<PageView> {
  await requireRight(ctx, 'customDashboards');
  const { page, dashboard } = await visiblePage(ctx, id);
  return (await pagesView(ctx, dashboard, [page]))[0]!;
}

/** The default page of one installation kind, built from the site; NOT_FOUND when the site has no such events. */
export async function staticPageByInstallation(ctx: Context, installationId: number, kind: string): Promise<PageView> {
  if (!(STATIC_KINDS as readonly string[]).includes(kind)) throw badInput('kind', 'unknownKind');
  await requireRight(ctx, 'sensorDashboards');
  const site = await installationById(ctx, installationId);
  if (!(await siteFamilies(ctx.database, site.id)).includes(kind)) throw notFound();
  const [zones, devices] = await Promise.all([zonesOf(ctx.database, site.id), repo.siteDevices(ctx.database, site.id)]);
  const live = zones.filter((z) => z.deletedAt === null);
  const top = live.find((z) => z.parentId === null) ?? null;
  const meterIds: Record<string, number[]> = {};
  for (const d of devices) if (d.kind === 'meter' && d.meterType) (meterIds[d.meterType] ??= []).push(d.id);
  const page = staticPage(kind as StaticKind, {
    installationId: site.id,
    topZoneId: top?.id ?? null,
    childZoneIds: live.filter((z) => top && z.parentId === top.id && !z.isDisabled).map((z) => z.id),
    atmosphereDeviceIds: devices.filter((d) => d.kind === 'atmosphere').map((d) => d.id),
    meterIds,
  });
  return { ...page, installationId: site.id };
}

// ---- changes -----------------------------------------------------------------------------------

export async function createDashboard(ctx: Context, name: string, installationId?: number | null): Promise<DashboardSummary> {
  await requireRight(ctx, 'dashboardEdit');
  const caller = requireCaller(ctx);
  const organizationId = caller.organizationIds[0];
  if (organizationId === undefined) throw forbidden();
  if (installationId != null) await requireOwnedIds(ctx, [{ field: 'installationId', kind: 'installation', ids: [installationId] }]);
  const now = ctx.now();
  const row = await repo.insertDashboard(ctx.database, {
    organizationId,
    ownerUserId: caller.userId,
    kind: 'user',
    name: parseName(name),
    installationId: installationId ?? null,
    createdAt: now,
    updatedAt: now,
  });
  return summaryOf(row, null);
}

export async function renameDashboard(ctx: Context, id: number, name: string): Promise<DashboardSummary> {
  const row = await editableDashboard(ctx, id);
  await repo.updateDashboard(ctx.database, row.id, { name: parseName(name) });
  await touch(ctx, row.id);
  const updated = (await repo.findDashboard(ctx.database, row.id))!;
  return summaryOf(updated, (await repo.pagesOf(ctx.database, row.id))[0]?.id ?? null);
}

export async function deleteDashboard(ctx: Context, id: number): Promise<boolean> {
  const row = await editableDashboard(ctx, id);
  await repo.deleteDashboard(ctx.database, row.id);
  return true;
}

export async function createPage(ctx: Context, dashboardId: number, input: { name: string; icon?: string | null; widgetGlobalFilters?: unknown }): Promise<PageView> {
  const dashboard = await editableDashboard(ctx, dashboardId);
  const widgetGlobalFilters = await pageFilters(ctx, input.widgetGlobalFilters ?? []);
  const page = await repo.insertPage(ctx.database, {
    dashboardId: dashboard.id,
    name: parseName(input.name),
    icon: parseIcon(input.icon),
    position: await repo.nextPagePosition(ctx.database, dashboard.id),
    widgetGlobalFilters,
  });
  await touch(ctx, dashboard.id);
  return pageById(ctx, page.id);
}

export async function updatePage(
  ctx: Context,
  id: number,
  input: { name?: string | null; icon?: string | null; widgetGlobalFilters?: unknown },
): Promise<PageView> {
  const { page } = await visiblePage(ctx, id);
  const dashboard = await editableDashboard(ctx, page.dashboardId);
  await repo.updatePage(ctx.database, page.id, {
    ...(input.name != null ? { name: parseName(input.name) } : {}),
    ...(input.icon != null ? { icon: parseIcon(input.icon) } : {}),
    ...(input.widgetGlobalFilters != null ? { widgetGlobalFilters: await pageFilters(ctx, input.widgetGlobalFilters) } : {}),
  });
  await touch(ctx, dashboard.id);
  return pageById(ctx, page.id);
}

export async function deletePage(ctx: Context, id: number): Promise<boolean> {
  const { page } = await visiblePage(ctx, id);
  const dashboard = await editableDashboard(ctx, page.dashboardId);
  await repo.deletePage(ctx.database, page.id);
  await touch(ctx, dashboard.id);
  return true;
}

/** A page's preset filters, parsed, naming only zones and tag categories of the caller's organizations. */
async function pageFilters(ctx: Context, input: unknown) {
  const filters = parseInput(globalFiltersInput, input, 'widgetGlobalFilters');
  await requireOwnedIds(ctx, globalFilterIdRefs(filters));
  return filters;
}

function parseIcon(icon: string | null | undefined): string {
  if (icon == null) return 'IconLayoutDashboard';
  if (!/^Icon[A-Za-z0-9]{1,60}$/.test(icon)) throw badInput('icon', 'invalidIcon');
  return icon;
}

/** A widget, parsed, naming only zones, devices, passages, alerts, tags and sites of the caller's organizations. */
async function widgetValues(ctx: Context, input: unknown) {
  const w = parseInput(widgetInput, input, 'widget');
  await requireOwnedIds(ctx, widgetIdRefs(w));
  const { order, headers, layout, ...rest } = w;
  return { values: { ...rest, headers: headers ?? null, layout: layout ?? null }, order };
}

export async function createWidget(ctx: Context, pageId: number, input: unknown): Promise<Widget> {
  const { page } = await visiblePage(ctx, pageId);
  const dashboard = await editableDashboard(ctx, page.dashboardId);
  const { values, order } = await widgetValues(ctx, input);
  const row = await repo.insertWidget(ctx.database, { ...values, pageId: page.id, position: order ?? (await repo.nextWidgetPosition(ctx.database, page.id)) });
  await touch(ctx, dashboard.id);
  return widgetOf(row);
}

async function editableWidget(ctx: Context, id: number) {
  const widget = await repo.findWidget(ctx.database, id);
  if (!widget) throw notFound();
  const { page } = await visiblePage(ctx, widget.pageId);
  const dashboard = await editableDashboard(ctx, page.dashboardId);
  return { widget, dashboard };
}

export async function updateWidget(ctx: Context, id: number, input: unknown): Promise<Widget> {
  const { widget, dashboard } = await editableWidget(ctx, id);
  const { values, order } = await widgetValues(ctx, input);
  await repo.updateWidget(ctx.database, widget.id, { ...values, position: order ?? widget.position });
  await touch(ctx, dashboard.id);
  return widgetOf((await repo.findWidget(ctx.database, widget.id))!);
}

export async function deleteWidget(ctx: Context, id: number): Promise<boolean> {
  const { widget, dashboard } = await editableWidget(ctx, id);
  await repo.deleteWidget(ctx.database, widget.id);
  await touch(ctx, dashboard.id);
  return true;
}

/** The trusted origin of the widget builder's admin tool, or null when none is configured. */
export function widgetBuilderOrigin(ctx: Context): string | null {
  return ctx.config.WIDGET_BUILDER_ORIGIN ?? null;
}
