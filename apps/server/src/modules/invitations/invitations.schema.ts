import { callerOrganizationMembership } from '../users/memberships.ts';
import { builder } from '../../graphql/builder.ts';
import type { Context } from '../../graphql/context.ts';
import { badInput } from '../../graphql/errors.ts';
import { ProfileRef } from '../organizations/organizations.schema.ts';
import { profileById } from '../users/users.service.ts';
import { UserRef } from '../users/users.schema.ts';
import {
  type Invitation,
  acceptInvitation,
  openInvitation,
  requestNewInvitation,
  sendInvitationVerificationCode,
  updateInvitationOtpContact,
  verifyInvitationContact,
} from './invitationToken.service.ts';
import type { PendingInvitation } from './invitations.repo.ts';
import { twoFactorOn } from './invitations.repo.ts';
import { cancelInvitation, inviteUser, invitations, resendInvitation } from './invitations.service.ts';

// Longer values cannot be right: refused before any work.
function bound(args: Record<string, unknown>, max: Record<string, number>): void {
  for (const [field, limit] of Object.entries(max)) {
    const v = args[field];
    if (typeof v === 'string' && v.length > limit) throw badInput(field, 'errors.tooLong');
  }
}
const TOKEN = 200;
const PASSWORD = 256;

builder.objectFields(UserRef, (t) => ({
  status: t.string({ description: 'invited (the invitation is not accepted yet) or active.', resolve: (u) => u.status }),
  lastSignInAt: t.field({ type: 'DateTime', nullable: true, resolve: (u) => u.lastSignInAt }),
  twoFactorEnabled: t.boolean({ description: 'Whether sign-in asks for a second factor (otpContact set).', resolve: (u) => twoFactorOn(u) }),
}));

const PendingInvitationRef = builder.objectRef<PendingInvitation>('Invitation').implement({
  description: 'A pending invitation: the invited user (status invited) and its latest link.',
  fields: (t) => ({
    id: t.int({ description: 'The invited user’s id.', resolve: (i) => i.user.id }),
    email: t.string({ resolve: (i) => i.user.email }),
    lang: t.string({ resolve: (i) => i.user.lang }),
    profileId: t.int({ nullable: true, resolve: async (i, _a, ctx) => (await callerOrganizationMembership(ctx, i.user.id))?.profileId ?? null }),
    profile: t.field({
      type: ProfileRef,
      nullable: true,
      resolve: async (i, _a, ctx) => {
        const profileId = (await callerOrganizationMembership(ctx, i.user.id))?.profileId;
        return profileId ? profileById(ctx, profileId).catch(() => null) : null;
      },
    }),
    invitedAt: t.field({ type: 'DateTime', nullable: true, resolve: (i) => i.user.invitedAt }),
    sentAt: t.field({ type: 'DateTime', nullable: true, description: 'When the latest link was sent.', resolve: (i) => i.sentAt }),
    expiresAt: t.field({ type: 'DateTime', nullable: true, description: 'When the latest link stops working; null once none works.', resolve: (i) => i.expiresAt }),
  }),
});

const InvitationDetailsRef = builder.objectRef<Invitation>('InvitationDetails').implement({
  description: 'What the onboarding wizard shows of a live invitation link.',
  fields: (t) => ({
    email: t.string({ resolve: (i) => i.user.email }),
    organizationName: t.exposeString('organizationName'),
    lang: t.string({ resolve: (i) => i.user.lang }),
    firstName: t.string({ resolve: (i) => i.user.firstName }),
    lastName: t.string({ resolve: (i) => i.user.lastName }),
    phone: t.string({ nullable: true, resolve: (i) => i.user.phone }),
    isPhoneVerified: t.boolean({ resolve: (i) => i.user.isPhoneVerified }),
    otpContact: t.string({ nullable: true, resolve: (i) => i.user.otpContact }),
    createdAt: t.field({ type: 'DateTime', resolve: (i) => i.user.createdAt }),
  }),
});

const OnboardingCompletionRef = builder.objectRef<{ recoveryCodes: string[] | null }>('OnboardingCompletion').implement({
  description: 'A completed onboarding.',
  fields: (t) => ({
    recoveryCodes: t.exposeStringList('recoveryCodes', { nullable: true, description: 'One-time recovery codes when two-factor was chosen; shown once.' }),
  }),
});

/** What the onboarding's last step sends, for acceptInvitation and completeOnboarding alike. */
const onboardingArgs = builder.args((t) => ({
  token: t.string({ required: true }),
  password: t.string({ required: true }),
  firstName: t.string({ required: true }),
  lastName: t.string({ required: true }),
  phone: t.string(),
  lang: t.string(),
}));

type OnboardingArgs = { token: string; password: string; firstName: string; lastName: string; phone?: string | null; lang?: string | null };

function completeFromLink(ctx: Context, a: OnboardingArgs) {
  bound(a, { token: TOKEN, password: PASSWORD, firstName: 200, lastName: 200, phone: 40, lang: 10 });
  return acceptInvitation(ctx, a.token, { password: a.password, firstName: a.firstName, lastName: a.lastName, phone: a.phone, lang: a.lang });
}

builder.queryFields((t) => ({
  invitations: t.field({
    type: [PendingInvitationRef],
    description: 'The pending invitations of the caller’s organizations; needs user management.',
    authScopes: { signedIn: true },
    resolve: (_r, _a, ctx) => invitations(ctx),
  }),
  invitationByToken: t.field({
    type: InvitationDetailsRef,
    description: 'The invitation of a live link; INVITATION_EXPIRED (with variant admin or user) for an expired, used or withdrawn one.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => (bound(a, { token: TOKEN }), openInvitation(ctx, a.token)),
  }),
}));

builder.mutationFields((t) => ({
  inviteUser: t.field({
    type: PendingInvitationRef,
    description: 'Invites a person by e-mail with a language and a rights profile; needs organization.user edit.',
    authScopes: { signedIn: true },
    args: { email: t.arg.string({ required: true }), lang: t.arg.string({ required: true }), profileId: t.arg.int() },
    resolve: (_r, a, ctx) => (bound(a, { email: 320, lang: 10 }), inviteUser(ctx, { email: a.email, lang: a.lang, profileId: a.profileId ?? null })),
  }),
  resendInvitation: t.field({
    type: PendingInvitationRef,
    description: 'A new link for a pending invitation (earlier links stop working); needs organization.user edit.',
    authScopes: { signedIn: true },
    args: { userId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => resendInvitation(ctx, a.userId),
  }),
  cancelInvitation: t.boolean({
    description: 'Withdraws a pending invitation and removes the invited user; needs organization.user edit.',
    authScopes: { signedIn: true },
    args: { userId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => cancelInvitation(ctx, a.userId),
  }),
  acceptInvitation: t.boolean({
    description: 'Completes onboarding from the link: password, names, optional phone and language. The link is then used.',
    args: onboardingArgs,
    resolve: async (_r, a, ctx) => {
      await completeFromLink(ctx, a);
      return true;
    },
  }),
  completeOnboarding: t.field({
    type: OnboardingCompletionRef,
    description: 'acceptInvitation that also returns the recovery codes of the two-factor chosen during onboarding (shown once).',
    args: onboardingArgs,
    resolve: (_r, a, ctx) => completeFromLink(ctx, a),
  }),
  sendInvitationVerificationCode: t.int({
    description: 'Texts a code to the phone chosen for two-factor during onboarding; returns the seconds before a resend.',
    args: { token: t.arg.string({ required: true }), phone: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => (bound(a, { token: TOKEN, phone: 40 }), sendInvitationVerificationCode(ctx, a.token, a.phone)),
  }),
  verifyInvitationContact: t.int({
    description: 'The texted code: the phone is verified and becomes the two-factor contact. Returns the invited user’s id.',
    args: { token: t.arg.string({ required: true }), otp: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => (bound(a, { token: TOKEN, otp: 20 }), verifyInvitationContact(ctx, a.token, a.otp)),
  }),
  updateInvitationOtpContact: t.boolean({
    description: 'Two-factor during onboarding: email, phone (once verified) or null for none.',
    args: { token: t.arg.string({ required: true }), otpContact: t.arg.string() },
    resolve: (_r, a, ctx) => (bound(a, { token: TOKEN, otpContact: 20 }), updateInvitationOtpContact(ctx, a.token, a.otpContact ?? null)),
  }),
  requestNewInvitation: t.boolean({
    description: 'From an expired link: a new one goes to the invited address while the person is still invited. Always true.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => (bound(a, { token: TOKEN }), requestNewInvitation(ctx, a.token)),
  }),
}));
