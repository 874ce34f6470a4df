import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeTokenClaims } from '@sitelens/domain';
import { FULL_RIGHTS } from '@sitelens/domain';
import type { Database } from '../../db/database.ts';
import { publishReadings } from '../live/publishReadings.ts';
import { TEST_PASSWORD, createOrganization, createProfile, createSite, createUser } from '../../test/factories.ts';
import { sseSubscribe } from '../../test/sseSubscription.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';
import { users } from '../users/users.tables.ts';
import { revokeSession, revokeUserSessions, startSession } from './sessions.ts';
import { type TokenKeys, loadTokenKeys, signAccessToken } from './tokens.ts';

const LOGIN = 'query($e:String!,$p:String!){ login(email:$e,password:$p) }';
const ME = '{ me { email } }';

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let keys: TokenKeys;
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
const ids: Record<string, number> = {};
const SUBSCRIBE = 'subscription($id: Int!) { liveReadings(installationId: $id) { targetId value } }';

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const site = await createSite(database, org.id);
  Object.assign(ids, { org: org.id, site: site.site.id, top: site.top.id });
  for (const name of ['ana', 'bob', 'cyd', 'dan', 'eve', 'fay']) ids[name] = (await createUser(database, { email: `${name}@acme.test`, organizationIds: [org.id], role: name === 'eve' ? 'admin' : 'user' })).id;
  // A sales analyst whose profile the administrator changes to one without sales data while a stream is open.
  const analysts = await createProfile(database, org.id, FULL_RIGHTS, 'Analysts');
  ids.noSales = (await createProfile(database, org.id, { ...FULL_RIGHTS, app: { ...FULL_RIGHTS.app, salesFunnel: { read: false } }, data: { salesMetrics: { edit: false } } }, 'No sales')).id;
  ids.gil = (await createUser(database, { email: 'gil@acme.test', organizationIds: [org.id], profileId: analysts.id })).id;
  server = await startTestServer(database, {}, clock);
  keys = await loadTokenKeys(database, undefined, 15 * 60);
});

afterAll(async () => {
  await server.close();
  await database.close();
});

async function signIn(email: string) {
  const r = await server.gql(LOGIN, { e: email, p: TEST_PASSWORD });
  return { token: r.data?.login as string, cookie: r.setCookie!.split(';')[0]! };
}
const me = async (token: string) => server.gql(ME, {}, { token });
const renewWith = async (opts: { token?: string; cookie?: string }) => (await server.gql('{ renew }', {}, opts)).data?.renew as string | null;

describe('server-side sessions', () => {
  it('names its session in every token, with an expiry', async () => {
    const { token } = await signIn('ana@acme.test');
    const claims = decodeTokenClaims(token) as Record<string, unknown>;
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid?: string; exp?: number };
    expect(payload.sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.exp).toBe(payload.exp);
  });

  it('after logout, neither the old token nor the cookie answers or renews', async () => {
    const { token, cookie } = await signIn('ana@acme.test');
    expect((await me(token)).data?.me.email).toBe('ana@acme.test');
    expect(await server.gql('mutation { logout }', {}, { token, cookie })).toMatchObject({ data: { logout: true } });
    expect(errorCode(await me(token))).toBe('UNAUTHENTICATED');
    expect(await renewWith({ token })).toBeNull();
    expect(await renewWith({ cookie })).toBeNull();
    expect(await renewWith({ token, cookie })).toBeNull();
  });

  it('a logout with the bearer alone (an API client without the cookie) ends the session too', async () => {
    const { token, cookie } = await signIn('ana@acme.test');
    await server.gql('mutation { logout }', {}, { token });
    expect(errorCode(await me(token))).toBe('UNAUTHENTICATED');
    expect(await renewWith({ cookie })).toBeNull();
  });

  it('renews only a live session, and each renewal slides its end', async () => {
    const { token, cookie } = await signIn('bob@acme.test');
    const renewed = await renewWith({ token });
    expect(typeof renewed).toBe('string');
    try {
      offsetMs = 9 * 3600_000;
      expect(typeof (await renewWith({ cookie }))).toBe('string');
      offsetMs = 18 * 3600_000;
      // 18 h after sign-in but 9 h after the last renewal: still live.
      const late = await renewWith({ cookie });
      expect((await me(late!)).data?.me.email).toBe('bob@acme.test');
      offsetMs = 29 * 3600_000;
      expect(await renewWith({ cookie })).toBeNull();
      expect(errorCode(await me(late!))).toBe('TOKEN_EXPIRED');
    } finally {
      offsetMs = 0;
    }
  });

  it('a password change ends every other session of the user; removal of the user ends all', async () => {
    const phone = await signIn('cyd@acme.test');
    const laptop = await signIn('cyd@acme.test');
    const other = await signIn('dan@acme.test');
    const laptopSid = JSON.parse(Buffer.from(laptop.token.split('.')[1]!, 'base64url').toString()).sid as string;
    // What a password change does: the changer's own session stays.
    expect(await revokeUserSessions(database, ids.cyd!, { exceptSid: laptopSid })).toBe(1);
    expect(errorCode(await me(phone.token))).toBe('UNAUTHENTICATED');
    expect(await renewWith({ cookie: phone.cookie })).toBeNull();
    expect((await me(laptop.token)).data?.me.email).toBe('cyd@acme.test');
    expect((await me(other.token)).data?.me.email).toBe('dan@acme.test');
    // What an administrator removing the user does.
    await database.db.delete(users).where(eq(users.id, ids.dan!));
    // A row deleted behind the server's back reaches its caller cache by the database's notification
    // (a few milliseconds on PostgreSQL; revocation is promised within a second).
    await expect.poll(async () => errorCode(await me(other.token)), { timeout: 1000, interval: 25 }).toBe('UNAUTHENTICATED');
    expect(await renewWith({ cookie: other.cookie })).toBeNull();
    expect(await revokeUserSessions(database, ids.cyd!)).toBe(1);
    expect(errorCode(await me(laptop.token))).toBe('UNAUTHENTICATED');
  });

  it('a view-as session ends with its revocation, and its token cannot claim another admin', async () => {
    const now = clock.now();
    const from = await startSession(database, { userId: ids.eve!, now });
    const view = await startSession(database, { userId: ids.ana!, viewAs: { adminUserId: ids.eve!, fromSid: from.sid }, now });
    const token = await signAccessToken(keys, { userId: ids.ana!, adminUserId: ids.eve!, sid: view.sid }, now);
    expect((await me(token)).data?.me.email).toBe('ana@acme.test');
    const forged = await signAccessToken(keys, { userId: ids.bob!, adminUserId: ids.eve!, sid: view.sid }, now);
    expect(errorCode(await me(forged))).toBe('UNAUTHENTICATED');
    await revokeSession(database, { sid: view.sid });
    expect(errorCode(await me(token))).toBe('UNAUTHENTICATED');
    expect(await renewWith({ token })).toBeNull();
  });

  it('refuses a token without an expiry, or without a session, even signed with the right key', async () => {
    const now = clock.now();
    const { sid } = await startSession(database, { userId: ids.ana!, now });
    const iat = Math.floor(now.getTime() / 1000);
    const noExp = await new SignJWT({ sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(ids.ana)).setIssuedAt(iat).sign(keys.secret);
    const noSid = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(String(ids.ana)).setIssuedAt(iat).setExpirationTime(iat + 600).sign(keys.secret);
    const unknownSid = await new SignJWT({ sid: '00000000-0000-4000-8000-000000000000' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(ids.ana))
      .setIssuedAt(iat)
      .setExpirationTime(iat + 600)
      .sign(keys.secret);
    for (const token of [noExp, noSid, unknownSid]) {
      expect(errorCode(await me(token))).toBe('UNAUTHENTICATED');
      expect(await renewWith({ token })).toBeNull();
    }
    const good = await signAccessToken(keys, { userId: ids.ana!, adminUserId: null, sid }, now);
    expect((await me(good)).data?.me.email).toBe('ana@acme.test');
  });

  it('ends an open subscription once its session is revoked, and keeps the others', async () => {
    const revoked = await signIn('fay@acme.test');
    const kept = await signIn('fay@acme.test');
    const gone = await sseSubscribe(server.base, revoked.token, SUBSCRIBE, { id: ids.site });
    const open = await sseSubscribe(server.base, kept.token, SUBSCRIBE, { id: ids.site });
    await new Promise((r) => setTimeout(r, 100));
    const reading = (value: number) => [{ organizationId: ids.org!, targetKind: 'zone' as const, targetId: ids.top!, metric: 'visitorsIn', value, ts: new Date() }];
    publishReadings(server.live, reading(1));
    expect(await gone.waitFor(1)).toHaveLength(1);
    await server.gql('mutation { logout }', {}, { token: revoked.token });
    try {
      offsetMs = 11_000;
      publishReadings(server.live, reading(2));
      const events = await gone.waitFor(2);
      expect(JSON.stringify(events[1])).toContain('UNAUTHENTICATED');
      expect(JSON.stringify(events)).not.toContain('"value":2');
      const until = Date.now() + 3000;
      while (!gone.ended() && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      expect(gone.ended()).toBe(true);
      expect((await open.waitFor(2)).map((e) => e.data?.liveReadings?.[0]?.value)).toEqual([1, 2]);
    } finally {
      offsetMs = 0;
      await gone.close();
      await open.close();
    }
  });

  it('ends an open subscription once its caller may read less (a new profile without sales data), and a new one is refused', async () => {
    const gil = await signIn('gil@acme.test');
    const admin = await signIn('eve@acme.test');
    const turnover = 'subscription($id: Int!) { liveReadings(installationId: $id, metrics: ["turnover"]) { targetId value } }';
    const stream = await sseSubscribe(server.base, gil.token, turnover, { id: ids.site });
    await new Promise((r) => setTimeout(r, 100));
    const sale = (value: number) => [{ organizationId: ids.org!, targetKind: 'zone' as const, targetId: ids.top!, metric: 'turnover', value, ts: new Date() }];
    publishReadings(server.live, sale(120));
    expect((await stream.waitFor(1))[0].data.liveReadings).toEqual([{ targetId: ids.top, value: 120 }]);
    const changed = await server.gql('mutation($u: Int!, $p: Int!) { updateUser(userId: $u, user: { profileId: $p }) { id } }', { u: ids.gil, p: ids.noSales }, { token: admin.token });
    expect(changed.errors).toBeUndefined();
    try {
      offsetMs = 11_000;
      publishReadings(server.live, sale(340));
      const events = await stream.waitFor(2);
      expect(events[1].errors[0].extensions.code).toBe('FORBIDDEN');
      expect(JSON.stringify(events)).not.toContain('340');
      const until = Date.now() + 3000;
      while (!stream.ended() && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      expect(stream.ended()).toBe(true);
      const again = await sseSubscribe(server.base, gil.token, turnover, { id: ids.site });
      try {
        expect(JSON.stringify(await again.waitFor(1))).toContain('FORBIDDEN');
      } finally {
        await again.close();
      }
    } finally {
      offsetMs = 0;
      await stream.close();
    }
  });
});
