import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, gqlAs } from './dashboardsHelpers.ts';
import { ADMIN, acceptCookies, chooseLanguage, screenshotPath, seriousViolations, signedInAt, wholePageScreenshot } from './helpers.ts';

// Stop&Go (spec 002 §2-§9 and issue 18): a limit per site and event, screen displays, and the
// entrance screen itself, fed live by the readings sent to POST /api/ingest.

interface Door {
  siteId: number;
  zoneId: number;
  eventId: number;
  apiKey: string;
}

async function gql<T>(request: APIRequestContext, token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await request.post('/graphql', { data: { query, variables }, headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { data: T; errors?: unknown[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

/** The demo's French shopping centre, its top zone and its never-ending counting event. */
async function siteAndEvent(request: APIRequestContext, token: string): Promise<Omit<Door, 'apiKey'>> {
  const { allInstallations } = await gqlAs<{ allInstallations: Array<{ id: number; country: string | null; families: string[] }> }>(request, token, '{ allInstallations { id country families } }');
  const site = allInstallations.find((s) => s.country === 'FR' && s.families.includes('counting')) ?? allInstallations.find((s) => s.families.includes('counting'))!;
  const { zonesByInstallation, allEventsByInstallation } = await gql<{
    zonesByInstallation: Array<{ id: number; parentIds: number[] }>;
    allEventsByInstallation: Array<{ id: number; metrics: string[]; neverEnding: boolean }>;
  }>(request, token, 'query($i: Int!) { zonesByInstallation(installationId: $i) { id parentIds } allEventsByInstallation(installationId: $i) { id metrics neverEnding } }', { i: site.id });
  const event = allEventsByInstallation.find((e) => e.neverEnding && e.metrics.includes('counting'))!;
  return { siteId: site.id, zoneId: zonesByInstallation.find((z) => z.parentIds.length === 0)!.id, eventId: event.id };
}

/** The same with an API key to send readings. */
async function door(request: APIRequestContext, token: string): Promise<Door> {
  const { createApiKey } = await gql<{ createApiKey: { secret: string } }>(request, token, 'mutation { createApiKey(name: "Stop&Go e2e") { secret } }');
  return { ...(await siteAndEvent(request, token)), apiKey: createApiKey.secret };
}

const inside = async (request: APIRequestContext, token: string, d: Door) =>
  (await gql<{ stopNGoOccupancy: { inside: number } }>(request, token, 'query($e: Int!) { stopNGoOccupancy(eventId: $e) { inside } }', { e: d.eventId })).stopNGoOccupancy.inside;

const setLimit = (request: APIRequestContext, token: string, d: Pick<Door, 'eventId'>, limit: number | null) =>
  gql(request, token, 'mutation($e: Int!, $l: Int) { updateEventStopNGoLimit(eventId: $e, limit: $l) { id } }', { e: d.eventId, l: limit });

let sent = 0;
/** People in or out through the site's top zone, sent as a gateway does; each at its own instant of the last seconds. */
async function ingest(request: APIRequestContext, d: Door, metric: 'visitorsIn' | 'visitorsOut', value: number): Promise<void> {
  sent += 1;
  const time = new Date(Date.now() - 2000 + sent * 3).toISOString();
  const response = await request.post('/api/ingest', {
    data: [{ target: { kind: 'zone', id: d.zoneId }, metric, time, value }],
    headers: { authorization: `Bearer ${d.apiKey}` },
  });
  expect(await response.json()).toEqual({ accepted: 1, rejected: [] });
}

const noScrolling = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight <= innerHeight && document.documentElement.scrollWidth <= innerWidth);

test('Stop&Go: a limit and a screen set up in the back office; the door says STOP within 2 s of readings over the limit, GO when people leave, and that it was removed', async ({ page, browser, request, context, baseURL }) => {
  const token = await adminToken(request);
  const d = await door(request, token);
  const limit = (await inside(request, token, d)) + 50;

  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, `/stop-n-go?site=${d.siteId}&event=${d.eventId}`);
  await expect(page.getByTestId('stopngo-no-limit')).toBeVisible();
  await page.getByTestId('stopngo-limit-add').click();
  await page.getByTestId('stopngo-limit-input').fill('0');
  await page.getByTestId('stopngo-limit-save').click();
  await expect(page.getByText('The limit must be at least 1.')).toBeVisible();
  // 2.5 is neither cut to 2 nor to 25: refused in words, and nothing is saved.
  await page.getByTestId('stopngo-limit-input').fill('2.5');
  await page.getByTestId('stopngo-limit-save').click();
  await expect(page.getByText('Enter a whole number of visitors.')).toBeVisible();
  await expect(page.getByTestId('stopngo-limit-input')).toHaveValue('2.5');
  await page.getByTestId('stopngo-limit-input').locator('xpath=ancestor::form[1]').screenshot({ path: screenshotPath('stopngo-limit-form.png') });
  await expect(page.getByRole('heading', { name: 'Stop&Go', exact: true })).toBeVisible();
  await page.getByTestId('stopngo-limit-input').fill(String(limit));
  await page.getByTestId('stopngo-limit-save').click();
  // Said with its plural, and the occupancy's two counts each with their own.
  await expect(page.getByTestId('stopngo-limit-value')).toHaveText(`${limit.toLocaleString('en')} visitors inside at most`);
  const now = (await page.getByTestId('stopngo-limit-now').textContent())!;
  // Counts are written as numbers are in English: 1,936, not 1936.
  const [, people, word, places, noun] = /^Now (\d{1,3}(?:,\d{3})*) (person|people) inside, (\d{1,3}(?:,\d{3})*) (place|places) left$/.exec(now) ?? [];
  expect({ word, noun }, now).toEqual({ word: people === '1' ? 'person' : 'people', noun: places === '1' ? 'place' : 'places' });

  await page.getByTestId('stopngo-screen-create').click();
  await page.getByTestId('stopngo-screen-name').fill('Main entrance');
  await page.getByTestId('stopngo-screen-second-language').click();
  await page.getByRole('option', { name: 'العربية' }).click();
  await page.getByTestId('stopngo-screen-create-submit').click();
  const address = (await page.getByTestId('stopngo-address').textContent())!.trim();
  expect(address).toMatch(/\/stop-n-go\/screen#sgo_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId('stopngo-qr')).toBeVisible();
  await page.getByTestId('stopngo-address-done').click();
  const row = page.getByTestId('stopngo-screen-row').filter({ hasText: 'Main entrance' });
  // The create form and its button are gone: the focus goes to the new screen's address button, not to the page.
  await expect(row.getByTestId('stopngo-screen-renew')).toBeFocused();
  await expect(row).toContainText('Français · العربية');
  expect(await seriousViolations(page)).toEqual([]);

  // The display: another browser with nothing of the back office's session.
  const display = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'en-US' });
  const doorPage = await display.newPage();
  await doorPage.goto(address);
  const screen = doorPage.getByTestId('stopngo-screen');
  await expect(screen).toHaveAttribute('data-tone', 'go', { timeout: 15_000 });
  await expect(screen.getByRole('heading')).toHaveText('ENTREZ');
  await expect(screen.getByText('أهلًا بكم، يمكنكم الدخول')).toBeVisible();
  expect(await noScrolling(doorPage)).toBe(true);
  expect(await seriousViolations(doorPage)).toEqual([]);
  // While a display shows it, the screen is active in the back office (its list follows every 10 s).
  await expect(row.getByTestId('stopngo-screen-status')).toHaveText('Active', { timeout: 25_000 });
  await wholePageScreenshot(page, 'stopngo-back-office.png');

  await ingest(request, d, 'visitorsIn', 100);
  await expect(screen).toHaveAttribute('data-tone', 'stop', { timeout: 2000 });
  await expect(screen.getByRole('heading')).toHaveText('STOP');
  await expect(doorPage.getByTestId('stopngo-places-left')).toContainText('0');
  await ingest(request, d, 'visitorsOut', 100);
  await expect(screen).toHaveAttribute('data-tone', 'go', { timeout: 2000 });

  await row.getByTestId('stopngo-screen-delete').click();
  await page.getByTestId('stopngo-confirm').click();
  await expect(row).toHaveCount(0);
  await expect(screen).toHaveAttribute('data-tone', 'removed', { timeout: 2000 });
  await doorPage.reload();
  await expect(screen).toHaveAttribute('data-tone', 'removed');
  await expect(screen.getByRole('heading')).toHaveText('Screen removed');
  await display.close();
});

test('Stop&Go: a limit over the maximum is refused with the maximum written as numbers are in the language (100,000 in English)', async ({ page, request, context, baseURL }) => {
  const token = await adminToken(request);
  const d = await siteAndEvent(request, token);
  const { eventById } = await gql<{ eventById: { stopngo: { limit: number | null } | null } }>(request, token, 'query($e: Int!) { eventById(eventId: $e) { stopngo { limit } } }', { e: d.eventId });
  const before = eventById.stopngo?.limit ?? null;
  await setLimit(request, token, d, 40);
  try {
    await acceptCookies(context, baseURL);
    await signedInAt(page, ADMIN, `/stop-n-go?site=${d.siteId}&event=${d.eventId}`);
    await page.getByTestId('stopngo-limit-edit').click();
    await page.getByTestId('stopngo-limit-input').fill('100001');
    await page.getByTestId('stopngo-limit-save').click();
    await expect(page.getByText('The limit cannot exceed 100,000.', { exact: true })).toBeVisible();
    await expect(page.getByTestId('stopngo-limit-input')).toHaveAttribute('aria-invalid', 'true');
    await page.getByTestId('stopngo-limit-input').locator('xpath=ancestor::form[1]').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('stopngo-limit-value')).toContainText('40');
  } finally {
    await setLimit(request, token, d, before);
  }
});

test('Stop&Go screenshots: GO and STOP, landscape TV and portrait tablet, in French and in Arabic', async ({ browser, request }) => {
  // Eight displays, each a fresh browser context: more than the default 90 s on a busy machine.
  test.setTimeout(240_000);
  const token = await adminToken(request);
  const d = await door(request, token);
  if ((await inside(request, token, d)) < 10) await ingest(request, d, 'visitorsIn', 25);
  const screens: Array<[string, string]> = [
    ['fr', 'en'],
    ['ar', 'fr'],
  ];
  const secrets = new Map<string, string>();
  for (const [language, secondLanguage] of screens) {
    const { createStopNGoScreen } = await gql<{ createStopNGoScreen: { secret: string } }>(
      request,
      token,
      'mutation($i: StopNGoScreenInput!) { createStopNGoScreen(input: $i) { secret } }',
      { i: { eventId: d.eventId, name: `Entrance (${language})`, language, secondLanguage } },
    );
    secrets.set(language, createStopNGoScreen.secret);
  }
  for (const tone of ['go', 'stop'] as const) {
    // Margins the demo's own visitors coming and going within the shots cannot cross.
    const now = await inside(request, token, d);
    await setLimit(request, token, d, tone === 'go' ? now + 60 : Math.max(1, now - Math.max(8, Math.round(now * 0.15))));
    for (const [language] of screens) {
      for (const [width, height, orientation] of [
        [1920, 1080, 'landscape'],
        [1080, 1920, 'portrait'],
      ] as const) {
        const display = await browser.newContext({ viewport: { width, height } });
        const doorPage = await display.newPage();
        await doorPage.goto(`/stop-n-go/screen#${secrets.get(language)}`);
        const screen = doorPage.getByTestId('stopngo-screen');
        await expect(screen).toHaveAttribute('data-tone', tone, { timeout: 15_000 });
        await expect(screen).toHaveAttribute('lang', language);
        // The product's name in the screen's language (Arabic in Arabic script, not Latin).
        await expect(doorPage).toHaveTitle(language === 'ar' ? 'قف وادخل' : 'Stop&Go');
        expect(await noScrolling(doorPage)).toBe(true);
        await doorPage.screenshot({ path: screenshotPath(`stopngo-${tone}-${orientation}-${language}.png`) });
        await display.close();
      }
    }
  }
});

test('Stop&Go: a removed screen checks again by itself; thirty unknown screen addresses from this address leave a real screen lit', async ({ browser, request }) => {
  const token = await adminToken(request);
  const d = await door(request, token);
  const newScreen = async (name: string) =>
    (
      await gql<{ createStopNGoScreen: { secret: string; screen: { id: number } } }>(
        request,
        token,
        'mutation($i: StopNGoScreenInput!) { createStopNGoScreen(input: $i) { secret screen { id } } }',
        { i: { eventId: d.eventId, name, language: 'en' } },
      )
    ).createStopNGoScreen;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });

  // Deleted: the door says so, then asks again by itself (after about 5 s, then 10 s …) and keeps saying so.
  const doomed = await newScreen('Doomed entrance');
  const doomedPage = await context.newPage();
  await doomedPage.goto(`/stop-n-go/screen#${doomed.secret}`);
  const doomedScreen = doomedPage.getByTestId('stopngo-screen');
  await expect(doomedScreen).toHaveAttribute('data-tone', /^(go|stop|off)$/, { timeout: 15_000 });
  await gql(request, token, 'mutation($id: Int!) { deleteStopNGoScreen(id: $id) }', { id: doomed.screen.id });
  await expect(doomedScreen).toHaveAttribute('data-tone', 'removed', { timeout: 5000 });
  const asksAgain = () => doomedPage.waitForRequest((r) => r.url().endsWith('/graphql') && (r.postData() ?? '').includes(doomed.secret), { timeout: 20_000 });
  await asksAgain();
  await asksAgain();
  await expect(doomedScreen).toHaveAttribute('data-tone', 'removed');
  await doomedPage.close();

  // Thirty unknown addresses from this same address (a shopping centre's screens share one): a real screen still opens.
  const guarded = await newScreen('Guarded entrance');
  const display = 'subscription($s: String!) { stopNGoDisplay(secret: $s) { state } }';
  for (let i = 0; i < 30; i++) {
    const guess = await request.post('/graphql', { data: { query: display, variables: { s: `sgo_${'Z'.repeat(40)}${String(i).padStart(3, '0')}` } }, headers: { accept: 'text/event-stream' } });
    expect(await guess.text()).toMatch(/REMOVED|RATE_LIMITED/);
  }
  const doorPage = await context.newPage();
  await doorPage.goto(`/stop-n-go/screen#${guarded.secret}`);
  await expect(doorPage.getByTestId('stopngo-screen')).toHaveAttribute('data-tone', /^(go|stop|off)$/, { timeout: 15_000 });
  await context.close();
});

test('Stop&Go: an entrance screen opened without its code says the address is incomplete, not that the screen was removed', async ({ page }) => {
  await page.goto('/stop-n-go/screen');
  const screen = page.getByTestId('stopngo-screen');
  await expect(screen).toHaveAttribute('data-tone', 'incomplete');
  await expect(screen.getByRole('heading')).toHaveText('Screen address incomplete');
  await expect(screen.getByRole('status')).toContainText('the part after #');
});

test('Stop&Go in Arabic: digits typed on an Arabic or a Persian keyboard are taken as numbers, and the limit is said with its plural', async ({ page, request, context, baseURL }) => {
  const token = await adminToken(request);
  const d = await siteAndEvent(request, token);
  const { eventById } = await gql<{ eventById: { stopngo: { limit: number | null } | null } }>(request, token, 'query($e: Int!) { eventById(eventId: $e) { stopngo { limit } } }', { e: d.eventId });
  const before = eventById.stopngo?.limit ?? null;
  await setLimit(request, token, d, 40);
  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, '/user-profile/preferences');
  await chooseLanguage(page, 'العربية', 'ar');
  try {
    await page.goto(`/stop-n-go?site=${d.siteId}&event=${d.eventId}`);
    await expect(page.getByTestId('stopngo-limit-value')).toHaveText('40 زائرًا في الداخل كحد أقصى');
    const input = page.getByTestId('stopngo-limit-input');

    // Typed key by key on an Arabic keyboard: ٣٠ is 30, not an empty field.
    await page.getByTestId('stopngo-limit-edit').click();
    await input.clear();
    await input.pressSequentially('٣٠');
    await expect(input).toHaveValue('30');
    await page.getByTestId('stopngo-limit-save').click();
    await expect(page.getByTestId('stopngo-limit-value')).toHaveText('30 زائرًا في الداخل كحد أقصى');

    // Persian digits, entered at once (as a paste or an input method does): ۵ is 5, and 5 visitors are «5 زوار».
    await page.getByTestId('stopngo-limit-edit').click();
    await input.fill('۵');
    await expect(input).toHaveValue('5');
    await page.getByTestId('stopngo-limit-save').click();
    await expect(page.getByTestId('stopngo-limit-value')).toHaveText('5 زوار في الداخل كحد أقصى');

    // The Arabic decimal separator is one: ٢٫٥ is refused as a decimal, not saved as 25.
    await page.getByTestId('stopngo-limit-edit').click();
    await input.clear();
    await input.pressSequentially('٢٫٥');
    await expect(input).toHaveValue('2.5');
    await page.getByTestId('stopngo-limit-save').click();
    await expect(page.getByText('أدخل عددًا صحيحًا من الزوار.')).toBeVisible();
    await page.screenshot({ path: screenshotPath('stopngo-limit-arabic-digits-ar.png') });
  } finally {
    await setLimit(request, token, d, before);
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
  }
});

test('Stop&Go: a screen in two languages shows "inside / maximum" inside first, left to right, each figure over its own words, Arabic first or second', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const d = await door(request, token);
  if ((await inside(request, token, d)) < 10) await ingest(request, d, 'visitorsIn', 25);
  const secrets: Array<[string, string]> = [];
  for (const [language, secondLanguage] of [
    ['ar', 'en'],
    ['de', 'ar'],
  ]) {
    const { createStopNGoScreen } = await gql<{ createStopNGoScreen: { secret: string } }>(
      request,
      token,
      'mutation($i: StopNGoScreenInput!) { createStopNGoScreen(input: $i) { secret } }',
      { i: { eventId: d.eventId, name: `Two languages (${language}, ${secondLanguage})`, language, secondLanguage } },
    );
    secrets.push([`${language}-${secondLanguage}`, createStopNGoScreen.secret]);
  }
  // Fewer places than people inside: STOP, with more inside than the maximum (the reading that was reversed).
  const now = await inside(request, token, d);
  await setLimit(request, token, d, Math.max(1, now - Math.max(8, Math.round(now * 0.15))));
  for (const [languages, secret] of secrets) {
    for (const [width, height] of [
      [1440, 900],
      [1024, 768],
    ] as const) {
      const display = await browser.newContext({ viewport: { width, height } });
      const doorPage = await display.newPage();
      await doorPage.goto(`/stop-n-go/screen#${secret}`);
      const screen = doorPage.getByTestId('stopngo-screen');
      await expect(screen).toHaveAttribute('data-tone', 'stop', { timeout: 15_000 });
      const shownInside = Number(await screen.getAttribute('data-inside'));
      const shownLimit = Number(await screen.getAttribute('data-limit'));
      expect(shownInside).toBeGreaterThan(shownLimit);
      await expect(doorPage.getByTestId('stopngo-inside-value')).toHaveText(String(shownInside));
      await expect(doorPage.getByTestId('stopngo-screen-limit')).toHaveText(String(shownLimit));
      const box = async (testId: string) => (await doorPage.getByTestId(testId).boundingBox())!;
      const [insideValue, limitValue, insideWords, limitWords] = await Promise.all([box('stopngo-inside-value'), box('stopngo-screen-limit'), box('stopngo-inside-labels'), box('stopngo-limit-labels')]);
      // Inside on the left, the maximum on its right; the words of each under it, in the same order.
      expect(insideValue.x + insideValue.width).toBeLessThan(limitValue.x);
      expect(insideWords.x + insideWords.width).toBeLessThanOrEqual(limitWords.x);
      expect(insideWords.y).toBeGreaterThan(insideValue.y);
      await expect(doorPage.getByTestId('stopngo-limit-labels')).toContainText('الحد الأقصى');
      await expect(doorPage.getByTestId('stopngo-limit-labels')).toContainText(languages === 'ar-en' ? 'Maximum' : 'Höchstzahl');
      await expect(doorPage.getByTestId('stopngo-inside-labels')).toContainText(languages === 'ar-en' ? /People inside|Person inside/ : /Anwesende Person/);
      expect(await noScrolling(doorPage)).toBe(true);
      await doorPage.screenshot({ path: screenshotPath(`stopngo-stop-${languages}-${width}.png`) });
      await display.close();
    }
  }
});
