import { eq } from 'drizzle-orm';
import { isAdmin } from '@sitelens/domain';
import { builder } from '../../graphql/builder.ts';
import { profiles } from '../organizations/organizations.tables.ts';
import { ProfileRef } from '../organizations/organizations.schema.ts';
import { imageUrl } from '../../images/readImageUpload.ts';
import { CustomLinkInput, CustomLinkRef, linkFromInput } from './customLinks.schema.ts';
import { storedLinks } from './customLinks.ts';
import { requireCaller } from '../access/access.ts';
import { callerOrganizationMembership } from './memberships.ts';
import { type UserRow, pinsOf } from './users.repo.ts';
import { allUsers, me, organizationProfiles, profileById, updateUserCustomLinks, updateUserProfile, userById } from './users.service.ts';

const PinnedUrlRef = builder.objectRef<{ id: number; url: string; title: string; position: number }>('PinnedUrl').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    url: t.exposeString('url'),
    title: t.exposeString('title'),
    order: t.exposeInt('position'),
  }),
});

export const UserRef = builder.objectRef<UserRow>('User').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    createdAt: t.field({ type: 'DateTime', resolve: (u) => u.createdAt }),
    name: t.string({ resolve: (u) => `${u.firstName} ${u.lastName}`.trim() }),
    lang: t.exposeString('lang'),
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    organizationIds: t.intList({
      description: 'The organization the caller acts in, when this user belongs to it: another organization of theirs is not the caller’s to know.',
      resolve: async (u, _a, ctx) => ((await callerOrganizationMembership(ctx, u.id)) ? requireCaller(ctx).organizationIds : []),
    }),
    dateFormat: t.exposeString('dateFormat'),
    picture: t.string({ nullable: true, description: 'Address of the profile picture, for signed-in members of the user’s organization.', resolve: (u) => imageUrl(u.picture) }),
    profileId: t.int({ nullable: true, description: 'The rights profile in the organization the caller acts in.', resolve: async (u, _a, ctx) => (await callerOrganizationMembership(ctx, u.id))?.profileId ?? null }),
    phone: t.exposeString('phone', { nullable: true }),
    isPhoneVerified: t.exposeBoolean('isPhoneVerified'),
    isEmailVerified: t.exposeBoolean('isEmailVerified'),
    hasPassword: t.boolean({ description: 'False for an account that signs in only through a provider: changing a contact then asks for a code e-mailed to it.', resolve: (u) => Boolean(u.passwordHash) }),
    otpContact: t.exposeString('otpContact', { nullable: true }),
    role: t.string({ description: 'The role in the organization the caller acts in.', resolve: async (u, _a, ctx) => (await callerOrganizationMembership(ctx, u.id))?.role ?? 'user' }),
    isAdmin: t.boolean({ resolve: async (u, _a, ctx) => isAdmin((await callerOrganizationMembership(ctx, u.id))?.role ?? 'user') }),
    theme: t.exposeString('theme'),
    timezone: t.exposeString('timezone', { nullable: true }),
    customLinks: t.field({
      type: [CustomLinkRef],
      description: 'Links set for this user in the organization the caller acts in (the organization’s own are on Organization).',
      resolve: async (u, _a, ctx) => storedLinks((await callerOrganizationMembership(ctx, u.id))?.customLinks),
    }),
    pinnedUrls: t.field({
      type: [PinnedUrlRef],
      description: 'The user’s pins in the organization the caller acts in.',
      resolve: (u, _a, ctx) => pinsOf(ctx.database, u.id, requireCaller(ctx).organizationIds[0]),
    }),
    profile: t.field({
      type: ProfileRef,
      nullable: true,
      resolve: async (u, _a, ctx) => {
        const profileId = (await callerOrganizationMembership(ctx, u.id))?.profileId;
        if (!profileId) return null;
        const [p] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, profileId));
        return p ?? null;
      },
    }),
  }),
});

builder.queryFields((t) => ({
  me: t.field({ type: UserRef, authScopes: { signedIn: true }, resolve: (_r, _a, ctx) => me(ctx) }),
  userById: t.field({
    type: UserRef,
    nullable: true,
    authScopes: { signedIn: true },
    args: { userId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => userById(ctx, a.userId),
  }),
  allUsers: t.field({ type: [UserRef], authScopes: { signedIn: true }, resolve: (_r, _a, ctx) => allUsers(ctx) }),
  profileById: t.field({
    type: ProfileRef,
    nullable: true,
    authScopes: { signedIn: true },
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => profileById(ctx, a.id),
  }),
  profiles: t.field({
    type: [ProfileRef],
    description: 'The rights profiles of the caller’s organizations, by name; needs organization.user read.',
    authScopes: { signedIn: true },
    resolve: (_r, _a, ctx) => organizationProfiles(ctx),
  }),
}));

const UserProfileInput = builder.inputType('UserProfileInput', {
  fields: (t) => ({
    firstName: t.string(),
    lastName: t.string(),
    lang: t.string(),
    dateFormat: t.string(),
    timezone: t.string(),
    phone: t.string({ description: 'The current phone (E.164) or nothing: a new one goes through requestPhoneChange.' }),
    theme: t.string({ description: 'LIGHT or DARK.' }),
    email: t.string({ description: 'The current address or nothing: a new one goes through requestEmailChange.' }),
    picture: t.string({ description: 'A data: URL (base64) of a PNG, JPEG or WebP image of at most 1 MB; an empty string removes the picture.' }),
  }),
});

builder.mutationField('updateUserProfile', (t) =>
  t.field({
    type: UserRef,
    authScopes: { signedIn: true },
    args: { profile: t.arg({ type: UserProfileInput, required: true }) },
    resolve: (_r, a, ctx) => {
      const p = a.profile;
      return updateUserProfile(ctx, {
        firstName: p.firstName ?? undefined,
        lastName: p.lastName ?? undefined,
        lang: p.lang ?? undefined,
        dateFormat: p.dateFormat ?? undefined,
        timezone: p.timezone ?? undefined,
        phone: p.phone ?? undefined,
        theme: p.theme ?? undefined,
        email: p.email ?? undefined,
        picture: p.picture === undefined ? undefined : (p.picture ?? null),
      });
    },
  }),
);

builder.mutationField('updateUserCustomLinks', (t) =>
  t.field({
    type: UserRef,
    description: 'Sets the links of a user’s header menu; needs organization.user edit.',
    authScopes: { signedIn: true },
    args: { userId: t.arg.int({ required: true }), customLinks: t.arg({ type: [CustomLinkInput], required: true }) },
    resolve: (_r, a, ctx) => updateUserCustomLinks(ctx, a.userId, a.customLinks.map(linkFromInput)),
  }),
);
