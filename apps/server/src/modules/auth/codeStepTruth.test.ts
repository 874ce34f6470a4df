import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { createOrganization, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { mailAndSmsServerPerFile, nth } from '../../test/mailServer.ts';
import { errorCode } from '../../test/testServer.ts';
import { users } from '../users/users.tables.ts';

// Issue 29 items 17 and 19: the code step says whether a code was sent, names the factor a wrong
// code was for; a reset link is checked before a password is typed; a reset keeps SMS two-factor
// and tells the phone.
const LOGIN = 'query($e:String!,$p:String!){ login(email:$e,password:$p) }';
const OTP = 'query($o:String!){ loginWithOtpToken(otp:$o) }';
const START_TOTP = 'mutation { startTotpEnrolment { secret } }';
const CONFIRM_TOTP = 'mutation($c:String!){ confirmTotp(code:$c){ recoveryCodes } }';
const RESET_REQUEST = 'mutation($e:String!){ requestPasswordReset(email:$e) }';
const RESET = 'mutation($t:String!,$p:String!){ resetPassword(token:$t,password:$p,passwordConfirmation:$p) }';
const LINK_STATUS = 'query($t:String!){ passwordResetLinkStatus(token:$t) }';
const NEW_PASSWORD = 'Another#Horse42';
const PHONE = '+41791234567';

let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

const cookieOf = (setCookie: string | null) => /sitelens_otp=([\w-]+)/.exec(setCookie ?? '')?.[1];
const linkIn = (text: string | undefined) => /reset-password-confirm\?token=([\w-]+)/.exec(text ?? '')?.[1];

async function member(email: string, values: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(world.database, { email, organizationIds: [orgId] });
  if (Object.keys(values).length) await world.database.db.update(users).set(values).where(eq(users.id, user.id));
  return user;
}

let orgId = 0;
const world = mailAndSmsServerPerFile({
  clock,
  env: { LOGIN_RATE_LIMIT: '100' },
  seed: async (database) => {
    orgId = (await createOrganization(database)).id;
  },
});
const { mailsTo } = world;

describe('the code step tells the truth (issue 29.19)', () => {
  it('says a code was sent only when one was, and whether the earlier one still works', async () => {
    await member('ana@acme.test', { otpContact: 'email', isEmailVerified: true });
    const first = await world.server.gql(LOGIN, { e: 'ana@acme.test', p: TEST_PASSWORD });
    expect(first.errors?.[0]?.extensions).toMatchObject({ code: 'LOGIN_OTP_REQUIRED', otpContact: 'email', codeSent: true, liveCode: true, resendAfterSeconds: 60 });
    await nth(() => mailsTo('ana@acme.test'), 1);

    // A second sign-in within the minute: nothing is sent, and the page is told so.
    const second = await world.server.gql(LOGIN, { e: 'ana@acme.test', p: TEST_PASSWORD });
    const ext = second.errors?.[0]?.extensions;
    expect(ext).toMatchObject({ code: 'LOGIN_OTP_REQUIRED', codeSent: false, liveCode: true });
    expect(ext?.resendAfterSeconds).toBeGreaterThan(0);
    expect(ext?.resendAfterSeconds).toBeLessThanOrEqual(60);

    // Wrong codes burn the code: the next sign-in within the minute has no usable code at all.
    const cookie = `sitelens_otp=${cookieOf(second.setCookie)}`;
    for (let i = 0; i < 5; i++) expect((await world.server.gql(OTP, { o: '000000' }, { cookie })).errors?.[0]?.extensions).toMatchObject({ code: 'OTP_INVALID', factor: 'sent' });
    expect((await world.server.gql(OTP, { o: '000000' }, { cookie })).errors?.[0]?.extensions).toMatchObject({ code: 'OTP_BLOCKED', factor: 'sent' });
    const third = await world.server.gql(LOGIN, { e: 'ana@acme.test', p: TEST_PASSWORD });
    expect(third.errors?.[0]?.extensions).toMatchObject({ code: 'LOGIN_OTP_REQUIRED', codeSent: false, liveCode: false });
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo('ana@acme.test')).toHaveLength(1);
  });

  it('names the authenticator or the recovery code when one of them is wrong', async () => {
    await member('bea@acme.test');
    const token = await world.server.signIn('bea@acme.test');
    const secret = (await world.server.gql(START_TOTP, {}, { token })).data!.startTotpEnrolment.secret as string;
    const now = () => Math.floor(clock.now().getTime() / 1000);
    const confirmed = await world.server.gql(CONFIRM_TOTP, { c: generateSync({ secret, epoch: now() }) }, { token });
    expect(confirmed.data?.confirmTotp.recoveryCodes).toHaveLength(10);

    const login = await world.server.gql(LOGIN, { e: 'bea@acme.test', p: TEST_PASSWORD });
    expect(login.errors?.[0]?.extensions).toMatchObject({ code: 'LOGIN_OTP_REQUIRED', otpContact: 'totp', codeSent: false });
    const cookie = `sitelens_otp=${cookieOf(login.setCookie)}`;
    // A code two minutes ahead is never the one the app shows now.
    const wrong = generateSync({ secret, epoch: now() + 120 });
    expect((await world.server.gql(OTP, { o: wrong }, { cookie })).errors?.[0]?.extensions).toMatchObject({ code: 'OTP_INVALID', factor: 'totp' });
    expect((await world.server.gql(OTP, { o: 'aaaaa-bbbbb' }, { cookie })).errors?.[0]?.extensions).toMatchObject({ code: 'OTP_INVALID', factor: 'recovery' });
  });
});

describe('password reset links and SMS two-factor', () => {
  it('tells a live link from a used, an expired and an unknown one, without using it', async () => {
    await member('cid@acme.test');
    await world.server.gql(RESET_REQUEST, { e: 'cid@acme.test' });
    const link = linkIn((await nth(() => mailsTo('cid@acme.test'), 1)).text)!;
    expect((await world.server.gql(LINK_STATUS, { t: link })).data?.passwordResetLinkStatus).toBe('VALID');
    // Asking does not use it.
    expect((await world.server.gql(LINK_STATUS, { t: link })).data?.passwordResetLinkStatus).toBe('VALID');
    expect((await world.server.gql(RESET, { t: link, p: NEW_PASSWORD })).data?.resetPassword).toBe(true);
    expect((await world.server.gql(LINK_STATUS, { t: link })).data?.passwordResetLinkStatus).toBe('USED');
    expect((await world.server.gql(LINK_STATUS, { t: 'x'.repeat(43) })).data?.passwordResetLinkStatus).toBe('EXPIRED');

    await world.server.gql(RESET_REQUEST, { e: 'cid@acme.test' });
    const later = linkIn((await nth(() => mailsTo('cid@acme.test'), 2)).text)!;
    offsetMs = 61 * 60_000;
    try {
      expect((await world.server.gql(LINK_STATUS, { t: later })).data?.passwordResetLinkStatus).toBe('EXPIRED');
      expect(errorCode(await world.server.gql(RESET, { t: later, p: NEW_PASSWORD }))).toBe('RESET_TOKEN_INVALID');
    } finally {
      offsetMs = 0;
    }
  });

  it('keeps two-factor by SMS after a reset by e-mail, and tells the phone', async () => {
    await member('dee@acme.test', { otpContact: 'phone', phone: PHONE, isPhoneVerified: true });
    await world.server.gql(RESET_REQUEST, { e: 'dee@acme.test' });
    const link = linkIn((await nth(() => mailsTo('dee@acme.test'), 1)).text)!;
    const before = world.sms.received.filter((m) => m.to === PHONE).length;
    expect((await world.server.gql(RESET, { t: link, p: NEW_PASSWORD })).data?.resetPassword).toBe(true);
    const notice = await nth(() => world.sms.received.filter((m) => m.to === PHONE), before + 1);
    expect(notice.body).toContain('password of your account was just reset');
    expect(notice.body).not.toMatch(/\d{6}/);
    const login = await world.server.gql(LOGIN, { e: 'dee@acme.test', p: NEW_PASSWORD });
    expect(login.errors?.[0]?.extensions).toMatchObject({ code: 'LOGIN_OTP_REQUIRED', otpContact: 'phone', codeSent: true });
  });
});
