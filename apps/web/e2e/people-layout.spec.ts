import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminToken, gqlAs } from './dashboardsHelpers.ts';
import { ADMIN, acceptCookies, chooseLanguage, screenshotPath, signedInAt, wholePageScreenshot } from './helpers.ts';

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));
test.setTimeout(240_000);

/** The labels whose text is wider than the box that shows it (cut with "…"). */
async function cutTexts(labels: Locator): Promise<string[]> {
  return labels.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent ?? ''));
}

async function signInAdmin(page: Page) {
  await signedInAt(page, ADMIN, '/analytics/sites');
}

test('user management at 1440 px shows whole role and status badges, in English and Arabic, and the page never scrolls sideways from 1280 px down', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAdmin(page);
  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'English', 'en');
  for (const lang of ['en', 'ar'] as const) {
    if (lang === 'ar') {
      await page.goto('/user-profile/preferences');
      await chooseLanguage(page, 'العربية', 'ar');
    }
    await page.goto('/settings/user-management');
    const table = page.locator('table').filter({ has: page.locator('[data-testid^="user-row-"]') });
    const badges = table.locator('.mantine-Badge-label');
    await expect(badges.first()).toBeVisible({ timeout: 60_000 });
    await expect(table.getByText(lang === 'en' ? 'Administrator' : /مسؤول/).first()).toBeVisible();
    expect(await badges.count()).toBeGreaterThan(3);
    expect(await cutTexts(badges)).toEqual([]);
    await wholePageScreenshot(page, `user-management-${lang}-1440.png`);
    // Narrower, the page itself never scrolls sideways (from 1025 to about 1100 px the table scrolls in its frame; at 1024 the app is zoomed and it fits, see below).
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: `${lang} at ${width} px` }).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'English', 'en');
});

/** What does not fit in the users table: its width against its frame's, headings and status badges out of the frame or the window, e-mails on two lines or cut without their full text. */
async function usersTableFaults(page: Page): Promise<string[]> {
  const table = page.locator('table').filter({ has: page.locator('[data-testid^="user-row-"]') });
  return table.evaluate((el) => {
    const faults: string[] = [];
    const frame = el.closest('.mantine-Paper-root')!;
    const box = frame.getBoundingClientRect();
    const viewport = el.closest('.mantine-ScrollArea-viewport') ?? frame;
    if (el.scrollWidth > frame.clientWidth) faults.push(`table ${el.scrollWidth} px wide in a ${frame.clientWidth} px frame`);
    if (viewport.scrollWidth > viewport.clientWidth) faults.push(`frame scrolls sideways (${viewport.scrollWidth} > ${viewport.clientWidth})`);
    const window = document.documentElement.getBoundingClientRect();
    const inside = (r: DOMRect) => r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.left >= window.left - 0.5 && r.right <= window.left + document.documentElement.clientWidth + 0.5;
    const cut = (e: Element) => [e, ...e.querySelectorAll('*')].some((x) => x.scrollWidth > x.clientWidth + 1 && getComputedStyle(x).overflowX !== 'visible');
    for (const th of el.querySelectorAll('th')) {
      if (!inside(th.getBoundingClientRect())) faults.push(`heading "${th.textContent}" outside the frame`);
      if (cut(th)) faults.push(`heading "${th.textContent}" cut`);
    }
    for (const badge of el.querySelectorAll('tbody .mantine-Badge-root')) {
      if (!inside(badge.getBoundingClientRect())) faults.push(`badge "${badge.textContent}" outside the frame`);
      if (cut(badge)) faults.push(`badge "${badge.textContent}" cut`);
    }
    // Each address is a <bdi> (it reads left to right in Arabic too); shortened, the whole address is its title.
    for (const address of [...el.querySelectorAll('tbody bdi')].filter((b) => b.textContent?.includes('@'))) {
      const cell = address.closest('td')!;
      const text = address.textContent ?? '';
      const range = document.createRange();
      range.selectNodeContents(address);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size !== 1) faults.push(`e-mail ${text} on ${lines.size} lines`);
      if (cut(cell) && address.closest('[title]')?.getAttribute('title') !== text) faults.push(`e-mail ${text} cut without its whole address in a title`);
    }
    for (const row of el.querySelectorAll('[data-testid^="user-row-"]')) {
      if (!row.querySelector('td')?.textContent?.trim()) faults.push(`row ${row.getAttribute('data-testid')} without a name`);
    }
    return faults;
  });
}

test('at 1024 px and 1440 px the users table fits its frame in English and Arabic: every heading and status whole, e-mails on one line, invitees named by their e-mail', async ({ page, request }) => {
  await signInAdmin(page);
  // An invitee with a long, hyphenated address (one line, never broken at its hyphen) and no name yet.
  const email = `new-invitee-${Date.now()}@sitelens.example`;
  const token = await adminToken(request);
  const invitee = (await gqlAs<{ inviteUser: { id: number } }>(request, token, 'mutation($email: String!) { inviteUser(email: $email, lang: "ar") { id } }', { email })).inviteUser.id;
  try {
    for (const lang of ['en', 'ar'] as const) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/user-profile/preferences');
      await chooseLanguage(page, lang === 'en' ? 'English' : 'العربية', lang);
      for (const width of [1024, 1440]) {
        await page.setViewportSize({ width, height: width === 1024 ? 768 : 900 });
        await page.goto('/settings/user-management');
        const row = page.getByTestId(`user-row-${invitee}`);
        await expect(row).toBeVisible({ timeout: 60_000 });
        await expect(row.getByText(lang === 'en' ? 'Invited' : 'مدعو', { exact: true })).toBeVisible();
        expect.soft(await usersTableFaults(page), `${lang} at ${width} px`).toEqual([]);
        // The invitee's name cell says who it is: the address, as the sort by name uses it.
        await expect.soft(row.locator('td').first()).toHaveText(email);
        // A last sign-in reads date then time, left to right, in Arabic too (it read "16:29 07/12/2026").
        const order = await page.locator('table[aria-label]').evaluate((table) => {
          const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
            const match = /(\d{2}\/\d{2}\/\d{4}) (\d{2}:\d{2})/.exec(node.data);
            if (!match) continue;
            const left = (from: number) => {
              const range = document.createRange();
              range.setStart(node!, from);
              range.setEnd(node!, from + 1);
              return range.getBoundingClientRect();
            };
            const date = left(match.index);
            const time = left(match.index + match[1]!.length + 1);
            // On one line the time is right of the date; wrapped, it is below it.
            return time.top > date.bottom - 1 || time.left > date.left ? 'date, time' : 'time, date';
          }
          return 'none';
        });
        expect.soft(order, `${lang} at ${width} px`).toBe('date, time');
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: screenshotPath(`user-management-${lang}-${width}-fit.png`), fullPage: false });
      }
    }
  } finally {
    await gqlAs(request, token, 'mutation($id: Int!) { cancelInvitation(userId: $id) }', { id: invitee });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
  }
});

test('right to left, the phone’s calling code reads +41, before the number', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'العربية', 'ar');
  await page.goto('/user-profile/general');
  const number = page.getByTestId('profile-phone');
  await number.fill('79 123 45 67');
  // In the field: the code on the left of the digits, as every phone number reads.
  const prefix = page.locator('.mantine-Input-section').filter({ hasText: /^\+\d+$/ }).first();
  await expect(prefix).toBeVisible();
  const textStart = await number.evaluate((el) => el.getBoundingClientRect().left + parseFloat(getComputedStyle(el).paddingLeft));
  const prefixBox = (await prefix.boundingBox())!;
  expect(prefixBox.x + prefixBox.width).toBeLessThanOrEqual(textStart + 1);
  // In the country list: "+41", the sign before the digits, not "41+".
  await page.getByTestId('profile-phone-country').click();
  const option = page.getByRole('option').filter({ hasText: '41' }).first();
  await expect(option).toBeVisible();
  const plusBeforeDigits = await option.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const plus = text.indexOf('+');
      if (plus < 0) continue;
      const rectOf = (i: number) => {
        const range = document.createRange();
        range.setStart(node!, i);
        range.setEnd(node!, i + 1);
        return range.getBoundingClientRect();
      };
      return rectOf(plus).left < rectOf(plus + 1).left;
    }
    return null;
  });
  expect(plusBeforeDigits).toBe(true);
  await page.keyboard.press('Escape');
  await wholePageScreenshot(page, 'profile-general-ar.png');
  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'English', 'en');
});

test('a long single sign-on provider name wraps on the button instead of being cut, in Arabic too', async ({ page, context }) => {
  const label = 'Identité Numérique Cantonale du Valais VS';
  // The server's provider list as configured with a 40-character OIDC_SOCIAL_LABEL (its longest).
  await page.route('**/graphql', async (route) => {
    if (!route.request().postData()?.includes('signInProviders')) return route.continue();
    const response = await route.fetch();
    // One answer, or one per operation when the page's queries went together.
    type Answer = { data?: { signInProviders?: Array<{ label: string | null }> } };
    const body = (await response.json()) as Answer | Answer[];
    for (const answer of Array.isArray(body) ? body : [body]) for (const p of answer.data?.signInProviders ?? []) p.label = label;
    return route.fulfill({ response, json: body });
  });
  for (const lang of ['en', 'ar'] as const) {
    await context.addInitScript((l) => localStorage.setItem('sitelens.lang', l), lang);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const button = page.getByTestId('sso-social');
      await expect(button).toHaveText(lang === 'en' ? `Sign in with ${label}` : `تسجيل الدخول باستخدام ${label}`, { timeout: 45_000 });
      expect(await cutTexts(button.locator('.mantine-Button-label'))).toEqual([]);
      const labelBox = (await button.locator('.mantine-Button-label').boundingBox())!;
      const buttonBox = (await button.boundingBox())!;
      expect(labelBox.height).toBeLessThanOrEqual(buttonBox.height);
      if (width === 1280) await page.screenshot({ path: screenshotPath(`login-sso-long-${lang}.png`) });
    }
  }
});

test('user management finds users by name or e-mail, sorts by a column heading with aria-sort, and says when nothing matches, in English and Arabic', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signInAdmin(page);
  for (const lang of ['en', 'ar'] as const) {
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, lang === 'en' ? 'English' : 'العربية', lang);
    await page.goto('/settings/user-management');
    const rows = page.locator('[data-testid^="user-row-"]');
    await expect(rows.first()).toBeVisible({ timeout: 60_000 });
    const total = await rows.count();
    expect(total).toBeGreaterThan(1);
    const emails = () => rows.locator('bdi', { hasText: '@' }).allTextContents();
    // Sorted by name from the start; the e-mail heading sorts A to Z, then Z to A, and says so.
    await expect(page.getByRole('columnheader', { name: lang === 'en' ? 'Name' : /الاسم/ })).toHaveAttribute('aria-sort', 'ascending');
    const emailHeading = page.getByTestId('sort-email');
    await emailHeading.click();
    const ascending = await emails();
    expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b)));
    await emailHeading.press('Enter');
    await expect(page.locator('th[aria-sort="descending"]')).toContainText(lang === 'en' ? 'Email' : /البريد/);
    expect(await emails()).toEqual([...ascending].reverse());
    // Searching by a piece of an e-mail, in any case, keeps only who matches.
    const search = page.getByRole('searchbox', { name: lang === 'en' ? 'Search users' : 'البحث عن المستخدمين' });
    await search.fill('VIEWER@');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('viewer@sitelens.example');
    await expect(page.getByTestId('user-list-range')).toHaveText(lang === 'en' ? '1–1 of 1' : '1–1 من 1');
    await search.fill('nobody-here');
    await expect(page.getByTestId('user-search-empty')).toHaveText(lang === 'en' ? 'No user matches “nobody-here”.' : 'لا يوجد مستخدم يطابق «nobody-here».');
    await search.fill('');
    await expect(rows).toHaveCount(total);
    await page.screenshot({ path: screenshotPath(`user-management-search-${lang}-1024.png`) });
  }
  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'English', 'en');
});
