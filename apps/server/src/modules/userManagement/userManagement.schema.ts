import { builder } from '../../graphql/builder.ts';
import { ProfileRef } from '../organizations/organizations.schema.ts';
import { createRightsProfile, deleteRightsProfile, updateRightsProfile } from '../users/profiles.service.ts';
import { deleteManagedUser, endManagedUserSessions, updateManagedUser } from './userManagement.service.ts';
import { UserRef } from '../users/users.schema.ts';
import { resetUserTwoFactor } from './twoFactorReset.ts';

const ManagedUserInput = builder.inputType('ManagedUserInput', {
  fields: (t) => ({
    firstName: t.string(),
    lastName: t.string(),
    lang: t.string(),
    dateFormat: t.string(),
    timezone: t.string(),
    theme: t.string({ description: 'LIGHT or DARK.' }),
    profileId: t.int({ description: 'A rights profile of the organization; not on one’s own record.' }),
  }),
});

const RightsProfileInput = builder.inputType('RightsProfileInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    rights: t.field({ type: 'JSON', required: true, description: 'The rights tree of spec 000 §3; every switch missing is false.' }),
  }),
});

builder.mutationFields((t) => ({
  updateUser: t.field({
    type: UserRef,
    description: 'A user’s names, preferences and rights profile from user management: organization.user edit (one’s own names and preferences without it).',
    authScopes: { signedIn: true },
    args: { userId: t.arg.int({ required: true }), user: t.arg({ type: ManagedUserInput, required: true }) },
    resolve: (_r, a, ctx) => {
      const u = a.user;
      return updateManagedUser(ctx, a.userId, {
        firstName: u.firstName ?? undefined,
        lastName: u.lastName ?? undefined,
        lang: u.lang ?? undefined,
        dateFormat: u.dateFormat ?? undefined,
        timezone: u.timezone ?? undefined,
        theme: u.theme ?? undefined,
        profileId: u.profileId ?? undefined,
      });
    },
  }),
  deleteUser: t.boolean({
    description: 'Removes a user from the organization (organization.user delete); the user’s sessions end at once.',
    authScopes: { signedIn: true },
    args: { userId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => deleteManagedUser(ctx, a.userId),
  }),
  endUserSessions: t.int({
    description: 'Ends every session of another user (organization.user edit; an administrator’s only by an administrator); returns how many.',
    authScopes: { signedIn: true },
    args: { userId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => endManagedUserSessions(ctx, a.userId),
  }),
  resetUserTwoFactor: t.field({
    type: UserRef,
    description: 'Switches off the two-factor of another user of the organization (a lost phone or app): organization.user edit, never oneself, never while viewing as; audited, and the user is told by e-mail.',
    authScopes: { signedIn: true },
    args: { userId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => resetUserTwoFactor(ctx, a.userId),
  }),
  createProfile: t.field({
    type: ProfileRef,
    description: 'Administrators: a named rights profile.',
    authScopes: { signedIn: true },
    args: { profile: t.arg({ type: RightsProfileInput, required: true }) },
    resolve: (_r, a, ctx) => createRightsProfile(ctx, { name: a.profile.name, rights: a.profile.rights }),
  }),
  updateProfile: t.field({
    type: ProfileRef,
    description: 'Administrators: renames a rights profile and sets its rights.',
    authScopes: { signedIn: true },
    args: { id: t.arg.int({ required: true }), profile: t.arg({ type: RightsProfileInput, required: true }) },
    resolve: (_r, a, ctx) => updateRightsProfile(ctx, a.id, { name: a.profile.name, rights: a.profile.rights }),
  }),
  deleteProfile: t.boolean({
    description: 'Administrators: deletes a rights profile nobody holds.',
    authScopes: { signedIn: true },
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => deleteRightsProfile(ctx, a.id),
  }),
}));
