import { expect, test } from '@playwright/test';
import { startOidcPeer } from '../../server/src/test/oidcPeer.ts';
import { ADMIN, acceptCookies } from './helpers.ts';

// The server under test is configured with this provider (playwright.config.ts: OIDC_SOCIAL_*, the
// issuer on the next port). Without PUBLIC_URL its address is http://localhost:PORT, so the whole
// flow runs on that host (the state cookie is bound to it).
const PORT = Number(process.env.E2E_PORT ?? 3199);
const APP = `http://localhost:${PORT}`;

let peer: Awaited<ReturnType<typeof startOidcPeer>> | null = null;

// Against an external server (SITELENS_E2E_URL), that server needs the OIDC_SOCIAL_* variables of
// playwright.config.ts and PORT = E2E_PORT.
test.beforeAll(async () => {
  peer = await startOidcPeer({
    port: PORT + 1,
    clients: [{ client_id: 'sitelens-e2e', client_secret: 'sitelens-e2e-oidc-secret', redirect_uris: [`${APP}/auth/oidc/social/callback`] }],
    accounts: { camille: { email: ADMIN.email }, stranger: { email: 'stranger@example.org' } },
  });
});

test.afterAll(async () => {
  await peer?.close();
});

async function atProvider(page: import('@playwright/test').Page, login: string) {
  await page.goto(`${APP}/login`);
  const button = page.getByTestId('sso-social');
  await expect(button).toHaveText('Sign in with Test ID');
  await button.click();
  // The provider's own sign-in form.
  await page.waitForURL((u) => u.port === String(PORT + 1));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
}

test('the login page’s provider button signs in through the provider’s form; an unknown user is refused in words', async ({ page, context }) => {
  await acceptCookies(context, APP);
  await context.addInitScript(() => localStorage.setItem('sitelens.lang', 'en'));

  // A provider account whose e-mail is no user here: back on the login page, nobody signed in.
  await atProvider(page, 'stranger');
  await page.waitForURL((u) => u.pathname === '/login');
  await expect(page.getByRole('alert')).toContainText('User not found for this provider');
  await expect(page.getByTestId('sso-social')).toBeVisible();

  // Signed out at the provider (its session cookie), then as the demo administrator's e-mail: signed in, in the app.
  await context.clearCookies({ domain: '127.0.0.1' });
  await atProvider(page, 'camille');
  await page.waitForURL((u) => u.origin === APP && !u.pathname.startsWith('/login'));
  await expect(page.getByTestId('sidebar')).toBeVisible();
  const me = await page.evaluate(async () => {
    const renew = await fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ renew }' }) });
    const token = ((await renew.json()) as { data: { renew: string } }).data.renew;
    const r = await fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query: '{ me { email } }' }) });
    return ((await r.json()) as { data: { me: { email: string } } }).data.me.email;
  });
  expect(me).toBe(ADMIN.email);
});

test('the provider button reads well in English and Arabic, wide and narrow', async ({ page, context }, testInfo) => {
  await acceptCookies(context, APP);
  for (const lang of ['en', 'ar'] as const) {
    await context.addInitScript((l) => localStorage.setItem('sitelens.lang', l), lang);
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${APP}/login?ssoError=LOGIN_SSO_USER_NOT_FOUND`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByTestId('sso-social')).toHaveText(lang === 'en' ? 'Sign in with Test ID' : 'تسجيل الدخول باستخدام Test ID', { timeout: 45_000 });
      await expect(page.getByRole('alert')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`sso-login-${lang}-${width}.png`) });
    }
  }
});
