import { expect, type Page } from '@playwright/test';
import { chooseLanguage, signIn } from './helpers.ts';
import { mailsTo, nextMailText } from './outbox.ts';

// The steps the sign-in and two-factor specs share: each spec keeps only what it checks.

/** Types a code into the one-digit-a-box input of that test id. */
export async function typeCode(page: Page, testId: string, code: string): Promise<void> {
  await page.getByTestId(testId).locator('input').first().click();
  await page.keyboard.type(code);
}

/** The six digits of a code in an e-mail or SMS text. */
export const codeIn = (text: string): string => /\b(\d{6})\b/.exec(text)![1]!;

/** Signs in from the login page and sets English, so the specs can read the screens' words. */
export async function signInInEnglish(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await signIn(page, user);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'English', 'en');
}

/** Signs out from the sidebar and waits for the login page. */
export async function signOut(page: Page): Promise<void> {
  await page.goto('/user-profile/general');
  await page.getByTestId('sidebar').getByRole('button').click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * On the security tab, turns two-factor by e-mail on: a verified address is taken at once, an
 * unverified one is first confirmed by the code e-mailed to it.
 */
export async function turnOnEmailTwoFactor(page: Page, email: string): Promise<void> {
  await page.getByLabel('Ask for a code when I sign in').check();
  const before = mailsTo(email).length;
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const codeSent = page.getByText('We sent a code to your email.');
  const on = page.getByText('Two-factor sign-in is on.');
  await expect(codeSent.or(on)).toBeVisible();
  if (await codeSent.isVisible()) await typeCode(page, 'contact-code-input', codeIn(await nextMailText(email, before)));
  await expect(on).toBeVisible();
}

/** On the security tab, turns two-factor off (back to how the demo was). */
export async function turnOffTwoFactor(page: Page): Promise<void> {
  await page.getByLabel('Ask for a code when I sign in').uncheck();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Two-factor sign-in is off.')).toBeVisible();
}
