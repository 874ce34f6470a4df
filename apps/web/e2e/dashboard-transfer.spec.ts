import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { gql, loginToken } from './filtersHelpers.ts';
import { ADMIN, acceptCookies, signedInAt } from './helpers.ts';

// Issue 32 items 2–4 through the screens: a dashboard from a template, its duplicate, its export,
// the import with the review step, and the history's restore; then an export imported into a second
// organization the test creates (createOrganization: the demo administrator is a platform operator,
// playwright.config.ts), switched to as a user does. That organization has no sites (no API creates
// one), so the dashboard it receives is one without site references.

const ORGANIZATION = 'E2E customer';
const rowActions = (page: Page, name: string) => page.getByRole('button', { name: `Actions for ${name}`, exact: true });

// First: the test after it leaves the administrator in two organizations, so a sign-in then asks which.
test('a version with no page (a blank dashboard imported) opens read-only with a note, not a broken page', async ({ page, context, baseURL, request }) => {
  await acceptCookies(context, baseURL);
  const token = await loginToken(request);
  const { createDashboard } = await gql<{ createDashboard: { id: number } }>(request, token, 'mutation { createDashboard(name: "E2E blank") { id } }');
  const { exportDashboard } = await gql<{ exportDashboard: string }>(request, token, 'query($d: Int!) { exportDashboard(dashboardId: $d) }', { d: createDashboard.id });
  const { importDashboard } = await gql<{ importDashboard: { id: number } }>(
    request,
    token,
    'mutation($text: String!) { importDashboard(text: $text, name: "E2E blank imported", mapping: []) { id } }',
    { text: exportDashboard },
  );
  await signedInAt(page, ADMIN, `/dashboard/${importDashboard.id}/version/1`);
  await expect(page.getByTestId('version-banner')).toContainText('Version 1 of E2E blank imported, read-only');
  await expect(page.getByTestId('version-no-page')).toHaveText('This version has no page.');
});

test('a dashboard from a template, duplicated, exported, imported with review, an earlier version restored, and an export imported into a second organization', async ({ page, context, baseURL, request }) => {
  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, '/dashboard');
  await expect(page.getByTestId('dashboards-table')).toBeVisible();

  // New dashboard from a template, filled from the first site.
  await page.getByRole('button', { name: 'New dashboard' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Name', exact: true }).fill('E2E footfall');
  const template = page.getByTestId('template-shoppingCentreCounting');
  await expect(template).toBeEnabled();
  await template.click();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/\d+\/page\/\d+$/);
  await expect(page.getByText('Visitors per zone').first()).toBeVisible();

  // Duplicate it from the list.
  await page.goto('/dashboard');
  await rowActions(page, 'E2E footfall').click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Copy of E2E footfall');
  await page.getByRole('dialog').getByRole('button', { name: 'Duplicate', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/\d+\/page\/\d+$/);

  // Export the copy as a file.
  await page.goto('/dashboard');
  await rowActions(page, 'Copy of E2E footfall').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export JSON' }).click()]);
  expect(download.suggestedFilename()).toBe('Copy of E2E footfall.sitelens-dashboard.json');
  const file = (await download.path())!;
  expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ format: 'sitelens.dashboard', formatVersion: 1 });

  // Import it: the review lists the site and its zones, matched by name; then the new dashboard opens.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByRole('dialog').locator('input[type="file"]').setInputFiles(file);
  const review = page.getByTestId('import-review');
  await expect(review).toBeVisible();
  await expect(review.getByText(/^Site: /).first()).toBeVisible();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Name of the new dashboard' }).fill('E2E imported');
  await page.getByRole('dialog').getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/\d+\/page\/\d+$/);
  const importedId = Number(/\/dashboard\/(\d+)\//.exec(page.url())![1]);

  // A second version (a rename), then the history restores the first.
  const token = await loginToken(request);
  await gql(request, token, 'mutation($id: Int!) { renameDashboard(id: $id, name: "E2E imported") { id } }', { id: importedId });
  await page.goto('/dashboard');
  await rowActions(page, 'E2E imported').click();
  await page.getByRole('menuitem', { name: 'Version history' }).click();
  const panel = page.getByRole('dialog', { name: 'Version history' });
  const versions = panel.getByTestId('history-version');
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText('Version 2');
  await expect(versions.last()).toContainText('First version');
  await versions.last().getByRole('button', { name: 'Restore' }).click();
  await expect(panel.getByRole('status')).toContainText('Version 1 restored');
  await expect(versions).toHaveCount(3);
  await expect(versions.first()).toContainText('Restored from version 1');

  // The old version opens read-only.
  await versions.last().getByRole('link', { name: 'Open' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${importedId}/version/1$`));
  await expect(page.getByTestId('version-banner')).toContainText('Version 1 of E2E imported, read-only');

  // A plain dashboard (no site references) exported from the demo organization…
  const { createDashboard } = await gql<{ createDashboard: { id: number } }>(request, token, 'mutation { createDashboard(name: "E2E plain") { id } }');
  await gql(request, token, 'mutation($d: Int!) { createPage(dashboardId: $d, page: { name: "Notes" }) { id } }', { d: createDashboard.id });
  await page.goto('/dashboard');
  await rowActions(page, 'E2E plain').click();
  const [plainDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export JSON' }).click()]);
  const plainFile = (await plainDownload.path())!;

  // …imported into a second organization the platform operator creates and switches to.
  const { createOrganization } = await gql<{ createOrganization: { id: number } }>(request, token, 'mutation($n: String!) { createOrganization(name: $n) { id } }', { n: ORGANIZATION });
  await page.reload();
  const switchTo = async (name: string) => {
    await page.getByTestId('organization-menu').click();
    await page.getByTestId('organization-choice').filter({ hasText: name }).click();
    await expect(page.getByTestId('organization-menu')).toContainText(name);
  };
  await switchTo(ORGANIZATION);
  await expect(page.getByText('No dashboard to show yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByRole('dialog').locator('input[type="file"]').setInputFiles(plainFile);
  const nameField = page.getByRole('dialog').getByRole('textbox', { name: 'Name of the new dashboard' });
  await expect(nameField).toBeVisible();
  await nameField.fill('E2E customer dashboard');
  await page.getByRole('dialog').getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/\d+\/page\/\d+$/);
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboards-table')).toContainText('E2E customer dashboard');

  // In the new organization only: the demo organization (where the API token acts) has no such dashboard.
  const { allDashboardsV2 } = await gql<{ allDashboardsV2: Array<{ name: string }> }>(request, token, '{ allDashboardsV2 { name } }');
  expect(allDashboardsV2.map((d) => d.name)).not.toContain('E2E customer dashboard');
  expect(createOrganization.id).toBeGreaterThan(0);
  // Back to the demo organization, which the next sign-in (other specs) opens again.
  await switchTo('Maison Lumière Group');
  await expect(page.getByTestId('dashboards-table')).toContainText('E2E plain');
});
