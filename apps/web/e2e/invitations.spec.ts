import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, acceptCookies, chooseLanguage, screenshotPath, signIn, wholePageScreenshot } from './helpers.ts';
import { mailsTo, nextMailText, textsTo } from './outbox.ts';

async function nextCode(phone: string, before: number): Promise<string> {
  await expect.poll(() => textsTo(phone).length, { timeout: 20_000 }).toBeGreaterThan(before);
  return /\b(\d{6})\b/.exec(textsTo(phone).at(-1)!)![1]!;
}

/** Presses the wizard's Next (or "Create my account") from the keyboard. */
async function next(page: Page) {
  await page.getByTestId('onboarding-next').focus();
  await page.keyboard.press('Enter');
}

const PHONE = '+41791234599';
const PASSWORD = 'Invited#User42';

test('an administrator invites a user, who completes the five steps from the e-mailed link with two-factor by phone and signs in', async ({ page, context, baseURL, browser }) => {
  // Two browsers, five steps, the recovery codes and the administrator's reset: longer than the default on a loaded machine.
  test.setTimeout(300_000);
  const email = `invited-${Date.now()}@sitelens.example`;
  await acceptCookies(context, baseURL);
  await page.goto('/login');
  await signIn(page, ADMIN);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'English', 'en');

  // 1. User management: invite by e-mail with a language; the pending invitation is listed.
  await page.goto('/settings/user-management');
  await page.getByTestId('invite-user').click();
  const before = mailsTo(email).length;
  // The invitation starts in the inviter's language; an empty address asks for the invitee's.
  await expect(page.getByTestId('invite-language')).toHaveValue('en');
  // It offers the profile with the fewest rights, not "No profile" and its open defaults.
  await expect(page.getByTestId('invite-profile').locator('option:checked')).toHaveText('Viewer');
  await page.getByTestId('invite-submit').click();
  await expect(page.getByText('Enter the e-mail address of the person to invite.')).toBeVisible();
  await page.getByTestId('invite-email').fill(email);
  await page.getByTestId('invite-language').selectOption('en');
  await page.getByTestId('invite-submit').click();
  await expect(page.getByTestId('pending-invitations')).toContainText(email);
  await expect(page.getByRole('row').filter({ hasText: email }).getByText('Invited', { exact: true })).toBeVisible();
  await wholePageScreenshot(page, 'user-management-invitations.png');
  const link = new URL(/https?:\/\/\S+\/invitation\?token=[\w-]+/.exec(await nextMailText(email, before))![0]);

  // 2. The invited person opens the link in another browser.
  const invited = await browser.newContext();
  await acceptCookies(invited, baseURL);
  const wizard = await invited.newPage();
  await wizard.goto(link.pathname + link.search);
  await wizard.waitForURL('**/onboarding/org-settings');
  await expect(wizard.getByTestId('onboarding-org-name')).toHaveValue(/\S/);
  await expect(wizard.getByTestId('onboarding-position')).toHaveText('Step 1 of 5');
  // A later step cannot be opened before the earlier ones are complete: the load sends it back.
  await wizard.goto('/onboarding/security');
  await wizard.waitForURL('**/onboarding/about');
  await wizard.goto('/onboarding/org-settings');
  await next(wizard);

  // About you: a forward click with an error shows it as a toast. The step's own form first: the
  // address changes before the step renders, and Enter on the last step's Next would do nothing.
  await wizard.waitForURL('**/onboarding/about');
  await expect(wizard.getByRole('form', { name: 'About you' })).toBeVisible();
  await expect(wizard.getByTestId('onboarding-first-name')).toBeEditable();
  await next(wizard);
  await expect(wizard.getByRole('alert').filter({ hasText: 'first name' }).first()).toBeVisible();
  await wizard.getByTestId('onboarding-first-name').focus();
  await wizard.keyboard.type('Inès');
  await wizard.keyboard.press('Tab');
  await wizard.keyboard.type('Moreau');
  await wizard.getByTestId('onboarding-phone').focus();
  await wizard.keyboard.type('79 123 45 99');
  await wizard.keyboard.press('Enter');

  // Password and its confirmation; the about step's error pop-up closed with its step.
  await wizard.waitForURL('**/onboarding/password');
  await expect(wizard.getByRole('alert').filter({ hasText: 'first name' })).toHaveCount(0, { timeout: 1500 });
  await wizard.getByTestId('password-new').focus();
  await wizard.keyboard.type(PASSWORD);
  await wizard.getByTestId('password-confirmation').focus();
  await wizard.keyboard.type(PASSWORD);
  await wizard.keyboard.press('Enter');

  // Profile settings: the language; Arabic turns the wizard right-to-left.
  await wizard.waitForURL('**/onboarding/profile-settings');
  await expect(wizard.getByTestId('onboarding-language')).toHaveValue('en');
  await wizard.getByTestId('onboarding-language').selectOption('ar');
  await expect(wizard.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(wizard.getByTestId('onboarding-next')).toHaveText('التالي');
  await wizard.screenshot({ path: screenshotPath('onboarding-ar.png'), fullPage: true });
  await wizard.setViewportSize({ width: 1024, height: 768 });
  await wizard.screenshot({ path: screenshotPath('onboarding-ar-1024.png'), fullPage: true });
  await wizard.setViewportSize({ width: 1280, height: 800 });
  await wizard.getByTestId('onboarding-language').selectOption('en');
  await expect(wizard.locator('html')).toHaveAttribute('dir', 'ltr');
  await next(wizard);

  // Security: two-factor ticked is e-mail by default; phone, since the phone is valid.
  await wizard.waitForURL('**/onboarding/security');
  await wizard.getByTestId('onboarding-2fa').focus();
  await wizard.keyboard.press('Space');
  await expect(wizard.getByTestId('onboarding-2fa-email')).toBeChecked();
  await wizard.getByTestId('onboarding-2fa-email').focus();
  await wizard.keyboard.press('ArrowDown');
  await expect(wizard.getByTestId('onboarding-2fa-phone')).toBeChecked();
  await wizard.screenshot({ path: screenshotPath('onboarding-security.png'), fullPage: true });
  await expect(wizard.getByTestId('onboarding-next')).toHaveText('Create my account');
  const texts = textsTo(PHONE).length;
  await next(wizard);

  // The phone code modal: the countdown, then the texted code submits itself once complete.
  await expect(wizard.getByRole('dialog')).toContainText(/You can ask for a new code in \d+ s/);
  const code = await nextCode(PHONE, texts);
  // The focus is in the first box, each box named with its position (not Mantine's "PinInput").
  const boxes = wizard.getByTestId('onboarding-code').locator('input');
  await expect(boxes.first()).toBeFocused();
  await expect(boxes.first()).toHaveAccessibleName('Code, digit 1 of 6');
  await expect(boxes.last()).toHaveAccessibleName('Code, digit 6 of 6');
  await wizard.keyboard.type(code);
  // Two-factor starts here: its ten recovery codes are shown once before the sign-in page (issue 29.17).
  const recovery = wizard.getByTestId('onboarding-recovery-codes');
  await expect(recovery).toContainText('Your recovery codes, shown only once');
  const codes = (await recovery.getByTestId('recovery-code').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  expect(codes[0]).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  // A one-time secret: copy and download, and no way to close it but "I have kept them".
  const recoveryDialog = wizard.getByRole('dialog', { name: 'Your recovery codes' });
  await expect(recoveryDialog.getByTestId('recovery-copy')).toHaveText('Copy');
  await expect(recoveryDialog.getByTestId('recovery-download')).toHaveText('Download');
  await expect(recoveryDialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await expect(recoveryDialog.locator('.mantine-Modal-close')).toHaveCount(0);
  const [download] = await Promise.all([wizard.waitForEvent('download'), recoveryDialog.getByTestId('recovery-download').click()]);
  expect(download.suggestedFilename()).toBe('sitelens-recovery-codes.txt');
  expect(readFileSync((await download.path())!, 'utf8')).toContain(codes.join('\n'));
  await wizard.keyboard.press('Escape');
  await wizard.mouse.click(5, 5);
  await expect(recoveryDialog).toBeVisible();
  await wizard.screenshot({ path: screenshotPath('onboarding-recovery-codes.png') });
  await wizard.getByTestId('onboarding-recovery-done').click();
  await wizard.waitForURL('**/login');
  await expect(wizard.getByRole('status').filter({ hasText: 'Your account is created' })).toBeVisible();

  // 3. The new user signs in: two-factor by phone asks for the texted code.
  const signInTexts = textsTo(PHONE).length;
  await signIn(wizard, { email, password: PASSWORD });
  const signInCode = await nextCode(PHONE, signInTexts);
  await wizard.getByTestId('otp-input').locator('input').first().click();
  await wizard.keyboard.type(signInCode);
  await wizard.waitForURL((u) => !u.pathname.startsWith('/login'));
  await invited.close();

  // 4. The administrator's list shows the user active, with two-factor on.
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row.getByText('On', { exact: true })).toBeVisible();
  await expect(page.getByTestId('pending-invitations')).toHaveCount(0);

  // 5. The phone is lost: the administrator resets the user's two-factor from the Security tab, with
  // a confirmation (issue 29.17); the user is told by e-mail and the audit log says it in words.
  await row.getByRole('link').first().click();
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByTestId('managed-two-factor')).toHaveText('By SMS');
  const mails = mailsTo(email).length;
  await page.getByTestId('user-reset-two-factor').click();
  await expect(page.getByRole('dialog')).toContainText('They will sign in with their password alone');
  await page.getByTestId('user-reset-two-factor-confirm').click();
  await expect(page.getByText(/The two-factor sign-in of .* is switched off\./)).toBeVisible();
  await expect(page.getByTestId('managed-two-factor')).toHaveText('Off');
  await expect(page.getByTestId('user-reset-two-factor')).toHaveCount(0);
  expect(await nextMailText(email, mails)).toContain('an administrator of your organization, switched off the two-factor sign-in of your account');
  await page.goto('/settings/audit-log');
  await expect(page.getByTestId('audit-sentence').first()).toHaveText(/^Reset the two-factor sign-in of /);
});

test('an expired or used invitation link opens the invitation-expired modal with its resend', async ({ page, context, baseURL }) => {
  await acceptCookies(context, baseURL);
  await page.goto(`/invitation?token=${'x'.repeat(43)}`);
  const modal = page.getByTestId('invitation-expired');
  await expect(modal).toBeVisible();
  await expect(modal).toHaveAttribute('data-variant', 'user');
  await page.getByTestId('invitation-resend').click();
  await expect(modal.getByRole('status')).toBeVisible();
  await page.screenshot({ path: screenshotPath('invitation-expired.png') });
});
