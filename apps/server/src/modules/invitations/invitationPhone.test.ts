import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nth } from '../../test/mailServer.ts';
import { errorCode } from '../../test/testServer.ts';
import { users } from '../users/users.tables.ts';
import { CONTACT, SEND, VERIFY, invitingAdminPerFile } from './invitations.test-support.ts';

const DETAILS = 'query($t:String!){ invitationByToken(token:$t){ phone isPhoneVerified otpContact } }';
const ACCEPT = 'mutation($t:String!,$ph:String){ acceptInvitation(token:$t,password:"Brand#New42",firstName:"Zoé",lastName:"Keller",phone:$ph) }';
const LOGIN = '{ login(email:$e, password:"Brand#New42") }';
const PHONE = '+41791112233';

let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
const world = invitingAdminPerFile(clock);
const { invite, textsTo } = world;

async function sendCode(token: string, phone: string): Promise<string> {
  const before = textsTo(phone).length;
  const r = await world.server.gql(SEND, { t: token, p: phone });
  expect(r.data?.sendInvitationVerificationCode).toBe(60);
  const text = await nth(() => textsTo(phone), before + 1);
  return /\b(\d{6})\b/.exec(text.body)![1]!;
}

describe('two-factor by phone during onboarding', () => {
  it('texts a code to the phone, verifies it, makes the phone the two-factor contact; sign-in then asks for a texted code', async () => {
    const token = await invite('zoe@acme.test');
    expect((await world.server.gql(SEND, { t: token, p: '123' })).errors?.[0]?.extensions).toMatchObject({ field: 'phone', reason: 'errors.invalidPhone' });
    expect(errorCode(await world.server.gql(CONTACT, { t: token, c: 'phone' }))).toBe('BAD_USER_INPUT');
    const code = await sendCode(token, PHONE);
    // Once per 60 s.
    expect(errorCode(await world.server.gql(SEND, { t: token, p: PHONE }))).toBe('OTP_RESEND_TOO_SOON');
    const wrong = code === '000000' ? '111111' : '000000';
    expect(errorCode(await world.server.gql(VERIFY, { t: token, o: wrong }))).toBe('OTP_INVALID');
    const [row] = await world.database.db.select().from(users).where(eq(users.email, 'zoe@acme.test'));
    expect((await world.server.gql(VERIFY, { t: token, o: code })).data?.verifyInvitationContact).toBe(row!.id);
    expect((await world.server.gql(DETAILS, { t: token })).data?.invitationByToken).toEqual({ phone: PHONE, isPhoneVerified: true, otpContact: 'phone' });
    // The phone two-factor uses cannot change at acceptance.
    expect((await world.server.gql(ACCEPT, { t: token, ph: '+41791112234' })).errors?.[0]?.extensions).toMatchObject({ reason: 'errors.twoFactorContactLocked' });
    expect((await world.server.gql(ACCEPT, { t: token, ph: PHONE })).data?.acceptInvitation).toBe(true);
    const before = textsTo(PHONE).length;
    const login = await world.server.gql(`query($e:String!)${LOGIN}`, { e: 'zoe@acme.test' });
    expect(login.errors?.[0]?.extensions).toMatchObject({ code: 'LOGIN_OTP_REQUIRED', otpContact: 'phone' });
    await nth(() => textsTo(PHONE), before + 1);
    const all = await world.server.gql('{ allUsers { email twoFactorEnabled status } }', {}, { token: world.admin });
    expect(all.data!.allUsers).toContainEqual({ email: 'zoe@acme.test', twoFactorEnabled: true, status: 'active' });
  });

  it('burns the code after five wrong tries, counted atomically under parallel guesses', async () => {
    const token = await invite('yan@acme.test');
    const phone = '+41791112244';
    const code = await sendCode(token, phone);
    const wrong = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const results = await Promise.all(wrong.map((o) => world.server.gql(VERIFY, { t: token, o })));
    expect(results.filter((r) => errorCode(r) === 'OTP_INVALID')).toHaveLength(5);
    expect(results.filter((r) => errorCode(r) === 'OTP_BLOCKED')).toHaveLength(7);
    // Burned: even the right code no longer works.
    expect(errorCode(await world.server.gql(VERIFY, { t: token, o: code }))).toBe('OTP_BLOCKED');
    expect((await world.server.gql(DETAILS, { t: token })).data?.invitationByToken.isPhoneVerified).toBe(false);
  });

  it('sets two-factor by e-mail, or none, and an expired link cannot', async () => {
    const token = await invite('xia@acme.test');
    expect((await world.server.gql(CONTACT, { t: token, c: 'email' })).data?.updateInvitationOtpContact).toBe(true);
    expect((await world.server.gql(DETAILS, { t: token })).data?.invitationByToken.otpContact).toBe('email');
    expect((await world.server.gql(CONTACT, { t: token, c: 'sms' })).errors?.[0]?.extensions).toMatchObject({ reason: 'errors.invalidOtpContact' });
    expect((await world.server.gql(CONTACT, { t: token, c: null })).data?.updateInvitationOtpContact).toBe(true);
    expect((await world.server.gql(DETAILS, { t: token })).data?.invitationByToken.otpContact).toBeNull();
    offsetMs = 8 * 86_400_000;
    try {
      expect(errorCode(await world.server.gql(CONTACT, { t: token, c: 'email' }))).toBe('INVITATION_EXPIRED');
      expect(errorCode(await world.server.gql(SEND, { t: token, p: PHONE }))).toBe('INVITATION_EXPIRED');
      expect(errorCode(await world.server.gql(VERIFY, { t: token, o: '123456' }))).toBe('INVITATION_EXPIRED');
    } finally {
      offsetMs = 0;
    }
  });
});
