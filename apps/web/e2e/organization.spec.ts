import { expect as baseExpect, type APIRequestContext, type Page, test } from '@playwright/test';
import { isoDateAddDays } from '@sitelens/domain';
import { demoSites, gql, loginToken } from './filtersHelpers.ts';
import { ADMIN, VIEWER, acceptCookies, chooseLanguage, screenshotPath, seriousViolations, signedInAt, wholePageScreenshot } from './helpers.ts';

// Pages load slowly on a busy machine; nothing here is timed.
const expect = baseExpect.configure({ timeout: 45_000 });

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const ADDRESS = 'Rue du Rhône 48\n1204 Genève';

const localDate = (d = new Date()) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** An ISO date as the user types it in their date format. */
function typedIn(iso: string, format: string): string {
  const [y, m, d] = iso.split('-');
  if (format === 'MM/DD/YYYY') return `${m}/${d}/${y}`;
  if (format === 'YYYY-MM-DD') return iso;
  if (format === 'DD.MM.YYYY') return `${d}.${m}.${y}`;
  return `${d}/${m}/${y}`;
}

async function signedIn(page: Page, user: typeof ADMIN) {
  await signedInAt(page, user, '/analytics/sites');
}

async function adminSetup(request: APIRequestContext) {
  const token = await loginToken(request);
  const { me } = await gql<{ me: { dateFormat: string | null; organizationIds: number[] } }>(request, token, '{ me { dateFormat organizationIds } }');
  return { token, me, organizationId: me.organizationIds[0]! };
}

/** Puts the demo organization back as it was (the other tests of the run read it); once more if a kept-alive socket was closed meanwhile. */
async function restore(request: APIRequestContext, token: string, organizationId: number) {
  const query = 'mutation($id:Int!){ updateOrganization(id:$id, address:null, logo:"", customLinks:[], migrationDeadline:null){ id } }';
  await gql(request, token, query, { id: organizationId }).catch(() => gql(request, token, query, { id: organizationId }));
}

// Long paths through several pages, on a machine that may be busy.
test.describe.configure({ timeout: 300_000 });

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('an administrator edits the organization through the leave guard (cancel, back and save, discard, unload); the migration banner follows the deadline', async ({ page, request }) => {
  const { token, me, organizationId } = await adminSetup(request);
  const site = (await demoSites(request, token)).find((s) => s.families.includes('counting'))!;
  const deadlineIso = isoDateAddDays(localDate(), 40);
  const typed = typedIn(deadlineIso, me.dateFormat ?? 'DD/MM/YYYY');
  await restore(request, token, organizationId);
  try {
    await signedIn(page, ADMIN);
    // Within the app, so that the back button stays in this page's history.
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/organization$/);
    const name = page.getByTestId('organization-name');
    const address = page.getByTestId('organization-address');
    const deadline = page.getByTestId('organization-deadline');
    await expect(name).toBeEditable();
    const originalName = await name.inputValue();
    await expect(page.getByTestId('organization-stats')).toBeVisible();

    await address.fill(ADDRESS);
    await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    const logo = page.getByRole('img', { name: 'Logo', exact: true });
    await expect(logo).toHaveAttribute('src', /^data:image\/png;base64,/);
    // The deadline typed from the keyboard, in the user's date format.
    await deadline.fill(typed);
    await deadline.press('Tab');
    await expect(deadline).toHaveValue(typed);

    // A link of the app: the guard asks; cancel stays, changes kept.
    const guard = page.getByRole('dialog', { name: 'Unsaved changes' });
    await page.getByRole('link', { name: 'User management' }).click();
    await expect(guard).toBeVisible();
    await expect(guard.getByTestId('guard-cancel')).toBeFocused();
    await guard.getByTestId('guard-cancel').click();
    await expect(guard).toBeHidden();
    await expect(page).toHaveURL(/\/settings\/organization$/);
    await expect(address).toHaveValue(ADDRESS);

    // The back button asks too; save stores everything, then goes back.
    await page.goBack();
    await expect(guard).toBeVisible();
    await guard.getByTestId('guard-save').click();
    await expect(page).toHaveURL(/\/analytics\/sites$/);
    await expect(page.getByText('The organization is saved.').last()).toBeVisible();

    // The site pages show the banner with the deadline plus one day (spec 000 §4).
    await page.goto(`/counting/${site.id}`);
    await expect(page.getByTestId('filter-bar')).toBeVisible();
    const banner = page.getByTestId('migration-banner');
    await expect(banner).toHaveAttribute('data-state', 'normal');
    await expect(banner).toContainText(isoDateAddDays(deadlineIso, 1).split('-').reverse().join('.'));

    await page.goto('/settings/organization');
    await expect(address).toHaveValue(ADDRESS);
    await expect(deadline).toHaveValue(typed);
    await expect(logo).toHaveAttribute('src', /^\/api\/images\/organizations\/\d+\/[0-9a-f]{20}\.png$/);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

    // Discard leaves without saving; the name is as it was.
    await name.fill('Renamed, not saved');
    await page.getByRole('link', { name: 'User management' }).click();
    await guard.getByTestId('guard-discard').click();
    await expect(page).toHaveURL(/\/settings\/user-management$/);
    // The user-management page shows (the address changes a moment before the page does; back
    // pressed in that moment returns to the organization page as it was left, changes and all).
    await expect(page.getByTestId('invite-user')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/settings\/organization$/);
    await expect(name).toHaveValue(originalName);

    // Reloading or closing the tab: the browser's own prompt; dismissing it keeps the page and its changes.
    await name.click();
    await name.fill('Still editing');
    const prompt = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await prompt;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    await expect(name).toHaveValue('Still editing');
    expect(page.isClosed()).toBe(false);
  } finally {
    await restore(request, token, organizationId);
  }
});

test('links of the organization and of one user show in the header menu, opening in a new tab when asked, from the keyboard', async ({ page, context, baseURL, request }) => {
  const { token, organizationId } = await adminSetup(request);
  const { allUsers } = await gql<{ allUsers: Array<{ id: number; email: string }> }>(request, token, '{ allUsers { id email } }');
  const viewerId = allUsers.find((u) => u.email === VIEWER.email)!.id;
  const clearViewerLinks = () => gql(request, token, 'mutation($u:Int!){ updateUserCustomLinks(userId:$u, customLinks:[]){ id } }', { u: viewerId });
  await restore(request, token, organizationId);
  await clearViewerLinks();
  try {
    await signedIn(page, ADMIN);
    await page.goto('/settings/organization');
    await page.getByTestId('link-add').click();
    await page.getByTestId('link-0-text').fill('Help centre');
    await page.getByTestId('link-0-url').fill('ftp://files.example');
    await page.getByTestId('link-0-url').press('Enter');
    await expect(page.getByText('Please enter a full web address starting with http:// or https://.')).toBeVisible();
    await page.getByTestId('link-0-url').fill(`${baseURL}/help`);
    await page.getByTestId('link-0-outside').check();
    // Enter in a field saves the form.
    await page.getByTestId('link-0-url').press('Enter');
    await expect(page.getByText('The organization is saved.').last()).toBeVisible();

    // A user's own links, on their page in user management.
    await page.goto(`/settings/user-management/${viewerId}/general`);
    const userLinks = page.getByTestId('user-links');
    await userLinks.getByTestId('link-add').click();
    await userLinks.getByTestId('link-0-text').fill('Timesheets');
    await userLinks.getByTestId('link-0-url').fill(`${baseURL}/analytics/sites`);
    // New links open in a new tab by default; this one stays in the app's tab.
    await userLinks.getByTestId('link-0-outside').uncheck();
    await userLinks.getByTestId('form-save').click();
    await expect(page.getByText('The links are saved.').last()).toBeVisible();

    await page.context().clearCookies();
    await acceptCookies(context, baseURL);
    await signedIn(page, VIEWER);
    const menuButton = page.getByTestId('custom-links-menu');
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    const help = menu.getByRole('menuitem', { name: /Help centre/ });
    const own = menu.getByRole('menuitem', { name: /Timesheets/ });
    await expect(help).toHaveAttribute('target', '_blank');
    await expect(help).toHaveAttribute('rel', /noopener/);
    await expect(own).not.toHaveAttribute('target', /.+/);
    await expect(menu).toContainText('Your links');
    await page.screenshot({ path: screenshotPath('custom-links-menu.png') });
    // The arrows move between the items (wherever the menu put the focus on opening).
    for (let i = 0; i < 3 && !(await help.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
    await expect(help).toBeFocused();
    const [tab] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
    await expect(tab).toHaveURL(/\/help$/);
    // noopener: the new tab has no handle on this one.
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.close();
  } finally {
    await restore(request, token, organizationId);
    await clearViewerLinks().catch(clearViewerLinks);
  }
});

test('a member without the edit right sees the organization read-only', async ({ page }) => {
  await signedIn(page, VIEWER);
  await page.goto('/settings/organization');
  await expect(page.getByTestId('organization-read-only')).toBeVisible();
  for (const field of ['organization-name', 'organization-address', 'organization-deadline']) await expect(page.getByTestId(field)).toHaveAttribute('readonly', '');
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
  await expect(page.getByTestId('link-add')).toHaveCount(0);
  await expect(page.getByTestId('form-save')).toHaveCount(0);
  await expect(page.getByTestId('organization-stats')).toBeVisible();
  // Nothing to lose: leaving asks nothing.
  await page.locator('a[href="/user-profile"]').first().click();
  await expect(page).toHaveURL(/\/user-profile/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the organization page and its leave guard in Arabic read right to left, at 1280 and 1024 pixels', async ({ page }) => {
  await signedIn(page, ADMIN);
  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'العربية', 'ar');
  try {
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/settings/organization');
      await expect(page.getByTestId('organization-stats')).toBeVisible();
      expect(await seriousViolations(page), `organization page at ${width}`).toEqual([]);
      await wholePageScreenshot(page, `organization-settings-ar-${width}.png`);
      await page.getByTestId('organization-address').fill('شارع الرون 48، جنيف');
      await page.locator('a[href="/settings/user-management"]').first().click();
      const guard = page.getByRole('dialog');
      await expect(guard.getByTestId('guard-save')).toBeVisible();
      await page.screenshot({ path: screenshotPath(`organization-guard-ar-${width}.png`) });
      await guard.getByTestId('guard-discard').click();
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
  }
});
