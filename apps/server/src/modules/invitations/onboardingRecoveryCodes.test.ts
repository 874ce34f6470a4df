import { describe, expect, it } from 'vitest';
import { nth } from '../../test/mailServer.ts';
import { CONTACT, SEND, VERIFY, invitingAdminPerFile } from './invitations.test-support.ts';

// Issue 29.17: two-factor switched on during onboarding brings its recovery codes, as every other
// switch on does; each signs in once instead of the code.
const COMPLETE = 'mutation($t:String!,$ph:String){ completeOnboarding(token:$t,password:"Brand#New42",firstName:"Zoé",lastName:"Keller",phone:$ph){ recoveryCodes } }';
const LOGIN = 'query($e:String!){ login(email:$e, password:"Brand#New42") }';
const OTP = 'query($o:String!){ loginWithOtpToken(otp:$o) }';
const LEFT = '{ recoveryCodesLeft }';
const PHONE = '+41791112233';

const world = invitingAdminPerFile();
const { invite, textsTo } = world;

describe('recovery codes at the end of onboarding', () => {
  it('come with two-factor by phone, and one signs in instead of the texted code, once', async () => {
    const token = await invite('zoe@acme.test');
    expect((await world.server.gql(SEND, { t: token, p: PHONE })).data?.sendInvitationVerificationCode).toBe(60);
    const code = /\b(\d{6})\b/.exec((await nth(() => textsTo(PHONE), 1)).body)![1]!;
    expect((await world.server.gql(VERIFY, { t: token, o: code })).errors).toBeUndefined();
    const done = await world.server.gql(COMPLETE, { t: token, ph: PHONE });
    const codes = done.data?.completeOnboarding.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(codes[0]).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);

    const login = await world.server.gql(LOGIN, { e: 'zoe@acme.test' });
    expect(login.errors?.[0]?.extensions).toMatchObject({ code: 'LOGIN_OTP_REQUIRED', otpContact: 'phone' });
    const cookie = `sitelens_otp=${/sitelens_otp=([\w-]+)/.exec(login.setCookie ?? '')![1]}`;
    const signedIn = await world.server.gql(OTP, { o: codes[0] }, { cookie });
    expect(typeof signedIn.data?.loginWithOtpToken).toBe('string');
    expect((await world.server.gql(LEFT, {}, { token: signedIn.data!.loginWithOtpToken })).data?.recoveryCodesLeft).toBe(9);
  });

  it('come with two-factor by e-mail, and not without two-factor', async () => {
    const byEmail = await invite('yves@acme.test');
    expect((await world.server.gql(CONTACT, { t: byEmail, c: 'email' })).data?.updateInvitationOtpContact).toBe(true);
    expect((await world.server.gql(COMPLETE, { t: byEmail })).data?.completeOnboarding.recoveryCodes).toHaveLength(10);

    const without = await invite('xena@acme.test');
    expect((await world.server.gql(COMPLETE, { t: without })).data?.completeOnboarding).toEqual({ recoveryCodes: null });
  });
});
