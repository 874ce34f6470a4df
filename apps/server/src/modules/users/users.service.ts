import { DATE_FORMATS, LANGUAGES, isLanguage, nameError } from '@sitelens/domain';
import { eq } from 'drizzle-orm';
import type { Context } from '../../graphql/context.ts';
import { badInput, notFound } from '../../graphql/errors.ts';
import { domainCaller, requireCaller, requireGate } from '../auth/access.ts';
import { profiles } from '../organizations/organizations.tables.ts';
import { type ProfilePatch, type UserRow, findUserById, sharesOrganization, updateUser, usersOfOrganizations } from './users.repo.ts';

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

const THEMES = ['LIGHT', 'DARK'];

/** The signed-in user's own preferences and names; each field is checked by the shared rules. */
export async function updateUserProfile(ctx: Context, input: ProfilePatch): Promise<UserRow> {
  const caller = requireCaller(ctx);
  await domainCaller(ctx);
  const patch: ProfilePatch = {};
  for (const field of ['firstName', 'lastName'] as const) {
    const value = input[field];
    if (value == null) continue;
    const error = nameError(value, field);
    if (error) throw badInput(field, error);
    patch[field] = value.trim();
  }
  if (input.lang != null) {
    if (!isLanguage(input.lang)) throw badInput('lang', `one of ${LANGUAGES.join(',')}`);
    patch.lang = input.lang;
  }
  if (input.dateFormat != null) {
    if (!(DATE_FORMATS as readonly string[]).includes(input.dateFormat)) throw badInput('dateFormat', 'unknown format');
    patch.dateFormat = input.dateFormat;
  }
  if (input.theme != null) {
    if (!THEMES.includes(input.theme)) throw badInput('theme', 'unknown theme');
    patch.theme = input.theme;
  }
  if (input.timezone != null) {
    if (!isTimeZone(input.timezone)) throw badInput('timezone', 'unknown time zone');
    patch.timezone = input.timezone;
  }
  if (input.phone != null) {
    if (input.phone !== '' && !/^\+[1-9]\d{6,14}$/.test(input.phone)) throw badInput('phone', 'errors.invalidPhone');
    patch.phone = input.phone || null;
  }
  if (Object.keys(patch).length === 0) return me(ctx);
  return updateUser(ctx.database, caller.userId, patch);
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
