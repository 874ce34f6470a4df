import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { generateSync } from 'otplib';
import { VIEWER, acceptCookies, signIn } from './helpers.ts';
import { signInInEnglish, signOut, turnOffTwoFactor, typeCode } from './signInSteps.ts';

const step = () => Math.floor(Date.now() / 30_000);

test('an authenticator app is enrolled from the security tab; sign-in takes a recovery code once, then the app’s code', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  await acceptCookies(context, baseURL);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signInInEnglish(page, VIEWER);

  // 1. Enrol: a QR code and the key; a first code from the app switches it on and shows 10 recovery codes once.
  await page.goto('/user-profile/security');
  await page.getByLabel('Ask for a code when I sign in').check();
  await page.getByLabel('Authenticator app').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // The code's boxes take the focus, each named with its position.
  const boxes = page.getByTestId('totp-code-input').locator('input');
  await expect(boxes.first()).toBeFocused();
  await expect(boxes.nth(2)).toHaveAccessibleName('One-time code, digit 3 of 6');
  const enrolledAt = step();
  await typeCode(page, 'totp-code-input', generateSync({ secret }));
  await expect(page.getByText('Two-factor sign-in is on.')).toBeVisible();
  const codes = (await page.getByTestId('recovery-code').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  // They can be kept: copied one a line, or downloaded as a text file.
  await page.getByTestId('recovery-copy').click();
  await expect(page.getByText('Recovery codes copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('recovery-download').click()]);
  expect(download.suggestedFilename()).toBe('sitelens-recovery-codes.txt');
  const file = readFileSync((await download.path())!, 'utf8');
  expect(file).toBe(`Sitelens recovery codes. Each works once instead of a sign-in code; keep them in a safe place.\n\n${codes.join('\n')}\n`);
  await expect(page.getByTestId('recovery-left')).toHaveText('Recovery codes left: 10');

  // 2. Sign in with a recovery code instead of the app's code; it is used up.
  await signOut(page);
  await signIn(page, VIEWER);
  await expect(page.getByText('Enter the 6-digit code shown by your authenticator app')).toBeVisible();
  await expect(page.getByText(/New code in/)).toHaveCount(0);
  await expect(page.getByTestId('otp-input').locator('input').first()).toBeFocused();
  await page.getByTestId('recovery-toggle').click();
  await expect(page.getByTestId('recovery-code-input')).toBeFocused();
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
  // The refusal names the recovery code, not "the last code you received" (issue 29.19).
  await expect(page.getByRole('alert')).toHaveText('This recovery code is not right, or it was already used.');
  await page.getByTestId('recovery-toggle').click();
  await expect.poll(step, { timeout: 35_000, intervals: [1000] }).toBeGreaterThan(enrolledAt);
  await typeCode(page, 'otp-input', generateSync({ secret }));
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));

  // 4. Back to how the demo was: two-factor off (the authenticator and the codes are forgotten).
  await page.goto('/user-profile/security');
  await turnOffTwoFactor(page);
  await expect(page.getByTestId('recovery-left')).toHaveCount(0);
});
