import type { Context } from '../../graphql/context.ts';
import { AppError, notFound } from '../../graphql/errors.ts';
import { requireCaller } from '../access/access.ts';
import { requireOwnedIds } from '../access/ownedIds.ts';
import { editableDashboard, requireRight, visibleDashboard } from './dashboardAccess.ts';
import { globalFilterIdRefs, parseInput, widgetIdRefs } from './dashboardInput.ts';
import { type DashboardModel, dashboardModel } from './dashboardModel.ts';
import * as repo from './dashboardVersions.repo.ts';
import { versionSummary } from './versionSummary.ts';

export type DashboardVersionView = repo.VersionRow & { dashboardId: number };

/** The versions of a dashboard the caller may see, newest first. */
export async function dashboardVersions(ctx: Context, dashboardId: number): Promise<DashboardVersionView[]> {
  await requireRight(ctx, 'customDashboards');
  const dashboard = await visibleDashboard(ctx, dashboardId);
  return (await repo.versionsOf(ctx.database.db, dashboard.id)).map((v) => ({ ...v, dashboardId: dashboard.id }));
}

/** One version's model, to open read-only. */
export async function dashboardVersionModel(ctx: Context, dashboardId: number, number: number): Promise<DashboardModel> {
  await requireRight(ctx, 'customDashboards');
  const dashboard = await visibleDashboard(ctx, dashboardId);
  const model = await repo.versionModel(ctx.database.db, dashboard.id, number);
  if (!model) throw notFound();
  return model;
}

/** The dashboard as the editor opens it: its model and the version a save must name. */
export async function editableModel(ctx: Context, dashboardId: number): Promise<{ version: number; model: DashboardModel }> {
  await requireRight(ctx, 'customDashboards');
  const dashboard = await visibleDashboard(ctx, dashboardId);
  return ctx.database.db.transaction(async (tx) => ({ version: await repo.lockLatest(tx, dashboard.id), model: await repo.storedModel(tx, dashboard.id) }));
}

/** A model the caller sent, parsed, naming only zones, devices, sites, alerts and tags of their organizations. */
async function parsedModel(ctx: Context, input: unknown): Promise<DashboardModel> {
  const model = parseInput(dashboardModel, input, 'model');
  await requireOwnedIds(ctx, [...model.pages.flatMap((p) => globalFilterIdRefs(p.widgetGlobalFilters)), ...model.pages.flatMap((p) => p.widgets.flatMap(widgetIdRefs))]);
  return model;
}

interface Save {
  dashboardId: number;
  baseVersion: number | null;
  model: DashboardModel | null;
  restoredFrom: number | null;
}

/**
 * Writes a model (or only records the dashboard as it stands, when `model` is null) as the next
 * version, under the dashboard's row lock. A save made on another version than the latest is
 * refused with who saved last and when: the editor then reloads or saves as a copy.
 */
async function writeVersion(ctx: Context, save: Save): Promise<number> {
  const caller = requireCaller(ctx);
  const now = ctx.now();
  return ctx.database.db.transaction(async (tx) => {
    const latest = await repo.lockLatest(tx, save.dashboardId);
    if (save.baseVersion !== null && save.baseVersion !== latest) {
      const last = (await repo.versionsOf(tx, save.dashboardId))[0];
      throw new AppError('VERSION_CONFLICT', { latestVersion: latest, savedBy: last?.authorName ?? null, savedAt: last?.createdAt.toISOString() ?? null });
    }
    // Against the latest version; a dashboard's first save is compared with the dashboard as it stood.
    const before = latest > 0 ? await repo.versionModel(tx, save.dashboardId, latest) : save.model ? await repo.storedModel(tx, save.dashboardId) : null;
    if (save.model) await repo.writeModel(tx, save.dashboardId, save.model, now);
    const after = await repo.storedModel(tx, save.dashboardId);
    const summary = versionSummary(before, after);
    await repo.insertVersion(tx, { dashboardId: save.dashboardId, number: latest + 1, authorUserId: caller.userId, createdAt: now, summary, model: after, restoredFrom: save.restoredFrom });
    return latest + 1;
  });
}

/** The version a save or restore wrote, as the history lists it. */
async function writtenVersion(ctx: Context, dashboardId: number, number: number): Promise<DashboardVersionView> {
  return (await dashboardVersions(ctx, dashboardId)).find((v) => v.number === number)!;
}

/** Saves the editor's model as a new version of the dashboard, made on `baseVersion`. */
export async function saveDashboard(ctx: Context, dashboardId: number, baseVersion: number, input: unknown): Promise<DashboardVersionView> {
  const dashboard = await editableDashboard(ctx, dashboardId);
  const model = await parsedModel(ctx, input);
  return writtenVersion(ctx, dashboard.id, await writeVersion(ctx, { dashboardId: dashboard.id, baseVersion, model, restoredFrom: null }));
}

/** Brings an earlier version back, as a new version (the history keeps everything). */
export async function restoreDashboardVersion(ctx: Context, dashboardId: number, number: number, baseVersion: number): Promise<DashboardVersionView> {
  const dashboard = await editableDashboard(ctx, dashboardId);
  const old = await repo.versionModel(ctx.database.db, dashboard.id, number);
  if (!old) throw notFound();
  // Ids named by an old version are re-checked: a zone deleted or moved since is refused, not kept.
  const model = await parsedModel(ctx, old);
  return writtenVersion(ctx, dashboard.id, await writeVersion(ctx, { dashboardId: dashboard.id, baseVersion, model, restoredFrom: number }));
}

/** Records a change made through the single-item calls (createWidget, updatePage…) as a version. */
export async function recordChange(ctx: Context, dashboardId: number): Promise<void> {
  await writeVersion(ctx, { dashboardId, baseVersion: null, model: null, restoredFrom: null });
}
