import { canEditDashboard, gates } from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { forbidden, notFound } from '../../graphql/errors.ts';
import { domainCaller, requireCaller } from '../access/access.ts';
import * as repo from './dashboards.repo.ts';

/** The caller's gate for custom or sensor dashboards, FORBIDDEN without it. */
export async function requireRight(ctx: Context, gate: 'customDashboards' | 'sensorDashboards' | 'dashboardEdit'): Promise<void> {
  if (!gates(await domainCaller(ctx))[gate]) throw forbidden();
}

/** A stored dashboard the caller may see: their own or a shared one of their organizations; NOT_FOUND otherwise. */
export async function visibleDashboard(ctx: Context, id: number): Promise<repo.DashboardRow> {
  const caller = requireCaller(ctx);
  const row = await repo.findDashboard(ctx.database, id);
  if (!row || !caller.organizationIds.includes(row.organizationId)) throw notFound();
  if (row.kind === 'user' && row.ownerUserId !== caller.userId) throw notFound();
  return row;
}

/**
 * Users holding dashboard.custom edit change their own dashboards; administrators also the
 * organization's; marketplace ones are read-only.
 */
export async function editableDashboard(ctx: Context, id: number): Promise<repo.DashboardRow> {
  await requireRight(ctx, 'dashboardEdit');
  const row = await visibleDashboard(ctx, id);
  if (!canEditDashboard(await domainCaller(ctx), row.kind)) throw forbidden();
  return row;
}
