import { expect, test, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { VIEWER, acceptCookies, chooseLanguage, signIn } from './helpers.ts';

async function typeCode(page: Page, testId: string, code: string) {
  await page.getByTestId(testId).locator('input').first().click();
  await page.keyboard.type(code);
}

const step = () => Math.floor(Date.now() / 30_000);

async function signOut(page: Page) {
  await page.goto('/user-profile/general');
  await page.getByTestId('sidebar').getByRole('button').click();
  await expect(page).toHaveURL(/\/login$/);
}

test('an authenticator app is enrolled from the security tab; sign-in takes a recovery code once, then the app’s code', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  await acceptCookies(context, baseURL);
  await page.goto('/login');
  await signIn(page, VIEWER);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'English', 'en');

  // 1. Enrol: a QR code and the key; a first code from the app switches it on and shows 10 recovery codes once.
  await page.goto('/user-profile/security');
  await page.getByLabel('Ask for a code when I sign in').check();
  await page.getByLabel('Authenticator app').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const enrolledAt = step();
  await typeCode(page, 'totp-code-input', generateSync({ secret }));
  await expect(page.getByText('Two-factor sign-in is on.')).toBeVisible();
  const codes = (await page.getByTestId('recovery-code').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  await expect(page.getByTestId('recovery-left')).toHaveText('Recovery codes left: 10');

  // 2. Sign in with a recovery code instead of the app's code; it is used up.
  await signOut(page);
  await signIn(page, VIEWER);
  await expect(page.getByText('Enter the 6-digit code shown by your authenticator app')).toBeVisible();
  await expect(page.getByText(/New code in/)).toHaveCount(0);
  await page.getByTestId('recovery-toggle').click();
  await page.getByTestId('recovery-code-input').fill(codes[0]!);
  await page.getByTestId('otp-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.goto('/user-profile/security');
  await expect(page.getByTestId('recovery-left')).toHaveText('Recovery codes left: 9');

  // 3. The same recovery code again is refused; the app's code (of a later step than the one used at enrolment) signs in.
  await signOut(page);
  await signIn(page, VIEWER);
  await page.getByTestId('recovery-toggle').click();
  await page.getByTestId('recovery-code-input').fill(codes[0]!);
  await page.getByTestId('otp-submit').click();
  await expect(page.getByRole('alert')).toContainText('This code is not right');
  await page.getByTestId('recovery-toggle').click();
  await expect.poll(step, { timeout: 35_000, intervals: [1000] }).toBeGreaterThan(enrolledAt);
  await typeCode(page, 'otp-input', generateSync({ secret }));
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));

  // 4. Back to how the demo was: two-factor off (the authenticator and the codes are forgotten).
  await page.goto('/user-profile/security');
  await page.getByLabel('Ask for a code when I sign in').uncheck();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Two-factor sign-in is off.')).toBeVisible();
  await expect(page.getByTestId('recovery-left')).toHaveCount(0);
});
