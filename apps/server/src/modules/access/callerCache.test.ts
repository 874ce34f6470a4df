import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { TEST_PASSWORD, createOrganization, createProfile, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';
import { CallerCache, type SessionCaller, callerCacheOf } from './callerCache.ts';

const LOGIN = 'query($e:String!,$p:String!){ login(email:$e,password:$p) }';
const ME = '{ me { email } }';

const caller = (userId: number, adminUserId: number | null = null, startedFromSid: string | null = null): SessionCaller => ({
  userId,
  adminUserId,
  startedFromSid,
  expiresAt: new Date(Date.now() + 3_600_000),
  role: 'user',
  profileId: null,
  organizationIds: [1],
});

describe('the caller cache', () => {
  it('keeps an entry for its bound only', () => {
    let t = 0;
    const cache = new CallerCache(15_000, () => t);
    cache.keep('s1', caller(1), cache.currentGeneration);
    t = 14_999;
    expect(cache.get('s1')?.userId).toBe(1);
    t = 15_000;
    expect(cache.get('s1')).toBeUndefined();
  });

  it('drops a session by its sid, and every session of or viewed by a user by the user id', () => {
    const cache = new CallerCache(15_000);
    cache.keep('own', caller(1), cache.currentGeneration);
    cache.keep('viewed-by-1', caller(2, 1), cache.currentGeneration);
    cache.keep('other', caller(3), cache.currentGeneration);
    cache.drop('s:other');
    expect(cache.get('other')).toBeUndefined();
    expect(cache.size).toBe(2);
    cache.drop('u:1');
    expect(cache.size).toBe(0);
  });

  it('drops a session with the view-as sessions started from it, and no other', () => {
    const cache = new CallerCache(15_000);
    cache.keep('tab-1', caller(1), cache.currentGeneration);
    cache.keep('viewed-from-tab-1', caller(2, 1, 'tab-1'), cache.currentGeneration);
    cache.keep('tab-2', caller(1), cache.currentGeneration);
    cache.keep('viewed-from-tab-2', caller(2, 1, 'tab-2'), cache.currentGeneration);
    cache.drop('s:tab-1');
    expect(cache.get('viewed-from-tab-1')).toBeUndefined();
    expect(cache.get('viewed-from-tab-2')?.userId).toBe(2);
    expect(cache.size).toBe(2);
  });

  it('finds the view-as sessions of an origin by its index, which follows the entries as they go', () => {
    let t = 0;
    const cache = new CallerCache(15_000, () => t);
    cache.keep('tab-1', caller(1), cache.currentGeneration);
    cache.keep('a-from-1', caller(2, 1, 'tab-1'), cache.currentGeneration);
    cache.keep('b-from-1', caller(3, 1, 'tab-1'), cache.currentGeneration);
    cache.keep('c-from-2', caller(2, 1, 'tab-2'), cache.currentGeneration);
    expect(cache.indexedViewAs).toBe(3);
    // Dropped with their origin, through the index.
    cache.drop('s:tab-1');
    expect([cache.get('tab-1'), cache.get('a-from-1'), cache.get('b-from-1')]).toEqual([undefined, undefined, undefined]);
    expect(cache.indexedViewAs).toBe(1);
    // A view-as entry dropped on its own, or with its user, leaves the index too.
    cache.keep('d-from-2', caller(4, 1, 'tab-2'), cache.currentGeneration);
    cache.drop('s:c-from-2');
    cache.drop('u:4');
    expect(cache.size).toBe(0);
    expect(cache.indexedViewAs).toBe(0);
    // An expired entry read again goes, from the index too; its origin's drop then finds nothing.
    cache.keep('e-from-3', caller(2, 1, 'tab-3'), cache.currentGeneration);
    t = 15_000;
    expect(cache.get('e-from-3')).toBeUndefined();
    expect(cache.indexedViewAs).toBe(0);
    // Kept again under another origin (a new read): indexed under that one only.
    t = 0;
    cache.keep('f', caller(2, 1, 'tab-4'), cache.currentGeneration);
    cache.keep('f', caller(2, 1, 'tab-5'), cache.currentGeneration);
    expect(cache.indexedViewAs).toBe(1);
    cache.drop('s:tab-4');
    expect(cache.get('f')?.userId).toBe(2);
    cache.drop('s:tab-5');
    expect(cache.get('f')).toBeUndefined();
    // Emptied all at once (a gap): the index too.
    cache.keep('g', caller(2, 1, 'tab-6'), cache.currentGeneration);
    cache.gap(false);
    expect(cache.indexedViewAs).toBe(0);
  });

  it('keeps the index within the bound of entries: the oldest entry evicted leaves it', () => {
    const cache = new CallerCache(15_000);
    for (let i = 0; i < 20_000; i += 1) cache.keep(`v${i}`, caller(2, 1, `tab-${i}`), cache.currentGeneration);
    expect(cache.indexedViewAs).toBe(20_000);
    cache.keep('one-more', caller(2, 1, 'tab-x'), cache.currentGeneration);
    expect(cache.size).toBe(20_000);
    expect(cache.indexedViewAs).toBe(20_000);
    expect(cache.get('v0')).toBeUndefined();
    cache.keep('v1', caller(2, 1, 'tab-1'), cache.currentGeneration);
    // Kept again (not a new entry): nothing evicted.
    expect(cache.get('v2')?.userId).toBe(2);
    expect(cache.size).toBe(20_000);
  });

  it('drops the sessions acting with a changed profile or in a changed organization', () => {
    const cache = new CallerCache(15_000);
    cache.keep('with-profile', { ...caller(1), profileId: 7 }, cache.currentGeneration);
    cache.keep('in-org-2', { ...caller(2), organizationIds: [2] }, cache.currentGeneration);
    cache.keep('in-org-1', caller(3), cache.currentGeneration);
    cache.drop('p:7');
    expect(cache.get('with-profile')).toBeUndefined();
    cache.drop('o:2');
    expect(cache.get('in-org-2')).toBeUndefined();
    expect(cache.get('in-org-1')?.userId).toBe(3);
  });

  it('does not keep a read that a change overtook', () => {
    const cache = new CallerCache(15_000);
    const generation = cache.currentGeneration;
    cache.drop('s:unrelated');
    cache.keep('s1', caller(1), generation);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('serves and keeps nothing while the notifications may be missed, and fills again once they are back', () => {
    const cache = new CallerCache(15_000);
    cache.keep('a', caller(1), cache.currentGeneration);
    cache.gap(false);
    expect(cache.get('a')).toBeUndefined();
    cache.keep('a', caller(1), cache.currentGeneration);
    expect(cache.size).toBe(0);
    cache.gap(true);
    cache.keep('a', caller(1), cache.currentGeneration);
    expect(cache.get('a')?.userId).toBe(1);
  });

  it("keeps the rights rules' view only with the entry its request's caller was read from", async () => {
    const cache = new CallerCache(15_000);
    const domain = { role: 'admin', hasProfile: false, rights: null, features: {}, hasStaticDashboard: true, hasSites: true };
    // The request read the caller as admin; the entry was since filled again by another request, as user.
    cache.keep('s1', caller(1), cache.currentGeneration);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return domain;
    };
    await cache.domainOf('s1', { ...caller(1), role: 'admin' }, load);
    await cache.domainOf('s1', caller(1), load);
    await cache.domainOf('s1', caller(1), load);
    // The admin-read answer was not kept for the user entry; the entry's own was, once.
    expect(loads).toBe(2);
  });

  it('forgets everything on a gap (a lost listening connection) and an unknown payload', () => {
    const cache = new CallerCache(15_000);
    cache.keep('a', caller(1), cache.currentGeneration);
    cache.clear();
    expect(cache.size).toBe(0);
    cache.keep('b', caller(1), cache.currentGeneration);
    cache.drop('x:1');
    expect(cache.size).toBe(0);
  });
});

// Changes made behind the services' back (plain SQL) still reach the cache: the database notifies.
describe('revocation by the database, over GraphQL', () => {
  let database: Database;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let orgId = 0;
  let userId = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    orgId = (await createOrganization(database)).id;
    userId = (await createUser(database, { email: 'ana@acme.test', organizationIds: [orgId] })).id;
    server = await startTestServer(database);
  });

  afterAll(async () => {
    await server.close();
    await database.close();
  });

  const signIn = async () => (await server.gql(LOGIN, { e: 'ana@acme.test', p: TEST_PASSWORD })).data?.login as string;
  const meEmail = async (token: string) => (await server.gql(ME, {}, { token })).data?.me?.email ?? null;
  /** Milliseconds until `token` stops answering, polling for at most 1 s. */
  const refusedWithin = async (token: string): Promise<number> => {
    const start = performance.now();
    while (performance.now() - start < 1_000) {
      if ((await meEmail(token)) === null) return performance.now() - start;
      await new Promise((r) => setTimeout(r, 20));
    }
    return Infinity;
  };

  it('answers from the cache: a token keeps working while nothing changes', async () => {
    const token = await signIn();
    expect(await meEmail(token)).toBe('ana@acme.test');
    const cache = await callerCacheOf(database, 15);
    expect(cache?.size).toBeGreaterThan(0);
    expect(await meEmail(token)).toBe('ana@acme.test');
  });

  it('a session deleted by plain SQL stops answering within a second', async () => {
    const token = await signIn();
    expect(await meEmail(token)).toBe('ana@acme.test');
    const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    await database.sql.query('delete from sessions where sid = $1', [sid]);
    expect(await refusedWithin(token)).toBeLessThan(1_000);
  });

  it('a membership made inactive by plain SQL stops the caller acting in that organization within a second', async () => {
    const token = await signIn();
    const sites = async () => (await server.gql('{ me { organizationIds } }', {}, { token })).data?.me?.organizationIds ?? null;
    expect(await sites()).toEqual([orgId]);
    await database.sql.query('update user_organizations set active = false where user_id = $1', [userId]);
    const start = performance.now();
    let seen: unknown = [orgId];
    while (performance.now() - start < 1_000 && JSON.stringify(seen) === JSON.stringify([orgId])) {
      seen = await sites();
      await new Promise((r) => setTimeout(r, 20));
    }
    await database.sql.query('update user_organizations set active = true where user_id = $1', [userId]);
    expect(seen).not.toEqual([orgId]);
  });

  it('a user deleted by plain SQL stops answering within a second', async () => {
    const token = await signIn();
    expect(await meEmail(token)).toBe('ana@acme.test');
    const other = await createUser(database, { email: 'bob@acme.test', organizationIds: [orgId] });
    const bob = (await server.gql(LOGIN, { e: 'bob@acme.test', p: TEST_PASSWORD })).data?.login as string;
    expect(await meEmail(bob)).toBe('bob@acme.test');
    await database.sql.query('delete from users where id = $1', [other.id]);
    expect(await refusedWithin(bob)).toBeLessThan(1_000);
    expect(await meEmail(token)).toBe('ana@acme.test');
  });

  it('a profile whose rights are taken away by plain SQL stops granting them within a second', async () => {
    const profile = await createProfile(database, orgId);
    await createUser(database, { email: 'cyd@acme.test', organizationIds: [orgId], profileId: profile.id });
    const token = (await server.gql(LOGIN, { e: 'cyd@acme.test', p: TEST_PASSWORD })).data?.login as string;
    const profiles = () => server.gql('{ profiles { id } }', {}, { token });
    expect((await profiles()).errors).toBeUndefined();
    expect((await profiles()).errors).toBeUndefined();
    const denied = { organization: { user: { read: false, create: false, edit: false, delete: false } } };
    await database.sql.query('update profiles set rights = $2::jsonb where id = $1', [profile.id, JSON.stringify(denied)]);
    const start = performance.now();
    while (!errorCode(await profiles()) && performance.now() - start < 1_000) await new Promise((r) => setTimeout(r, 20));
    expect(errorCode(await profiles())).toBe('FORBIDDEN');
  });
});
