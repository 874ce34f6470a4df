import { expect, test, type Page } from '@playwright/test';
import { TUTORIAL_STEPS } from '@sitelens/domain';
import { gql, loginToken } from './filtersHelpers.ts';
import { type SentOperation, answerTo, carries } from './graphqlOperations.ts';
import { ADMIN, acceptCookies, chooseLanguage, screenshotPath, seriousViolations, signIn } from './helpers.ts';

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
  await page.goto('/login');
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/analytics\/sites$/);

  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help center' })).toBeVisible();
  await expect(page.getByTestId('help-topic-card')).toHaveCount(14);
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
  await page.goto('/login');
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/analytics\/sites$/);

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
  await page.goto('/login');
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/analytics\/sites$/);
  await page.goto('/user-profile/preferences');
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
