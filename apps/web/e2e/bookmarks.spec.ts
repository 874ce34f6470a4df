import { expect, test } from '@playwright/test';
import { acceptCookies, chooseLanguage, screenshotPath } from './helpers.ts';
import { demoSites, gql, loginToken, openWithFilterBar } from './filtersHelpers.ts';

interface PinRow {
  id: number;
  title: string;
  url: string;
}

const pinsOf = async (request: Parameters<typeof loginToken>[0], token: string) =>
  (await gql<{ pins: PinRow[] }>(request, token, '{ pins { id title url } }')).pins;

test('pin three pages, reorder by keyboard, rename, reload, delete', async ({ page, context, request, baseURL }) => {
  const token = await loginToken(request);
  for (const pin of await pinsOf(request, token)) await gql(request, token, 'mutation($id:Int!){ deletePin(id:$id) }', { id: pin.id });
  const sites = await demoSites(request, token);
  const pages = sites.flatMap((s) => s.families.filter((f) => ['counting', 'atmosphere', 'energy'].includes(f)).map((f) => ({ path: `/${f}/${s.id}`, title: `${s.name} ${f}` }))).slice(0, 3);
  expect(pages).toHaveLength(3);
  await acceptCookies(context, baseURL);

  for (const [i, target] of pages.entries()) {
    await openWithFilterBar(page, target.path);
    // The URL carries the page's filters once synced; the pin keeps them.
    await expect(page).toHaveURL(/timespan=|from=/);
    await page.getByTestId('pin-button').click();
    const title = page.getByTestId('pin-title');
    await title.fill('');
    await page.getByTestId('pin-save').click();
    await expect(page.getByText('A name is required')).toBeVisible();
    await title.fill(`Pin ${i + 1}`);
    await page.getByTestId('pin-save').click();
    await expect(page.getByTestId('pin-button')).toHaveAttribute('aria-pressed', 'true');
  }
  const stored = await pinsOf(request, token);
  expect(stored.map((p) => p.title)).toEqual(['Pin 1', 'Pin 2', 'Pin 3']);
  for (const [i, p] of stored.entries()) expect(p.url).toMatch(new RegExp(`^${pages[i]!.path}\\?.*(timespan|from)=`));

  const sidebar = page.getByTestId('pins-sidebar');
  const links = sidebar.getByTestId('pin-link');
  await expect(links).toHaveText(['Pin 1', 'Pin 2', 'Pin 3']);
  await page.screenshot({ path: screenshotPath('bookmarks.png') });
  const here = page.url();
  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'العربية', 'ar');
  try {
    await openWithFilterBar(page, here);
    await expect(page.getByTestId('pins-sidebar').getByTestId('pin-link')).toHaveCount(3);
    await page.screenshot({ path: screenshotPath('bookmarks-ar.png') });
  } finally {
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
  }
  await openWithFilterBar(page, here);

  // Keyboard: lift the first pin with Space, move it down twice, drop it. Each step waits for the
  // screen-reader announcement, so a key is not pressed before the list has measured the move.
  // Lifted, the pin is first announced over its own place; each move names the next place.
  const announcer = page.locator('[id^="DndLiveRegion"]');
  const handle = sidebar.getByTestId('pin-handle').first();
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await expect(announcer).toContainText('was moved over');
  for (let step = 0; step < 2; step++) {
    const said = (await announcer.textContent()) ?? '';
    await page.keyboard.press('ArrowDown');
    await expect(announcer).not.toHaveText(said);
  }
  await page.keyboard.press('Space');
  await expect(links).toHaveText(['Pin 2', 'Pin 3', 'Pin 1']);
  await expect.poll(async () => (await pinsOf(request, token)).map((p) => p.title)).toEqual(['Pin 2', 'Pin 3', 'Pin 1']);

  // Rename from the sidebar.
  await sidebar.getByTestId('pin-edit').nth(1).click();
  await page.getByTestId('pin-title').fill('Busiest shop');
  await page.getByTestId('pin-save').click();
  await expect(links).toHaveText(['Pin 2', 'Busiest shop', 'Pin 1']);

  // The order and the name survive a reload; a pin opens its page with its filters.
  await page.reload();
  await expect(page.getByTestId('pins-sidebar').getByTestId('pin-link')).toHaveText(['Pin 2', 'Busiest shop', 'Pin 1']);
  await links.nth(2).click();
  await expect(page).toHaveURL(new RegExp(`${pages[0]!.path}\\?`));

  // Collapsible.
  await page.getByTestId('pins-toggle').click();
  await expect(links.first()).toBeHidden();
  await page.getByTestId('pins-toggle').click();
  await expect(links.first()).toBeVisible();

  // Delete from the naming modal, by the keyboard; with one pin left the list is hidden. The deleted
  // pin's rename button is gone: the keyboard goes on from the pin now in its place, then from the page's pin button.
  await sidebar.getByTestId('pin-edit').first().focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('pin-delete').focus();
  await page.keyboard.press('Enter');
  await expect(links).toHaveText(['Busiest shop', 'Pin 1']);
  await expect(links.first()).toBeFocused();
  await sidebar.getByTestId('pin-edit').first().click();
  await page.getByTestId('pin-delete').click();
  await expect(page.getByTestId('pins-sidebar')).toHaveCount(0);
  await expect(page.getByTestId('pin-button')).toBeFocused();
  expect((await pinsOf(request, token)).map((p) => p.title)).toEqual(['Pin 1']);

  // The pin button of a pinned page removes it.
  await openWithFilterBar(page, (await pinsOf(request, token))[0]!.url);
  await page.getByTestId('pin-button').click();
  await expect(page.getByTestId('pin-button')).toHaveAttribute('aria-pressed', 'false');
  expect(await pinsOf(request, token)).toEqual([]);
});

test('changed filters not applied: leaving asks to apply, discard or stay', async ({ page, context, request, baseURL }) => {
  const token = await loginToken(request);
  const site = (await demoSites(request, token)).find((s) => s.families.includes('counting'))!;
  await acceptCookies(context, baseURL);
  await openWithFilterBar(page, `/counting/${site.id}`);
  await page.getByTestId('filter-bar-toggle').click();
  await page.getByTestId('gender-control').getByText('Women').click();
  await expect(page.getByTestId('filter-apply')).toBeEnabled();

  const leave = () => page.locator('nav a[href="/analytics/dashboard"]').first().click();
  await leave();
  await page.getByTestId('guard-cancel').click();
  await expect(page).toHaveURL(new RegExp(`/counting/${site.id}`));
  await leave();
  await page.getByTestId('guard-save').click();
  await expect(page).toHaveURL(/\/analytics\/dashboard/);
  await page.goBack();
  await expect(page).toHaveURL(/gender=FEMALE/);
  await expect(page.getByTestId('filter-preview')).toContainText('Women');

  await page.getByTestId('filter-bar-toggle').click();
  await page.getByTestId('gender-control').getByText('Men', { exact: true }).click();
  await leave();
  await page.getByTestId('guard-discard').click();
  await expect(page).toHaveURL(/\/analytics\/dashboard/);
  await page.goBack();
  await expect(page.getByTestId('filter-preview')).toContainText('Women');
});
