import { organizationNameError } from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { badInput, forbidden } from '../../graphql/errors.ts';
import { refuseWhileViewingAs, requireCaller } from '../access/access.ts';
import { forgetCallers } from '../access/callerCache.ts';
import { creatorOf, insertOrganizationWithAdmin } from './organizationCreation.repo.ts';
import type { OrganizationRow } from './organizations.repo.ts';

/**
 * A platform operator (an e-mail of PLATFORM_ADMIN_EMAILS) creates an organization for a new customer:
 * the Administrator and Viewer profiles (named in the caller's language), and the caller its administrator. Everyone else: FORBIDDEN.
 * The caller acts in it after switching to it (switchOrganization), like any other membership.
 */
export async function createOrganization(ctx: Context, rawName: string): Promise<OrganizationRow> {
  const caller = requireCaller(ctx);
  refuseWhileViewingAs(caller);
  const creator = await creatorOf(ctx.database, caller.userId);
  if (!creator || !ctx.config.PLATFORM_ADMIN_EMAILS.includes(creator.email.toLowerCase())) throw forbidden();
  const name = rawName.trim();
  const error = organizationNameError(name);
  if (error) throw badInput('name', error);
  // The default profiles are named in the creator's language: the administrator who first reads them.
  const organization = await insertOrganizationWithAdmin(ctx.database, name, caller.userId, creator.lang);
  // The database notifies every process ('u:<id>'); this one forgets at once, before the notification arrives.
  await forgetCallers(ctx.database, `u:${caller.userId}`);
  return organization;
}
