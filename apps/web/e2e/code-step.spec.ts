import { expect, test } from '@playwright/test';
import { ADMIN, VIEWER, acceptCookies, screenshotPath, signIn } from './helpers.ts';
import { mailsTo, nextMailText } from './outbox.ts';
import { signInInEnglish, signOut, turnOnEmailTwoFactor, typeCode } from './signInSteps.ts';

// Issue 29.19: the code step says whether a code was sent; a dead reset link says so before any
// password is typed, with a way to ask for a new one.

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));
test.setTimeout(360_000);

test('an expired or used reset link shows why at once and sends a new link', async ({ page }) => {
  await page.goto(`/reset-password-confirm?token=${'x'.repeat(43)}`);
  await expect(page.getByTestId('reset-link-dead')).toHaveText('This link has expired. Ask for a new one below.');
  await expect(page.locator('input[autocomplete="new-password"]')).toHaveCount(0);
  const before = mailsTo(VIEWER.email).length;
  await page.locator('input[autocomplete="email"]').fill(VIEWER.email);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByRole('status')).toBeVisible();
  const link = new URL(/https?:\/\/\S+\/reset-password-confirm\?token=[\w-]+/.exec(await nextMailText(VIEWER.email, before))![0]);
  // The new link opens the form (nothing is used by looking at it).
  await page.goto(link.pathname + link.search);
  await expect(page.locator('input[autocomplete="new-password"]')).toHaveCount(2);

});

test('in Arabic, the dead link reads right to left', async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  await acceptCookies(context, baseURL);
  await context.addInitScript(() => localStorage.setItem('sitelens.lang', 'ar'));
  const page = await context.newPage();
  await page.goto(`/reset-password-confirm?token=${'x'.repeat(43)}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('reset-link-dead')).toHaveText('انتهت صلاحية هذا الرابط. اطلب رابطًا جديدًا أدناه.');
  await page.screenshot({ path: screenshotPath('reset-link-expired-ar.png') });

  // The sign-in page: empty fields send the focus to the first invalid one; "Forgot password?" has
  // its own heading and the focus in its e-mail field.
  await page.goto('/login');
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('input[autocomplete="username"]')).toBeFocused();
  await page.getByTestId('forgot-password-link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('إعادة تعيين كلمة المرور');
  await expect(page.locator('input[autocomplete="email"]')).toBeFocused();
  await page.screenshot({ path: screenshotPath('forgot-password-ar.png') });
  await context.close();
});

test('a second sign-in within the minute says no new code was sent, and after a burnt code that none can be used', async ({ page, browser, baseURL }) => {
  await signInInEnglish(page, VIEWER);
  await page.goto('/user-profile/security');
  await turnOnEmailTwoFactor(page, VIEWER.email);
  await signOut(page);

  // First sign-in: a code is sent. Back, and again within the minute: none is, and the page says so.
  const before = mailsTo(VIEWER.email).length;
  await signIn(page, VIEWER);
  await expect(page.getByTestId('otp-intro')).toHaveText('We sent a one-time code to your email. Enter it to finish signing in.');
  await nextMailText(VIEWER.email, before);
  await page.getByRole('button', { name: 'Back to sign-in' }).click();
  await signIn(page, VIEWER);
  await expect(page.getByTestId('otp-intro')).toHaveText(/^No new code was sent: the code we e-mailed you less than a minute ago still works\./);
  await expect(page.getByText(/New code in \d+ s/)).toBeVisible();

  // Five wrong codes burn it; the next sign-in within the minute has no usable code, and says that.
  for (let i = 0; i < 5; i++) {
    await typeCode(page, 'otp-input', '000000');
    await expect(page.getByRole('alert')).toContainText('This code is not right. Check the last code you received.');
  }
  await typeCode(page, 'otp-input', '000000');
  await expect(page.getByRole('alert')).toContainText('Too many wrong codes');
  await page.getByRole('button', { name: 'Back to sign-in' }).click();
  await signIn(page, VIEWER);
  await expect(page.getByTestId('otp-intro')).toHaveText(/^No code was sent this time, and your last code can no longer be used\./);
  expect(mailsTo(VIEWER.email).length).toBe(before + 1);
  await page.screenshot({ path: screenshotPath('signin-no-code-sent.png') });

  // Back to how the demo was: the administrator resets the viewer's two-factor.
  const adminContext = await browser.newContext({ baseURL });
  await acceptCookies(adminContext, baseURL);
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await signIn(admin, ADMIN);
  await admin.waitForURL((u) => !u.pathname.startsWith('/login'));
  await admin.goto('/settings/user-management');
  await admin.getByRole('link', { name: /Jonas Weber/ }).first().click();
  await admin.getByRole('tab', { name: 'Security' }).click();
  await admin.getByTestId('user-reset-two-factor').click();
  await admin.getByTestId('user-reset-two-factor-confirm').click();
  await expect(admin.getByTestId('managed-two-factor')).toHaveText('Off');
  await adminContext.close();
  await page.goto('/login');
  await signIn(page, VIEWER);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
});
