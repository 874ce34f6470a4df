import { expect, test } from '@playwright/test';
import { ADMIN, VIEWER, acceptCookies, chooseLanguage, signedInAt, wholePageScreenshot } from './helpers.ts';
import { mailSource, mailsTo } from './outbox.ts';

// Without SMTP_URL the server under test writes every e-mail to DATA_DIR/outbox/mail (playwright.config.ts).

test('an administrator checks the message settings: a test e-mail reaches the outbox, a failing webhook is retried, the secret rotates', async ({ page, context, baseURL }) => {
  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, '/user-profile/preferences');
  await chooseLanguage(page, 'English', 'en');

  await page.goto('/settings/organization');
  await page.locator('nav a[href="/settings/deliveries"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Deliveries' })).toBeVisible();

  const before = mailsTo(ADMIN.email).length;
  await page.getByRole('button', { name: 'Send a test e-mail to me' }).click();
  await expect(page.getByText(`Test queued for`)).toBeVisible();
  const table = page.getByTestId('deliveries-table');
  await expect(table.getByRole('row').filter({ hasText: 'Sitelens test e-mail' }).first()).toContainText('Sent');
  await expect.poll(() => mailsTo(ADMIN.email).length).toBe(before + 1);
  const newest = mailsTo(ADMIN.email).sort().at(-1)!;
  expect(mailSource(newest)).toMatch(/^Subject: Sitelens test e-mail$/m);

  // The form refuses a plain-http address elsewhere; this machine's closed port 3 refuses the call itself.
  const address = page.getByLabel('Webhook address');
  await address.fill('http://hooks.example.com/sitelens');
  await address.blur();
  await expect(page.getByText('Webhooks go to https:// addresses only.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a test webhook' })).toBeDisabled();
  await address.fill('http://127.0.0.1:3/sitelens');
  await page.getByRole('button', { name: 'Send a test webhook' }).click();
  const hookRow = table.getByRole('row').filter({ hasText: 'http://127.0.0.1:3/sitelens' }).first();
  await expect(hookRow).toContainText('Failed', { timeout: 30_000 });
  // The recorded reason is one word, with no port or error code (issue 28 item 5).
  await expect(hookRow).toContainText('unreachable');
  await expect(hookRow).not.toContainText('ECONNREFUSED');
  await wholePageScreenshot(page, 'deliveries.png');
  await hookRow.getByRole('button', { name: 'Send the message to http://127.0.0.1:3/sitelens again' }).click();
  await expect(page.getByText('The message is queued again.')).toBeVisible();
  await expect(hookRow).toContainText('Failed', { timeout: 30_000 });
  await expect(hookRow.getByRole('cell').nth(5)).toHaveText('4');

  // The signing secret: hidden until asked for, rotated after a confirmation, the old one kept a day.
  const secret = page.getByTestId('webhook-secret');
  await expect(secret).toContainText('••••');
  await page.getByRole('button', { name: 'Show the secret' }).click();
  const first = await secret.textContent();
  expect(first).toMatch(/^whsec_[\w-]{43}$/);
  await page.getByRole('button', { name: 'Rotate the secret' }).click();
  await page.getByRole('dialog', { name: 'Rotate the webhook secret?' }).getByRole('button', { name: 'Rotate the secret' }).click();
  await expect(page.getByText('New secret in use.')).toBeVisible();
  await expect(secret).not.toHaveText(first!);
  await expect(page.getByText(/The previous secret also signs until/)).toBeVisible();
});

test('a pushed notification shows in the user’s language; a user without the right has no Deliveries tab', async ({ page, context, baseURL }) => {
  await acceptCookies(context, baseURL);
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await signedInAt(page, VIEWER, '/user-profile/preferences');
  await expect(page.getByRole('switch', { name: 'Notify this browser' })).toBeVisible();

  // The push service's part is played by the browser's own DevTools: it hands a payload to the
  // service worker the page registered, as a push service would after decryption.
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL.startsWith(baseURL!) && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  // `ready` resolves while the worker may still be activating; a push handed over before it is
  // activated can be dropped, so wait for the activated state first.
  await page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active!;
    if (worker.state !== 'activated') await new Promise((done) => worker.addEventListener('statechange', () => worker.state === 'activated' && done(undefined)));
  });
  const registrationId = await registered;
  const payload = { title: 'ثاني أكسيد الكربون مرتفع في المدخل', body: '1250 ppm', url: '/alerts', lang: 'ar', tag: 'alert-4' };
  const shown = () =>
    page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, dir: n.dir, lang: n.lang, tag: n.tag })));
  // The CDP call returns before the worker handles the event and reports no dropped hand-over (one
  // CI run saw none shown in 15 s): hand it over again until it shows. One tag: a repeat replaces.
  await expect(async () => {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(baseURL!).origin, registrationId, data: JSON.stringify(payload) });
    await expect.poll(shown, { timeout: 5_000 }).toEqual([{ title: payload.title, body: payload.body, dir: 'rtl', lang: 'ar', tag: 'alert-4' }]);
  }).toPass({ timeout: 30_000 });

  await page.goto('/settings/deliveries');
  await expect(page).toHaveURL(/\/not-found$/);
});
