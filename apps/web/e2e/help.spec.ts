import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { TUTORIAL_STEPS, isoDateAddDays } from '@sitelens/domain';
import { demoSites, gql, loginToken } from './filtersHelpers.ts';
import { type SentOperation, answerTo, carries } from './graphqlOperations.ts';
import { ADMIN, acceptCookies, chooseLanguage, screenshotPath, seriousViolations, signedInAt, signIn } from './helpers.ts';

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

const tour = (page: Page) => page.getByTestId('tutorial');

/** Signs in through the form and waits until the shell has read the user's tour progress. */
async function signInAndReadProgress(page: Page): Promise<string> {
  await page.goto('/login');
  const isProgress = (op: SentOperation) => op.query.includes('TutorialProgress');
  const progress = page.waitForResponse((r) => carries(r.request(), isProgress));
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/analytics\/sites$/);
  const { answer } = await answerTo<{ tutorialProgress: { status: string } }>(await progress, isProgress);
  return answer.data!.tutorialProgress.status;
}

/** Waits until the highlight sits around the element (6 px of margin), once it has moved there. */
async function expectSpotlightOn(page: Page, selector: string) {
  const anchor = page.locator(selector).first();
  await expect(anchor).toBeVisible();
  await expect(page.getByTestId('tutorial-spotlight')).toBeVisible();
  await expect
    .poll(async () => {
      const [spot, box] = [await page.getByTestId('tutorial-spotlight').boundingBox(), await anchor.boundingBox()];
      return spot && box ? Math.max(Math.abs(spot.x + 6 - box.x), Math.abs(spot.y + 6 - box.y)) : Infinity;
    })
    .toBeLessThan(2);
}

async function expectFocusInside(page: Page) {
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    expect(await tour(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
}

test('the guided tour walks every step on the real screens by keyboard, then is remembered as completed', async ({ page, request }) => {
  // The demo accounts have seen the tour: it does not open by itself for them.
  expect(await signInAndReadProgress(page)).toBe('COMPLETED');
  await expect(page.locator('[data-tutorial="sites"]')).toBeVisible();
  await expect(tour(page)).toHaveCount(0);

  await page.goto('/help');
  await page.getByTestId('tour-replay').click();
  await expect(page).toHaveURL(/\/analytics\/sites$/);
  await expect(tour(page)).toHaveAttribute('data-phase', 'welcome');
  await expect(page.getByRole('dialog', { name: 'Welcome to Sitelens' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start the tour' })).toBeFocused();
  await expectFocusInside(page);
  expect(await seriousViolations(page, '[data-testid="tutorial"]')).toEqual([]);

  await page.getByRole('button', { name: 'Start the tour' }).focus();
  await page.keyboard.press('Enter');
  const seen: string[] = [];
  for (const step of TUTORIAL_STEPS) {
    await expect(tour(page)).toHaveAttribute('data-step', step);
    // The step points at the element of the real screen that carries its anchor.
    await expectSpotlightOn(page, `[data-tutorial="${step}"]`);
    await expect(tour(page)).toContainText(`Step ${seen.length + 1} of ${TUTORIAL_STEPS.length}`);
    seen.push(step);
    if (step === 'sites') await expect(page).toHaveURL(/\/analytics\/sites$/);
    if (step === 'dashboard') await expect(page).toHaveURL(/\/(counting|atmosphere|energy)\/\d+(\?|$)/);
    if (step === 'filters') {
      // Back with the arrow key, then forward again.
      await page.keyboard.press('ArrowLeft');
      await expect(tour(page)).toHaveAttribute('data-step', 'dashboard');
      await page.keyboard.press('ArrowRight');
      await expect(tour(page)).toHaveAttribute('data-step', 'filters');
    }
    if (step === 'dates') await page.screenshot({ path: screenshotPath('tutorial.png') });
    await page.getByTestId('tutorial-next').focus();
    await page.keyboard.press('Enter');
  }
  expect(seen).toEqual([...TUTORIAL_STEPS]);
  await expect(tour(page)).toHaveAttribute('data-phase', 'done');
  const saved = page.waitForResponse((r) => (r.request().postData() ?? '').includes('FinishTutorial'));
  await page.getByRole('button', { name: 'Finish' }).click();
  await saved;
  await expect(tour(page)).toHaveCount(0);

  const token = await loginToken(request);
  const { tutorialProgress } = await gql<{ tutorialProgress: { status: string } }>(request, token, '{ tutorialProgress { status } }');
  expect(tutorialProgress.status).toBe('COMPLETED');
  await page.context().clearCookies();
  await acceptCookies(page.context(), undefined);
  expect(await signInAndReadProgress(page)).toBe('COMPLETED');
  await expect(tour(page)).toHaveCount(0);
});

test('a tour not yet finished starts by itself after sign-in; skipping asks first and is remembered', async ({ page, request }) => {
  // Replaying from the help centre asks for the tour again: the state of a user who has never seen it.
  const token = await loginToken(request);
  await gql(request, token, 'mutation { restartTutorial { status } }');
  expect(await signInAndReadProgress(page)).toBe('NOT_STARTED');
  await expect(tour(page)).toHaveAttribute('data-phase', 'welcome');

  await page.getByRole('button', { name: 'Start the tour' }).click();
  await expect(tour(page)).toHaveAttribute('data-step', 'sidebar');
  await page.getByTestId('tutorial-skip').click();
  await expect(page.getByRole('dialog', { name: 'Skip the tour?' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue the tour' }).click();
  await expect(tour(page)).toHaveAttribute('data-step', 'sidebar');

  // Escape asks too; the confirmation ends it as skipped.
  await page.keyboard.press('Escape');
  await expect(tour(page)).toHaveAttribute('data-phase', 'confirmSkip');
  const saved = page.waitForResponse((r) => (r.request().postData() ?? '').includes('FinishTutorial'));
  await page.getByTestId('tutorial-confirm-skip').click();
  await saved;
  await expect(tour(page)).toHaveCount(0);
  const { tutorialProgress } = await gql<{ tutorialProgress: { status: string } }>(request, token, '{ tutorialProgress { status } }');
  expect(tutorialProgress.status).toBe('SKIPPED');

  await page.reload();
  await expect(page.locator('[data-tutorial="sites"]')).toBeVisible();
  await expect(tour(page)).toHaveCount(0);
});

test('the help centre finds a question by an accented word, whatever the case and accents', async ({ page }) => {
  await signedInAt(page, ADMIN, '/analytics/sites');

  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help center' })).toBeVisible();
  await expect(page.getByTestId('help-topic-card')).toHaveCount(15);
  await expect(page.getByTestId('support-status')).toBeVisible();
  await expect(page.getByTestId('support-phone')).toHaveText('+44 20 7946 0018');
  await page.screenshot({ path: screenshotPath('help.png') });
  expect(await seriousViolations(page)).toEqual([]);

  const search = page.getByRole('searchbox', { name: 'Search the help' });
  // An accent the English text does not have still finds it.
  await search.fill('ÉXPÔRT');
  await expect(page.getByTestId('help-search-hit').filter({ hasText: 'Data export' }).first()).toBeVisible();
  await search.fill('zzzz');
  await expect(page.getByTestId('help-search-none')).toBeVisible();

  await page.locator('header a[href="/user-profile"]').click();
  await page.locator('nav a[href="/user-profile/preferences"]').click();
  await chooseLanguage(page, 'Français', 'fr');
  try {
    await page.goto('/help');
    const fr = page.getByRole('searchbox', { name: 'Rechercher dans l\'aide' });
    // "écran" as typed, and without its accent in capitals: both find the Stop&Go screen question.
    for (const query of ['écran', 'ECRAN']) {
      await fr.fill(query);
      const hit = page.getByTestId('help-search-hit').filter({ hasText: 'Qu\'affiche un écran Stop&Go' });
      await expect(hit).toBeVisible();
      await expect(hit).toHaveAttribute('data-kind', 'faq');
    }
    await fr.fill('');
    await expect(page.getByTestId('help-topics')).toBeVisible();
  } finally {
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
  }
});

test('each screen title links to its help topic; the sales topic shows the file layout, the metrics topic every metric', async ({ page }) => {
  await signedInAt(page, ADMIN, '/analytics/sites');

  await page.getByTestId('page-help-link').click();
  await expect(page).toHaveURL(/\/help\/sites$/);
  await expect(page.getByRole('heading', { name: 'Sites and their pages' })).toBeVisible();

  await page.goto('/sales-metrics-import');
  await page.getByTestId('page-help-link').click();
  await expect(page).toHaveURL(/\/help\/salesImport$/);
  const layout = page.getByTestId('sales-file-layout');
  await expect(layout.getByRole('row')).toHaveCount(7);
  for (const [column, text] of [['A', 'Receipt id'], ['B', 'Date and hour'], ['C', 'Shop id'], ['D', 'Number of items'], ['E', 'Turnover'], ['F', 'Currency']]) {
    await expect(layout.getByRole('row').filter({ has: page.getByRole('rowheader', { name: column, exact: true }) })).toContainText(text!);
  }

  await page.goto('/help/metrics');
  const glossary = page.getByTestId('metric-help');
  await expect(glossary.first()).toBeVisible();
  expect(await glossary.count()).toBeGreaterThan(80);
  const capture = page.locator('[data-metric="captureRate"]');
  await expect(capture).toContainText('Visitors in, Passers-by');
  await expect(capture.getByTestId('metric-help-unit')).toHaveText('%');
  // What the engine does not answer yet (no widget offers it) says so.
  await expect(capture.getByTestId('metric-help-not-yet')).toHaveCount(0);
  await expect(page.locator('[data-metric="uniqueVisitors"]').getByTestId('metric-help-not-yet')).toHaveText(/^Not available yet/);
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page).toHaveTitle(/Help center/);
});

test('in Arabic the help centre, the tour and the home page read right to left', async ({ page }) => {
  await signedInAt(page, ADMIN, '/user-profile/preferences');
  await chooseLanguage(page, 'العربية', 'ar');
  try {
    await page.goto('/home');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('home-site').and(page.locator('[data-status="ready"]'))).toHaveCount(3);
    await page.screenshot({ path: screenshotPath('home-ar.png') });

    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1, name: 'مركز المساعدة' })).toBeVisible();
    await expect(page.getByTestId('support-status')).toBeVisible();
    await page.screenshot({ path: screenshotPath('help-ar.png') });

    await page.getByTestId('tour-replay').click();
    await expect(tour(page)).toHaveAttribute('data-phase', 'welcome');
    // Forward is the left arrow in Arabic.
    await page.keyboard.press('ArrowLeft');
    await expect(tour(page)).toHaveAttribute('data-step', 'sidebar');
    // The sidebar stands on the right; the card opens on its reading side, to its left.
    const sidebar = (await page.getByTestId('sidebar').boundingBox())!;
    await expect.poll(async () => (await tour(page).boundingBox())!.x + (await tour(page).boundingBox())!.width).toBeLessThanOrEqual(sidebar.x);
    await page.keyboard.press('ArrowLeft');
    await expect(tour(page)).toHaveAttribute('data-step', 'sites');
    await page.keyboard.press('ArrowRight');
    await expect(tour(page)).toHaveAttribute('data-step', 'sidebar');
    await expectSpotlightOn(page, '[data-tutorial="sidebar"]');
    await page.screenshot({ path: screenshotPath('tutorial-ar.png') });
    await page.keyboard.press('Escape');
    await page.getByTestId('tutorial-confirm-skip').click();
    await expect(tour(page)).toHaveCount(0);
  } finally {
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
  }
});

/** The caller's tour progress, to put back as found: a tour not finished would open in the next specs. */
async function tourProgress(request: APIRequestContext): Promise<{ token: string; status: string }> {
  const token = await loginToken(request);
  const { tutorialProgress } = await gql<{ tutorialProgress: { status: string } }>(request, token, '{ tutorialProgress { status } }');
  return { token, status: tutorialProgress.status };
}

async function putProgressBack(request: APIRequestContext, { token, status }: { token: string; status: string }) {
  if (status === 'COMPLETED' || status === 'SKIPPED') await gql(request, token, `mutation { finishTutorial(outcome: ${status}) { status } }`);
}

for (const width of [1024, 1440]) {
  test(`at ${width} px each step's highlight sits on its element, the widgets below the header; steps are announced and the keyboard comes back to the page`, async ({ page, request }) => {
    const before = await tourProgress(request);
    await page.setViewportSize({ width, height: 768 });
    await signedInAt(page, ADMIN, '/analytics/sites');
    try {
      await page.goto('/help');
      await page.getByTestId('tour-replay').focus();
      await page.keyboard.press('Enter');
      await expect(tour(page)).toHaveAttribute('data-phase', 'welcome');
      await expect(page.getByRole('button', { name: 'Start the tour' })).toBeFocused();
      await page.keyboard.press('Enter');
      for (const [index, step] of TUTORIAL_STEPS.entries()) {
        await expect(tour(page)).toHaveAttribute('data-step', step);
        await expectSpotlightOn(page, `[data-tutorial="${step}"]`);
        // The step count is part of the dialog's description, and each new step is said in the live region.
        const count = `Step ${index + 1} of ${TUTORIAL_STEPS.length}`;
        await expect(page.getByRole('dialog')).toHaveAccessibleDescription(new RegExp(`^${count} `, 'i'));
        await expect(page.getByTestId('tutorial-announcement')).toHaveText(new RegExp(`^${count}\\. ${await tour(page).getByRole('heading').textContent()}\\. `));
        await expect(page.getByTestId('tutorial-next')).toBeFocused();
        await page.keyboard.press('Enter');
      }
      // The widgets step showed the top of the grid under the fixed header (the middle of the first widget).
      await page.keyboard.press('ArrowLeft');
      await expect(tour(page)).toHaveAttribute('data-step', 'widgets');
      const header = (await page.locator('header').first().boundingBox())!;
      await expect.poll(async () => (await page.locator('[data-tutorial="widgets"]').boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
      await expect.poll(async () => (await page.getByTestId('tutorial-spotlight').boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);

      // Escape asks to skip; the confirmation is said too, and closing gives the keyboard back to the page.
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('tutorial-announcement')).toHaveText('Skip the tour? You can replay it at any time from the help centre.');
      await page.getByTestId('tutorial-confirm-skip').focus();
      await page.keyboard.press('Enter');
      await expect(tour(page)).toHaveCount(0);
      // The replay button is gone with the help centre: the page's main content has the focus, and Tab goes on in it.
      await expect(page.locator('#main')).toBeFocused();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.getElementById('main')!.contains(document.activeElement))).toBe(true);
    } finally {
      await putProgressBack(request, before);
    }
  });
}

test('the help search says what it found, or that nothing matches, in a live region; Arabic words are found with their article', async ({ page, request }) => {
  await signedInAt(page, ADMIN, '/help');
  const status = page.getByTestId('help-search-status');
  // The region is there before anything is typed, so that what it then says is announced.
  await expect(status).toHaveAttribute('role', 'status');
  await expect(status).toHaveText('');
  const search = page.getByRole('searchbox', { name: 'Search the help' });
  await search.fill('zzzz');
  await expect(status).toHaveText('Nothing matches “zzzz”. Try another word, or call us.');
  await search.fill('export');
  await expect(page.getByTestId('help-search-hit').filter({ hasText: 'Data export' }).first()).toBeVisible();
  await expect(status).toHaveText(`Answers found: ${await page.getByTestId('help-search-hit').count()}`);

  const token = await loginToken(request);
  await gql(request, token, 'mutation { updateUserProfile(profile: { lang: "ar" }) { id } }');
  try {
    await page.goto('/help');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    // "التصدير" (the export) finds the topic "تصدير البيانات" (data export), which has no article.
    await page.getByTestId('help-search').fill('التصدير');
    await expect(page.getByTestId('help-search-hit').filter({ hasText: 'تصدير البيانات' }).first()).toBeVisible();
    await expect(page.getByTestId('help-search-status')).toHaveText(/^عدد الإجابات: \d+$/);
  } finally {
    await gql(request, token, 'mutation { updateUserProfile(profile: { lang: "en" }) { id } }');
  }
});

/** Where the tour's card stands against the screen, its highlight and its own text. */
async function cardLayout(page: Page) {
  return page.evaluate(() => {
    const card = document.querySelector<HTMLElement>('[data-testid="tutorial"]')!;
    const spotlight = document.querySelector<HTMLElement>('[data-testid="tutorial-spotlight"]');
    const spot = spotlight?.getBoundingClientRect() ?? null;
    const spotStyle = spotlight ? getComputedStyle(spotlight) : null;
    // Its corner and outline in screen pixels (the highlight lives outside the zoomed app).
    const spotEdge = spotStyle ? { radius: parseFloat(spotStyle.borderTopLeftRadius), outline: parseFloat(spotStyle.outlineWidth) } : null;
    const box = card.getBoundingClientRect();
    // Text is cut when a piece of the card is wider or taller than its own box, or reaches past the card.
    const cut = [card, ...card.querySelectorAll<HTMLElement>('h2, p, button')].filter((el) => {
      const r = el.getBoundingClientRect();
      return el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1 || r.left < box.left - 1 || r.right > box.right + 1 || r.bottom > box.bottom + 1;
    }).length;
    // The app's zoom (1 when not zoomed), read from a laid-out element of the page.
    const main = document.getElementById('main')!;
    const zoom = main.getBoundingClientRect().width / main.offsetWidth;
    return { box: { left: box.left, top: box.top, right: box.right, bottom: box.bottom, width: box.width }, spot, spotEdge, cut, zoom, view: { width: innerWidth, height: innerHeight } };
  });
}

for (const [width, height] of [[1024, 768], [1440, 900]] as const) {
  test(`at ${width} px the tour's card is scaled like the app, inside the screen beside its highlight, with its text whole, in English and in Arabic`, async ({ page, request }) => {
    const before = await tourProgress(request);
    await page.setViewportSize({ width, height });
    await signedInAt(page, ADMIN, '/analytics/sites');
    try {
      for (const lang of ['en', 'ar']) {
        await gql(request, before.token, `mutation { updateUserProfile(profile: { lang: "${lang}" }) { id } }`);
        await page.goto('/help');
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await page.getByTestId('tour-replay').click();
        await expect(tour(page)).toHaveAttribute('data-phase', 'welcome');
        await page.getByTestId('tutorial-next').click();
        for (const step of TUTORIAL_STEPS) {
          await expect(tour(page)).toHaveAttribute('data-step', step);
          await expectSpotlightOn(page, `[data-tutorial="${step}"]`);
          // The highlight slides to its element (a 150 ms transition): measured once it has arrived.
          await page.waitForFunction(() => document.querySelector('[data-testid="tutorial-spotlight"]')?.getAnimations().length === 0);
          const { box, spot, spotEdge, cut, zoom, view } = await cardLayout(page);
          if (width === 1024 && step === 'filters') await page.screenshot({ path: screenshotPath(`tutorial-1024-${lang}.png`) });
          expect(box.left, step).toBeGreaterThanOrEqual(0);
          expect(box.top, step).toBeGreaterThanOrEqual(0);
          expect(box.right, step).toBeLessThanOrEqual(view.width);
          expect(box.bottom, step).toBeLessThanOrEqual(view.height);
          expect(cut, step).toBe(0);
          // Beside the highlight: touching neither it nor more than the gap away, on one side of it,
          // unless the element is too big to leave room (the card then stands at the foot of the screen).
          const s = spot!;
          const gap = Math.max(s.top - box.bottom, box.top - s.bottom, s.left - box.right, box.left - s.right);
          const roomy = s.height < view.height - box.bottom + box.top - 48 || s.width < view.width - box.width - 48;
          if (roomy) expect(gap, step).toBeGreaterThan(0);
          if (roomy) expect(gap, step).toBeLessThanOrEqual(13);
          if (width === 1024) expect(zoom).toBeCloseTo(1024 / 1200, 2);
          // 360 px in the app's own pixels, drawn at the app's zoom like everything around it.
          expect(box.width, step).toBeCloseTo(360 * zoom, 0);
          // The highlight's corner and outline are drawn at the same zoom (they kept 10 and 3 px at 1024).
          expect(spotEdge!.radius, step).toBeCloseTo(10 * zoom, 1);
          expect(spotEdge!.outline, step).toBeLessThanOrEqual(3 * zoom + 0.01);
          await page.getByTestId('tutorial-next').click();
        }
        await page.getByTestId('tutorial-next').click();
        await expect(tour(page)).toHaveCount(0);
      }
    } finally {
      await gql(request, before.token, 'mutation { updateUserProfile(profile: { lang: "en" }) { id } }');
      await putProgressBack(request, before);
    }
  });
}

test('the migration banner\'s "Try it now" starts the guided tour, its "Learn more" opens the help topic on the move (both led to the help centre)', async ({ page, request }) => {
  const before = await tourProgress(request);
  const { me } = await gql<{ me: { organizationIds: number[] } }>(request, before.token, '{ me { organizationIds } }');
  const organizationId = me.organizationIds[0]!;
  const setDeadline = (date: string | null) =>
    gql(request, before.token, `mutation { setMigrationDeadline(organizationId: ${organizationId}, migrationDeadline: ${date ? `"${date}"` : 'null'}) { migrationDeadline } }`);
  const site = (await demoSites(request, before.token)).find((s) => s.families.includes('counting'))!;
  const today = new Date();
  await setDeadline(isoDateAddDays(`${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`, 30));
  try {
    await signedInAt(page, ADMIN, `/counting/${site.id}`);
    const banner = page.getByTestId('migration-banner');
    await expect(banner).toHaveAttribute('data-state', 'normal');

    await banner.getByRole('link', { name: 'Learn more' }).click();
    await expect(page).toHaveURL(/\/help\/migration$/);
    await expect(page.getByRole('heading', { name: 'Moving to the new version' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Try it now' })).toBeVisible();

    await page.goBack();
    await page.getByTestId('migration-banner').getByRole('button', { name: 'Try it now' }).click();
    await expect(tour(page)).toHaveAttribute('data-phase', 'welcome');
    // On the sites overview, with the filters it keeps from earlier visits (?timespan=…&zone=…).
    await expect(page).toHaveURL(/\/analytics\/sites(\?[^/]*)?$/);
    await page.getByTestId('tutorial-skip').click();
    await page.getByTestId('tutorial-confirm-skip').click();
    await expect(tour(page)).toHaveCount(0);
  } finally {
    await setDeadline(null);
    await putProgressBack(request, before);
  }
});
