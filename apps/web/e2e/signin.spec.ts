import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { expect, test, type Page } from '@playwright/test';
import { VIEWER, acceptCookies, chooseLanguage, signIn } from './helpers.ts';

// Without SMTP_URL the server under test writes every e-mail to DATA_DIR/outbox/mail (playwright.config.ts).
const outbox = () => join(process.env.SITELENS_E2E_RUN_DIR ?? '', 'data', 'outbox', 'mail');
const mailsTo = (address: string) => {
  try {
    return readdirSync(outbox())
      .filter((f) => f.endsWith(`-${address}.eml`))
      .sort();
  } catch {
    return [];
  }
};

/** The text of the next e-mail to `address` after `before` of them. */
async function nextMail(address: string, before: number): Promise<string> {
  await expect.poll(() => mailsTo(address).length, { timeout: 20_000 }).toBeGreaterThan(before);
  const mail = await simpleParser(readFileSync(join(outbox(), mailsTo(address).at(-1)!)));
  return mail.text ?? '';
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;

async function typeCode(page: Page, testId: string, code: string) {
  await page.getByTestId(testId).locator('input').first().click();
  await page.keyboard.type(code);
}

const TEMPORARY = 'Reset#Viewer42';

test('a forgotten password is reset from the e-mailed link; two-factor by e-mail is turned on, asks for a code, and a trusted browser skips it', async ({
  page,
  context,
  baseURL,
}) => {
  await acceptCookies(context, baseURL);

  // 1. Forgot password: the same answer for any address; the link arrives by e-mail.
  await page.goto('/login');
  await page.getByTestId('forgot-password-link').click();
  let before = mailsTo(VIEWER.email).length;
  await page.locator('input[autocomplete="email"]').fill(VIEWER.email);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByRole('status')).toBeVisible();
  const link = /https?:\/\/\S+\/reset-password-confirm\?token=[\w-]+/.exec(await nextMail(VIEWER.email, before))![0];
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
  // The link is single-use.
  await page.goto(url.pathname + url.search);
  await fields.nth(0).fill('Another#Pass9');
  await fields.nth(1).fill('Another#Pass9');
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByRole('alert')).toBeVisible();

  await page.goto('/login');
  await signIn(page, { email: VIEWER.email, password: TEMPORARY });
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'English', 'en');

  // 3. Security tab: the password goes back to the usual one; two-factor by e-mail, confirmed by a code.
  await page.goto('/user-profile/security');
  await page.getByLabel('Current password').fill(TEMPORARY);
  await page.locator('input[autocomplete="new-password"]').nth(0).fill(VIEWER.password);
  await page.locator('input[autocomplete="new-password"]').nth(1).fill(VIEWER.password);
  await page.getByRole('button', { name: 'Change the password' }).click();
  await expect(page.getByText('Your password is changed.')).toBeVisible();

  await page.getByLabel('Ask for a code when I sign in').check();
  before = mailsTo(VIEWER.email).length;
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // A verified address is taken at once; an unverified one is first confirmed by an e-mailed code.
  const codeSent = page.getByText('We sent a code to your email.');
  const on = page.getByText('Two-factor sign-in is on.');
  await expect(codeSent.or(on)).toBeVisible();
  if (await codeSent.isVisible()) await typeCode(page, 'contact-code-input', codeIn(await nextMail(VIEWER.email, before)));
  await expect(on).toBeVisible();

  // 4. Sign out, sign in: the code screen; the e-mailed code, and "do not ask again on this browser".
  await page.goto('/user-profile/general');
  await page.getByTestId('sidebar').getByRole('button').click();
  await expect(page).toHaveURL(/\/login$/);
  before = mailsTo(VIEWER.email).length;
  await signIn(page, VIEWER);
  await expect(page.getByText('We sent a one-time code to your email.')).toBeVisible();
  await expect(page.getByText(/New code in \d+ s/)).toBeVisible();
  await typeCode(page, 'otp-input', '000000');
  await expect(page.getByRole('alert')).toContainText('This code is not right');
  await page.getByTestId('trust-browser').check();
  await typeCode(page, 'otp-input', codeIn(await nextMail(VIEWER.email, before)));
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
  await page.getByLabel('Ask for a code when I sign in').uncheck();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Two-factor sign-in is off.')).toBeVisible();
});
