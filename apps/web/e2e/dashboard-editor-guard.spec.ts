import { expect, test } from '@playwright/test';
import { showcase } from './dashboardsHelpers.ts';
import { VIEWER, acceptCookies, signedInAt } from './helpers.ts';

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
