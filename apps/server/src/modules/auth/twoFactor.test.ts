import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../../test/factories.ts';
import { mailAndSmsServerPerFile, nth } from '../../test/mailServer.ts';
import { errorCode } from '../../test/testServer.ts';
import { users } from '../users/users.tables.ts';
import { trustedBrowsers } from './auth.tables.ts';
import { purgeAuthRecords } from './authPurge.ts';
import { startSession } from './sessions.ts';
import { loadTokenKeys, signAccessToken } from './tokens.ts';

const LOGIN = 'query($e:String!,$p:String!){ login(email:$e,password:$p) }';
const OTP = 'query($o:String!){ loginWithOtpToken(otp:$o) }';
const RESEND = 'mutation { resendLoginOtp }';
const TRUST = 'mutation { registerBrowser }';
const BROWSERS = '{ trustedBrowsers { id label current expiresAt } }';
const REVOKE_BROWSER = 'mutation($id:Int!){ revokeTrustedBrowser(id:$id) }';
const OTP_CONTACT = 'mutation($c:String,$code:String){ updateOtpContact(otpContact:$c, code:$code) { codeSentTo user { otpContact isEmailVerified isPhoneVerified } } }';
const SESSIONS = '{ mySessions { id label current } }';
const PASSWORD = 'Correct#Horse9';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

const cookieOf = (setCookie: string | null, name: string) => new RegExp(`${name}=([\\w-]+)`).exec(setCookie ?? '')?.[1];
const codeIn = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? '')?.[1];

/** Signs in with the password: the 2FA answer, the pending cookie and the e-mailed code. */
async function passwordStep(email: string, cookie?: string) {
  const before = mailsTo(email).length;
  const r = await world.server.gql(LOGIN, { e: email, p: PASSWORD }, { cookie });
  const pending = cookieOf(r.setCookie, 'sitelens_otp');
  const mail = await nth(() => mailsTo(email), before + 1);
  return { r, cookie: `sitelens_otp=${pending}`, code: codeIn(mail.text)! };
}

async function gqlUA(query: string, variables: Record<string, unknown>, headers: Record<string, string>) {
  const res = await fetch(`${world.server.base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': CHROME, ...headers }, body: JSON.stringify({ query, variables }) });
  return { ...((await res.json()) as { data?: any; errors?: any[] }), setCookie: res.headers.get('set-cookie') };
}

const world = mailAndSmsServerPerFile({
  clock,
  env: { LOGIN_RATE_LIMIT: '100' },
  seed: async (database) => {
    const org = await createOrganization(database);
    for (const email of ['ana@acme.test', 'bob@acme.test', 'carla@acme.test', 'dan@acme.test', 'eve@acme.test', 'fay@acme.test', 'gil@acme.test', 'admin@acme.test']) await createUser(database, { email, organizationIds: [org.id] });
    const verifiedEmail = { otpContact: 'email', isEmailVerified: true };
    for (const email of ['ana@acme.test', 'carla@acme.test', 'dan@acme.test']) await database.db.update(users).set(verifiedEmail).where(eq(users.email, email));
    await database.db.update(users).set({ otpContact: 'phone', phone: '+41791234567', isPhoneVerified: true }).where(eq(users.email, 'bob@acme.test'));
  },
});
const { mailsTo } = world;

describe('two-factor sign-in', () => {
  it('answers that a code is needed (2FA) without a session, and signs in with the e-mailed code only once', async () => {
    const { r, cookie, code } = await passwordStep('ana@acme.test');
    expect(r.data?.login ?? null).toBeNull();
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'LOGIN_OTP_REQUIRED', authState: '2FA', otpContact: 'email', codeLength: 6, resendAfterSeconds: 60 });
    expect(r.setCookie).not.toMatch(/sitelens_session=/);
    expect(r.setCookie).toMatch(/sitelens_otp=[\w-]+;.*HttpOnly/i);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(errorCode(await world.server.gql(OTP, { o: wrong }, { cookie }))).toBe('OTP_INVALID');
    expect(errorCode(await world.server.gql(OTP, { o: code }))).toBe('OTP_SIGNIN_EXPIRED');
    const ok = await world.server.gql(OTP, { o: code }, { cookie });
    expect(ok.data?.loginWithOtpToken).toMatch(/^ey/);
    expect(ok.setCookie).toMatch(/sitelens_session=[\w-]+/);
    expect((await world.server.gql('{ me { email } }', {}, { token: ok.data!.loginWithOtpToken })).data?.me.email).toBe('ana@acme.test');
    expect(errorCode(await world.server.gql(OTP, { o: code }, { cookie }))).toBe('OTP_SIGNIN_EXPIRED');
  });

  it('takes the code over POST only', async () => {
    const res = await fetch(`${world.server.base}/graphql?query=${encodeURIComponent('{ loginWithOtpToken(otp:"123456") }')}`);
    expect(res.status).toBe(405);
    expect(((await res.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]!.extensions.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('sends the code by SMS to a user whose contact is the phone', async () => {
    const r = await world.server.gql(LOGIN, { e: 'bob@acme.test', p: PASSWORD });
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'LOGIN_OTP_REQUIRED', otpContact: 'phone' });
    const text = await nth(() => world.sms.received, 1);
    expect(text.to).toBe('+41791234567');
    const ok = await world.server.gql(OTP, { o: codeIn(text.body)! }, { cookie: `sitelens_otp=${cookieOf(r.setCookie, 'sitelens_otp')}` });
    expect(ok.data?.loginWithOtpToken).toMatch(/^ey/);
  });

  it('refuses an expired code: the pending sign-in ends with it', async () => {
    const { cookie, code } = await passwordStep('carla@acme.test');
    offsetMs = 11 * 60_000;
    try {
      expect(errorCode(await world.server.gql(OTP, { o: code }, { cookie }))).toBe('OTP_SIGNIN_EXPIRED');
    } finally {
      offsetMs = 0;
    }
  });

  it('after 5 wrong codes (even in parallel) the code is burned; a resend waits 60 s and brings a code that works', async () => {
    offsetMs = 5 * 60_000; // past the cooldown of carla's earlier code
    const { cookie, code } = await passwordStep('carla@acme.test');
    const guesses = await Promise.all(Array.from({ length: 30 }, (_, i) => world.server.gql(OTP, { o: String(100000 + i) === code ? '999999' : String(100000 + i) }, { cookie })));
    expect(guesses.filter((g) => errorCode(g) === 'OTP_INVALID').length).toBeLessThanOrEqual(5);
    expect(guesses.filter((g) => errorCode(g) === 'OTP_BLOCKED').length).toBeGreaterThanOrEqual(25);
    expect(errorCode(await world.server.gql(OTP, { o: code }, { cookie }))).toBe('OTP_BLOCKED');
    expect((await world.server.gql(RESEND, {}, { cookie })).errors?.[0]?.extensions).toMatchObject({ code: 'OTP_RESEND_TOO_SOON' });
    expect(errorCode(await world.server.gql(RESEND))).toBe('OTP_SIGNIN_EXPIRED');
    offsetMs += 61_000;
    const before = mailsTo('carla@acme.test').length;
    expect((await world.server.gql(RESEND, {}, { cookie })).data?.resendLoginOtp).toBe(60);
    const fresh = codeIn((await nth(() => mailsTo('carla@acme.test'), before + 1)).text)!;
    expect((await world.server.gql(OTP, { o: fresh }, { cookie })).data?.loginWithOtpToken).toMatch(/^ey/);
    offsetMs = 0;
  });
});

describe('trusted browsers', () => {
  it('a trusted browser skips the code for 180 days, is listed, and asks again once revoked', async () => {
    offsetMs = 20 * 60_000;
    const { cookie, code } = await passwordStep('dan@acme.test');
    const token = (await world.server.gql(OTP, { o: code }, { cookie })).data!.loginWithOtpToken as string;
    const trusted = await gqlUA(TRUST, {}, { authorization: `Bearer ${token}` });
    expect(trusted.data?.registerBrowser).toBe(true);
    expect(trusted.setCookie).toMatch(/sitelens_trusted=[\w-]+; Max-Age=15811200;.*HttpOnly; Secure/i);
    const browser = `sitelens_trusted=${cookieOf(trusted.setCookie, 'sitelens_trusted')}`;

    const skipped = await world.server.gql(LOGIN, { e: 'dan@acme.test', p: PASSWORD }, { cookie: browser });
    expect(skipped.data?.login).toMatch(/^ey/);
    const listed = await gqlUA(BROWSERS, {}, { authorization: `Bearer ${skipped.data!.login}`, cookie: browser });
    expect(listed.data?.trustedBrowsers).toEqual([expect.objectContaining({ label: 'Chrome · Linux', current: true })]);
    // Another user on this browser still needs a code; nor can they revoke dan's browser.
    expect(errorCode(await world.server.gql(LOGIN, { e: 'ana@acme.test', p: PASSWORD }, { cookie: browser }))).toBe('LOGIN_OTP_REQUIRED');
    const eve = await world.server.signIn('eve@acme.test');
    const id = listed.data!.trustedBrowsers[0].id;
    expect(errorCode(await world.server.gql(REVOKE_BROWSER, { id }, { token: eve }))).toBe('NOT_FOUND');

    offsetMs += 181 * 86400_000;
    expect(errorCode(await world.server.gql(LOGIN, { e: 'dan@acme.test', p: PASSWORD }, { cookie: browser }))).toBe('LOGIN_OTP_REQUIRED');
    offsetMs = 20 * 60_000;
    expect((await world.server.gql(REVOKE_BROWSER, { id }, { token: skipped.data!.login })).data?.revokeTrustedBrowser).toBe(true);
    expect(errorCode(await world.server.gql(LOGIN, { e: 'dan@acme.test', p: PASSWORD }, { cookie: browser }))).toBe('LOGIN_OTP_REQUIRED');
    expect(errorCode(await world.server.gql(TRUST))).toBe('UNAUTHENTICATED');
    offsetMs = 0;
  });
});

describe('updateOtpContact', () => {
  it('turns two-factor on by e-mail after a code proves the address, and off again', async () => {
    const token = await world.server.signIn('fay@acme.test');
    const sent = await world.server.gql(OTP_CONTACT, { c: 'email' }, { token });
    expect(sent.data?.updateOtpContact).toEqual({ codeSentTo: 'email', user: { otpContact: null, isEmailVerified: false, isPhoneVerified: false } });
    const code = codeIn((await nth(() => mailsTo('fay@acme.test'), 1)).text)!;
    expect(errorCode(await world.server.gql(OTP_CONTACT, { c: 'email', code: code === '000000' ? '111111' : '000000' }, { token }))).toBe('OTP_INVALID');
    expect((await world.server.gql(OTP_CONTACT, { c: 'email', code }, { token })).data?.updateOtpContact).toEqual({
      codeSentTo: null,
      user: { otpContact: 'email', isEmailVerified: true, isPhoneVerified: false },
    });
    expect(errorCode(await world.server.gql(LOGIN, { e: 'fay@acme.test', p: PASSWORD }))).toBe('LOGIN_OTP_REQUIRED');
    expect((await world.server.gql(OTP_CONTACT, { c: null }, { token })).data?.updateOtpContact.user.otpContact).toBeNull();
    expect(await world.server.signIn('fay@acme.test')).toMatch(/^ey/);
  });

  it('refuses the phone without a valid phone, an unknown method, and callers who are not signed in', async () => {
    const token = await world.server.signIn('eve@acme.test');
    expect((await world.server.gql(OTP_CONTACT, { c: 'phone' }, { token })).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'errors.invalidPhone' });
    expect((await world.server.gql(OTP_CONTACT, { c: 'pigeon' }, { token })).errors?.[0]?.extensions).toMatchObject({ reason: 'errors.invalidOtpContact' });
    expect(errorCode(await world.server.gql(OTP_CONTACT, { c: 'email' }))).toBe('UNAUTHENTICATED');
  });
});

describe('the daily purge', () => {
  it('forgets trusted browsers whose 180 days are over, and keeps the others', async () => {
    const [eve] = await world.database.db.select().from(users).where(eq(users.email, 'eve@acme.test'));
    const now = new Date();
    await world.database.db.insert(trustedBrowsers).values([
      { userId: eve!.id, digest: 'a'.repeat(64), expiresAt: new Date(now.getTime() - 1000) },
      { userId: eve!.id, digest: 'b'.repeat(64), expiresAt: new Date(now.getTime() + 86400_000) },
    ]);
    await purgeAuthRecords(world.database, now);
    const left = await world.database.db.select().from(trustedBrowsers).where(eq(trustedBrowsers.userId, eve!.id));
    expect(left.map((b) => b.digest)).toEqual(['b'.repeat(64)]);
  });
});

describe('an administrator viewing as a user', () => {
  it('cannot trust a browser, change the password, two-factor or sessions of that user', async () => {
    const [gil] = await world.database.db.select().from(users).where(eq(users.email, 'gil@acme.test'));
    const [admin] = await world.database.db.select().from(users).where(eq(users.email, 'admin@acme.test'));
    const now = new Date();
    const from = await startSession(world.database, { userId: admin!.id, now });
    const view = await startSession(world.database, { userId: gil!.id, viewAs: { adminUserId: admin!.id, fromSid: from.sid }, now });
    const token = await signAccessToken(await loadTokenKeys(world.database, undefined, 15 * 60), { userId: gil!.id, adminUserId: admin!.id, sid: view.sid }, now);
    expect((await world.server.gql('{ me { email } }', {}, { token })).data?.me.email).toBe('gil@acme.test');
    expect(errorCode(await world.server.gql(TRUST, {}, { token }))).toBe('VIEW_AS_REFUSED');
    expect(errorCode(await world.server.gql(OTP_CONTACT, { c: 'email' }, { token }))).toBe('VIEW_AS_REFUSED');
    expect(errorCode(await world.server.gql('mutation { signOutEverywhere }', {}, { token }))).toBe('VIEW_AS_REFUSED');
    expect(errorCode(await world.server.gql('mutation($o:String!,$n:String!){ updatePassword(oldPassword:$o,newPassword:$n) }', { o: PASSWORD, n: 'Other#Pass77' }, { token }))).toBe('VIEW_AS_REFUSED');
  });
});

describe('two-factor by SMS, set up from the profile', () => {
  it('an unverified phone gets a code by SMS, and the code for the old number does not verify a new one', async () => {
    await world.database.db.update(users).set({ phone: '+41791112233', isPhoneVerified: false }).where(eq(users.email, 'gil@acme.test'));
    const token = await world.server.signIn('gil@acme.test');
    const before = world.sms.received.length;
    expect((await world.server.gql(OTP_CONTACT, { c: 'phone' }, { token })).data?.updateOtpContact.codeSentTo).toBe('phone');
    const text = await nth(() => world.sms.received, before + 1);
    expect(text.to).toBe('+41791112233');
    await world.database.db.update(users).set({ phone: '+41794445566' }).where(eq(users.email, 'gil@acme.test'));
    expect(errorCode(await world.server.gql(OTP_CONTACT, { c: 'phone', code: codeIn(text.body) }, { token }))).toBe('OTP_INVALID');
    await world.database.db.update(users).set({ phone: '+41791112233' }).where(eq(users.email, 'gil@acme.test'));
    const fresh = await world.server.gql(OTP_CONTACT, { c: 'phone' }, { token });
    // The countdown: the first code was sent less than 60 s ago.
    expect(errorCode(fresh)).toBe('OTP_RESEND_TOO_SOON');
  });
});

describe('open sessions', () => {
  it('lists the user’s sessions, ends one, and signs out everywhere else', async () => {
    const a = await world.server.signIn('eve@acme.test');
    const b = await world.server.signIn('eve@acme.test');
    const c = (await gqlUA(LOGIN, { e: 'eve@acme.test', p: PASSWORD }, {})).data!.login as string;
    const list = (await world.server.gql(SESSIONS, {}, { token: a })).data!.mySessions as Array<{ id: string; label: string; current: boolean }>;
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.some((s) => s.label === 'Chrome · Linux')).toBe(true);
    const ana = await world.server.signIn('eve@acme.test');
    const other = list.find((s) => !s.current)!;
    expect(errorCode(await world.server.gql('mutation($id:String!){ endMySession(id:$id) }', { id: 'nope' }, { token: a }))).toBe('NOT_FOUND');
    expect((await world.server.gql('mutation($id:String!){ endMySession(id:$id) }', { id: other.id }, { token: a })).data?.endMySession).toBe(true);
    expect((await world.server.gql('mutation { signOutEverywhere }', {}, { token: a })).data?.signOutEverywhere).toBeGreaterThanOrEqual(2);
    for (const t of [b, c, ana]) expect(errorCode(await world.server.gql('{ me { id } }', {}, { token: t }))).toBe('UNAUTHENTICATED');
    expect((await world.server.gql('{ me { id } }', {}, { token: a })).data?.me).toBeTruthy();
  });
});
