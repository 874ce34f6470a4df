import { expect, test, type Page } from '@playwright/test';
import { VIEWER, acceptCookies, chooseLanguage, screenshotPath, signedInAt, signIn } from './helpers.ts';
import { mailsTo, nextMailText } from './outbox.ts';

// Issue 28 item 1: changing the sign-in e-mail, read in the outbox the server writes (outbox.ts).

const NEW_EMAIL = 'jonas.weber@sitelens.example';

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

async function signedIn(page: Page, path: string) {
  await signedInAt(page, VIEWER, path);
}

test('a new sign-in e-mail asks for the password, waits for the link sent to it, and the old address can undo it', async ({ page }) => {
  test.setTimeout(240_000);
  await signedIn(page, '/user-profile/general');
  const email = page.getByTestId('profile-email');
  await expect(email).toHaveValue(VIEWER.email);
  const noticesBefore = mailsTo(VIEWER.email).length;
  const linksBefore = mailsTo(NEW_EMAIL).length;

  await email.fill(NEW_EMAIL);
  await page.getByTestId('form-save').click();
  const modal = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(modal).toBeVisible();
  await modal.getByTestId('contact-change-password').fill('Not#MyPassword1');
  await modal.getByTestId('contact-change-submit').click();
  await expect(modal.getByTestId('contact-change-error')).toHaveText('The current password is not right.');
  await modal.getByTestId('contact-change-password').fill(VIEWER.password);
  await modal.getByTestId('contact-change-submit').click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('email-change-pending')).toContainText(`Check your new inbox: we sent a link to ${NEW_EMAIL}`);
  // Nothing changed yet: the field shows the sign-in address in use.
  await expect(email).toHaveValue(VIEWER.email);

  const link = new URL(/https?:\/\/\S+\/confirm-email\?token=[\w-]+/.exec(await nextMailText(NEW_EMAIL, linksBefore))![0]);
  const notice = await nextMailText(VIEWER.email, noticesBefore);
  expect(notice).toContain(NEW_EMAIL);
  const undo = new URL(/https?:\/\/\S+\/undo-email-change\?token=[\w-]+/.exec(notice)![0]);

  // Opening the link changes nothing by itself; the button does, once.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByTestId('email-link-question')).toContainText('Use this address to sign in to Sitelens?');
  await page.getByTestId('email-link-button').click();
  await expect(page.getByTestId('email-link-success')).toHaveText(`Done: you now sign in with ${NEW_EMAIL}.`);
  await page.goto('/user-profile/general');
  await expect(page.getByTestId('profile-email')).toHaveValue(NEW_EMAIL);
  await page.screenshot({ path: screenshotPath('email-change-confirmed-en.png') });

  // The old address takes it back: every session ends, and the old address signs in again.
  await page.goto(`${undo.pathname}${undo.search}`);
  await page.getByTestId('email-link-button').click();
  await expect(page.getByTestId('email-link-success')).toContainText(`you sign in with ${VIEWER.email} again`);
  // A used link says so.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByTestId('email-link-button').click();
  await expect(page.getByTestId('email-link-invalid')).toBeVisible();
  await page.goto('/user-profile/general');
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, VIEWER);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
});

test('the password question in Arabic (screenshot)', async ({ page }) => {
  test.setTimeout(240_000);
  await signedIn(page, '/user-profile/preferences');
  await chooseLanguage(page, 'العربية', 'ar');
  await page.goto('/user-profile/general');
  await page.getByTestId('profile-email').fill(NEW_EMAIL);
  await page.getByTestId('form-save').click();
  const modal = page.getByTestId('contact-change');
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('أدخل كلمة المرور الحالية');
  await page.screenshot({ path: screenshotPath('email-change-password-ar.png') });
  await page.keyboard.press('Escape');
  await page.getByTestId('form-reset').click();
  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'English', 'en');
});
