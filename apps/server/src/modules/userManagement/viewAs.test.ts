import { describe, expect, it } from 'vitest';
import { VIEW_AS_MINUTES, decodeTokenClaims } from '@sitelens/domain';
import { TEST_PASSWORD, createOrganization, createProfile, createUser } from '../../test/factories.ts';
import { seededServerPerFile } from '../../test/seededServer.ts';
import { errorCode } from '../../test/testServer.ts';
import { sseSubscribe } from '../../test/sseSubscription.ts';

const VIEW_AS = 'mutation($id:Int!){ viewAsUser(userId:$id){ token expiresAt } }';
const END = 'mutation { endViewAs }';
const ME = '{ me { email } }';
const AUDIT = '{ auditLog { adminEmail userEmail operation outcome } }';
const PROFILE = 'mutation($p:UserProfileInput!){ updateUserProfile(profile:$p){ firstName } }';

let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

const world = seededServerPerFile({
  clock,
  seed: async (database, id) => {
    const org = await createOrganization(database);
    const rival = await createOrganization(database, 'Rival');
    const limited = await createProfile(database, org.id, { organization: { user: { read: false } } }, 'Limited');
    const managers = await createProfile(database, org.id, { organization: { user: { read: true, edit: true, delete: true } } }, 'Managers');
    id.admin = (await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' })).id;
    id.lim = (await createUser(database, { email: 'lim@acme.test', organizationIds: [org.id], profileId: limited.id })).id;
    id.manager = (await createUser(database, { email: 'manager@acme.test', organizationIds: [org.id], profileId: managers.id })).id;
    id.admin2 = (await createUser(database, { email: 'admin2@acme.test', organizationIds: [org.id], role: 'admin' })).id;
    id.outsider = (await createUser(database, { email: 'out@rival.test', organizationIds: [rival.id], role: 'admin' })).id;
  },
  signIn: { admin: 'admin@acme.test', manager: 'manager@acme.test', outsider: 'out@rival.test', lim: 'lim@acme.test' },
});
const { id, token } = world;

async function viewAs(userId: number, as = token.admin) {
  const r = await world.server.gql<{ viewAsUser: { token: string; expiresAt: string } }>(VIEW_AS, { id: userId }, { token: as });
  return r.data!.viewAsUser;
}

describe('viewAsUser', () => {
  it('gives a token for the user with the adminUserId claim, expiring with its session after VIEW_AS_MINUTES', async () => {
    const before = Date.now();
    const session = await viewAs(id.lim!);
    const claims = decodeTokenClaims(session.token)!;
    expect(claims).toMatchObject({ sub: String(id.lim), adminUserId: id.admin });
    expect(claims.exp! * 1000).toBe(Math.floor(new Date(session.expiresAt).getTime() / 1000) * 1000);
    expect(claims.exp! * 1000 - before).toBeGreaterThan((VIEW_AS_MINUTES - 1) * 60_000);
    expect(claims.exp! * 1000 - before).toBeLessThanOrEqual(VIEW_AS_MINUTES * 60_000 + 1000);
    expect((await world.server.gql(ME, {}, { token: session.token })).data?.me.email).toBe('lim@acme.test');
    // The viewed user's rights, not the administrator's.
    expect(errorCode(await world.server.gql('{ allUsers { id } }', {}, { token: session.token }))).toBe('FORBIDDEN');
    // Renewal keeps the end of the session; it never extends it.
    const renewed = (await world.server.gql('{ renew }', {}, { token: session.token })).data?.renew as string;
    expect(decodeTokenClaims(renewed)).toMatchObject({ adminUserId: id.admin, exp: claims.exp });
  });

  it('is for administrators only, within their organization, not as oneself, and not from a view-as', async () => {
    expect(errorCode(await world.server.gql(VIEW_AS, { id: id.lim }, { token: token.manager }))).toBe('FORBIDDEN');
    expect(errorCode(await world.server.gql(VIEW_AS, { id: id.lim }, { token: token.outsider }))).toBe('NOT_FOUND');
    expect(errorCode(await world.server.gql(VIEW_AS, { id: id.admin }, { token: token.admin }))).toBe('FORBIDDEN');
    expect(errorCode(await world.server.gql(VIEW_AS, { id: 999_999 }, { token: token.admin }))).toBe('NOT_FOUND');
    // Viewing as another administrator gives that administrator's rights, but not a view-as from there.
    const nested = await viewAs(id.admin2!);
    expect(errorCode(await world.server.gql(VIEW_AS, { id: id.lim }, { token: nested.token }))).toBe('VIEW_AS_REFUSED');
    expect(errorCode(await world.server.gql(VIEW_AS, { id: id.lim }))).toBe('UNAUTHENTICATED');
  });

  it('ends with endViewAs: the token neither answers nor renews; the administrator’s own session goes on', async () => {
    const session = await viewAs(id.lim!);
    expect((await world.server.gql(END, {}, { token: session.token })).data?.endViewAs).toBe(true);
    expect(errorCode(await world.server.gql(ME, {}, { token: session.token }))).toBe('UNAUTHENTICATED');
    expect((await world.server.gql('{ renew }', {}, { token: session.token })).data?.renew).toBeNull();
    expect((await world.server.gql(ME, {}, { token: token.admin })).data?.me.email).toBe('admin@acme.test');
    expect(errorCode(await world.server.gql(END, {}, { token: token.admin }))).toBe('BAD_USER_INPUT');
  });

  it('expires on its own at its end', async () => {
    const session = await viewAs(id.lim!);
    offsetMs = VIEW_AS_MINUTES * 60_000 + 1000;
    try {
      expect(errorCode(await world.server.gql(ME, {}, { token: session.token }))).toBe('TOKEN_EXPIRED');
      expect((await world.server.gql('{ renew }', {}, { token: session.token })).data?.renew).toBeNull();
    } finally {
      offsetMs = 0;
    }
  });

  it('cannot change the viewed user’s password, two-factor or sessions (VIEW_AS_REFUSED)', async () => {
    const session = await viewAs(id.lim!);
    const t = session.token;
    expect(errorCode(await world.server.gql('mutation($o:String!,$n:String!){ updatePassword(oldPassword:$o,newPassword:$n) }', { o: TEST_PASSWORD, n: 'Other#Pass77' }, { token: t }))).toBe('VIEW_AS_REFUSED');
    expect(errorCode(await world.server.gql('mutation($c:String!){ updateOtpContact(otpContact:$c){ __typename } }', { c: 'email' }, { token: t }))).toBe('VIEW_AS_REFUSED');
    expect(errorCode(await world.server.gql('mutation { signOutEverywhere }', {}, { token: t }))).toBe('VIEW_AS_REFUSED');
    expect(errorCode(await world.server.gql('mutation($s:String!){ endMySession(id:$s) }', { s: 'x' }, { token: t }))).toBe('VIEW_AS_REFUSED');
    // The user still signs in with the unchanged password.
    expect(await world.server.signIn('lim@acme.test')).toMatch(/^ey/);
  });

  it('records every mutation made while viewing as, with both users and the outcome; the audit log is for administrators', async () => {
    const session = await viewAs(id.lim!);
    await world.server.gql(PROFILE, { p: { firstName: 'Lina' } }, { token: session.token });
    await world.server.gql('mutation { signOutEverywhere }', {}, { token: session.token });
    await world.server.gql('mutation($id:Int!){ deleteUser(userId:$id) }', { id: id.manager }, { token: session.token });
    // The user's own mutations are not the audit log's business.
    await world.server.gql(PROFILE, { p: { firstName: 'Lim' } }, { token: token.lim });
    await world.server.gql(END, {}, { token: session.token });
    const log = await world.server.gql<{ auditLog: Array<Record<string, string>> }>(AUDIT, {}, { token: token.admin });
    const both = { adminEmail: 'admin@acme.test', userEmail: 'lim@acme.test' };
    expect(log.data?.auditLog.slice(0, 5)).toEqual([
      { ...both, operation: 'endViewAs', outcome: 'OK' },
      { ...both, operation: 'deleteUser', outcome: 'FORBIDDEN' },
      { ...both, operation: 'signOutEverywhere', outcome: 'VIEW_AS_REFUSED' },
      { ...both, operation: 'updateUserProfile', outcome: 'OK' },
      { ...both, operation: 'viewAsUser', outcome: 'OK' },
    ]);
    expect(errorCode(await world.server.gql(AUDIT, {}, { token: token.manager }))).toBe('FORBIDDEN');
    const rival = await world.server.gql<{ auditLog: unknown[] }>(AUDIT, {}, { token: token.outsider });
    expect(rival.data?.auditLog).toEqual([]);
  });
});

// Review of issue 33 item 2: a view-as session acts in its organization only, while both users are active there.
describe('a view-as session bound to its organization', () => {
  it('never falls back to another organization of the viewed user, and ends when either membership does', async () => {
    const rival = (await world.database.sql.query<{ id: number }>(`select id from organizations where name = 'Rival'`)).rows[0]!.id;
    const acme = (await world.database.sql.query<{ organization_id: number }>('select organization_id from user_organizations where user_id = $1', [id.admin])).rows[0]!.organization_id;
    const both = await createUser(world.database, { email: 'both@acme.test', organizationIds: [acme, rival] });
    const me = async (t: string) => (await world.server.gql('{ me { email organizationIds } }', {}, { token: t })).data?.me ?? null;
    const session = await viewAs(both.id);
    expect(await me(session.token)).toEqual({ email: 'both@acme.test', organizationIds: [acme] });
    // The viewed user's membership here goes inactive: the session does not move to Rival, it ends.
    await world.database.sql.query('update user_organizations set active = false where user_id = $1 and organization_id = $2', [both.id, acme]);
    await expect.poll(() => me(session.token), { timeout: 1_000, interval: 20 }).toBeNull();
    await world.database.sql.query('update user_organizations set active = true where user_id = $1 and organization_id = $2', [both.id, acme]);
    const again = await viewAs(both.id);
    expect((await me(again.token))?.organizationIds).toEqual([acme]);
    // The administrator's own membership goes inactive: the view-as ends too.
    const byAdmin2 = await viewAs(both.id, await world.server.signIn('admin2@acme.test'));
    expect(await me(byAdmin2.token)).not.toBeNull();
    await world.database.sql.query('update user_organizations set active = false where user_id = $1', [id.admin2]);
    await expect.poll(() => me(byAdmin2.token), { timeout: 1_000, interval: 20 }).toBeNull();
    await world.database.sql.query('update user_organizations set active = true where user_id = $1', [id.admin2]);
  });
});

// Review: whatever ends an administrator's other sessions ends the view-as sessions they opened too
// (a stolen administrator account signed out everywhere must not keep acting as the users it viewed).
describe('a view-as session ends with its administrator’s other sessions', () => {
  it('ends when its administrator signs out everywhere or changes their password; their own session goes on', async () => {
    const acme = (await world.database.sql.query<{ organization_id: number }>('select organization_id from user_organizations where user_id = $1', [id.admin])).rows[0]!.organization_id;
    await createUser(world.database, { email: 'admin3@acme.test', organizationIds: [acme], role: 'admin' });
    const me = async (t: string) => (await world.server.gql('{ me { email } }', {}, { token: t })).data?.me.email ?? null;

    const own = await world.server.signIn('admin3@acme.test');
    const viewing = await viewAs(id.lim!, await world.server.signIn('admin3@acme.test'));
    expect(await me(viewing.token)).toBe('lim@acme.test');
    expect((await world.server.gql('mutation { signOutEverywhere }', {}, { token: own })).data?.signOutEverywhere).toBe(2);
    expect(await me(viewing.token)).toBeNull();
    expect((await world.server.gql('{ renew }', {}, { token: viewing.token })).data?.renew).toBeNull();
    expect(await me(own)).toBe('admin3@acme.test');

    const again = await viewAs(id.lim!, await world.server.signIn('admin3@acme.test'));
    expect(await me(again.token)).toBe('lim@acme.test');
    const changed = await world.server.gql('mutation($o:String!,$n:String!){ updatePassword(oldPassword:$o,newPassword:$n) }', { o: TEST_PASSWORD, n: 'Other#Pass77' }, { token: own });
    expect(changed.errors).toBeUndefined();
    expect(await me(again.token)).toBeNull();
    expect(await me(own)).toBe('admin3@acme.test');
    // The viewed user's own session is not the administrator's: it goes on.
    expect(await me(token.lim!)).toBe('lim@acme.test');
  });
});

// Review: signing out of the administrator's tab left the view-as opened from it acting as the other
// user (in another tab) until its own end. A view-as session ends with the session it was started
// from, whichever way that one ends; the administrator's other sessions and their view-as go on.
describe('a view-as session ends with the session it was started from', () => {
  const LOGIN = 'query($e:String!,$p:String!){ login(email:$e,password:$p) }';
  const me = async (t: string) => (await world.server.gql('{ me { email } }', {}, { token: t })).data?.me.email ?? null;
  const renew = async (t: string) => (await world.server.gql('{ renew }', {}, { token: t })).data?.renew ?? null;
  async function tab() {
    const r = await world.server.gql<{ login: string }>(LOGIN, { e: 'admin@acme.test', p: TEST_PASSWORD });
    const token = r.data!.login;
    const sessions = await world.server.gql<{ mySessions: Array<{ id: string; current: boolean }> }>('{ mySessions { id current } }', {}, { token });
    return { token, cookie: r.setCookie!.split(';')[0]!, sid: sessions.data!.mySessions.find((s) => s.current)!.id, viewing: (await viewAs(id.lim!, token)).token };
  }

  it('ends at its sign-out (bearer or cookie); a view-as opened from another tab goes on', async () => {
    const [one, two, three] = [await tab(), await tab(), await tab()];
    expect(await me(one.viewing)).toBe('lim@acme.test');
    expect((await world.server.gql('mutation { logout }', {}, { token: one.token, cookie: one.cookie })).data?.logout).toBe(true);
    expect(await me(one.viewing)).toBeNull();
    expect(await renew(one.viewing)).toBeNull();
    expect(await me(two.viewing)).toBe('lim@acme.test');
    // A sign-out by the cookie alone (a reloaded tab whose token is gone) ends its view-as too.
    expect((await world.server.gql('mutation { logout }', {}, { cookie: two.cookie })).data?.logout).toBe(true);
    expect(await me(two.viewing)).toBeNull();
    expect(await me(three.viewing)).toBe('lim@acme.test');
    expect(await me(three.token)).toBe('admin@acme.test');
  });

  it('ends when its session is ended from the security tab of another', async () => {
    const [one, two] = [await tab(), await tab()];
    expect(await me(two.viewing)).toBe('lim@acme.test');
    expect((await world.server.gql('mutation($s:String!){ endMySession(id:$s) }', { s: two.sid }, { token: one.token })).data?.endMySession).toBe(true);
    expect(await me(two.viewing)).toBeNull();
    expect(await me(one.viewing)).toBe('lim@acme.test');
  });

  it('ends when its session expires unrenewed, before its own hour is over', async () => {
    const one = await tab();
    // The administrator's tab has been idle: its session has a minute left.
    await world.database.sql.query(`update sessions set expires_at = $2 where sid = $1`, [one.sid, new Date(clock.now().getTime() + 60_000)]);
    expect(await me(one.viewing)).toBe('lim@acme.test');
    offsetMs = 2 * 60_000;
    try {
      expect(await me(one.viewing)).toBeNull();
      expect(await renew(one.viewing)).toBeNull();
    } finally {
      offsetMs = 0;
    }
  });
});

// Review: a view-as tab went on showing the other user's data after its session ended elsewhere (the
// administrator signed out in another tab), until its next request. The tab holds `sessionEnded`
// open: it is told the moment its session ends, whichever way, over the stream it already has.
describe('a view-as tab is told at once when its session ends', () => {
  const ENDED = 'subscription { sessionEnded }';
  const LOGIN = 'query($e:String!,$p:String!){ login(email:$e,password:$p) }';
  async function tab() {
    const r = await world.server.gql<{ login: string }>(LOGIN, { e: 'admin@acme.test', p: TEST_PASSWORD });
    const own = r.data!.login;
    const sessions = await world.server.gql<{ mySessions: Array<{ id: string; current: boolean }> }>('{ mySessions { id current } }', {}, { token: own });
    return { token: own, cookie: r.setCookie!.split(';')[0]!, sid: sessions.data!.mySessions.find((s) => s.current)!.id, viewing: (await viewAs(id.lim!, own)).token };
  }
  /** The stream has ended, within a few seconds. */
  async function ended(stream: { ended: () => boolean }): Promise<boolean> {
    const until = Date.now() + 3000;
    while (!stream.ended() && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    return stream.ended();
  }
  const quiet = () => new Promise((r) => setTimeout(r, 300));

  it('when the administrator signs out of the tab it was started from, and not when another tab does', async () => {
    const [one, two] = [await tab(), await tab()];
    const watched = await sseSubscribe(world.server.base, one.viewing, ENDED, {});
    const other = await sseSubscribe(world.server.base, two.viewing, ENDED, {});
    try {
      await quiet();
      expect(watched.events).toEqual([]);
      // A change that ends nothing (a renewal of the origin session) says nothing.
      expect((await world.server.gql('{ renew }', {}, { cookie: one.cookie })).data?.renew).toBeTruthy();
      await quiet();
      expect(watched.events).toEqual([]);
      expect((await world.server.gql('mutation { logout }', {}, { token: one.token, cookie: one.cookie })).data?.logout).toBe(true);
      expect(await watched.waitFor(1, 3000)).toEqual([{ data: { sessionEnded: true } }]);
      expect(await ended(watched)).toBe(true);
      await quiet();
      expect(other.events).toEqual([]);
      expect(other.ended()).toBe(false);
    } finally {
      await watched.close();
      await other.close();
    }
  });

  it('when its origin is ended from the security tab, when all sessions end, and when the view-as itself is ended', async () => {
    const [one, two, three] = [await tab(), await tab(), await tab()];
    const revoked = await sseSubscribe(world.server.base, two.viewing, ENDED, {});
    const own = await sseSubscribe(world.server.base, three.viewing, ENDED, {});
    try {
      await quiet();
      expect((await world.server.gql('mutation($s:String!){ endMySession(id:$s) }', { s: two.sid }, { token: one.token })).data?.endMySession).toBe(true);
      expect(await revoked.waitFor(1, 3000)).toEqual([{ data: { sessionEnded: true } }]);
      expect(own.events).toEqual([]);
      expect((await world.server.gql('mutation { endViewAs }', {}, { token: three.viewing })).data?.endViewAs).toBe(true);
      expect(await own.waitFor(1, 3000)).toEqual([{ data: { sessionEnded: true } }]);
    } finally {
      await revoked.close();
      await own.close();
    }
    // Signed out everywhere from another of the administrator's sessions (an administrator of its own: the file's goes on).
    const acme = (await world.database.sql.query<{ organization_id: number }>('select organization_id from user_organizations where user_id = $1', [id.admin])).rows[0]!.organization_id;
    await createUser(world.database, { email: 'admin4@acme.test', organizationIds: [acme], role: 'admin' });
    const stays = await world.server.signIn('admin4@acme.test');
    const viewing = await viewAs(id.lim!, await world.server.signIn('admin4@acme.test'));
    const everywhere = await sseSubscribe(world.server.base, viewing.token, ENDED, {});
    try {
      await quiet();
      expect(everywhere.events).toEqual([]);
      expect((await world.server.gql('mutation { signOutEverywhere }', {}, { token: stays })).data?.signOutEverywhere).toBe(2);
      expect(await everywhere.waitFor(1, 3000)).toEqual([{ data: { sessionEnded: true } }]);
      expect(await ended(everywhere)).toBe(true);
    } finally {
      await everywhere.close();
    }
  });

  // Review: an origin session left to expire changes no row, so no notification said it.
  it('when the session it was started from expires, unrenewed', async () => {
    const one = await tab();
    await world.database.sql.query(`update sessions set expires_at = now() + interval '1500 milliseconds' where sid = $1`, [one.sid]);
    const expiring = await sseSubscribe(world.server.base, one.viewing, ENDED, {});
    try {
      await quiet();
      expect(expiring.events).toEqual([]);
      expect(await expiring.waitFor(1, 4000)).toEqual([{ data: { sessionEnded: true } }]);
      expect(await ended(expiring)).toBe(true);
    } finally {
      await expiring.close();
    }
  });

  it('at once when the session has already ended as the stream opens', async () => {
    const one = await tab();
    expect((await world.server.gql('mutation { logout }', {}, { token: one.token, cookie: one.cookie })).data?.logout).toBe(true);
    const late = await sseSubscribe(world.server.base, one.viewing, ENDED, {});
    try {
      // Its token no longer answers: refused as any signed-out caller, at once.
      const events = await late.waitFor(1, 3000);
      expect(JSON.stringify(events)).toContain('UNAUTHENTICATED');
    } finally {
      await late.close();
    }
  });
});
