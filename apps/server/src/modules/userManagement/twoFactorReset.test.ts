import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createOrganization, createProfile, createUser } from '../../test/factories.ts';
import { mailServerPerFile, nth } from '../../test/mailServer.ts';
import { errorCode } from '../../test/testServer.ts';
import { recoveryCodes } from '../auth/auth.tables.ts';
import { newRecoveryCodes } from '../auth/authenticator.ts';
import { users } from '../users/users.tables.ts';

// Issue 29.17: an administrator resets a user's two-factor (a lost phone): the user-management
// right, the caller's organization only, never oneself, never while viewing as; audited, and the
// user is told by e-mail.
const RESET_2FA = 'mutation($id:Int!){ resetUserTwoFactor(userId:$id){ id twoFactorEnabled } }';
const VIEW_AS = 'mutation($id:Int!){ viewAsUser(userId:$id){ token } }';
const LOGIN = 'query($e:String!,$p:String!){ login(email:$e,password:$p) }';
const AUDIT = '{ auditLog { adminEmail userEmail operation outcome objectName changedFields } }';

const id: Record<string, number> = {};
const token: Record<string, string> = {};

const codesLeft = async (userId: number) => Number((await world.database.db.select({ n: count() }).from(recoveryCodes).where(eq(recoveryCodes.userId, userId)))[0]?.n ?? 0);

const world = mailServerPerFile({
  seed: async (database) => {
    const org = await createOrganization(database);
    const rival = await createOrganization(database, 'Rival');
    const readers = await createProfile(database, org.id, { organization: { user: { read: true, edit: false, delete: false } } }, 'Readers');
    const managers = await createProfile(database, org.id, { organization: { user: { read: true, edit: true, delete: false } } }, 'Managers');
    id.admin = (await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin', firstName: 'Ada', lastName: 'Boss' })).id;
    id.reader = (await createUser(database, { email: 'reader@acme.test', organizationIds: [org.id], profileId: readers.id })).id;
    id.manager = (await createUser(database, { email: 'manager@acme.test', organizationIds: [org.id], profileId: managers.id })).id;
    id.zoe = (await createUser(database, { email: 'zoe@acme.test', organizationIds: [org.id], profileId: readers.id, firstName: 'Zoe', lastName: 'Keller' })).id;
    id.rival = (await createUser(database, { email: 'yan@rival.test', organizationIds: [rival.id] })).id;
  },
});
const { mailsTo } = world;
beforeAll(async () => {
  // Signed in before their two-factor is set, so the sessions skip the code step.
  Object.assign(token, await world.server.signInAll({ admin: 'admin@acme.test', reader: 'reader@acme.test', manager: 'manager@acme.test' }));
  const phone2fa = { otpContact: 'phone', phone: '+41791234567', isPhoneVerified: true };
  for (const who of ['admin', 'zoe', 'rival'] as const) {
    await world.database.db.update(users).set(phone2fa).where(eq(users.id, id[who]!));
    await newRecoveryCodes(world.database, id[who]!);
  }
});

describe('resetUserTwoFactor', () => {
  it('is refused without the edit right, for oneself, for another organization and while viewing as', async () => {
    expect(errorCode(await world.server.gql(RESET_2FA, { id: id.zoe }, { token: token.reader }))).toBe('FORBIDDEN');
    expect(errorCode(await world.server.gql(RESET_2FA, { id: id.admin }, { token: token.admin }))).toBe('FORBIDDEN');
    expect(errorCode(await world.server.gql(RESET_2FA, { id: id.rival }, { token: token.admin }))).toBe('NOT_FOUND');
    const viewing = (await world.server.gql(VIEW_AS, { id: id.manager }, { token: token.admin })).data!.viewAsUser.token as string;
    expect(errorCode(await world.server.gql(RESET_2FA, { id: id.zoe }, { token: viewing }))).toBe('VIEW_AS_REFUSED');
    // Nothing changed for anyone.
    for (const who of ['admin', 'zoe', 'rival'] as const) expect(await codesLeft(id[who]!)).toBe(10);
    expect(mailsTo('zoe@acme.test')).toHaveLength(0);
  });

  it('switches the two-factor off, audits it and tells the user by e-mail', async () => {
    expect(errorCode(await world.server.gql(LOGIN, { e: 'zoe@acme.test', p: TEST_PASSWORD }))).toBe('LOGIN_OTP_REQUIRED');
    const r = await world.server.gql(RESET_2FA, { id: id.zoe }, { token: token.admin });
    expect(r.data?.resetUserTwoFactor).toEqual({ id: id.zoe, twoFactorEnabled: false });
    expect(await codesLeft(id.zoe!)).toBe(0);
    // The password alone signs in now.
    const login = await world.server.gql(LOGIN, { e: 'zoe@acme.test', p: TEST_PASSWORD });
    expect(login.errors).toBeUndefined();
    expect(typeof login.data?.login).toBe('string');

    const log = await world.server.gql(AUDIT, {}, { token: token.admin });
    expect(log.data?.auditLog[0]).toEqual({
      adminEmail: 'admin@acme.test',
      userEmail: 'zoe@acme.test',
      operation: 'resetUserTwoFactor',
      outcome: 'OK',
      objectName: 'Zoe Keller',
      changedFields: ['twoFactor'],
    });

    const mail = await nth(() => mailsTo('zoe@acme.test'), 1);
    expect(mail.subject).toBe('The two-factor sign-in of your Sitelens account was switched off');
    expect(mail.text).toContain('Ada Boss, an administrator of your organization');
  });

  it('is open to a user manager of the organization', async () => {
    await world.database.db.update(users).set({ otpContact: 'email', isEmailVerified: true }).where(eq(users.id, id.zoe!));
    const r = await world.server.gql(RESET_2FA, { id: id.zoe }, { token: token.manager });
    expect(r.data?.resetUserTwoFactor.twoFactorEnabled).toBe(false);
    await nth(() => mailsTo('zoe@acme.test'), 2);
    // Already off: nothing to reset, nothing recorded or sent.
    const entries = (await world.server.gql(AUDIT, {}, { token: token.admin })).data?.auditLog.length;
    expect((await world.server.gql(RESET_2FA, { id: id.zoe }, { token: token.manager })).data?.resetUserTwoFactor.twoFactorEnabled).toBe(false);
    expect((await world.server.gql(AUDIT, {}, { token: token.admin })).data?.auditLog).toHaveLength(entries);
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo('zoe@acme.test')).toHaveLength(2);
  });
});

describe('the reset of a user of several organizations', () => {
  it('is refused to the administrator of one of them, and to one where the user is inactive', async () => {
    const acme = (await world.database.sql.query<{ organization_id: number }>('select organization_id from user_organizations where user_id = $1', [id.admin])).rows[0]!.organization_id;
    const rival = (await world.database.sql.query<{ organization_id: number }>('select organization_id from user_organizations where user_id = $1', [id.rival])).rows[0]!.organization_id;
    const both = await createUser(world.database, { email: 'both@acme.test', organizationIds: [acme, rival] });
    await world.database.db.update(users).set({ otpContact: 'phone', phone: '+41791234568', isPhoneVerified: true }).where(eq(users.id, both.id));
    expect(errorCode(await world.server.gql(RESET_2FA, { id: both.id }, { token: token.admin }))).toBe('FORBIDDEN');
    // Inactive here, active at Rival only: still not this administrator's to reset.
    await world.database.sql.query('update user_organizations set active = false where user_id = $1 and organization_id = $2', [both.id, acme]);
    expect(errorCode(await world.server.gql(RESET_2FA, { id: both.id }, { token: token.admin }))).toBe('FORBIDDEN');
    expect((await world.database.db.select({ otp: users.otpContact }).from(users).where(eq(users.id, both.id)))[0]?.otp).toBe('phone');
  });
});
