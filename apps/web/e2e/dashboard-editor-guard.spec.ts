import { expect, test } from '@playwright/test';
import { adminToken, ownDashboard, showcase } from './dashboardsHelpers.ts';
import { ADMIN, VIEWER, acceptCookies, signedInAt } from './helpers.ts';

// The editor's address is guarded as its Edit button is (canEditDashboard): the demo viewer reads
// dashboards but may not change them, so typing an edit URL shows why and a way back, never the editor.

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

test('the demo viewer opening an edit URL is told they cannot edit, and goes back to the dashboard', async ({ page, request }) => {
  const board = await showcase(request);
  const pageId = Number(/\/page\/(\d+)$/.exec(board.url)?.[1]);
  await signedInAt(page, VIEWER, `/dashboard/${board.id}/edit?page=${pageId}`);

  await expect(page.getByRole('heading', { name: 'You cannot edit this dashboard' })).toBeVisible();
  await expect(page.getByTestId('editor-not-allowed')).toContainText('Your profile does not allow changing this dashboard.');
  await expect(page).toHaveURL(new RegExp(`/dashboard/${board.id}/edit`));
  await expect(page.getByTestId('editor-widget')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add widget' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${board.id}/page/${pageId}(\\?|$)`));
  await expect(page.locator('[data-widget-type]').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
});

// The editor and the filter bar above its widgets each guard their unsaved changes. React Router
// supports one blocker only (with two it warns "A router only supports one blocker at a time" on
// every navigation and asks only the last): the app's one blocker asks every guard of the page.
test('in the editor, leaving asks about unsaved filters of the filter bar and about the unsaved draft, with one router blocker', async ({ page, request }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  const board = await ownDashboard(request, await adminToken(request));
  await signedInAt(page, ADMIN, `/dashboard/${board.id}/edit?page=${board.pageId}`);
  await expect(page.getByTestId('editor-widget')).toHaveCount(2);
  const close = page.getByRole('button', { name: 'Close the editor' });

  // Filters changed in the editor's filter bar and not applied: the filter bar's question.
  await page.getByTestId('filter-bar-toggle').click();
  await page.getByTestId('day-add').click();
  await expect(page.getByTestId('filter-apply')).toBeEnabled();
  await close.click();
  await expect(page.getByRole('dialog', { name: 'Unsaved filter changes' })).toBeVisible();
  await page.getByTestId('guard-cancel').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${board.id}/edit\\?`));
  await page.getByTestId('filter-undo').click();
  await expect(page.getByTestId('filter-apply')).toBeDisabled();

  // The draft changed (a widget resized): the editor's question; discard leaves.
  await page.getByRole('button', { name: 'Size of Visitors per hour' }).click();
  await page.getByRole('menuitem', { name: 'Full width' }).click();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
  await close.click();
  await expect(page.getByRole('dialog', { name: 'Unsaved changes' })).toBeVisible();
  await page.getByTestId('guard-discard').click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${board.id}/page/${board.pageId}(\\?|$)`));

  expect(logged.filter((text) => text.includes('one blocker'))).toEqual([]);
});
