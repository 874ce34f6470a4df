import type { DashboardSummary, Widget } from '@sitelens/domain';
import { builder } from '../../graphql/builder.ts';
import * as service from './dashboards.service.ts';
import type { PageView } from './dashboards.service.ts';

const DashboardRef = builder.objectRef<DashboardSummary>('Dashboard').implement({
  description: 'A dashboard of the list: static (one per installation kind), user, organization or marketplace.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'The installation id for static dashboards.' }),
    name: t.exposeString('name'),
    type: t.exposeString('type', { description: 'custom, countingSite, atmosphereSite, energySite or marketPlace.' }),
    kind: t.exposeString('kind', { description: 'user, organization, static or marketplace.' }),
    installationId: t.exposeInt('installationId', { nullable: true }),
    url: t.exposeString('url', { description: 'The route that opens it.' }),
    lastModified: t.exposeString('lastModified', { description: 'ISO 8601 date and time.' }),
  }),
});

const WidgetRef = builder.objectRef<Widget>('Widget').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    pageId: t.exposeInt('pageId'),
    type: t.exposeString('type'),
    title: t.exposeString('title', { description: 'On static pages a translation key (dashStatic.…).' }),
    category: t.exposeString('category'),
    tooltipMessages: t.stringList({ resolve: (w) => w.tooltipMessages ?? [] }),
    realTime: t.string({ nullable: true, resolve: (w) => w.realTime ?? null }),
    order: t.exposeInt('order'),
    kind: t.exposeString('kind'),
    zoneIds: t.exposeIntList('zoneIds'),
    deviceIds: t.exposeIntList('deviceIds'),
    passageIds: t.exposeIntList('passageIds'),
    alertIds: t.exposeIntList('alertIds'),
    ignoredFilters: t.exposeStringList('ignoredFilters'),
    headers: t.stringList({ nullable: true, resolve: (w) => w.headers ?? null }),
    metrics: t.field({ type: 'JSON', description: 'WidgetMetric[] of @sitelens/domain.', resolve: (w) => w.metrics }),
    configuration: t.field({ type: 'JSON', description: 'WidgetConfiguration of @sitelens/domain.', resolve: (w) => w.configuration }),
    layout: t.field({ type: 'JSON', nullable: true, description: 'WidgetLayout of @sitelens/domain (width, height in the page grid); null: automatic.', resolve: (w) => w.layout ?? null }),
  }),
});

const PageRef = builder.objectRef<PageView>('Page').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    dashboardId: t.exposeInt('dashboardId'),
    name: t.exposeString('name'),
    icon: t.exposeString('icon'),
    order: t.exposeInt('order'),
    installationId: t.exposeInt('installationId', { nullable: true, description: 'The site its widgets read.' }),
    widgets: t.field({ type: [WidgetRef], resolve: (p) => p.widgets }),
    widgetGlobalFilters: t.field({ type: 'JSON', description: 'GlobalWidgetFilter[] of @sitelens/domain.', resolve: (p) => p.widgetGlobalFilters }),
  }),
});

const PageInput = builder.inputType('PageInput', {
  fields: (t) => ({
    name: t.string(),
    icon: t.string(),
    widgetGlobalFilters: t.field({ type: 'JSON' }),
  }),
});

const signedIn = { signedIn: true } as const;

builder.queryFields((t) => ({
  allDashboardsV2: t.field({ type: [DashboardRef], authScopes: signedIn, resolve: (_r, _a, ctx) => service.allDashboardsV2(ctx) }),
  pagesByDashboardId: t.field({
    type: [PageRef],
    authScopes: signedIn,
    args: { dashboardId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => service.pagesByDashboardId(ctx, a.dashboardId),
  }),
  pageById: t.field({ type: PageRef, authScopes: signedIn, args: { id: t.arg.int({ required: true }) }, resolve: (_r, a, ctx) => service.pageById(ctx, a.id) }),
  staticPageByInstallation: t.field({
    type: PageRef,
    authScopes: signedIn,
    description: 'The default page of widgets of an installation kind: counting, atmosphere or energy.',
    args: { installationId: t.arg.int({ required: true }), kind: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => service.staticPageByInstallation(ctx, a.installationId, a.kind),
  }),
  widgetBuilderOrigin: t.string({
    nullable: true,
    description: 'Public: the admin origin allowed to drive /widget-builder over postMessage (WIDGET_BUILDER_ORIGIN).',
    resolve: (_r, _a, ctx) => service.widgetBuilderOrigin(ctx),
  }),
}));

builder.mutationFields((t) => ({
  createDashboard: t.field({
    type: DashboardRef,
    authScopes: signedIn,
    description: 'A new empty dashboard of the caller; `installationId`, the site it is made for, is what its pages read until they name zones.',
    args: { name: t.arg.string({ required: true }), installationId: t.arg.int({ required: false }) },
    resolve: (_r, a, ctx) => service.createDashboard(ctx, a.name, a.installationId),
  }),
  renameDashboard: t.field({
    type: DashboardRef,
    authScopes: signedIn,
    args: { id: t.arg.int({ required: true }), name: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => service.renameDashboard(ctx, a.id, a.name),
  }),
  deleteDashboard: t.boolean({ authScopes: signedIn, args: { id: t.arg.int({ required: true }) }, resolve: (_r, a, ctx) => service.deleteDashboard(ctx, a.id) }),
  createPage: t.field({
    type: PageRef,
    authScopes: signedIn,
    args: { dashboardId: t.arg.int({ required: true }), page: t.arg({ type: PageInput, required: true }) },
    resolve: (_r, a, ctx) => service.createPage(ctx, a.dashboardId, { ...a.page, name: a.page.name ?? '' }),
  }),
  updatePage: t.field({
    type: PageRef,
    authScopes: signedIn,
    args: { id: t.arg.int({ required: true }), page: t.arg({ type: PageInput, required: true }) },
    resolve: (_r, a, ctx) => service.updatePage(ctx, a.id, a.page),
  }),
  deletePage: t.boolean({ authScopes: signedIn, args: { id: t.arg.int({ required: true }) }, resolve: (_r, a, ctx) => service.deletePage(ctx, a.id) }),
  createWidget: t.field({
    type: WidgetRef,
    authScopes: signedIn,
    description: 'widget: a Widget of @sitelens/domain without id and pageId, validated on write.',
    args: { pageId: t.arg.int({ required: true }), widget: t.arg({ type: 'JSON', required: true }) },
    resolve: (_r, a, ctx) => service.createWidget(ctx, a.pageId, a.widget),
  }),
  updateWidget: t.field({
    type: WidgetRef,
    authScopes: signedIn,
    args: { id: t.arg.int({ required: true }), widget: t.arg({ type: 'JSON', required: true }) },
    resolve: (_r, a, ctx) => service.updateWidget(ctx, a.id, a.widget),
  }),
  deleteWidget: t.boolean({ authScopes: signedIn, args: { id: t.arg.int({ required: true }) }, resolve: (_r, a, ctx) => service.deleteWidget(ctx, a.id) }),
}));
