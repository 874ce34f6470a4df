import { parseIsoDate } from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { badInput, notFound } from '../../graphql/errors.ts';
import { requireCaller, requireGate, requireOrganization } from '../auth/access.ts';
import { findOrganization, organizationCounts, updateMigrationDeadline } from './organizations.repo.ts';

export async function organizationById(ctx: Context, id: number) {
  requireOrganization(ctx, id);
  const org = await findOrganization(ctx.database, id);
  if (!org) throw notFound();
  return org;
}

export async function organizationStats(ctx: Context) {
  return organizationCounts(ctx.database, requireCaller(ctx).organizationIds);
}

/** Records the date the old version closes for the organization (null: no migration planned). */
export async function setMigrationDeadline(ctx: Context, id: number, deadline: string | null) {
  requireOrganization(ctx, id);
  await requireGate(ctx, 'organizationEditable');
  if (deadline !== null && !parseIsoDate(deadline)) throw badInput('migrationDeadline', 'invalidDate');
  await updateMigrationDeadline(ctx.database, id, deadline);
  return organizationById(ctx, id);
}
