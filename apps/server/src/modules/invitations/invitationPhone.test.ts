import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createOrganization, createUser } from '../../test/factories.ts';
import { type SmsPeer, startSmsPeer } from '../../test/smsPeer.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtpPeer.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';
import { users } from '../users/users.tables.ts';

const INVITE = 'mutation($e:String!){ inviteUser(email:$e,lang:"en"){ id } }';
const SEND = 'mutation($t:String!,$p:String!){ sendInvitationVerificationCode(token:$t,phone:$p) }';
const VERIFY = 'mutation($t:String!,$o:String!){ verifyInvitationContact(token:$t,otp:$o) }';
const CONTACT = 'mutation($t:String!,$c:String){ updateInvitationOtpContact(token:$t,otpContact:$c) }';
const DETAILS = 'query($t:String!){ invitationByToken(token:$t){ phone isPhoneVerified otpContact } }';
const ACCEPT = 'mutation($t:String!,$ph:String){ acceptInvitation(token:$t,password:"Brand#New42",firstName:"Zoé",lastName:"Keller",phone:$ph) }';
const LOGIN = '{ login(email:$e, password:"Brand#New42") }';
const PHONE = '+41791112233';

let database: Database;
let smtp: SmtpPeer;
let sms: SmsPeer;
let server: Awaited<ReturnType<typeof startTestServer>>;
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
let admin: string;

const mailsTo = (address: string) => smtp.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === address);
const textsTo = (phone: string) => sms.received.filter((m) => m.to === phone);

async function waitFor<T>(list: () => T[], count: number): Promise<T> {
  const end = Date.now() + 10_000;
  while (list().length < count && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  expect(list().length).toBeGreaterThanOrEqual(count);
  return list()[count - 1]!;
}

async function invite(email: string): Promise<string> {
  expect((await server.gql(INVITE, { e: email }, { token: admin })).errors).toBeUndefined();
  const mail = await waitFor(() => mailsTo(email), 1);
  return /\/invitation\?token=([\w-]+)/.exec(mail.text ?? '')![1]!;
}

async function sendCode(token: string, phone: string): Promise<string> {
  const before = textsTo(phone).length;
  const r = await server.gql(SEND, { t: token, p: phone });
  expect(r.data?.sendInvitationVerificationCode).toBe(60);
  const text = await waitFor(() => textsTo(phone), before + 1);
  return /\b(\d{6})\b/.exec(text.body)![1]!;
}

beforeAll(async () => {
  [smtp, sms] = await Promise.all([startSmtpPeer(), startSmsPeer()]);
  database = await openTestDatabase();
  const org = await createOrganization(database);
  await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' });
  server = await startTestServer(
    database,
    { ...sms.env, SMTP_URL: smtp.url, MAIL_FROM: 'Sitelens <no-reply@sitelens.test>', PUBLIC_URL: 'https://sitelens.example', JOBS_POLL_MS: '500', MESSAGE_RETRY_DELAY_SECONDS: '0' },
    clock,
    { jobs: { work: true } },
  );
  admin = await server.signIn('admin@acme.test');
});

afterAll(async () => {
  await server.close();
  await Promise.all([smtp.close(), sms.close(), database.close()]);
});

describe('two-factor by phone during onboarding', () => {
  it('texts a code to the phone, verifies it, makes the phone the two-factor contact; sign-in then asks for a texted code', async () => {
    const token = await invite('zoe@acme.test');
    expect((await server.gql(SEND, { t: token, p: '123' })).errors?.[0]?.extensions).toMatchObject({ field: 'phone', reason: 'errors.invalidPhone' });
    expect(errorCode(await server.gql(CONTACT, { t: token, c: 'phone' }))).toBe('BAD_USER_INPUT');
    const code = await sendCode(token, PHONE);
    // Once per 60 s.
    expect(errorCode(await server.gql(SEND, { t: token, p: PHONE }))).toBe('OTP_RESEND_TOO_SOON');
    const wrong = code === '000000' ? '111111' : '000000';
    expect(errorCode(await server.gql(VERIFY, { t: token, o: wrong }))).toBe('OTP_INVALID');
    const [row] = await database.db.select().from(users).where(eq(users.email, 'zoe@acme.test'));
    expect((await server.gql(VERIFY, { t: token, o: code })).data?.verifyInvitationContact).toBe(row!.id);
    expect((await server.gql(DETAILS, { t: token })).data?.invitationByToken).toEqual({ phone: PHONE, isPhoneVerified: true, otpContact: 'phone' });
    // The phone two-factor uses cannot change at acceptance.
    expect((await server.gql(ACCEPT, { t: token, ph: '+41791112234' })).errors?.[0]?.extensions).toMatchObject({ reason: 'errors.twoFactorContactLocked' });
    expect((await server.gql(ACCEPT, { t: token, ph: PHONE })).data?.acceptInvitation).toBe(true);
    const before = textsTo(PHONE).length;
    const login = await server.gql(`query($e:String!)${LOGIN}`, { e: 'zoe@acme.test' });
    expect(login.errors?.[0]?.extensions).toMatchObject({ code: 'LOGIN_OTP_REQUIRED', otpContact: 'phone' });
    await waitFor(() => textsTo(PHONE), before + 1);
    const all = await server.gql('{ allUsers { email twoFactorEnabled status } }', {}, { token: admin });
    expect(all.data!.allUsers).toContainEqual({ email: 'zoe@acme.test', twoFactorEnabled: true, status: 'active' });
  });

  it('burns the code after five wrong tries, counted atomically under parallel guesses', async () => {
    const token = await invite('yan@acme.test');
    const phone = '+41791112244';
    const code = await sendCode(token, phone);
    const wrong = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const results = await Promise.all(wrong.map((o) => server.gql(VERIFY, { t: token, o })));
    expect(results.filter((r) => errorCode(r) === 'OTP_INVALID')).toHaveLength(5);
    expect(results.filter((r) => errorCode(r) === 'OTP_BLOCKED')).toHaveLength(7);
    // Burned: even the right code no longer works.
    expect(errorCode(await server.gql(VERIFY, { t: token, o: code }))).toBe('OTP_BLOCKED');
    expect((await server.gql(DETAILS, { t: token })).data?.invitationByToken.isPhoneVerified).toBe(false);
  });

  it('sets two-factor by e-mail, or none, and an expired link cannot', async () => {
    const token = await invite('xia@acme.test');
    expect((await server.gql(CONTACT, { t: token, c: 'email' })).data?.updateInvitationOtpContact).toBe(true);
    expect((await server.gql(DETAILS, { t: token })).data?.invitationByToken.otpContact).toBe('email');
    expect((await server.gql(CONTACT, { t: token, c: 'sms' })).errors?.[0]?.extensions).toMatchObject({ reason: 'errors.invalidOtpContact' });
    expect((await server.gql(CONTACT, { t: token, c: null })).data?.updateInvitationOtpContact).toBe(true);
    expect((await server.gql(DETAILS, { t: token })).data?.invitationByToken.otpContact).toBeNull();
    offsetMs = 8 * 86_400_000;
    try {
      expect(errorCode(await server.gql(CONTACT, { t: token, c: 'email' }))).toBe('INVITATION_EXPIRED');
      expect(errorCode(await server.gql(SEND, { t: token, p: PHONE }))).toBe('INVITATION_EXPIRED');
      expect(errorCode(await server.gql(VERIFY, { t: token, o: '123456' }))).toBe('INVITATION_EXPIRED');
    } finally {
      offsetMs = 0;
    }
  });
});
