import { builder } from '../../graphql/builder.ts';
import * as service from './dashboardVersions.service.ts';
import type { DashboardVersionView } from './dashboardVersions.service.ts';
import type { VersionSummary } from './versionSummary.ts';

const SummaryRef = builder.objectRef<VersionSummary>('DashboardVersionSummary').implement({
  description: 'What a version changed against the one before it.',
  fields: (t) => ({
    first: t.exposeBoolean('first', { description: 'The first version kept of this dashboard.' }),
    renamed: t.exposeBoolean('renamed'),
    pagesAdded: t.exposeInt('pagesAdded'),
    pagesRemoved: t.exposeInt('pagesRemoved'),
    pagesChanged: t.exposeInt('pagesChanged', { description: 'Renamed, moved, or with other filters.' }),
    widgetsAdded: t.exposeInt('widgetsAdded'),
    widgetsRemoved: t.exposeInt('widgetsRemoved'),
    widgetsChanged: t.exposeInt('widgetsChanged', { description: 'Moved or reconfigured.' }),
  }),
});

const VersionRef = builder.objectRef<DashboardVersionView>('DashboardVersion').implement({
  description: 'One save of a stored dashboard (issue 32): who, when, and what changed.',
  fields: (t) => ({
    dashboardId: t.exposeInt('dashboardId'),
    number: t.exposeInt('number'),
    authorName: t.exposeString('authorName', { nullable: true, description: 'Null once the author is deleted.' }),
    createdAt: t.string({ description: 'ISO 8601 date and time.', resolve: (v) => v.createdAt.toISOString() }),
    summary: t.field({ type: SummaryRef, resolve: (v) => v.summary }),
    restoredFrom: t.exposeInt('restoredFrom', { nullable: true, description: 'The version a restore brought back.' }),
  }),
});

const EditableRef = builder.objectRef<{ version: number; model: unknown }>('EditableDashboard').implement({
  fields: (t) => ({
    version: t.exposeInt('version', { description: 'The latest version: a save names it as its base (0 before the first save).' }),
    model: t.field({ type: 'JSON', description: 'The dashboard model (docs/dashboard-model.schema.json).', resolve: (e) => e.model }),
  }),
});

const signedIn = { signedIn: true } as const;

builder.queryFields((t) => ({
  dashboardVersions: t.field({
    type: [VersionRef],
    authScopes: signedIn,
    description: 'The saves of a stored dashboard, newest first.',
    args: { dashboardId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => service.dashboardVersions(ctx, a.dashboardId),
  }),
  dashboardVersionModel: t.field({
    type: 'JSON',
    authScopes: signedIn,
    description: 'One version as a dashboard model, to open read-only.',
    args: { dashboardId: t.arg.int({ required: true }), number: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => service.dashboardVersionModel(ctx, a.dashboardId, a.number),
  }),
  editableDashboard: t.field({
    type: EditableRef,
    authScopes: signedIn,
    description: 'The dashboard as a model with its latest version, for the editor and for export.',
    args: { dashboardId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => service.editableModel(ctx, a.dashboardId),
  }),
}));

builder.mutationFields((t) => ({
  saveDashboard: t.field({
    type: VersionRef,
    authScopes: signedIn,
    description: 'Saves a whole dashboard model as a new version; VERSION_CONFLICT when baseVersion is no longer the latest.',
    args: { dashboardId: t.arg.int({ required: true }), baseVersion: t.arg.int({ required: true }), model: t.arg({ type: 'JSON', required: true }) },
    resolve: (_r, a, ctx) => service.saveDashboard(ctx, a.dashboardId, a.baseVersion, a.model),
  }),
  restoreDashboardVersion: t.field({
    type: VersionRef,
    authScopes: signedIn,
    description: 'Brings an earlier version back as a new version.',
    args: { dashboardId: t.arg.int({ required: true }), number: t.arg.int({ required: true }), baseVersion: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => service.restoreDashboardVersion(ctx, a.dashboardId, a.number, a.baseVersion),
  }),
}));
