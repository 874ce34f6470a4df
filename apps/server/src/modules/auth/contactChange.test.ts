import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrganization, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { mailAndSmsServerPerFile, nth } from '../../test/mailServer.ts';
import { errorCode } from '../../test/testServer.ts';
import { startSession } from './sessions.ts';
import { loadTokenKeys, signAccessToken } from './tokens.ts';
import { users } from '../users/users.tables.ts';

// Issue 28 item 1: a session alone (stolen, or an administrator's view-as) cannot take the account
// by changing its sign-in address or phone.
const UPDATE = 'mutation($p: UserProfileInput!){ updateUserProfile(profile:$p){ email phone } }';
const REQUEST_EMAIL = 'mutation($e:String!,$p:String,$c:String){ requestEmailChange(email:$e, password:$p, code:$c){ status sentTo user { email } } }';
const CONFIRM_EMAIL = 'mutation($t:String!){ confirmEmailChange(token:$t) }';
const UNDO_EMAIL = 'mutation($t:String!){ undoEmailChange(token:$t) }';
const REQUEST_PHONE = 'mutation($n:String!,$p:String,$c:String){ requestPhoneChange(phone:$n, password:$p, code:$c){ status sentTo user { phone } } }';
const CONFIRM_PHONE = 'mutation($c:String!){ confirmPhoneChange(code:$c){ phone isPhoneVerified } }';
const ME = '{ me { email isEmailVerified phone isPhoneVerified hasPassword } }';
const VIEW_AS = 'mutation($id:Int!){ viewAsUser(userId:$id){ token } }';
const RESET = 'mutation($e:String!){ requestPasswordReset(email:$e) }';

let orgId = 0;

const linkIn = (text: string | undefined, path: string) => new RegExp(`${path}\\?token=([\\w-]+)`).exec(text ?? '')?.[1];
const codeIn = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? '')?.[1];

async function member(email: string, { role, ...values }: Partial<typeof users.$inferInsert> & { role?: string } = {}) {
  // The role is the membership's (issue 28.3): given to the factory, which writes it there.
  const user = await createUser(world.database, { email, organizationIds: [orgId], ...(role ? { role } : {}) });
  if (Object.keys(values).length) await world.database.db.update(users).set(values).where(eq(users.id, user.id));
  return user;
}

const world = mailAndSmsServerPerFile({
  env: { LOGIN_RATE_LIMIT: '100' },
  seed: async (database) => {
    orgId = (await createOrganization(database)).id;
    await createUser(database, { email: 'admin@acme.test', organizationIds: [orgId], role: 'admin' });
  },
});
const { mailsTo, textsTo } = world;

describe('changing the sign-in e-mail', () => {
  it('no longer changes at once through updateUserProfile (a stolen session cannot take the account)', async () => {
    await member('ana@acme.test');
    const token = await world.server.signIn('ana@acme.test');
    const r = await world.server.gql(UPDATE, { p: { email: 'thief@evil.test' } }, { token });
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'email', reason: 'errors.emailChangeNeedsConfirmation' });
    // The same address (any case) still passes with the other fields.
    expect((await world.server.gql(UPDATE, { p: { email: 'ANA@acme.test' } }, { token })).data?.updateUserProfile.email).toBe('ana@acme.test');
    expect((await world.server.gql(ME, {}, { token })).data?.me.email).toBe('ana@acme.test');
    // A reset asked for the attacker's address sends nothing there: it is no account.
    await world.server.gql(RESET, { e: 'thief@evil.test' });
    expect(mailsTo('thief@evil.test')).toHaveLength(0);
  });

  it('asks for the current password, then changes only once the link sent to the new address is opened; the old one is told', async () => {
    await member('bea@acme.test', { isEmailVerified: true });
    const token = await world.server.signIn('bea@acme.test');
    expect(errorCode(await world.server.gql(REQUEST_EMAIL, { e: 'bea.new@acme.test' }, { token }))).toBe('WRONG_PASSWORD');
    expect(errorCode(await world.server.gql(REQUEST_EMAIL, { e: 'bea.new@acme.test', p: 'Wrong#Pass1' }, { token }))).toBe('WRONG_PASSWORD');
    expect(mailsTo('bea.new@acme.test')).toHaveLength(0);

    const r = await world.server.gql(REQUEST_EMAIL, { e: ' Bea.New@Acme.test ', p: TEST_PASSWORD }, { token });
    expect(r.data?.requestEmailChange).toEqual({ status: 'CONFIRMATION_SENT', sentTo: 'bea.new@acme.test', user: { email: 'bea@acme.test' } });
    expect((await world.server.gql(ME, {}, { token })).data?.me.email).toBe('bea@acme.test');

    const confirmMail = await nth(() => mailsTo('bea.new@acme.test'), 1);
    const notice = await nth(() => mailsTo('bea@acme.test'), 1);
    expect(notice.subject).toMatch(/sign-in address/i);
    expect(notice.text).toContain('bea.new@acme.test');
    expect(linkIn(notice.text, '/undo-email-change')).toBeTruthy();
    const link = linkIn(confirmMail.text, '/confirm-email');
    expect(confirmMail.text).toContain('https://sitelens.example/confirm-email?token=');

    expect((await world.server.gql(CONFIRM_EMAIL, { t: link })).data?.confirmEmailChange).toBe('bea.new@acme.test');
    expect((await world.server.gql(ME, {}, { token })).data?.me).toMatchObject({ email: 'bea.new@acme.test', isEmailVerified: true });
    // Single use.
    expect(errorCode(await world.server.gql(CONFIRM_EMAIL, { t: link }))).toBe('EMAIL_LINK_INVALID');
    expect(await world.server.signIn('bea.new@acme.test')).toBeTruthy();
  });

  it('undoes from the old address: the address comes back and every session of the account ends', async () => {
    await member('cy@acme.test');
    const owner = await world.server.signIn('cy@acme.test');
    const thief = await world.server.signIn('cy@acme.test');
    await world.server.gql(REQUEST_EMAIL, { e: 'cy@evil.test', p: TEST_PASSWORD }, { token: thief });
    const link = linkIn((await nth(() => mailsTo('cy@evil.test'), 1)).text, '/confirm-email');
    const undo = linkIn((await nth(() => mailsTo('cy@acme.test'), 1)).text, '/undo-email-change');
    await world.server.gql(CONFIRM_EMAIL, { t: link });
    expect((await world.server.gql(ME, {}, { token: owner })).data?.me.email).toBe('cy@evil.test');

    expect((await world.server.gql(UNDO_EMAIL, { t: undo })).data?.undoEmailChange).toBe('cy@acme.test');
    expect(errorCode(await world.server.gql(ME, {}, { token: thief }))).toBe('UNAUTHENTICATED');
    expect(errorCode(await world.server.gql(ME, {}, { token: owner }))).toBe('UNAUTHENTICATED');
    expect(await world.server.signIn('cy@acme.test')).toBeTruthy();
    expect(errorCode(await world.server.gql(UNDO_EMAIL, { t: undo }))).toBe('EMAIL_LINK_INVALID');
  });

  it('an undo before the confirmation kills the pending link', async () => {
    await member('dee@acme.test');
    const token = await world.server.signIn('dee@acme.test');
    await world.server.gql(REQUEST_EMAIL, { e: 'dee@evil.test', p: TEST_PASSWORD }, { token });
    const link = linkIn((await nth(() => mailsTo('dee@evil.test'), 1)).text, '/confirm-email');
    const undo = linkIn((await nth(() => mailsTo('dee@acme.test'), 1)).text, '/undo-email-change');
    expect((await world.server.gql(UNDO_EMAIL, { t: undo })).data?.undoEmailChange).toBe('dee@acme.test');
    expect(errorCode(await world.server.gql(CONFIRM_EMAIL, { t: link }))).toBe('EMAIL_LINK_INVALID');
    expect(await world.server.signIn('dee@acme.test')).toBeTruthy();
  });

  it('a newer request replaces the older link; links are paced per account', async () => {
    await member('eli@acme.test');
    const token = await world.server.signIn('eli@acme.test');
    await world.server.gql(REQUEST_EMAIL, { e: 'eli1@acme.test', p: TEST_PASSWORD }, { token });
    const first = linkIn((await nth(() => mailsTo('eli1@acme.test'), 1)).text, '/confirm-email');
    // One message per minute: the second request is refused as too soon, and sends nothing.
    expect(errorCode(await world.server.gql(REQUEST_EMAIL, { e: 'eli2@acme.test', p: TEST_PASSWORD }, { token }))).toBe('OTP_RESEND_TOO_SOON');
    await world.database.sql.query(`delete from attempt_counters where key like 'contact-change-send:%'`);
    await world.server.gql(REQUEST_EMAIL, { e: 'eli2@acme.test', p: TEST_PASSWORD }, { token });
    const second = linkIn((await nth(() => mailsTo('eli2@acme.test'), 1)).text, '/confirm-email');
    expect(errorCode(await world.server.gql(CONFIRM_EMAIL, { t: first }))).toBe('EMAIL_LINK_INVALID');
    expect((await world.server.gql(CONFIRM_EMAIL, { t: second })).data?.confirmEmailChange).toBe('eli2@acme.test');
    expect(errorCode(await world.server.gql(CONFIRM_EMAIL, { t: 'x'.repeat(43) }))).toBe('EMAIL_LINK_INVALID');
  });

  it('refuses an address another account has, and keeps the two-factor address locked', async () => {
    await member('fox@acme.test');
    const token = await world.server.signIn('fox@acme.test');
    const taken = await world.server.gql(REQUEST_EMAIL, { e: 'ADMIN@acme.test', p: TEST_PASSWORD }, { token });
    expect(taken.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'email', reason: 'errors.emailTaken' });
    // Asking costs a send: a session cannot probe which addresses have accounts faster than it could send links.
    await member('fox.other@acme.test');
    expect(errorCode(await world.server.gql(REQUEST_EMAIL, { e: 'fox.other@acme.test', p: TEST_PASSWORD }, { token }))).toBe('OTP_RESEND_TOO_SOON');
    await world.database.db.update(users).set({ otpContact: 'email', isEmailVerified: true }).where(eq(users.email, 'fox@acme.test'));
    const locked = await world.server.gql(REQUEST_EMAIL, { e: 'fox2@acme.test', p: TEST_PASSWORD }, { token });
    expect(locked.errors?.[0]?.extensions).toMatchObject({ field: 'email', reason: 'errors.twoFactorContactLocked' });
  });

  it('an account without a password proves itself with a code e-mailed to its current address', async () => {
    await member('sso@acme.test', { passwordHash: null });
    const token = await ssoToken('sso@acme.test');
    expect((await world.server.gql(ME, {}, { token })).data?.me.hasPassword).toBe(false);
    const first = await world.server.gql(REQUEST_EMAIL, { e: 'sso.new@acme.test' }, { token });
    expect(first.data?.requestEmailChange).toMatchObject({ status: 'PROOF_CODE_SENT', sentTo: 'sso@acme.test' });
    expect(mailsTo('sso.new@acme.test')).toHaveLength(0);
    const code = codeIn((await nth(() => mailsTo('sso@acme.test'), 1)).text)!;
    expect(errorCode(await world.server.gql(REQUEST_EMAIL, { e: 'sso.new@acme.test', c: code === '000000' ? '111111' : '000000' }, { token }))).toBe('OTP_INVALID');
    const done = await world.server.gql(REQUEST_EMAIL, { e: 'sso.new@acme.test', c: code }, { token });
    expect(done.data?.requestEmailChange.status).toBe('CONFIRMATION_SENT');
    expect(linkIn((await nth(() => mailsTo('sso.new@acme.test'), 1)).text, '/confirm-email')).toBeTruthy();
  });
});

/** A session of an account without a password, as a provider's sign-in would start it. */
async function ssoToken(email: string): Promise<string> {
  const [user] = await world.database.db.select().from(users).where(eq(users.email, email));
  const now = new Date();
  const session = await startSession(world.database, { userId: user!.id, now });
  return signAccessToken(await loadTokenKeys(world.database, undefined, 15 * 60), { userId: user!.id, adminUserId: null, sid: session.sid }, now, new Date(now.getTime() + 600_000));
}

describe('changing the phone', () => {
  it('asks for the password, sends a code to the new phone, changes on that code only, and tells the old contacts', async () => {
    await member('gus@acme.test', { phone: '+41791234567', isPhoneVerified: true });
    const token = await world.server.signIn('gus@acme.test');
    const direct = await world.server.gql(UPDATE, { p: { phone: '+33612345678' } }, { token });
    expect(direct.errors?.[0]?.extensions).toMatchObject({ field: 'phone', reason: 'errors.phoneChangeNeedsConfirmation' });
    expect(errorCode(await world.server.gql(REQUEST_PHONE, { n: '+33 6 12 34 56 78', p: 'Wrong#Pass1' }, { token }))).toBe('WRONG_PASSWORD');

    const r = await world.server.gql(REQUEST_PHONE, { n: '+33 6 12 34 56 78', p: TEST_PASSWORD }, { token });
    expect(r.data?.requestPhoneChange).toEqual({ status: 'CONFIRMATION_SENT', sentTo: '+33612345678', user: { phone: '+41791234567' } });
    const code = codeIn((await nth(() => textsTo('+33612345678'), 1)).body)!;
    expect((await world.server.gql(ME, {}, { token })).data?.me.phone).toBe('+41791234567');
    expect(errorCode(await world.server.gql(CONFIRM_PHONE, { c: code === '000000' ? '111111' : '000000' }, { token }))).toBe('OTP_INVALID');
    expect((await world.server.gql(CONFIRM_PHONE, { c: code }, { token })).data?.confirmPhoneChange).toEqual({ phone: '+33612345678', isPhoneVerified: true });

    const notice = await nth(() => mailsTo('gus@acme.test'), 1);
    expect(notice.text).toContain('+33612345678');
    expect((await nth(() => textsTo('+41791234567'), 1)).body).toMatch(/phone number of your account was changed/);
  });

  it('keeps the phone that two-factor uses locked', async () => {
    await member('hal@acme.test', { phone: '+41791234568', isPhoneVerified: true });
    const token = await world.server.signIn('hal@acme.test');
    await world.database.db.update(users).set({ otpContact: 'phone' }).where(eq(users.email, 'hal@acme.test'));
    const locked = await world.server.gql(REQUEST_PHONE, { n: '+41797654321', p: TEST_PASSWORD }, { token });
    expect(locked.errors?.[0]?.extensions).toMatchObject({ field: 'phone', reason: 'errors.twoFactorContactLocked' });
  });
});

describe('view-as', () => {
  it('can change none of e-mail, phone, password, two-factor or sessions (VIEW_AS_REFUSED)', async () => {
    const ivy = await member('ivy@acme.test', { phone: '+41791234569', isPhoneVerified: true });
    const admin = await world.server.signIn('admin@acme.test');
    const { token } = (await world.server.gql<{ viewAsUser: { token: string } }>(VIEW_AS, { id: ivy.id }, { token: admin })).data!.viewAsUser;
    expect(errorCode(await world.server.gql(UPDATE, { p: { email: 'admin2@acme.test' } }, { token }))).toBe('VIEW_AS_REFUSED');
    expect(errorCode(await world.server.gql(UPDATE, { p: { phone: '+33612345679' } }, { token }))).toBe('VIEW_AS_REFUSED');
    expect(errorCode(await world.server.gql(REQUEST_EMAIL, { e: 'admin2@acme.test', p: TEST_PASSWORD }, { token }))).toBe('VIEW_AS_REFUSED');
    expect(errorCode(await world.server.gql(REQUEST_PHONE, { n: '+33612345679', p: TEST_PASSWORD }, { token }))).toBe('VIEW_AS_REFUSED');
    expect(errorCode(await world.server.gql(CONFIRM_PHONE, { c: '123456' }, { token }))).toBe('VIEW_AS_REFUSED');
    expect(errorCode(await world.server.gql('mutation($o:String!,$n:String!){ updatePassword(oldPassword:$o,newPassword:$n) }', { o: TEST_PASSWORD, n: 'Other#Pass77' }, { token }))).toBe('VIEW_AS_REFUSED');
    expect(errorCode(await world.server.gql('mutation($c:String){ updateOtpContact(otpContact:$c){ codeSentTo } }', { c: 'email' }, { token }))).toBe('VIEW_AS_REFUSED');
    expect(errorCode(await world.server.gql('mutation { signOutEverywhere }', {}, { token }))).toBe('VIEW_AS_REFUSED');
    // Other fields of the profile stay open to the administrator's view.
    expect((await world.server.gql('mutation($p: UserProfileInput!){ updateUserProfile(profile:$p){ firstName } }', { p: { firstName: 'Ivy' } }, { token })).data?.updateUserProfile.firstName).toBe('Ivy');
    expect((await world.server.gql(ME, {}, { token: admin })).data?.me.email).toBe('admin@acme.test');
    expect((await world.database.db.select().from(users).where(eq(users.id, ivy.id)))[0]).toMatchObject({ email: 'ivy@acme.test', phone: '+41791234569' });
  });
});
