import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeRightsTree } from '@sitelens/domain';
import { createOrganization, createProfile, createUser } from '../../test/factories.ts';
import { mailServerPerFile } from '../../test/mailServer.ts';
import { errorCode } from '../../test/testServer.ts';
import { issueToken } from '../auth/purposeSecrets.ts';
import { users } from '../users/users.tables.ts';

const INVITE = 'mutation($e:String!,$l:String!,$p:Int){ inviteUser(email:$e,lang:$l,profileId:$p){ id email lang profileId profile{ name } expiresAt } }';
const LIST = '{ invitations { id email expiresAt } }';
const USERS = '{ allUsers { email status lastSignInAt twoFactorEnabled } }';
const RESEND = 'mutation($u:Int!){ resendInvitation(userId:$u){ id expiresAt } }';
const CANCEL = 'mutation($u:Int!){ cancelInvitation(userId:$u) }';
const DETAILS = 'query($t:String!){ invitationByToken(token:$t){ email organizationName lang firstName otpContact } }';
const ACCEPT =
  'mutation($t:String!,$p:String!,$f:String!,$l:String!,$ph:String,$lang:String){ acceptInvitation(token:$t,password:$p,firstName:$f,lastName:$l,phone:$ph,lang:$lang) }';
const RENEW = 'mutation($t:String!){ requestNewInvitation(token:$t) }';
const PASSWORD = 'Brand#New42';

let tokens: Record<'admin' | 'editor' | 'viewer' | 'outsider' | 'rival' | 'manager', string>;
let managersProfileId: number;
let staffProfileId: number;
let rivalProfileId: number;

const linkToken = (mail: ParsedMail) => /\/invitation\?token=([\w-]+)/.exec(mail.text ?? '')?.[1];

async function nextMail(address: string, count: number): Promise<ParsedMail> {
  const end = Date.now() + 10_000;
  while (mailsTo(address).length < count && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  expect(mailsTo(address).length).toBeGreaterThanOrEqual(count);
  return mailsTo(address)[count - 1]!;
}

/**
 * Ends a person's invitation links a minute ago. The links are aged in the database, not the server's
 * clock moved: this server runs its schedules, and a daily purge ticking at the moved time forgot the
 * link and the administrator's session (a CI failure whenever a tick fell inside the moved window).
 */
async function expireLinks(userId: number) {
  await world.database.sql.query(`update purpose_secrets set expires_at = now() - interval '1 minute' where purpose = 'invitation' and subject = $1`, [String(userId)]);
}

/** Invites as the administrator and returns the invited user's id and the e-mailed link's token. */
async function invite(email: string, lang = 'en') {
  const before = mailsTo(email).length;
  const r = await world.server.gql(INVITE, { e: email, l: lang, p: staffProfileId }, { token: tokens.admin });
  expect(r.errors).toBeUndefined();
  const mail = await nextMail(email, before + 1);
  return { id: r.data!.inviteUser.id as number, token: linkToken(mail)!, mail };
}

const world = mailServerPerFile({
  seed: async (database) => {
    const org = await createOrganization(database);
    const rival = await createOrganization(database, 'Rival Retail');
    staffProfileId = (await createProfile(database, org.id)).id;
    rivalProfileId = (await createProfile(database, rival.id)).id;
    const viewerProfile = await createProfile(database, org.id, { organization: { user: { read: true, edit: false } } }, 'Viewer');
    const closedProfile = await createProfile(database, org.id, { organization: { user: { read: false } } }, 'Closed');
    await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin', firstName: 'Ada', lastName: 'Admin' });
    await createUser(database, { email: 'editor@acme.test', organizationIds: [org.id], profileId: staffProfileId });
    await createUser(database, { email: 'viewer@acme.test', organizationIds: [org.id], profileId: viewerProfile.id });
    await createUser(database, { email: 'outsider@acme.test', organizationIds: [org.id], profileId: closedProfile.id });
    await createUser(database, { email: 'admin@rival.test', organizationIds: [rival.id], role: 'admin' });
    // Issue 28.4: user read and edit only, nothing else.
    managersProfileId = (await createProfile(database, org.id, normalizeRightsTree({ organization: { user: { read: true, edit: true } } })!, 'User managers')).id;
    await createUser(database, { email: 'manager@acme.test', organizationIds: [org.id], profileId: managersProfileId });
  },
});
const { mailsTo } = world;
beforeAll(async () => {
  tokens = await world.server.signInAll({ admin: 'admin@acme.test', editor: 'editor@acme.test', viewer: 'viewer@acme.test', outsider: 'outsider@acme.test', rival: 'admin@rival.test', manager: 'manager@acme.test' });
});

describe('inviting', () => {
  it('creates an invited user and e-mails a single link, in the chosen language, naming the organization and the inviter', async () => {
    const { id, token, mail } = await invite('nina@acme.test', 'fr');
    expect(mail.subject).toBe('Vous êtes invité à rejoindre Acme Retail sur Sitelens');
    expect(mail.text).toContain('Ada Admin');
    expect(mail.text).toContain('https://sitelens.example/invitation?token=');
    expect(token).toMatch(/^[\w-]{43}$/);
    const list = await world.server.gql(LIST, {}, { token: tokens.admin });
    expect(list.data!.invitations).toContainEqual(expect.objectContaining({ id, email: 'nina@acme.test' }));
    const expires = Date.parse(list.data!.invitations.find((i: { id: number }) => i.id === id).expiresAt);
    expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(7);
    const all = await world.server.gql(USERS, {}, { token: tokens.admin });
    expect(all.data!.allUsers).toContainEqual({ email: 'nina@acme.test', status: 'invited', lastSignInAt: null, twoFactorEnabled: false });
    expect(all.data!.allUsers).toContainEqual(expect.objectContaining({ email: 'admin@acme.test', status: 'active', lastSignInAt: expect.any(String) }));
    const details = await world.server.gql(DETAILS, { t: token });
    expect(details.data!.invitationByToken).toEqual({ email: 'nina@acme.test', organizationName: 'Acme Retail', lang: 'fr', firstName: '', otpContact: null });
  });

  it('needs organization.user edit: a profile with it may invite, one with read only or none may not', async () => {
    const ok = await world.server.gql(INVITE, { e: 'olga@acme.test', l: 'de', p: null }, { token: tokens.editor });
    expect(ok.data?.inviteUser).toMatchObject({ email: 'olga@acme.test', lang: 'de', profileId: null });
    expect(errorCode(await world.server.gql(INVITE, { e: 'pia@acme.test', l: 'en', p: null }, { token: tokens.viewer }))).toBe('FORBIDDEN');
    expect(errorCode(await world.server.gql(INVITE, { e: 'pia@acme.test', l: 'en', p: null }, { token: tokens.outsider }))).toBe('FORBIDDEN');
    expect(errorCode(await world.server.gql(INVITE, { e: 'pia@acme.test', l: 'en', p: null }))).toBe('UNAUTHENTICATED');
    expect(errorCode(await world.server.gql(LIST, {}, { token: tokens.outsider }))).toBe('FORBIDDEN');
    expect((await world.server.gql(LIST, {}, { token: tokens.viewer })).data?.invitations.length).toBeGreaterThan(0);
    expect(mailsTo('pia@acme.test')).toHaveLength(0);
  });

  it('refuses a bad address, a taken one, an unknown language and another organization’s profile', async () => {
    const bad = await world.server.gql(INVITE, { e: 'not-an-address', l: 'en', p: null }, { token: tokens.admin });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'email', reason: 'errors.invalidEmail' });
    const taken = await world.server.gql(INVITE, { e: 'Editor@Acme.test', l: 'en', p: null }, { token: tokens.admin });
    expect(taken.errors?.[0]?.extensions).toMatchObject({ field: 'email', reason: 'errors.emailTaken' });
    const lang = await world.server.gql(INVITE, { e: 'quin@acme.test', l: 'pt', p: null }, { token: tokens.admin });
    expect(lang.errors?.[0]?.extensions).toMatchObject({ field: 'lang', reason: 'errors.invalidLanguage' });
    const foreign = await world.server.gql(INVITE, { e: 'quin@acme.test', l: 'en', p: rivalProfileId }, { token: tokens.admin });
    expect(foreign.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: 'profileId' });
    expect((await world.server.gql(USERS, {}, { token: tokens.admin })).data!.allUsers.map((u: { email: string }) => u.email)).not.toContain('quin@acme.test');
  });

  it('gives no profile holding a right the inviter lacks (issue 28.4): a user manager invites neither an administrator profile nor with no profile', async () => {
    for (const p of [staffProfileId, null]) {
      const r = await world.server.gql(INVITE, { e: 'second@acme.test', l: 'en', p }, { token: tokens.manager });
      expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'rightsBeyondYours' });
    }
    expect((await world.server.gql(USERS, {}, { token: tokens.admin })).data!.allUsers.map((u: { email: string }) => u.email)).not.toContain('second@acme.test');
    const ok = await world.server.gql(INVITE, { e: 'second@acme.test', l: 'en', p: managersProfileId }, { token: tokens.manager });
    expect(ok.data?.inviteUser).toMatchObject({ email: 'second@acme.test', profileId: managersProfileId });
    // An invitation with more than the manager holds is not the manager's to resend or withdraw.
    const strong = await world.server.gql(INVITE, { e: 'strong@acme.test', l: 'en', p: staffProfileId }, { token: tokens.admin });
    for (const query of [RESEND, CANCEL]) {
      const r = await world.server.gql(query, { u: strong.data?.inviteUser.id }, { token: tokens.manager });
      expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'rightsBeyondYours' });
    }
  });

  it('resends a new link that replaces the old one, and cancels: the user is gone and its link answers expired', async () => {
    const { id, token } = await invite('rosa@acme.test');
    const before = mailsTo('rosa@acme.test').length;
    expect((await world.server.gql(RESEND, { u: id }, { token: tokens.admin })).data?.resendInvitation.id).toBe(id);
    const fresh = linkToken(await nextMail('rosa@acme.test', before + 1))!;
    expect(errorCode(await world.server.gql(DETAILS, { t: token }))).toBe('INVITATION_EXPIRED');
    expect((await world.server.gql(DETAILS, { t: fresh })).data?.invitationByToken.email).toBe('rosa@acme.test');
    // Another organization's administrator, or someone without the edit right, cannot touch it.
    expect(errorCode(await world.server.gql(RESEND, { u: id }, { token: tokens.rival }))).toBe('NOT_FOUND');
    expect(errorCode(await world.server.gql(CANCEL, { u: id }, { token: tokens.rival }))).toBe('NOT_FOUND');
    expect(errorCode(await world.server.gql(CANCEL, { u: id }, { token: tokens.viewer }))).toBe('FORBIDDEN');
    expect((await world.server.gql(CANCEL, { u: id }, { token: tokens.admin })).data?.cancelInvitation).toBe(true);
    expect(errorCode(await world.server.gql(DETAILS, { t: fresh }))).toBe('INVITATION_EXPIRED');
    const [gone] = await world.database.db.select().from(users).where(eq(users.email, 'rosa@acme.test'));
    expect(gone).toBeUndefined();
    // An active user is no pending invitation.
    const [editor] = await world.database.db.select().from(users).where(eq(users.email, 'editor@acme.test'));
    expect((await world.server.gql(CANCEL, { u: editor!.id }, { token: tokens.admin })).errors?.[0]?.extensions).toMatchObject({ reason: 'errors.invitationAccepted' });
  });

  it('removed from user management instead, the invited user’s link answers expired and sends no new one', async () => {
    const { id, token } = await invite('ivan@acme.test');
    expect((await world.server.gql('mutation($u:Int!){ deleteUser(userId:$u) }', { u: id }, { token: tokens.admin })).data?.deleteUser).toBe(true);
    expect(errorCode(await world.server.gql(DETAILS, { t: token }))).toBe('INVITATION_EXPIRED');
    // A message is recorded before the call answers: none recorded is none sent.
    const recorded = async () => (await world.database.sql.query(`select id from message_deliveries where recipient = 'ivan@acme.test'`)).rows.length;
    const before = await recorded();
    expect(before).toBe(1); // the invitation itself
    expect((await world.server.gql(RENEW, { t: token })).data?.requestNewInvitation).toBe(true);
    expect(await recorded()).toBe(before);
  });
});

describe('accepting', () => {
  it('checks every field before using the link, then activates the account once; the user signs in', async () => {
    const { token } = await invite('sven@acme.test');
    const base = { t: token, p: PASSWORD, f: 'Sven', l: 'Berg' };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ p: 'short1!' }, 'password', 'errors.passwordLength'],
      [{ p: 'nodigits!!' }, 'password', 'errors.passwordPolicy'],
      [{ f: 'Sv3n' }, 'firstName', 'errors.onlyLetters'],
      [{ l: ' ' }, 'lastName', 'errors.emptyLastName'],
      [{ ph: '+41 12' }, 'phone', 'errors.invalidPhone'],
      [{ lang: 'xx' }, 'lang', 'errors.invalidLanguage'],
    ];
    for (const [change, field, reason] of cases) {
      const r = await world.server.gql(ACCEPT, { ...base, ...change });
      expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field, reason });
    }
    expect(errorCode(await world.server.gql('{ login(email:"sven@acme.test", password:"Brand#New42") }'))).toBe('LOGIN_WRONG_CREDENTIALS');
    const ok = await world.server.gql(ACCEPT, { ...base, ph: '+41 79 123 45 67', lang: 'it' });
    expect(ok.data?.acceptInvitation).toBe(true);
    const [row] = await world.database.db.select().from(users).where(eq(users.email, 'sven@acme.test'));
    expect(row).toMatchObject({ status: 'active', firstName: 'Sven', lastName: 'Berg', phone: '+41791234567', lang: 'it', isEmailVerified: true, isPhoneVerified: false });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await world.server.signIn('sven@acme.test', PASSWORD)).toBeTruthy();
    // Used: the same link again, or its details, answer expired.
    expect(errorCode(await world.server.gql(ACCEPT, base))).toBe('INVITATION_EXPIRED');
    expect(errorCode(await world.server.gql(DETAILS, { t: token }))).toBe('INVITATION_EXPIRED');
    expect((await world.server.gql(LIST, {}, { token: tokens.admin })).data!.invitations.map((i: { email: string }) => i.email)).not.toContain('sven@acme.test');
  });

  it('lets only one of two concurrent accepts use the link', async () => {
    const { token } = await invite('tess@acme.test');
    const results = await Promise.all([1, 2].map(() => world.server.gql(ACCEPT, { t: token, p: PASSWORD, f: 'Tess', l: 'Ray' })));
    expect(results.filter((r) => r.data?.acceptInvitation === true)).toHaveLength(1);
    expect(results.filter((r) => errorCode(r) === 'INVITATION_EXPIRED')).toHaveLength(1);
  });

  it('answers an expired link with the modal’s variant, and an unknown or foreign token the same way', async () => {
    const { id, token } = await invite('uma@acme.test');
    await expireLinks(id);
    const r = await world.server.gql(DETAILS, { t: token });
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'INVITATION_EXPIRED', variant: 'user' });
    expect(errorCode(await world.server.gql(ACCEPT, { t: token, p: PASSWORD, f: 'Uma', l: 'Lee' }))).toBe('INVITATION_EXPIRED');
    // The role of the membership the invitation was for (issue 28.3: no role on the user any more).
    await world.database.sql.query(`update user_organizations set role = 'admin' where user_id = $1`, [id]);
    expect((await world.server.gql(DETAILS, { t: token })).errors?.[0]?.extensions).toMatchObject({ variant: 'admin' });
    expect((await world.server.gql(DETAILS, { t: 'x'.repeat(43) })).errors?.[0]?.extensions).toMatchObject({ code: 'INVITATION_EXPIRED', variant: 'user' });
    // A live token of another purpose (a password-reset link) opens no invitation.
    const reset = await issueToken(world.database, { purpose: 'password-reset', subject: String(id), ttlMs: 3600_000, now: new Date() });
    expect(errorCode(await world.server.gql(DETAILS, { t: reset.token }))).toBe('INVITATION_EXPIRED');
    expect(errorCode(await world.server.gql(ACCEPT, { t: reset.token, p: PASSWORD, f: 'Uma', l: 'Lee' }))).toBe('INVITATION_EXPIRED');
  });

  it('sends a new link from an expired one to the invited address only, and says the same for any token', async () => {
    const { id, token } = await invite('vera@acme.test');
    const before = mailsTo('vera@acme.test').length;
    await expireLinks(id);
    expect(errorCode(await world.server.gql(DETAILS, { t: token }))).toBe('INVITATION_EXPIRED');
    expect((await world.server.gql(RENEW, { t: token })).data?.requestNewInvitation).toBe(true);
    const fresh = linkToken(await nextMail('vera@acme.test', before + 1))!;
    expect((await world.server.gql(DETAILS, { t: fresh })).data?.invitationByToken.email).toBe('vera@acme.test');
    const total = world.smtp.received.length;
    expect((await world.server.gql(RENEW, { t: 'y'.repeat(43) })).data?.requestNewInvitation).toBe(true);
    expect((await world.server.gql(RENEW, { t: 'not a token' })).data?.requestNewInvitation).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(world.smtp.received.length).toBe(total);
  });
});
