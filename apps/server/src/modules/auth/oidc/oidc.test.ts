import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../../../test/factories.ts';
import { mailServerPerFile } from '../../../test/mailServer.ts';
import { cookieBrowser, signInAtProvider, startOidcPeer } from '../../../test/oidcPeer.ts';
import { userOrganizations, users } from '../../users/users.tables.ts';
import { userIdentities } from './oidc.tables.ts';

// The app's public address (what the provider redirects to); the test's browser brings each
// redirect to the test server's real port.
const PUBLIC = 'http://app.sitelens.test';
const CALLBACK = `${PUBLIC}/auth/oidc/social/callback`;
const ME = '{ me { email } }';
const RENEW = '{ renew }';
const OTP = 'query($o:String!){ loginWithOtpToken(otp:$o) }';

let peer: Awaited<ReturnType<typeof startOidcPeer>>;

const toServer = (url: string) => {
  const u = new URL(url);
  return u.origin === PUBLIC ? `${world.server.base}${u.pathname}${u.search}` : url;
};

/** Clicks the login page's button: the provider's authorization URL, with the state cookie set. */
async function start(browser: ReturnType<typeof cookieBrowser>, from = '/analytics/overview') {
  const r = await browser.go(`${world.server.base}/auth/oidc/social/start?from=${encodeURIComponent(from)}`);
  expect(r.status).toBe(303);
  return r.location!;
}

/** The whole flow as a browser does it: the login page's button, the provider's form, the callback. */
async function signIn(login: string) {
  const browser = cookieBrowser();
  const back = await signInAtProvider(browser, await start(browser), login);
  expect(back.startsWith(`${CALLBACK}?`)).toBe(true);
  const landed = await browser.go(toServer(back));
  return { browser, back, landed, session: browser.cookies(new URL(world.server.base).host).get('sitelens_session') };
}

async function emailOf(session: string | undefined) {
  const renewed = await world.server.gql<{ renew: string | null }>(RENEW, {}, { cookie: `sitelens_session=${session}` });
  if (!renewed.data?.renew) return null;
  return (await world.server.gql<{ me: { email: string } }>(ME, {}, { token: renewed.data.renew })).data?.me.email ?? null;
}

const loginError = (location: string | null) => new URL(location ?? 'http://x/').searchParams.get('ssoError');

// The provider first: the server reads its issuer when it starts (and it closes after the server).
beforeAll(async () => {
  peer = await startOidcPeer({
    clients: [{ client_id: 'sitelens', client_secret: 'peer-secret-for-tests', redirect_uris: [CALLBACK] }],
    accounts: {
      'ana-sub': { email: 'Ana@acme.test' },
      'bob-sub': { email: 'bob@acme.test' },
      'carl-sub': { email: 'carl@acme.test' },
      'stranger-sub': { email: 'nobody@acme.test' },
      'unverified-sub': { email: 'dora@acme.test', emailVerified: false },
      'mallory-sub': { email: 'mallory@evil.test' },
      'ina-sub': { email: 'ina@acme.test' },
    },
  });
});
afterAll(() => peer.close());

const world = mailServerPerFile({
  env: () => ({
    PUBLIC_URL: PUBLIC,
    OIDC_SOCIAL_ISSUER: peer.issuer,
    OIDC_SOCIAL_CLIENT_ID: 'sitelens',
    OIDC_SOCIAL_CLIENT_SECRET: 'peer-secret-for-tests',
    OIDC_SOCIAL_LABEL: 'Peer ID',
    LOGIN_RATE_LIMIT: '100',
  }),
  seed: async (database) => {
    const org = await createOrganization(database);
    for (const email of ['ana@acme.test', 'bob@acme.test', 'carl@acme.test', 'dora@acme.test', 'ina@acme.test']) await createUser(database, { email, organizationIds: [org.id] });
    // Ina's only membership is inactive: no sign-in (docs/decisions.md "Sign-in without an active membership").
    const [ina] = await database.db.select().from(users).where(eq(users.email, 'ina@acme.test'));
    await database.db.update(userOrganizations).set({ active: false }).where(eq(userOrganizations.userId, ina!.id));
    await database.db.update(users).set({ otpContact: 'email', isEmailVerified: true }).where(eq(users.email, 'bob@acme.test'));
  },
});

describe('single sign-on by OpenID Connect', () => {
  it('lists the configured providers for the login page', async () => {
    const r = await world.server.gql('{ signInProviders { id kind label startPath } }');
    expect(r.data?.signInProviders).toEqual([{ id: 'social', kind: 'SOCIAL', label: 'Peer ID', startPath: '/auth/oidc/social/start' }]);
    expect((await fetch(`${world.server.base}/auth/oidc/partner/start`, { redirect: 'manual' })).status).toBe(404);
  });

  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const url = new URL(await start(cookieBrowser()));
    expect(url.origin).toBe(peer.issuer);
    const p = url.searchParams;
    expect([p.get('response_type'), p.get('client_id'), p.get('redirect_uri'), p.get('code_challenge_method')]).toEqual(['code', 'sitelens', CALLBACK, 'S256']);
    expect(p.get('state')!.length).toBeGreaterThan(30);
    expect(p.get('nonce')!.length).toBeGreaterThan(30);
    expect(p.get('scope')).toContain('openid');
  });

  it('signs in the account of a verified e-mail, back where the user was going, and records the subject', async () => {
    const { landed, session } = await signIn('ana-sub');
    expect(landed.status).toBe(303);
    expect(new URL(landed.location!).pathname).toBe('/analytics/overview');
    expect(await emailOf(session)).toBe('ana@acme.test');
    const links = await world.database.db.select().from(userIdentities).where(eq(userIdentities.subject, 'ana-sub'));
    expect(links.map((l) => [l.issuer, l.email])).toEqual([[peer.issuer, 'ana@acme.test']]);
  });

  it('refuses an e-mail without an account: "user not found for the provider", no session', async () => {
    const { landed, session } = await signIn('stranger-sub');
    expect(new URL(landed.location!).pathname).toBe('/login');
    expect(loginError(landed.location)).toBe('LOGIN_SSO_USER_NOT_FOUND');
    expect(session).toBeUndefined();
    expect(await world.database.db.select().from(users).where(eq(users.email, 'nobody@acme.test'))).toHaveLength(0);
  });

  it('refuses an account without an active membership as one without an account, no session', async () => {
    const { landed, session } = await signIn('ina-sub');
    expect(new URL(landed.location!).pathname).toBe('/login');
    expect(loginError(landed.location)).toBe('LOGIN_SSO_USER_NOT_FOUND');
    expect(session).toBeUndefined();
  });

  it('refuses an e-mail the provider has not verified', async () => {
    const { landed, session } = await signIn('unverified-sub');
    expect(loginError(landed.location)).toBe('LOGIN_SSO_USER_NOT_FOUND');
    expect(session).toBeUndefined();
  });

  it('goes by subject once linked: an e-mail changed at the provider reaches no other account', async () => {
    expect(await emailOf((await signIn('carl-sub')).session)).toBe('carl@acme.test');
    // Carl's provider account now claims Ana's address: it still signs in Carl, never Ana.
    peer.accounts.set('carl-sub', { email: 'ana@acme.test' });
    expect(await emailOf((await signIn('carl-sub')).session)).toBe('carl@acme.test');
    // Another subject claiming Ana's address, now that Ana is linked, is refused.
    peer.accounts.set('mallory-sub', { email: 'ana@acme.test' });
    expect(loginError((await signIn('mallory-sub')).landed.location)).toBe('LOGIN_SSO_USER_NOT_FOUND');
  });

  it('refuses a tampered state, a state of another browser, and a replayed callback', async () => {
    const browser = cookieBrowser();
    const back = new URL(await signInAtProvider(browser, await start(browser), 'ana-sub'));
    const tampered = new URL(back);
    tampered.searchParams.set('state', `${back.searchParams.get('state')!.slice(0, -2)}xx`);
    expect(loginError((await browser.go(toServer(tampered.href))).location)).toBe('LOGIN_SSO_FAILED');
    // The right state in a browser that did not start this sign-in (login CSRF): refused.
    expect(loginError((await cookieBrowser().go(toServer(back.href))).location)).toBe('LOGIN_SSO_FAILED');
    // The state cookie was cleared by the tampered try: put it back, then the real callback works once.
    const state = back.searchParams.get('state')!;
    const first = await browser.go(toServer(back.href), { cookies: { sitelens_sso: state } });
    expect(new URL(first.location!).pathname).toBe('/analytics/overview');
    const replay = await browser.go(toServer(back.href), { cookies: { sitelens_sso: state } });
    expect(loginError(replay.location)).toBe('LOGIN_SSO_FAILED');
  });

  it('refuses an ID token whose nonce is not the one of this sign-in', async () => {
    const browser = cookieBrowser();
    const mine = new URL(await start(browser));
    const other = new URL(await start(cookieBrowser()));
    // The provider is asked with another sign-in's nonce, but this sign-in's state and PKCE
    // challenge: the code exchange succeeds and the ID token's nonce must then be refused.
    other.searchParams.set('state', mine.searchParams.get('state')!);
    other.searchParams.set('code_challenge', mine.searchParams.get('code_challenge')!);
    const back = await signInAtProvider(browser, other.href, 'ana-sub');
    const landed = await browser.go(toServer(back));
    expect(loginError(landed.location)).toBe('LOGIN_SSO_FAILED');
    expect(browser.cookies(new URL(world.server.base).host).get('sitelens_session')).toBeUndefined();
  });

  it('asks the two-factor code after the provider, then signs in with it', async () => {
    const before = world.smtp.received.length;
    const { browser, landed, session } = await signIn('bob-sub');
    const to = new URL(landed.location!);
    expect([to.pathname, to.searchParams.get('sso'), to.searchParams.get('otpContact'), to.searchParams.get('from')]).toEqual(['/login', '2fa', 'email', '/analytics/overview']);
    expect(session).toBeUndefined();
    const end = Date.now() + 10_000;
    while (world.smtp.received.length <= before && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    const code = /\b(\d{6})\b/.exec(world.smtp.received.at(-1)?.text ?? '')?.[1];
    const pending = browser.cookies(new URL(world.server.base).host).get('sitelens_otp');
    const r = await world.server.gql<{ loginWithOtpToken: string }>(OTP, { o: code }, { cookie: `sitelens_otp=${pending}` });
    expect((await world.server.gql<{ me: { email: string } }>(ME, {}, { token: r.data!.loginWithOtpToken })).data?.me.email).toBe('bob@acme.test');
  });
});
