import { expect, test } from '@playwright/test';
import { VIEWER, acceptCookies, signIn } from './helpers.ts';
import { mailsTo, nextMailText } from './outbox.ts';
import { codeIn, signInInEnglish, signOut, turnOnEmailTwoFactor, turnOffTwoFactor, typeCode } from './signInSteps.ts';

const TEMPORARY = 'Reset#Viewer42';

test('a forgotten password is reset from the e-mailed link; two-factor by e-mail is turned on, asks for a code, and a trusted browser skips it', async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL);

  // 0. Sign in with empty fields: the errors show and the focus goes to the first invalid field.
  await page.goto('/login');
  const loginEmail = page.locator('input[autocomplete="username"]');
  await page.locator('form button[type="submit"]').click();
  await expect(loginEmail).toHaveAttribute('aria-invalid', 'true');
  await expect(loginEmail).toBeFocused();
  await loginEmail.fill(VIEWER.email);
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('input[autocomplete="current-password"]')).toBeFocused();

  // 1. Forgot password: its own heading, the focus in its e-mail field (and back in the sign-in's on
  // the way back); the same answer for any address; the link arrives by e-mail.
  await page.getByTestId('forgot-password-link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
  await expect(page).toHaveTitle(/Reset your password/);
  await expect(page.locator('input[autocomplete="email"]')).toBeFocused();
  await page.getByRole('button', { name: 'Back to sign-in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await expect(loginEmail).toBeFocused();
  await page.getByTestId('forgot-password-link').click();
  let before = mailsTo(VIEWER.email).length;
  await page.locator('input[autocomplete="email"]').fill(VIEWER.email);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByRole('status')).toBeVisible();
  const link = /https?:\/\/\S+\/reset-password-confirm\?token=[\w-]+/.exec(await nextMailText(VIEWER.email, before))![0];
  const url = new URL(link);

  // 2. The link's page: the policy is checked here, then the new password works.
  await page.goto(url.pathname + url.search);
  const fields = page.locator('input[autocomplete="new-password"]');
  await fields.nth(0).fill('password');
  await fields.nth(1).fill('password');
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('form [role="alert"], form .mantine-InputWrapper-error').first()).toBeVisible();
  await fields.nth(0).fill(TEMPORARY);
  await fields.nth(1).fill(TEMPORARY);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByRole('status')).toBeVisible();
  // The link is single-use: opened again, it says so before any password is typed (issue 29.19).
  await page.goto(url.pathname + url.search);
  await expect(page.getByTestId('reset-link-dead')).toHaveText(/This link was already used/);
  await expect(fields).toHaveCount(0);

  await signInInEnglish(page, { email: VIEWER.email, password: TEMPORARY });

  // 3. Security tab: the password goes back to the usual one; two-factor by e-mail, confirmed by a code.
  await page.goto('/user-profile/security');
  await page.getByLabel('Current password').fill(TEMPORARY);
  await page.locator('input[autocomplete="new-password"]').nth(0).fill(VIEWER.password);
  await page.locator('input[autocomplete="new-password"]').nth(1).fill(VIEWER.password);
  await page.getByRole('button', { name: 'Change the password' }).click();
  await expect(page.getByText('Your password is changed.')).toBeVisible();

  await turnOnEmailTwoFactor(page, VIEWER.email);

  // 4. Sign out, sign in: the code screen; the e-mailed code, and "do not ask again on this browser".
  await signOut(page);
  before = mailsTo(VIEWER.email).length;
  await signIn(page, VIEWER);
  await expect(page.getByText('We sent a one-time code to your email.')).toBeVisible();
  await expect(page.getByText(/New code in \d+ s/)).toBeVisible();
  // The focus is in the first box; each box is named with its position, in the page's language.
  const digits = page.getByTestId('otp-input').locator('input');
  await expect(digits.first()).toBeFocused();
  await expect(digits).toHaveCount(6);
  for (let i = 0; i < 6; i++) await expect(digits.nth(i)).toHaveAccessibleName(`One-time code, digit ${i + 1} of 6`);
  await page.getByRole('textbox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Français' }).click();
  await expect(digits.nth(0)).toHaveAccessibleName('Code à usage unique, chiffre 1 sur 6');
  await expect(digits.nth(5)).toHaveAccessibleName('Code à usage unique, chiffre 6 sur 6');
  await page.getByRole('textbox', { name: 'Langue' }).click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(digits.nth(0)).toHaveAccessibleName('One-time code, digit 1 of 6');
  await typeCode(page, 'otp-input', '000000');
  await expect(page.getByRole('alert')).toContainText('This code is not right');
  // The refused code is emptied and the focus is back in the first box, for the next one.
  await expect(digits.first()).toBeFocused();
  await page.getByTestId('trust-browser').check();
  await typeCode(page, 'otp-input', codeIn(await nextMailText(VIEWER.email, before)));
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));

  // 5. The browser is listed as trusted; the next sign-in here asks for no code.
  await page.goto('/user-profile/security');
  await expect(page.getByTestId('trusted-browsers')).toContainText('This browser');
  await page.getByTestId('sidebar').getByRole('button').click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, VIEWER);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));

  // 6. Back to how the demo was: the trust revoked, two-factor off.
  await page.goto('/user-profile/security');
  await page.getByTestId('trusted-browsers').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('No browser skips the code.')).toBeVisible();
  await turnOffTwoFactor(page);
});
