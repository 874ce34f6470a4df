import { describe, expect, it } from 'vitest';
import { decodeTokenClaims } from '@sitelens/domain';
import { TEST_PASSWORD, createOrganization, createProfile, createUser } from '../../test/factories.ts';
import { seededServerPerFile } from '../../test/seededServer.ts';
import { errorCode } from '../../test/testServer.ts';

const LOGIN = 'query($e:String!,$p:String!){ login(email:$e,password:$p) }';
const ME = '{ me { id email name organizationIds profile { rights } } }';

let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

const world = seededServerPerFile({
  clock,
  env: { LOGIN_RATE_LIMIT: '10', LOGIN_RATE_WINDOW_SECONDS: '60' },
  seed: async (database) => {
    const org = await createOrganization(database);
    const profile = await createProfile(database, org.id);
    await createUser(database, { email: 'ana@acme.test', organizationIds: [org.id], profileId: profile.id, firstName: 'Ana', lastName: 'Silva' });
    await createUser(database, { email: 'bob@acme.test', organizationIds: [org.id] });
  },
});

describe('sign-in', () => {
  it('returns a signed token with an expiry, and sets an HttpOnly session cookie', async () => {
    const r = await world.server.gql(LOGIN, { e: 'Ana@Acme.test', p: TEST_PASSWORD });
    const token = r.data?.login as string;
    const claims = decodeTokenClaims(token);
    expect(claims?.exp).toBeGreaterThan(Date.now() / 1000);
    expect(r.setCookie).toMatch(/sitelens_session=[\w-]+/);
    expect(r.setCookie).toMatch(/HttpOnly/i);
    expect(r.setCookie).toMatch(/Max-Age=36000/);
    const me = await world.server.gql(ME, {}, { token });
    expect(me.data?.me).toMatchObject({ email: 'ana@acme.test', name: 'Ana Silva' });
  });

  it('answers a wrong password and an unknown e-mail with the same code', async () => {
    const wrong = await world.server.gql(LOGIN, { e: 'ana@acme.test', p: 'Wrong#pass1' });
    const unknown = await world.server.gql(LOGIN, { e: 'nobody@acme.test', p: 'Wrong#pass1' });
    expect(errorCode(wrong)).toBe('LOGIN_WRONG_CREDENTIALS');
    expect(errorCode(unknown)).toBe('LOGIN_WRONG_CREDENTIALS');
    expect(wrong.data).toBeNull();
  });

  it('refuses data without a token, and with a tampered one', async () => {
    expect(errorCode(await world.server.gql(ME))).toBe('UNAUTHENTICATED');
    const token = await world.server.signIn('ana@acme.test');
    const tampered = `${token.slice(0, -4)}AAAA`;
    expect(errorCode(await world.server.gql(ME, {}, { token: tampered }))).toBe('UNAUTHENTICATED');
  });

  it('reports an expired token as TOKEN_EXPIRED, and renews it from the session cookie', async () => {
    const r = await world.server.gql(LOGIN, { e: 'ana@acme.test', p: TEST_PASSWORD });
    const cookie = r.setCookie!.split(';')[0]!;
    offsetMs = 16 * 60 * 1000;
    try {
      expect(errorCode(await world.server.gql(ME, {}, { token: r.data?.login as string }))).toBe('TOKEN_EXPIRED');
      const renewed = await world.server.gql('{ renew }', {}, { cookie });
      const fresh = renewed.data?.renew as string;
      expect(decodeTokenClaims(fresh)?.exp).toBeGreaterThan(clock.now().getTime() / 1000);
      expect((await world.server.gql(ME, {}, { token: fresh })).data?.me.email).toBe('ana@acme.test');
    } finally {
      offsetMs = 0;
    }
  });

  it('renews to null without a session, and after logout', async () => {
    expect((await world.server.gql('{ renew }')).data?.renew).toBeNull();
    const r = await world.server.gql(LOGIN, { e: 'ana@acme.test', p: TEST_PASSWORD });
    const cookie = r.setCookie!.split(';')[0]!;
    expect(typeof (await world.server.gql('{ renew }', {}, { cookie })).data?.renew).toBe('string');
    const out = await world.server.gql('mutation { logout }', {}, { cookie });
    expect(out.data?.logout).toBe(true);
    expect((await world.server.gql('{ renew }', {}, { cookie })).data?.renew).toBeNull();
  });

  it('refuses the 11th rapid wrong attempt, even with the right password, until the window passes', async () => {
    for (let i = 1; i <= 10; i++) {
      expect(errorCode(await world.server.gql(LOGIN, { e: 'bob@acme.test', p: `Wrong#pass${i}` }))).toBe('LOGIN_WRONG_CREDENTIALS');
    }
    expect(errorCode(await world.server.gql(LOGIN, { e: 'bob@acme.test', p: 'Wrong#pass11' }))).toBe('LOGIN_RATE_LIMITED');
    expect(errorCode(await world.server.gql(LOGIN, { e: 'bob@acme.test', p: TEST_PASSWORD }))).toBe('LOGIN_RATE_LIMITED');
    // Another account from the same address is not locked out by Bob's failures.
    expect(typeof (await world.server.gql(LOGIN, { e: 'ana@acme.test', p: TEST_PASSWORD })).data?.login).toBe('string');
    offsetMs = 61_000;
    try {
      expect(typeof (await world.server.gql(LOGIN, { e: 'bob@acme.test', p: TEST_PASSWORD })).data?.login).toBe('string');
    } finally {
      offsetMs = 0;
    }
  });
});
