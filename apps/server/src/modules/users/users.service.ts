import {
  type CustomLink,
  PROFILE_IMAGE_TYPES,
  emailError,
  normalizePhone,
  targetOutranksCaller,
  userEditability,
} from '@sitelens/domain';
import { eq, inArray } from 'drizzle-orm';
import { blobStoreFor } from '../../blobs/blobStoreFor.ts';
import type { Context } from '../../graphql/context.ts';
import { badInput, forbidden, notFound } from '../../graphql/errors.ts';
import { readImageUpload, storeImage, userImageFolder } from '../../images/readImageUpload.ts';
import { uploadSandboxFor } from '../../uploads/uploadSandbox.ts';
import { domainCaller, refuseWhileViewingAs, requireCaller, requireGate } from '../access/access.ts';
import { profiles } from '../organizations/organizations.tables.ts';
import { rightsBeyondCaller } from '../access/grants.ts';
import { checkCustomLinks } from './customLinks.ts';
import { forgetMembership, membershipTarget } from './memberships.ts';
import { checkedProfilePatch } from './profilePatch.ts';
import {
  type ProfilePatch,
  type UserPatch,
  type UserRow,
  findUserById,
  setMembershipLinks,
  sharesOrganization,
  updateUser,
  usersOfOrganizations,
} from './users.repo.ts';

export async function me(ctx: Context): Promise<UserRow> {
  const user = await findUserById(ctx.database, requireCaller(ctx).userId);
  if (!user) throw notFound();
  return user;
}

export async function userById(ctx: Context, userId: number): Promise<UserRow> {
  const caller = requireCaller(ctx);
  if (userId !== caller.userId) {
    await requireGate(ctx, 'userManagement');
    if (!(await sharesOrganization(ctx.database, userId, caller.organizationIds))) throw notFound();
  }
  const user = await findUserById(ctx.database, userId);
  if (!user) throw notFound();
  return user;
}

export async function allUsers(ctx: Context): Promise<UserRow[]> {
  await requireGate(ctx, 'userManagement');
  return usersOfOrganizations(ctx.database, requireCaller(ctx).organizationIds);
}

export async function profileById(ctx: Context, id: number) {
  const caller = requireCaller(ctx);
  if (id !== caller.profileId) await requireGate(ctx, 'userManagement');
  const [profile] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, id));
  if (!profile || !caller.organizationIds.includes(profile.organizationId)) throw notFound();
  return profile;
}

/** The organization's rights profiles, by name: user management assigns them and the invitation form offers them. */
export async function organizationProfiles(ctx: Context) {
  const caller = requireCaller(ctx);
  await requireGate(ctx, 'userManagement');
  const rows = await ctx.database.db.select().from(profiles).where(inArray(profiles.organizationId, caller.organizationIds));
  return rows.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

export interface UserProfileUpdate extends ProfilePatch {
  email?: string;
  /** A data: URL sets the picture, '' or null removes it, undefined keeps it. */
  picture?: string | null;
}

/**
 * The signed-in user's own names, picture and preferences, each checked by the shared rules.
 * The e-mail and the phone change only through requestEmailChange / requestPhoneChange (the
 * password, then proof from the new contact: contactChange.ts); here an unchanged value passes, a
 * different one is refused, and while viewing as, refused as such. Nothing is written when any
 * field is refused.
 */
export async function updateUserProfile(ctx: Context, input: UserProfileUpdate): Promise<UserRow> {
  const current = await me(ctx);
  const patch: UserPatch = checkedProfilePatch(input);
  if (input.phone != null) {
    const phone = normalizePhone(input.phone);
    if (phone === null) throw badInput('phone', 'errors.invalidPhone');
    if (phone !== (current.phone ?? '')) refuseContactChange(ctx, 'phone');
  }
  if (input.email != null) {
    const error = emailError(input.email);
    if (error) throw badInput('email', error);
    if (input.email.trim().toLowerCase() !== current.email) refuseContactChange(ctx, 'email');
  }
  const blobs = blobStoreFor(ctx.config);
  if (input.picture !== undefined) {
    patch.picture = input.picture ? await storeImage(blobs, userImageFolder(current.id), await readImageUpload(input.picture, PROFILE_IMAGE_TYPES, 'picture', uploadSandboxFor(ctx.config), `user:${current.id}`)) : null;
  }
  if (Object.keys(patch).length === 0) return current;
  const updated = await updateUser(ctx.database, current.id, patch).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw badInput('email', 'errors.emailTaken');
    throw error;
  });
  if (current.picture && current.picture !== updated.picture) await blobs.delete(current.picture);
  return updated;
}

/** Links of one user's header menu; set by those who may edit users (organization.user edit). */
export async function updateUserCustomLinks(ctx: Context, userId: number, links: CustomLink[]): Promise<UserRow> {
  const caller = requireCaller(ctx);
  if (userId !== caller.userId && !(await sharesOrganization(ctx.database, userId, caller.organizationIds))) throw notFound();
  const isSelf = userId === caller.userId;
  const domain = await domainCaller(ctx);
  if (userEditability(domain, { isSelf }) !== 'EDITABLE') throw forbidden();
  // A header menu is where its holder clicks with trust: a user holding a right the caller lacks (an administrator) is not the caller's to edit.
  if (targetOutranksCaller(domain, await membershipTarget(ctx, userId))) throw rightsBeyondCaller();
  // The links are the user's in the organization acted in: another organization's stay as they are.
  const organizationId = caller.organizationIds[0];
  if (organizationId === undefined || !(await setMembershipLinks(ctx.database, userId, organizationId, checkCustomLinks(links)))) throw notFound();
  forgetMembership(ctx, userId);
  const user = await findUserById(ctx.database, userId);
  if (!user) throw notFound();
  return user;
}

function refuseContactChange(ctx: Context, field: 'email' | 'phone'): never {
  refuseWhileViewingAs(requireCaller(ctx));
  throw badInput(field, field === 'email' ? 'errors.emailChangeNeedsConfirmation' : 'errors.phoneChangeNeedsConfirmation');
}

/** Unique index refusals, as node-postgres and PGlite report them (possibly wrapped by Drizzle). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}
