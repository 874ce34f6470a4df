import { readFileSync, writeFileSync } from 'node:fs';
import { request as apiRequest, expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN, acceptCookies, chooseLanguage, screenshotPath, signedInAt } from './helpers.ts';

async function gql<T>(request: APIRequestContext, query: string, token?: string): Promise<T> {
  const res = await request.post('/graphql', { data: { query }, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = (await res.json()) as { data: T; errors?: unknown[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

/** The demo's Showcase dashboard page and its air-quality site. */
async function demoPages(request: APIRequestContext): Promise<{ showcase: string; atmosphereSite: number }> {
  const { login } = await gql<{ login: string }>(request, `query { login(email: "${ADMIN.email}", password: "${ADMIN.password}") }`);
  const { allDashboardsV2, allInstallations } = await gql<{
    allDashboardsV2: Array<{ name: string; kind: string; url: string }>;
    allInstallations: Array<{ id: number; families: string[] }>;
  }>(request, '{ allDashboardsV2 { name kind url } allInstallations { id families } }', login);
  const showcase = allDashboardsV2.find((d) => d.name === 'Showcase' && d.kind === 'organization');
  const air = allInstallations.find((i) => i.families.includes('atmosphere'));
  if (!showcase || !air) throw new Error('the demo has no Showcase dashboard or no air-quality site');
  return { showcase: showcase.url, atmosphereSite: air.id };
}

/** A range whose days have heatmap images at any hour of the day (the demo draws one per day with visitors). */
const WEEK_WITH_IMAGES = 'timespan=last7Days';

async function signedIn(page: Page, path: string): Promise<void> {
  await signedInAt(page, ADMIN, path);
  await expect(page).toHaveURL(new RegExp(path.replace(/[?]/g, '\\?')));
}

/** The map view once its values are in: every element of the view with its value and fill. */
async function mapElements(widget: Locator): Promise<Array<{ key: string; value: string; fill: string; name: string }>> {
  await expect(widget).toHaveAttribute('data-status', 'data', { timeout: 45_000 });
  await expect(widget.locator('[data-values="data"]')).toBeVisible({ timeout: 30_000 });
  return widget.getByTestId('map-element').evaluateAll((els) =>
    els.map((e) => ({ key: e.getAttribute('data-key') ?? '', value: e.getAttribute('data-value') ?? '', fill: e.getAttribute('data-fill') ?? '', name: e.getAttribute('aria-label') ?? '' })),
  );
}

/**
 * A widget's screenshot, whole and clear of the sticky header: the window grows to hold it. With
 * `page`, the window around it (header and sidebar) is in the picture too.
 */
async function shoot(page: Page, widget: Locator, name: string, opts: { page?: boolean } = {}): Promise<void> {
  const size = page.viewportSize()!;
  const box = (await widget.boundingBox())!;
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, Math.ceil(box.height) + 160) });
  await widget.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  if (opts.page) await page.screenshot({ path: screenshotPath(name) });
  else await widget.screenshot({ path: screenshotPath(name) });
  await page.setViewportSize(size);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG decoded by the browser: its size and the colours that fill at least 40 of its pixels. */
async function decodePng(page: Page, png: Buffer): Promise<{ width: number; height: number; colours: string[] }> {
  return page.evaluate(async (base64) => {
    // Decoded from bytes, not fetched: the app's content security policy lets the page fetch its own origin only.
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const counts = new Map<string, number>();
    for (let i = 0; i < pixels.length; i += 4) {
      const hex = `#${[pixels[i]!, pixels[i + 1]!, pixels[i + 2]!].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
      counts.set(hex, (counts.get(hex) ?? 0) + 1);
    }
    return { width: bitmap.width, height: bitmap.height, colours: [...counts].filter(([, n]) => n >= 40).map(([hex]) => hex) };
  }, png.toString('base64'));
}

const coloured = <T extends { value: string; fill: string }>(elements: T[]): T[] => elements.filter((e) => e.value !== '' && Number.isFinite(Number(e.value)) && e.fill !== '#FFFFFF');

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

test('the Showcase map view colours its elements from real values, with tooltips, legend and the view dropdown', async ({ page, request }) => {
  const { showcase } = await demoPages(request);
  await signedIn(page, showcase);
  const widget = page.locator('section[data-widget-type="mapView"]');
  const elements = await mapElements(widget);
  expect(elements.length).toBeGreaterThan(3);
  // Real counts of today: several zones coloured by their band, each named with its value.
  expect(coloured(elements).length, JSON.stringify(elements)).toBeGreaterThan(3);
  expect(coloured(elements)[0]!.name).toMatch(/\d/);
  await expect(widget.getByTestId('map-legend')).toBeVisible();
  await expect(widget.getByTestId('map-list').getByRole('listitem')).toHaveCount(elements.length);

  // PNG export from the menu: the plan as drawn, at its width on screen, in its colours, the legend under it.
  await widget.getByRole('button', { name: /^Options for / }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download as PNG' }).click()]);
  // Named after the site, the widget and the page's dates.
  expect(download.suggestedFilename()).toMatch(/^galeries-rhone_floor-plan_\d{4}-\d{2}-\d{2}(_\d{4}-\d{2}-\d{2})?\.png$/);
  const png = readFileSync((await download.path())!);
  expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  const picture = await decodePng(page, png);
  const plan = await widget.getByTestId('map-plan').locator('svg').evaluate((svg: SVGSVGElement) => ({
    width: svg.clientWidth,
    height: svg.clientHeight,
    ratio: window.devicePixelRatio,
  }));
  expect(plan.width).toBeGreaterThan(400);
  expect(picture.width).toBe(Math.round(plan.width * plan.ratio));
  // The legend's row adds to the plan's height.
  expect(picture.height).toBeGreaterThan((plan.height + 20) * plan.ratio);
  const fills = [...new Set(coloured(elements).map((e) => e.fill.toLowerCase()))];
  expect(fills.length).toBeGreaterThan(0);
  for (const fill of fills) expect(picture.colours, `the plan's ${fill} is in the picture`).toContain(fill);
  expect(picture.colours.length).toBeGreaterThan(fills.length + 2);
  writeFileSync(screenshotPath('widgets/map-view-export.png'), png);

  // Hover mode: no tooltip until an element is focused from the keyboard, then its own.
  await widget.scrollIntoViewIfNeeded();
  await page.mouse.move(1, 1);
  await expect(widget.getByTestId('map-tooltip')).toHaveCount(0);
  const first = widget.getByTestId('map-element').first();
  await first.focus();
  await expect(first).toBeFocused();
  await expect(widget.getByTestId('map-tooltip')).toHaveCount(1);
  const firstName = (await first.getAttribute('aria-label'))!.split(',')[0]!;
  await expect(widget.getByTestId('map-tooltip')).toContainText(firstName);
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await shoot(page, widget, 'map-view.png', { page: true });
  await shoot(page, widget, 'widgets/map-view.png');

  // Changing the view clears the map and the pinned element, then shows the new view after a pause.
  const stack = widget.locator('[data-view]');
  await stack.evaluate((el) => {
    const seen: string[] = [];
    (window as unknown as { seenViews: string[] }).seenViews = seen;
    new MutationObserver(() => seen.push(el.getAttribute('data-view') ?? '')).observe(el, { attributes: true, attributeFilter: ['data-view'] });
  });
  const select = widget.getByTestId('map-view-select');
  await select.click();
  const options = page.getByRole('option');
  const count = await options.count();
  expect(count).toBeGreaterThan(1);
  const target = options.last();
  const targetName = (await target.textContent())!;
  await target.click();
  await expect(select).toHaveValue(targetName);
  await expect.poll(() => page.evaluate(() => (window as unknown as { seenViews: string[] }).seenViews)).toEqual(['', `custom:${count - 1}`]);
  const doors = await mapElements(widget);
  expect(doors.every((d) => d.key.startsWith('passage:'))).toBe(true);
  expect(coloured(doors).length).toBeGreaterThan(1);
  // The doors' view shows every tooltip at once, none covering another.
  const tips = await widget.getByTestId('map-tooltip').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
  expect(tips).toHaveLength(doors.length);
  for (const [i, a] of tips.entries()) {
    for (const b of tips.slice(i + 1)) {
      const apart = a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
      expect(apart, JSON.stringify([a, b])).toBe(true);
    }
  }
  await shoot(page, widget, 'widgets/map-view-entrances.png');
});

/** The shopping centre's zones: its floors' ids and the zones on them (shops, the food court's queue). */
async function centreZones(request: APIRequestContext): Promise<{ floors: Set<number>; onFloors: Array<{ id: number; name: string }> }> {
  const { login } = await gql<{ login: string }>(request, `query { login(email: "${ADMIN.email}", password: "${ADMIN.password}") }`);
  const { allInstallations } = await gql<{ allInstallations: Array<{ id: number; name: string }> }>(request, '{ allInstallations { id name } }', login);
  const centre = allInstallations.find((i) => i.name === 'Galeries Rhône')!;
  const { installationById } = await gql<{ installationById: { zones: Array<{ id: number; name: string; parentIds: number[] }> } }>(
    request,
    `{ installationById(installationId: ${centre.id}) { zones { id name parentIds } } }`,
    login,
  );
  const zones = installationById.zones;
  const top = zones.find((z) => z.parentIds.length === 0)!;
  const floors = new Set(zones.filter((z) => z.parentIds.includes(top.id)).map((z) => z.id));
  return { floors, onFloors: zones.filter((z) => z.parentIds.some((p) => floors.has(p))) };
}

/** The Showcase's floor plan on its first view, "Visitors in by zone": floors and shops together. */
async function visitorsByZone(page: Page, request: APIRequestContext): Promise<Locator> {
  const { showcase } = await demoPages(request);
  await signedIn(page, showcase);
  const widget = page.locator('section[data-widget-type="mapView"]');
  await mapElements(widget);
  await expect(widget.getByTestId('map-view-select')).toHaveValue('Visitors in by zone');
  return widget;
}

test('the floor plan colours the shops on a scale of their own, not all "Quiet" under the floors’ counts', async ({ page, request }) => {
  const { onFloors } = await centreZones(request);
  const shops = onFloors.filter((z) => z.name !== 'Food court queue');
  const widget = await visitorsByZone(page, request);
  const list = widget.getByTestId('map-list');
  await expect(list.getByRole('listitem').filter({ hasText: shops[0]!.name })).toContainText(/\d/);
  const bandOf = async (name: string) => ((await list.getByRole('listitem').filter({ hasText: name }).innerText()).match(/(Quiet|Steady|Busy|Peak)$/) ?? [])[1];
  const shopBands = await Promise.all(shops.map((s) => bandOf(s.name)));
  // On the floors' scale every shop read "Quiet"; on their own, the busiest shop is at the top.
  expect(shopBands.filter((b) => b !== 'Quiet').length, JSON.stringify(shopBands)).toBeGreaterThan(0);
  expect(shopBands).toContain('Peak');
  const shopFills = await widget.getByTestId('map-element').evaluateAll(
    (els, keys) => els.filter((e) => keys.includes(e.getAttribute('data-key') ?? '')).map((e) => e.getAttribute('data-fill')),
    shops.map((s) => `zone:${s.id}`),
  );
  expect(new Set(shopFills).size, JSON.stringify(shopFills)).toBeGreaterThan(1);
  // The legend says which scale each colour belongs to.
  await expect(widget.getByTestId('map-legend-title')).toHaveText(['Scale for zones in Whole centre', /^Scale for zones in Ground floor, Level 1, Level 2/]);
});

test('the floor plan lists the food court’s queue, which counts no visitors in, with "-" and why', async ({ page, request }) => {
  const { onFloors } = await centreZones(request);
  const queue = onFloors.find((z) => z.name === 'Food court queue')!;
  const widget = await visitorsByZone(page, request);
  await expect(widget.getByTestId('map-list').getByRole('listitem').filter({ hasText: 'Food court queue' })).toContainText('- no data for this measure');
  await expect(widget.locator(`[data-testid="map-element"][data-key="zone:${queue.id}"]`)).toHaveAttribute('data-value', '');
});

test('the heatmap shows the day’s images one at a time, fetched with the session', async ({ page, request, baseURL }) => {
  const { showcase } = await demoPages(request);
  // The last seven days hold full days of images whatever the hour: on a day's first opening hour
  // today has none yet, and the page rightly shows the widget's empty state.
  await signedIn(page, `${showcase}?${WEEK_WITH_IMAGES}`);
  const widget = page.locator('section[data-widget-type="heatmap"]');
  await expect(widget).toHaveAttribute('data-status', 'data', { timeout: 45_000 });
  const image = widget.getByTestId('heatmap-image');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(widget).toContainText('1 of 3');

  await widget.getByRole('button', { name: 'Next image' }).click();
  await expect(widget).toContainText('2 of 3');
  await expect.poll(() => widget.getByTestId('heatmap-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(widget.getByRole('button', { name: 'Previous image' })).toBeEnabled();

  // The dropdown lists the page's days that have images; another day loads its own images.
  await widget.getByTestId('heatmap-date').click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await shoot(page, widget, 'widgets/heatmap.png');

  // The image itself needs the session: without a token or cookie it is refused.
  const url = await widget.getByTestId('heatmap-image').evaluate(() => performance.getEntriesByType('resource').map((r) => r.name).find((n) => n.includes('/api/heatmaps/')));
  expect(url).toBeTruthy();
  const anonymous = await apiRequest.newContext({ baseURL });
  expect((await anonymous.get(new URL(url!).pathname)).status()).toBe(401);
  await anonymous.dispose();

  // The dashboard's editor shows the same widget with the dashboard's images (it said "Wrong config!").
  const [, dashboardId, pageId] = /\/dashboard\/(\d+)\/page\/(\d+)/.exec(showcase)!;
  await page.goto(`/dashboard/${dashboardId}/edit?page=${pageId}&${WEEK_WITH_IMAGES}`);
  const edited = page.locator('section[data-widget-type="heatmap"]');
  await expect(edited).toHaveAttribute('data-status', 'data', { timeout: 45_000 });
  await expect(edited.getByTestId('heatmap-image')).toBeVisible();
  await expect(edited).not.toContainText('Wrong config!');
});

test('the heatmap’s arrows keep the keyboard: on the last image it moves to Previous, on the first to Next', async ({ page, request }) => {
  const { showcase } = await demoPages(request);
  await signedIn(page, `${showcase}?${WEEK_WITH_IMAGES}`);
  const widget = page.locator('section[data-widget-type="heatmap"]');
  await expect(widget).toHaveAttribute('data-status', 'data', { timeout: 45_000 });
  const previous = widget.getByRole('button', { name: 'Previous image' });
  const next = widget.getByRole('button', { name: 'Next image' });
  await expect(widget).toContainText('1 of 3');
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(widget).toContainText('2 of 3');
  await expect(next).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(widget).toContainText('3 of 3');
  await expect(next).toBeDisabled();
  await expect(previous).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(widget).toContainText('1 of 3');
  await expect(previous).toBeDisabled();
  await expect(next).toBeFocused();
});

test('the atmosphere page’s map view colours rooms by their sensor’s CO2, and reads in Arabic', async ({ page, request }) => {
  const { atmosphereSite, showcase } = await demoPages(request);
  await signedIn(page, `/atmosphere/${atmosphereSite}`);
  const widget = page.locator('section[data-widget-type="mapView"]').first();
  const rooms = await mapElements(widget);
  expect(coloured(rooms).length, JSON.stringify(rooms)).toBeGreaterThan(2);
  expect(coloured(rooms)[0]!.name).toMatch(/\d+ ppm|\d+ °C/);
  await shoot(page, widget, 'widgets/map-view-atmosphere.png');

  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'العربية', 'ar');
  await page.goto(`${showcase}?${WEEK_WITH_IMAGES}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arabic = page.locator('section[data-widget-type="mapView"]');
  expect(coloured(await mapElements(arabic)).length).toBeGreaterThan(3);
  await expect(arabic.getByText('العرض')).toBeVisible();
  await shoot(page, arabic, 'widgets/map-view-ar.png');
  const heatmap = page.locator('section[data-widget-type="heatmap"]');
  await expect(heatmap.getByTestId('heatmap-image')).toBeVisible({ timeout: 45_000 });
  await shoot(page, heatmap, 'widgets/heatmap-ar.png');

  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'English', 'en');
});
