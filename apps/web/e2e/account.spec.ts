import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, VIEWER, acceptCookies, chooseLanguage, signedInAt, wholePageScreenshot } from './helpers.ts';
import { textsTo } from './outbox.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

async function signedIn(page: Page, user: typeof ADMIN, path: string) {
  await signedInAt(page, user, path);
}

test('a new phone: the password, then the texted code, the focus in each field as it appears', async ({ page }) => {
  test.setTimeout(180_000);
  const NEW_PHONE = '+41795551234';
  await signedIn(page, VIEWER, '/user-profile/general');
  const phone = page.getByTestId('profile-phone');
  await phone.fill('079 555 12 34');
  const texts = textsTo(NEW_PHONE).length;
  await page.getByTestId('form-save').click();
  const modal = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(modal.getByTestId('contact-change-password')).toBeFocused();
  await modal.getByTestId('contact-change-password').fill(VIEWER.password);
  await modal.getByTestId('contact-change-submit').click();
  // The password field gives way to the code's: the focus follows, it does not fall back to the page.
  const code = modal.getByTestId('contact-change-phone-code');
  await expect(code).toBeFocused();
  await expect(code).toHaveAccessibleName(`Code sent by SMS to ${NEW_PHONE}`);
  await expect.poll(() => textsTo(NEW_PHONE).length, { timeout: 20_000 }).toBeGreaterThan(texts);
  await page.keyboard.type(/\b(\d{6})\b/.exec(textsTo(NEW_PHONE).at(-1)!)![1]!);
  await page.keyboard.press('Enter');
  await expect(modal).toBeHidden();
  await expect(page.getByText('Your phone number is changed.').last()).toBeVisible();
  await expect(phone).toHaveValue('79 555 12 34');

  // Back to how the demo was: no phone (the password again).
  await phone.fill('');
  await page.getByTestId('form-save').click();
  await expect(modal.getByTestId('contact-change-password')).toBeFocused();
  await modal.getByTestId('contact-change-password').fill(VIEWER.password);
  await modal.getByTestId('contact-change-submit').click();
  await expect(modal).toBeHidden();
  await expect(phone).toHaveValue('');
});

test('the profile saves through the leave guard: cancel stays, save goes on, back discards', async ({ page }) => {
  await signedIn(page, VIEWER, '/user-profile/general');
  const firstName = page.getByTestId('profile-first-name');
  const phone = page.getByTestId('profile-phone');
  await expect(firstName).not.toHaveValue('');
  const original = await firstName.inputValue();

  await firstName.fill('Vivienne');
  // The Swiss mask, and the trunk prefix people type at home dropped.
  await phone.fill('079 123 45 67');
  await expect(phone).toHaveValue('79 123 45 67');
  // A new phone waits for the password and a code (email-change.spec.ts): this save keeps the names only.
  await phone.fill('');
  await page.getByRole('navigation').getByRole('link', { name: 'Preferences' }).click();
  const guard = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(guard).toBeVisible();
  await guard.getByTestId('guard-cancel').click();
  await expect(guard).toBeHidden();
  await expect(page).toHaveURL(/\/user-profile\/general$/);
  await expect(firstName).toHaveValue('Vivienne');
  // Escape is cancel too, with the focus on "stay" first.
  await page.getByRole('navigation').getByRole('link', { name: 'Preferences' }).click();
  await expect(guard.getByTestId('guard-cancel')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(guard).toBeHidden();
  await expect(page).toHaveURL(/\/user-profile\/general$/);

  await page.getByRole('navigation').getByRole('link', { name: 'Preferences' }).click();
  await guard.getByTestId('guard-save').click();
  await expect(page).toHaveURL(/\/user-profile\/preferences$/);
  // Within the app, so that the back button below stays in this page's history.
  await page.getByRole('navigation').getByRole('link', { name: 'General' }).click();
  await expect(firstName).toHaveValue('Vivienne');
  await expect(phone).toHaveValue('');
  await expect(page.locator('header')).toContainText('Vivienne');

  // A rule breaks on the spot and the save waits for it; the back button then asks, and discard leaves.
  await firstName.fill('R2D2');
  await expect(page.getByText('Only letters and spaces are allowed.')).toBeVisible();
  await page.goBack();
  await expect(guard).toBeVisible();
  await guard.getByTestId('guard-discard').click();
  await expect(page).toHaveURL(/\/user-profile\/preferences$/);
  await page.getByRole('navigation').getByRole('link', { name: 'General' }).click();
  await expect(firstName).toHaveValue('Vivienne');

  // Put the demo account back as it was, from the keyboard: Enter in a field saves the form.
  await firstName.fill(original);
  await phone.fill('');
  await phone.press('Enter');
  await expect(page.getByText('Your profile is saved.').last()).toBeVisible();
  await expect(page.getByTestId('form-save')).toBeDisabled();
  await expect(firstName).toHaveValue(original);
});

test('the organization page is read-only without the edit right, editable with it, and its links open in a new tab', async ({ page, context, baseURL }) => {
  await signedIn(page, VIEWER, '/settings/organization');
  await expect(page.getByTestId('organization-read-only')).toBeVisible();
  await expect(page.getByTestId('organization-name')).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('form-save')).toHaveCount(0);
  await expect(page.getByTestId('organization-stats')).toBeVisible();
  await expect(page.getByTestId('custom-links-menu')).toHaveCount(0);

  await page.context().clearCookies();
  await acceptCookies(context, baseURL);
  await signedIn(page, ADMIN, '/settings/organization');
  await expect(page.getByTestId('organization-read-only')).toHaveCount(0);
  const name = page.getByTestId('organization-name');
  await expect(name).toBeEditable();
  const originalName = await name.inputValue();

  await name.fill('');
  await page.getByTestId('form-save').click();
  await expect(page.getByText('The organization name cannot be empty.')).toBeVisible();
  await name.fill(originalName);

  await page.getByTestId('link-add').click();
  await page.getByTestId('link-0-text').fill('Help centre');
  await page.getByTestId('link-0-url').fill('javascript:alert(1)');
  await page.getByTestId('form-save').click();
  await expect(page.getByText('Please enter a full web address starting with http:// or https://.')).toBeVisible();
  await page.getByTestId('link-0-url').fill(`${baseURL}/help`);
  await page.getByTestId('form-save').click();
  await expect(page.getByText('The organization is saved.')).toBeVisible();
  await wholePageScreenshot(page, 'organization-settings.png');

  await page.getByTestId('custom-links-menu').click();
  const item = page.getByRole('menuitem', { name: /Help centre/ });
  await expect(item).toHaveAttribute('target', '_blank');
  await expect(item).toHaveAttribute('rel', 'noopener noreferrer');
  const [tab] = await Promise.all([context.waitForEvent('page'), item.click()]);
  await expect(tab).toHaveURL(/\/help$/);
  await tab.close();

  // Put the demo organization back as it was.
  await page.getByRole('button', { name: 'Remove “Help centre”' }).click();
  await page.getByTestId('form-save').click();
  await expect(page.getByTestId('custom-links-menu')).toHaveCount(0);
});

test('the profile and organization pages have no serious accessibility violation, in English and in Arabic', async ({ page }) => {
  // Six axe scans and two language changes: past 90 s on a loaded machine.
  test.setTimeout(180_000);
  await signedIn(page, ADMIN, '/user-profile/preferences');
  for (const [language, code] of [['English', 'en'], ['العربية', 'ar']] as const) {
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, language, code);
    for (const path of ['/user-profile/general', '/user-profile/preferences', '/settings/organization']) {
      await page.goto(path);
      await expect(page.locator('main form')).toBeVisible();
      expect(await seriousViolations(page), `${path} in ${code}`).toEqual([]);
    }
    // The phone number reads left to right in both directions, its calling code before it.
    await page.goto('/user-profile/general');
    const phone = page.getByTestId('profile-phone');
    await phone.fill('+33612345678');
    await expect(phone).toHaveValue('6 12 34 56 78');
    await expect(phone).toHaveCSS('direction', 'ltr');
    await page.getByTestId('form-reset').click();
  }
  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'English', 'en');
});
