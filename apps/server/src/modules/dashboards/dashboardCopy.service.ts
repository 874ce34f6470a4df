import type { Context } from '../../graphql/context.ts';
import { forbidden } from '../../graphql/errors.ts';
import { requireCaller } from '../access/access.ts';
import { requireOwnedIds } from '../access/ownedIds.ts';
import { requireRight, visibleDashboard } from './dashboardAccess.ts';
import { insertDashboardWithModel } from './dashboardCopy.repo.ts';
import { globalFilterIdRefs, parseInput, parseName, widgetIdRefs } from './dashboardInput.ts';
import { type DashboardModel, dashboardModel } from './dashboardModel.ts';
import { mapModelIds } from './dashboardTransferIds.ts';
import { storedModel } from './dashboardVersions.repo.ts';
import { pagesOf } from './dashboards.repo.ts';

/** A dashboard just created from a template, a copy or a file: where to open it. */
export interface CreatedDashboard {
  id: number;
  name: string;
  url: string;
}

/** Creating a dashboard from a template, a copy or a file needs what createDashboard needs: the edit right. */
export const requireCreateRight = (ctx: Context) => requireRight(ctx, 'dashboardEdit');

/**
 * Creates the caller's own dashboard from a model in `organizationId` (one of theirs), after
 * checking every id it names belongs to the caller's organizations; answers it as the list shows it.
 */
export async function createFromModel(ctx: Context, organizationId: number | undefined, name: string, input: DashboardModel): Promise<CreatedDashboard> {
  const caller = requireCaller(ctx);
  if (organizationId === undefined || !caller.organizationIds.includes(organizationId)) throw forbidden();
  const model = parseInput(dashboardModel, mapModelIds(input, (_k, id) => id), 'model');
  await requireOwnedIds(ctx, [...model.pages.flatMap((p) => globalFilterIdRefs(p.widgetGlobalFilters)), ...model.pages.flatMap((p) => p.widgets.flatMap(widgetIdRefs))]);
  const trimmed = parseName(name);
  const id = await insertDashboardWithModel(ctx.database, { organizationId, ownerUserId: caller.userId, name: trimmed, model, now: ctx.now() });
  const first = (await pagesOf(ctx.database, id))[0];
  return { id, name: trimmed, url: first ? `/dashboard/${id}/page/${first.id}` : `/dashboard/${id}/edit` };
}

/** Copies a dashboard the caller sees, within its organization, as the caller's own with a first version. */
export async function duplicateDashboard(ctx: Context, dashboardId: number, name: string): Promise<CreatedDashboard> {
  await requireCreateRight(ctx);
  const source = await visibleDashboard(ctx, dashboardId);
  const model = await ctx.database.db.transaction((tx) => storedModel(tx, source.id));
  return createFromModel(ctx, source.organizationId, name, model);
}
