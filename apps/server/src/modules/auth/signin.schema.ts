import { builder } from '../../graphql/builder.ts';
import { badInput } from '../../graphql/errors.ts';
import { UserRef } from '../users/users.schema.ts';
import { endMySession, mySessions, signOutEverywhere } from './accountSessions.ts';
import { signInUser } from './auth.service.ts';
import { confirmTotp, recoveryCodesLeft, regenerateRecoveryCodes, startTotpEnrolment } from './authenticator.ts';
import { requireCaller } from '../access/access.ts';
import { passwordResetLinkStatus, requestPasswordReset, resetPassword, updatePassword } from './passwords.ts';
import { myTrustedBrowsers, registerBrowser, revokeTrustedBrowser } from './trustedBrowsers.ts';
import { type OtpContactUpdate, loginWithOtpToken, resendLoginOtp, updateOtpContact } from './twoFactor.ts';

// Limits on free-text arguments: longer values cannot be right, so they are refused before any work.
const MAX_SECRET = 200;
const MAX_PASSWORD = 256;
function bound(args: Record<string, unknown>, max: Record<string, number>): void {
  for (const [field, limit] of Object.entries(max)) {
    const v = args[field];
    if (typeof v === 'string' && v.length > limit) throw badInput(field, 'errors.tooLong');
  }
}

builder.queryField('loginWithOtpToken', (t) =>
  t.string({
    description: 'Second step of a sign-in with two-factor: the code sent to the user. Returns an access token and sets the session cookie. POST only.',
    extensions: { postOnly: true },
    args: { otp: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => (bound(a, { otp: 20 }), loginWithOtpToken(ctx, a.otp, (user) => signInUser(ctx, user.id))),
  }),
);

builder.mutationField('resendLoginOtp', (t) =>
  t.int({
    description: 'Sends a new code for the pending two-factor sign-in; returns the seconds before the next resend.',
    resolve: (_r, _a, ctx) => resendLoginOtp(ctx),
  }),
);

builder.mutationField('registerBrowser', (t) =>
  t.boolean({
    description: '"Do not ask again on this browser": the signed-in user skips the code here for 180 days.',
    authScopes: { signedIn: true },
    resolve: (_r, _a, ctx) => registerBrowser(ctx),
  }),
);

builder.mutationField('requestPasswordReset', (t) =>
  t.boolean({
    description: 'E-mails a single-use reset link when the address is an account; answers true either way.',
    args: { email: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => (bound(a, { email: 320 }), requestPasswordReset(ctx, a.email)),
  }),
);

builder.queryField('passwordResetLinkStatus', (t) =>
  t.string({
    description: 'VALID, USED or EXPIRED: what a reset link is, without using it, so its page can say so before a password is typed.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => (bound(a, { token: MAX_SECRET }), passwordResetLinkStatus(ctx, a.token)),
  }),
);

builder.mutationField('resetPassword', (t) =>
  t.boolean({
    description: 'Sets a new password from a reset link; ends every session of the user.',
    args: {
      token: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
      passwordConfirmation: t.arg.string({ required: true }),
    },
    resolve: (_r, a, ctx) => (bound(a, { token: MAX_SECRET, password: MAX_PASSWORD, passwordConfirmation: MAX_PASSWORD }), resetPassword(ctx, a.token, a.password, a.passwordConfirmation)),
  }),
);

builder.mutationField('updatePassword', (t) =>
  t.boolean({
    description: 'The signed-in user changes their password with the current one; their other sessions end.',
    authScopes: { signedIn: true },
    args: { oldPassword: t.arg.string({ required: true }), newPassword: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => (bound(a, { oldPassword: MAX_PASSWORD, newPassword: MAX_PASSWORD }), updatePassword(ctx, a.oldPassword, a.newPassword)),
  }),
);

const OtpContactUpdateRef = builder.objectRef<OtpContactUpdate>('OtpContactUpdate').implement({
  fields: (t) => ({
    user: t.field({ type: UserRef, resolve: (u) => u.user }),
    codeSentTo: t.exposeString('codeSentTo', { nullable: true, description: 'email or phone: a code was sent there; call again with it.' }),
    recoveryCodes: t.exposeStringList('recoveryCodes', { nullable: true, description: 'New one-time recovery codes when two-factor was just switched on; shown once.' }),
  }),
});

builder.mutationField('updateOtpContact', (t) =>
  t.field({
    type: OtpContactUpdateRef,
    description: 'Two-factor by email or phone, or off (null). An unverified contact first gets a code; repeat the call with `code`.',
    authScopes: { signedIn: true },
    args: { otpContact: t.arg.string(), code: t.arg.string() },
    resolve: (_r, a, ctx) => (bound(a, { otpContact: 10, code: 20 }), updateOtpContact(ctx, a.otpContact ?? null, a.code ?? null)),
  }),
);

const TrustedBrowserRef = builder.objectRef<Awaited<ReturnType<typeof myTrustedBrowsers>>[number]>('TrustedBrowser').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    label: t.exposeString('label'),
    createdAt: t.field({ type: 'DateTime', resolve: (b) => b.createdAt }),
    lastUsedAt: t.field({ type: 'DateTime', resolve: (b) => b.lastUsedAt }),
    expiresAt: t.field({ type: 'DateTime', resolve: (b) => b.expiresAt }),
    current: t.exposeBoolean('current', { description: 'This browser.' }),
  }),
});

builder.queryField('trustedBrowsers', (t) =>
  t.field({ type: [TrustedBrowserRef], description: 'The signed-in user’s trusted browsers.', authScopes: { signedIn: true }, resolve: (_r, _a, ctx) => myTrustedBrowsers(ctx) }),
);

builder.mutationField('revokeTrustedBrowser', (t) =>
  t.boolean({ authScopes: { signedIn: true }, args: { id: t.arg.int({ required: true }) }, resolve: (_r, a, ctx) => revokeTrustedBrowser(ctx, a.id) }),
);

const UserSessionRef = builder.objectRef<Awaited<ReturnType<typeof mySessions>>[number]>('UserSession').implement({
  fields: (t) => ({
    id: t.string({ resolve: (s) => s.sid }),
    label: t.exposeString('label'),
    createdAt: t.field({ type: 'DateTime', resolve: (s) => s.createdAt }),
    expiresAt: t.field({ type: 'DateTime', resolve: (s) => s.expiresAt }),
    current: t.exposeBoolean('current', { description: 'The session of this request.' }),
  }),
});

builder.queryField('mySessions', (t) =>
  t.field({ type: [UserSessionRef], description: 'The signed-in user’s open sessions.', authScopes: { signedIn: true }, resolve: (_r, _a, ctx) => mySessions(ctx) }),
);

builder.mutationField('endMySession', (t) =>
  t.boolean({
    authScopes: { signedIn: true },
    args: { id: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => (bound(a, { id: 64 }), endMySession(ctx, a.id)),
  }),
);

builder.mutationField('signOutEverywhere', (t) =>
  t.int({ description: 'Ends every other session of the signed-in user; returns how many.', authScopes: { signedIn: true }, resolve: (_r, _a, ctx) => signOutEverywhere(ctx) }),
);

const TotpEnrolmentRef = builder.objectRef<Awaited<ReturnType<typeof startTotpEnrolment>>>('TotpEnrolment').implement({
  fields: (t) => ({
    secret: t.exposeString('secret', { description: 'The base32 secret, for typing into the app; never shown again.' }),
    uri: t.exposeString('uri', { description: 'otpauth:// URI, shown as a QR code.' }),
  }),
});

builder.mutationField('startTotpEnrolment', (t) =>
  t.field({
    type: TotpEnrolmentRef,
    description: 'A new authenticator secret for the signed-in user, switched on by confirmTotp with a first code.',
    authScopes: { signedIn: true },
    resolve: (_r, _a, ctx) => startTotpEnrolment(ctx),
  }),
);

builder.mutationField('confirmTotp', (t) =>
  t.field({
    type: OtpContactUpdateRef,
    description: 'The first code from the authenticator app: two-factor is then by authenticator; returns new recovery codes.',
    authScopes: { signedIn: true },
    args: { code: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      bound(a, { code: 20 });
      const { user, recoveryCodes } = await confirmTotp(ctx, a.code);
      return { user, codeSentTo: null, recoveryCodes };
    },
  }),
);

builder.mutationField('regenerateRecoveryCodes', (t) =>
  t.stringList({
    description: 'A new set of one-time recovery codes, replacing the old set; shown once. Two-factor must be on.',
    authScopes: { signedIn: true },
    resolve: (_r, _a, ctx) => regenerateRecoveryCodes(ctx),
  }),
);

builder.queryField('recoveryCodesLeft', (t) =>
  t.int({
    description: 'How many of the signed-in user’s recovery codes are unused.',
    authScopes: { signedIn: true },
    resolve: (_r, _a, ctx) => recoveryCodesLeft(ctx.database, requireCaller(ctx).userId),
  }),
);
