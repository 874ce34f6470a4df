import { totpClock } from '../../test/totpClock.ts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createOrganization, createUser } from '../../test/factories.ts';
import { mailServerPerFile, nth } from '../../test/mailServer.ts';
import { errorCode } from '../../test/testServer.ts';
import { userOrganizations, users } from '../users/users.tables.ts';

// A user whose every membership is inactive may not sign in on any path, nor keep a session
// (docs/decisions.md "Sign-in without an active membership").
const LOGIN = 'query($e:String!,$p:String!){ login(email:$e,password:$p) }';
const OTP = 'query($o:String!){ loginWithOtpToken(otp:$o) }';
const RESEND = 'mutation { resendLoginOtp }';
const ENROL = 'mutation { startTotpEnrolment { secret } }';
const CONFIRM = 'mutation($c:String!){ confirmTotp(code:$c) { recoveryCodes } }';
const ME = '{ me { email } }';
const RENEW = '{ renew }';

// Whole authenticator time steps, so that the code at sign-in is not the one used to enrol.
const { clock, at, codeAt } = totpClock();
const cookieOf = (setCookie: string | null, name: string) => new RegExp(`${name}=([\\w-]+)`).exec(setCookie ?? '')?.[1];
const codeIn = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? '')?.[1];

const world = mailServerPerFile({
  clock,
  env: { LOGIN_RATE_LIMIT: '100' },
  seed: async (database) => {
    const acme = await createOrganization(database);
    const rival = await createOrganization(database, 'Rival');
    for (const email of ['ana@acme.test', 'cleo@acme.test', 'tom@acme.test', 'sam@acme.test']) await createUser(database, { email, organizationIds: [acme.id] });
    // Ina belongs to two organizations, both memberships inactive.
    await createUser(database, { email: 'ina@acme.test', organizationIds: [acme.id, rival.id] });
    await setActive(database, 'ina@acme.test', false);
    await database.db.update(users).set({ otpContact: 'email', isEmailVerified: true }).where(eq(users.email, 'cleo@acme.test'));
  },
});

async function setActive(database: typeof world.database, email: string, active: boolean) {
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  await database.db.update(userOrganizations).set({ active }).where(eq(userOrganizations.userId, user!.id));
}

describe('sign-in without an active membership', () => {
  it('answers the right password as a wrong one (LOGIN_WRONG_CREDENTIALS), with no session', async () => {
    const inactive = await world.server.gql(LOGIN, { e: 'ina@acme.test', p: TEST_PASSWORD });
    const wrong = await world.server.gql(LOGIN, { e: 'ina@acme.test', p: 'Wrong#pass1' });
    expect(errorCode(inactive)).toBe('LOGIN_WRONG_CREDENTIALS');
    expect(inactive.errors?.[0]?.message).toBe(wrong.errors?.[0]?.message);
    expect(inactive.data).toBeNull();
    expect(inactive.setCookie ?? '').not.toMatch(/sitelens_session=/);
    // A member of an active membership signs in as before.
    expect((await world.server.gql(LOGIN, { e: 'ana@acme.test', p: TEST_PASSWORD })).data?.login).toMatch(/^ey/);
  });

  it('ends a pending code step whose membership became inactive: the mailed code signs nobody in, no new code is sent', async () => {
    const r = await world.server.gql(LOGIN, { e: 'cleo@acme.test', p: TEST_PASSWORD });
    expect(errorCode(r)).toBe('LOGIN_OTP_REQUIRED');
    const cookie = `sitelens_otp=${cookieOf(r.setCookie, 'sitelens_otp')}`;
    const code = codeIn((await nth(() => world.mailsTo('cleo@acme.test'), 1)).text)!;
    await setActive(world.database, 'cleo@acme.test', false);
    const refused = await world.server.gql(OTP, { o: code }, { cookie });
    expect(errorCode(refused)).toBe('OTP_SIGNIN_EXPIRED');
    expect(refused.setCookie ?? '').not.toMatch(/sitelens_session=/);
    expect(errorCode(await world.server.gql(RESEND, {}, { cookie }))).toBe('OTP_SIGNIN_EXPIRED');
    // The password step itself now answers as a wrong password, and sends no code.
    const before = world.mailsTo('cleo@acme.test').length;
    expect(errorCode(await world.server.gql(LOGIN, { e: 'cleo@acme.test', p: TEST_PASSWORD }))).toBe('LOGIN_WRONG_CREDENTIALS');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(world.mailsTo('cleo@acme.test')).toHaveLength(before);
  });

  it('refuses the authenticator code and a recovery code of a pending sign-in once the membership is inactive', async () => {
    at(10);
    const token = await world.server.signIn('tom@acme.test');
    const { secret } = (await world.server.gql(ENROL, {}, { token })).data!.startTotpEnrolment as { secret: string };
    const confirmed = await world.server.gql(CONFIRM, { c: codeAt(secret) }, { token });
    const recovery = confirmed.data?.confirmTotp.recoveryCodes as string[];
    expect(recovery).toHaveLength(10);
    at(12);
    const r = await world.server.gql(LOGIN, { e: 'tom@acme.test', p: TEST_PASSWORD });
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'LOGIN_OTP_REQUIRED', otpContact: 'totp' });
    const cookie = `sitelens_otp=${cookieOf(r.setCookie, 'sitelens_otp')}`;
    await setActive(world.database, 'tom@acme.test', false);
    for (const otp of [codeAt(secret), recovery[0]!]) {
      const refused = await world.server.gql(OTP, { o: otp }, { cookie });
      expect(errorCode(refused)).toBe('OTP_SIGNIN_EXPIRED');
      expect(refused.setCookie ?? '').not.toMatch(/sitelens_session=/);
    }
    // Active again, the same recovery code (never used) signs in: the refusal was the membership's.
    await setActive(world.database, 'tom@acme.test', true);
    at(14);
    const again = await world.server.gql(LOGIN, { e: 'tom@acme.test', p: TEST_PASSWORD });
    const ok = await world.server.gql(OTP, { o: recovery[0]! }, { cookie: `sitelens_otp=${cookieOf(again.setCookie, 'sitelens_otp')}` });
    expect(ok.data?.loginWithOtpToken).toMatch(/^ey/);
  });

  it('stops an open session at once when the last membership becomes inactive: no call, no renewal', async () => {
    const r = await world.server.gql(LOGIN, { e: 'sam@acme.test', p: TEST_PASSWORD });
    const token = r.data?.login as string;
    const cookie = `sitelens_session=${cookieOf(r.setCookie, 'sitelens_session')}`;
    expect((await world.server.gql(ME, {}, { token })).data?.me.email).toBe('sam@acme.test');
    await setActive(world.database, 'sam@acme.test', false);
    // The process's caller cache drops the session when the database's notification arrives
    // (callerCache.ts), a few milliseconds after the change on PostgreSQL.
    await expect.poll(async () => errorCode(await world.server.gql(ME, {}, { token })), { timeout: 2000, interval: 50 }).toBe('UNAUTHENTICATED');
    expect((await world.server.gql(RENEW, {}, { token, cookie })).data?.renew ?? null).toBeNull();
    expect((await world.server.gql(RENEW, {}, { cookie })).data?.renew ?? null).toBeNull();
    // Made active again, the same session answers again.
    await setActive(world.database, 'sam@acme.test', true);
    expect((await world.server.gql(RENEW, {}, { cookie })).data?.renew).toMatch(/^ey/);
  });
});
