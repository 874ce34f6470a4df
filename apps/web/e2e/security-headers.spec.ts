import { expect, test, type Page } from '@playwright/test';
import { widgetsSettled, withAdminLink } from './dashboardsHelpers.ts';
import { ADMIN, acceptCookies, shoppingCentreSite, signedInAt, signIn } from './helpers.ts';

/** Every content-security-policy violation the page reports, from the first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (m) => m.text().includes('Content Security Policy') && console.push(m.text()));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []))];
}

test('the app runs under its content security policy: no screen is refused anything', async ({ page, context, request, baseURL }) => {
  await acceptCookies(context, baseURL);
  const violations = await watchViolations(page);
  const response = await page.goto('/login');
  const csp = response!.headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain('frame-ancestors');
  expect(response!.headers()['x-content-type-options']).toBe('nosniff');
  await signIn(page, ADMIN);
  await expect(page).not.toHaveURL(/login/);

  const site = await shoppingCentreSite(request);
  for (const path of [`/counting/${site.id}`, '/home', '/dashboard', '/alerts', '/help', '/user-profile/general', '/settings/organization']) {
    await page.goto(path);
    await expect(page.locator('main').first()).toBeVisible();
    if (path.startsWith('/counting')) await widgetsSettled(page);
    await page.waitForLoadState('networkidle');
    expect(await violations(), path).toEqual([]);
  }
});

test('an external page still shows in the embedded frame under the policy', async ({ page, context, request, baseURL }) => {
  await acceptCookies(context, baseURL);
  const violations = await watchViolations(page);
  await page.route('https://embedded.sitelens.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Report</title><h1>Quarterly report</h1></html>' }),
  );
  // The frame shows the caller's header-menu links only: the administrator has this one for the test.
  await withAdminLink(request, { text: 'Quarterly report', url: 'https://embedded.sitelens.test/report', iconSrc: null, openOutside: false }, async () => {
    await signedInAt(page, ADMIN, `/embeded/${Buffer.from('https://embedded.sitelens.test/report').toString('base64')}`);
    await expect(page.frameLocator('[data-testid="embedded-frame"]').getByRole('heading', { name: 'Quarterly report' })).toBeVisible();
  });
  expect(await violations()).toEqual([]);

  // What the policy is for: an injected inline script does not run, and the watcher above sees the refusal.
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { injected?: boolean }).injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(async () => (await violations()).join('\n')).toContain('script-src');
});
