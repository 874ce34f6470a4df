import { totpClock } from '../../test/totpClock.ts';
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../../test/factories.ts';
import { mailServerPerFile } from '../../test/mailServer.ts';
import { errorCode } from '../../test/testServer.ts';
import { users } from '../users/users.tables.ts';
import { recoveryCodes } from './auth.tables.ts';
import { openSecret, secretsKeyOf } from './secretBox.ts';
import { startSession } from './sessions.ts';
import { loadTokenKeys, signAccessToken } from './tokens.ts';

const LOGIN = 'query($e:String!,$p:String!){ login(email:$e,password:$p) }';
const OTP = 'query($o:String!){ loginWithOtpToken(otp:$o) }';
const ENROL = 'mutation { startTotpEnrolment { secret uri } }';
const CONFIRM = 'mutation($c:String!){ confirmTotp(code:$c) { recoveryCodes user { otpContact } } }';
const REGENERATE = 'mutation { regenerateRecoveryCodes }';
const LEFT = '{ recoveryCodesLeft }';
const OTP_CONTACT = 'mutation($c:String){ updateOtpContact(otpContact:$c) { recoveryCodes user { otpContact } } }';
const REQUEST = 'mutation($e:String!){ requestPasswordReset(email:$e) }';
const RESET = 'mutation($t:String!,$p:String!,$c:String!){ resetPassword(token:$t,password:$p,passwordConfirmation:$c) }';
const PASSWORD = 'Correct#Horse9';

// Whole time steps from a step's start, so that "now" and "the next step" are unambiguous.
const { clock, at, codeAt } = totpClock();
const wrongThan = (code: string) => (code === '000000' ? '111111' : '000000');
const cookieOf = (setCookie: string | null) => `sitelens_otp=${/sitelens_otp=([\w-]+)/.exec(setCookie ?? '')?.[1]}`;

async function passwordStep(email: string, password = PASSWORD) {
  const r = await world.server.gql(LOGIN, { e: email, p: password });
  return { r, cookie: cookieOf(r.setCookie) };
}

/** Signs in, enrols an authenticator and confirms it: the secret and the recovery codes. */
async function enrol(email: string) {
  const token = await world.server.signIn(email);
  const started = await world.server.gql(ENROL, {}, { token });
  const { secret, uri } = started.data!.startTotpEnrolment as { secret: string; uri: string };
  const confirmed = await world.server.gql(CONFIRM, { c: codeAt(secret) }, { token });
  return { token, secret, uri, confirmed, codes: confirmed.data?.confirmTotp.recoveryCodes as string[] };
}

const world = mailServerPerFile({
  clock,
  env: { LOGIN_RATE_LIMIT: '100' },
  seed: async (database) => {
    const org = await createOrganization(database);
    for (const email of ['ana@acme.test', 'bob@acme.test', 'carla@acme.test', 'dan@acme.test', 'eve@acme.test', 'gil@acme.test', 'admin@acme.test']) await createUser(database, { email, organizationIds: [org.id] });
  },
});

describe('enrolling an authenticator', () => {
  it('gives a secret and an otpauth URI once; a wrong first code is refused, a right one switches two-factor on with 10 recovery codes', async () => {
    at(0);
    const token = await world.server.signIn('ana@acme.test');
    const started = (await world.server.gql(ENROL, {}, { token })).data!.startTotpEnrolment as { secret: string; uri: string };
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.uri).toMatch(/^otpauth:\/\/totp\/Sitelens:ana%40acme\.test\?/);
    expect(started.uri).toContain(`secret=${started.secret}`);
    expect(errorCode(await world.server.gql(CONFIRM, { c: wrongThan(codeAt(started.secret)) }, { token }))).toBe('OTP_INVALID');
    // Not on until confirmed.
    expect(await world.server.signIn('ana@acme.test')).toMatch(/^ey/);
    const confirmed = await world.server.gql(CONFIRM, { c: codeAt(started.secret) }, { token });
    expect(confirmed.data?.confirmTotp.user.otpContact).toBe('totp');
    const codes = confirmed.data?.confirmTotp.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(new Set(codes).size).toBe(10);
    expect((await world.server.gql(LEFT, {}, { token })).data?.recoveryCodesLeft).toBe(10);
    // The pending secret is gone: confirming again is refused; only digests of the codes are stored.
    expect(errorCode(await world.server.gql(CONFIRM, { c: codeAt(started.secret) }, { token }))).toBe('OTP_SIGNIN_EXPIRED');
    const [row] = await world.database.db.select().from(users).where(eq(users.email, 'ana@acme.test'));
    const stored = await world.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, row!.id));
    expect(stored.map((s) => s.digest)).not.toContain(codes[0]!.replace('-', ''));
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.digest))).toBe(true);
  });

  it('refuses callers who are not signed in and an administrator viewing as the user', async () => {
    expect(errorCode(await world.server.gql(ENROL))).toBe('UNAUTHENTICATED');
    expect(errorCode(await world.server.gql(CONFIRM, { c: '123456' }))).toBe('UNAUTHENTICATED');
    expect(errorCode(await world.server.gql(LEFT))).toBe('UNAUTHENTICATED');
    const [gil] = await world.database.db.select().from(users).where(eq(users.email, 'gil@acme.test'));
    const [admin] = await world.database.db.select().from(users).where(eq(users.email, 'admin@acme.test'));
    const now = clock.now();
    const from = await startSession(world.database, { userId: admin!.id, now });
    const view = await startSession(world.database, { userId: gil!.id, viewAs: { adminUserId: admin!.id, fromSid: from.sid }, now });
    const token = await signAccessToken(await loadTokenKeys(world.database, undefined, 15 * 60), { userId: gil!.id, adminUserId: admin!.id, sid: view.sid }, now);
    expect(errorCode(await world.server.gql(ENROL, {}, { token }))).toBe('VIEW_AS_REFUSED');
    expect(errorCode(await world.server.gql(CONFIRM, { c: '123456' }, { token }))).toBe('VIEW_AS_REFUSED');
    expect(errorCode(await world.server.gql(REGENERATE, {}, { token }))).toBe('VIEW_AS_REFUSED');
  });
});

describe('signing in with the authenticator', () => {
  it('asks for the code without sending one, takes the current code once (replay refused), and the next step’s code after', async () => {
    at(10);
    const { secret } = await enrol('bob@acme.test');
    at(11);
    const mails = world.smtp.received.length;
    const { r, cookie } = await passwordStep('bob@acme.test');
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'LOGIN_OTP_REQUIRED', otpContact: 'totp', resendAfterSeconds: 0, codeLength: 6 });
    const code = codeAt(secret);
    const ok = await world.server.gql(OTP, { o: code }, { cookie });
    expect(ok.data?.loginWithOtpToken).toMatch(/^ey/);
    // The same code again, on a new pending sign-in within its 30 s: refused.
    const again = await passwordStep('bob@acme.test');
    expect(errorCode(await world.server.gql(OTP, { o: code }, { cookie: again.cookie }))).toBe('OTP_INVALID');
    // One step later (the app's next code) it works; a code one step old is accepted once too.
    at(12);
    expect((await world.server.gql(OTP, { o: codeAt(secret) }, { cookie: again.cookie })).data?.loginWithOtpToken).toMatch(/^ey/);
    at(14);
    const drift = await passwordStep('bob@acme.test');
    const old = generateSync({ secret, epoch: Math.floor(clock.now().getTime() / 1000) - 30 });
    expect((await world.server.gql(OTP, { o: old }, { cookie: drift.cookie })).data?.loginWithOtpToken).toMatch(/^ey/);
    // Two steps away is too far.
    at(20);
    const far = await passwordStep('bob@acme.test');
    const stale = generateSync({ secret, epoch: Math.floor(clock.now().getTime() / 1000) - 60 });
    expect(errorCode(await world.server.gql(OTP, { o: stale }, { cookie: far.cookie }))).toBe('OTP_INVALID');
    await new Promise((r) => setTimeout(r, 600));
    expect(world.smtp.received.length).toBe(mails);
    expect(errorCode(await world.server.gql('mutation { resendLoginOtp }', {}, { cookie: far.cookie }))).toBe('BAD_USER_INPUT');
  });

  it('after 5 wrong codes (even in parallel) the right one is refused until the window is over', async () => {
    at(40);
    const { secret } = await enrol('carla@acme.test');
    at(41);
    const { cookie } = await passwordStep('carla@acme.test');
    const right = codeAt(secret);
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => world.server.gql(OTP, { o: String(200000 + i) === right ? '999999' : String(200000 + i) }, { cookie })));
    expect(guesses.filter((g) => errorCode(g) === 'OTP_INVALID').length).toBeLessThanOrEqual(5);
    expect(guesses.filter((g) => errorCode(g) === 'OTP_BLOCKED').length).toBeGreaterThanOrEqual(7);
    expect(errorCode(await world.server.gql(OTP, { o: right }, { cookie }))).toBe('OTP_BLOCKED');
    at(41 + 21); // ten minutes and a half later
    const fresh = await passwordStep('carla@acme.test');
    expect((await world.server.gql(OTP, { o: codeAt(secret) }, { cookie: fresh.cookie })).data?.loginWithOtpToken).toMatch(/^ey/);
  });
});

describe('recovery codes', () => {
  it('each signs in once instead of a code; the count left drops; a new set replaces the old one', async () => {
    at(100);
    const { token, codes } = await enrol('dan@acme.test');
    const first = await passwordStep('dan@acme.test');
    expect((await world.server.gql(OTP, { o: codes[0]!.toUpperCase() }, { cookie: first.cookie })).data?.loginWithOtpToken).toMatch(/^ey/);
    expect((await world.server.gql(LEFT, {}, { token })).data?.recoveryCodesLeft).toBe(9);
    const twice = await passwordStep('dan@acme.test');
    expect(errorCode(await world.server.gql(OTP, { o: codes[0]! }, { cookie: twice.cookie }))).toBe('OTP_INVALID');
    const fresh = (await world.server.gql(REGENERATE, {}, { token })).data?.regenerateRecoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect((await world.server.gql(LEFT, {}, { token })).data?.recoveryCodesLeft).toBe(10);
    expect(errorCode(await world.server.gql(OTP, { o: codes[1]! }, { cookie: twice.cookie }))).toBe('OTP_INVALID');
    expect((await world.server.gql(OTP, { o: fresh[3]! }, { cookie: twice.cookie })).data?.loginWithOtpToken).toMatch(/^ey/);
  });

  it('come with two-factor by e-mail too, and are refused on demand while two-factor is off', async () => {
    await world.database.db.update(users).set({ isEmailVerified: true }).where(eq(users.email, 'eve@acme.test'));
    const token = await world.server.signIn('eve@acme.test');
    expect(errorCode(await world.server.gql(REGENERATE, {}, { token }))).toBe('FORBIDDEN');
    const on = await world.server.gql(OTP_CONTACT, { c: 'email' }, { token });
    expect(on.data?.updateOtpContact.user.otpContact).toBe('email');
    expect(on.data?.updateOtpContact.recoveryCodes).toHaveLength(10);
    const { cookie } = await passwordStep('eve@acme.test');
    expect((await world.server.gql(OTP, { o: on.data!.updateOtpContact.recoveryCodes[0] }, { cookie })).data?.loginWithOtpToken).toMatch(/^ey/);
    expect(errorCode(await world.server.gql(OTP_CONTACT, { c: 'totp' }, { token }))).toBe('BAD_USER_INPUT');
  });
});

describe('switching off and resetting the password', () => {
  it('two-factor off forgets the authenticator and the recovery codes', async () => {
    const [ana] = await world.database.db.select().from(users).where(eq(users.email, 'ana@acme.test'));
    expect(ana!.totpSecret).toBeTruthy();
    at(200);
    const { cookie } = await passwordStep('ana@acme.test');
    // Stored encrypted (totpSecrets.test.ts): opened with the server's key.
    const secret = openSecret(secretsKeyOf(world.server.config, world.database.engine), ana!.totpSecret!, `totp:${ana!.id}`);
    const token = (await world.server.gql(OTP, { o: codeAt(secret) }, { cookie })).data!.loginWithOtpToken as string;
    expect((await world.server.gql(OTP_CONTACT, { c: null }, { token })).data?.updateOtpContact.user.otpContact).toBeNull();
    const [after] = await world.database.db.select().from(users).where(eq(users.email, 'ana@acme.test'));
    expect([after!.totpSecret, after!.totpPendingSecret, after!.totpLastStep]).toEqual([null, null, null]);
    expect((await world.server.gql(LEFT, {}, { token })).data?.recoveryCodesLeft).toBe(0);
    expect(await world.server.signIn('ana@acme.test')).toMatch(/^ey/);
  });

  it('a password reset forgets them too; two-factor goes back to the e-mail', async () => {
    at(300);
    const { codes } = await enrol('gil@acme.test');
    const linkIn = () => world.smtp.received.map((m) => /reset-password-confirm\?token=([\w-]+)/.exec(m.text ?? '')?.[1]).find(Boolean);
    expect((await world.server.gql(REQUEST, { e: 'gil@acme.test' })).data?.requestPasswordReset).toBe(true);
    const end = Date.now() + 10_000;
    while (!linkIn() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    const link = linkIn();
    const reset = await world.server.gql(RESET, { t: link, p: 'Fresh#Start42', c: 'Fresh#Start42' });
    expect(reset.errors).toBeUndefined();
    expect(reset.data?.resetPassword).toBe(true);
    const [gil] = await world.database.db.select().from(users).where(eq(users.email, 'gil@acme.test'));
    expect(gil!.totpSecret).toBeNull();
    expect(gil!.otpContact).toBe('email');
    expect(await world.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, gil!.id))).toEqual([]);
    const { r, cookie } = await passwordStep('gil@acme.test', 'Fresh#Start42');
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'LOGIN_OTP_REQUIRED', otpContact: 'email' });
    expect(errorCode(await world.server.gql(OTP, { o: codes[0]! }, { cookie }))).toBe('OTP_INVALID');
  });
});
