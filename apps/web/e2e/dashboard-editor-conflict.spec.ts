import { expect, type Browser, type Page, test } from '@playwright/test';
import { adminToken, gqlAs, ownDashboard } from './dashboardsHelpers.ts';
import { ADMIN, acceptCookies, signedInAt } from './helpers.ts';

// Issue 32 item 2 in the browser: two people edit the same dashboard (two sessions of the demo
// administrator, each in its own browser context); the first saves, the second is told so and
// either saves a copy (the original keeps the first's change) or reloads (and sees the first's change).

const titles = (page: Page) => page.getByTestId('editor-widget').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.widgetTitle));

test.use({ viewport: { width: 1600, height: 900 } });

/** A signed-in editor of the dashboard in a browser context of its own. */
async function editorSession(browser: Browser, baseURL: string | undefined, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  await acceptCookies(context, baseURL);
  const page = await context.newPage();
  await signedInAt(page, ADMIN, url);
  await expect(page.getByTestId('editor-widget')).toHaveCount(2);
  return page;
}

async function resize(page: Page, title: string, width: string): Promise<void> {
  await page.getByRole('button', { name: `Size of ${title}` }).click();
  await page.getByRole('menuitem', { name: width }).click();
  await expect(page.getByRole('menu')).toBeHidden();
}

const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });

async function save(page: Page): Promise<void> {
  await saveButton(page).click();
  await expect(saveButton(page)).toBeDisabled();
}

test('the second of two editors is told of the first save: save as a copy, then reload', async ({ browser, baseURL, request }) => {
  const token = await adminToken(request);
  const name = `Conflict check ${Date.now()}`;
  const board = await ownDashboard(request, token, name);
  const url = `/dashboard/${board.id}/edit?page=${board.pageId}`;
  const first = await editorSession(browser, baseURL, url);
  const second = await editorSession(browser, baseURL, url);
  const layouts = async (id: number) =>
    (await gqlAs<{ pagesByDashboardId: Array<{ widgets: Array<{ title: string; layout: unknown }> }> }>(request, token, `{ pagesByDashboardId(dashboardId: ${id}) { widgets { title layout } } }`))
      .pagesByDashboardId[0]!.widgets;

  // Round one: both change a size; the first saves; the second is told and saves a copy.
  await resize(first, 'Visitors per hour', 'Full width');
  await resize(second, 'Visitors per day', 'Half width');
  await save(first);
  await saveButton(second).click();
  const dialog = second.getByRole('dialog', { name: 'Someone saved this dashboard' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('after you opened it');
  await dialog.getByRole('button', { name: 'Save as a copy' }).click();
  await expect(second).toHaveURL(/\/dashboard\/\d+\/edit/);
  await expect(second).not.toHaveURL(new RegExp(`/dashboard/${board.id}/edit`));
  const copyId = Number(/\/dashboard\/(\d+)\/edit/.exec(second.url())![1]);
  await expect(second.getByTestId('editor-widget')).toHaveCount(2);

  expect(await layouts(board.id)).toEqual([
    { title: 'Visitors per hour', layout: { width: 'full' } },
    { title: 'Visitors per day', layout: null },
  ]);
  expect(await layouts(copyId)).toEqual([
    { title: 'Visitors per hour', layout: null },
    { title: 'Visitors per day', layout: { width: 'half' } },
  ]);
  const { allDashboardsV2 } = await gqlAs<{ allDashboardsV2: Array<{ id: number; name: string }> }>(request, token, '{ allDashboardsV2 { id name } }');
  expect(allDashboardsV2.find((d) => d.id === copyId)?.name).toBe(`${name} (copy)`);

  // Round two, both on the original again: the first removes a widget and saves; the second, told, reloads.
  for (const page of [first, second]) {
    await page.goto(url);
    await expect(page.getByTestId('editor-widget')).toHaveCount(2);
  }
  await first.getByRole('button', { name: 'Delete Visitors per day' }).click();
  await expect(first.getByTestId('editor-widget')).toHaveCount(1);
  await save(first);
  await resize(second, 'Visitors per hour', 'Half width');
  await saveButton(second).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Reload' }).click();
  await expect(dialog).toBeHidden();
  await expect(second.getByTestId('editor-widget')).toHaveCount(1);
  expect(await titles(second)).toEqual(['Visitors per hour']);
  await expect(saveButton(second)).toBeDisabled();
  await expect(second).toHaveURL(new RegExp(`/dashboard/${board.id}/edit`));
  expect(await layouts(board.id)).toEqual([{ title: 'Visitors per hour', layout: { width: 'full' } }]);

  await first.context().close();
  await second.context().close();
});
