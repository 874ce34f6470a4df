import type { Context } from '../../graphql/context.ts';
import { notFound } from '../../graphql/errors.ts';
import { requireCaller, requireOrganization } from '../auth/access.ts';
import { findOrganization, organizationCounts } from './organizations.repo.ts';

export async function organizationById(ctx: Context, id: number) {
  requireOrganization(ctx, id);
  const org = await findOrganization(ctx.database, id);
  if (!org) throw notFound();
  return org;
}

export async function organizationStats(ctx: Context) {
  return organizationCounts(ctx.database, requireCaller(ctx).organizationIds);
}
