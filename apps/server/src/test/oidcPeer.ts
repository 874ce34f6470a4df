import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/** An account of the test provider: its subject, and the e-mail it asserts. */
export interface PeerAccount {
  email: string;
  emailVerified?: boolean;
}

export interface PeerClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a local port (random by default), for tests:
 * discovery, keys, authorization with its own login form (`login` = the account's subject, any
 * password), token and userinfo endpoints. Consent is granted once the user has signed in. The
 * accounts can be changed while it runs (an e-mail changed at the provider).
 */
export async function startOidcPeer(opts: { clients: PeerClient[]; accounts: Record<string, PeerAccount>; port?: number }) {
  const accounts = new Map(Object.entries(opts.accounts));
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: opts.clients.map((c) => ({ ...c, grant_types: ['authorization_code'], response_types: ['code'] })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['sitelens-oidc-peer-test-key'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, email: account.email, email_verified: account.emailVerified ?? true, name: id }) };
    },
    // The consent is taken as given once signed in: the login form is the one interaction.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  handler = (req, res) => void callback(req, res);
  return {
    issuer,
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A minimal browser for API tests: keeps cookies per host and follows nothing by itself. */
export function cookieBrowser() {
  const jar = new Map<string, Map<string, string>>();
  async function go(url: string, init: { method?: string; form?: Record<string, string>; cookies?: Record<string, string> } = {}) {
    const u = new URL(url);
    const mine = jar.get(u.host) ?? new Map<string, string>();
    for (const [k, v] of Object.entries(init.cookies ?? {})) mine.set(k, v);
    const cookie = [...mine].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: { ...(cookie ? { cookie } : {}), ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) mine.delete(name);
      else mine.set(name, value);
    }
    jar.set(u.host, mine);
    const location = res.headers.get('location');
    return { res, status: res.status, location: location ? new URL(location, url).href : null, text: () => res.text() };
  }
  return { go, cookies: (host: string) => jar.get(host) ?? new Map<string, string>() };
}

/**
 * Signs in at the provider from its authorization URL as `login` through its login form, and
 * returns the URL it sends the browser back to (the client's redirect URI with code and state).
 */
export async function signInAtProvider(browser: ReturnType<typeof cookieBrowser>, authorizationUrl: string, login: string): Promise<string> {
  let step = await browser.go(authorizationUrl);
  for (let hops = 0; hops < 10; hops++) {
    if (!step.location) throw new Error(`provider answered ${step.status}: ${(await step.text()).slice(0, 300)}`);
    if (!step.location.startsWith(new URL(authorizationUrl).origin)) return step.location;
    if (/\/interaction\/[^/]+$/.test(new URL(step.location).pathname)) {
      const page = await browser.go(step.location);
      const action = /<form[^>]*action="([^"]+)"/.exec(await page.text())?.[1];
      if (!action) throw new Error('no login form at the provider');
      step = await browser.go(new URL(action.replace(/&amp;/g, '&'), step.location).href, { method: 'POST', form: { prompt: 'login', login, password: 'any' } });
    } else {
      step = await browser.go(step.location);
    }
  }
  throw new Error('too many redirects at the provider');
}
