import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { businessDate, isoDateAddDays } from '@sitelens/domain';
import { ADMIN, acceptCookies, chooseLanguage, screenshotPath, shoppingCentreSite, signedInAt } from './helpers.ts';

/** The chart types of the charts renderers, each on the demo's Showcase page. */
const CHART_TYPES = ['lineChart', 'areaChart', 'barChart', 'columnChart', 'gridChart', 'pieChart', 'circleChart', 'progressBarChart', 'webChart'] as const;

async function showcaseUrl(request: APIRequestContext): Promise<string> {
  const post = async <T>(query: string, token?: string): Promise<T> => {
    const response = await request.post('/graphql', { data: { query }, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const body = (await response.json()) as { data: T; errors?: unknown[] };
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data;
  };
  const { login } = await post<{ login: string }>(`query { login(email: "${ADMIN.email}", password: "${ADMIN.password}") }`);
  const { allDashboardsV2 } = await post<{ allDashboardsV2: Array<{ name: string; url: string }> }>('query { allDashboardsV2 { name url } }', login);
  const showcase = allDashboardsV2.find((d) => d.name === 'Showcase');
  expect(showcase, 'the demo organization has a Showcase dashboard').toBeDefined();
  return showcase!.url;
}

function widgetOf(page: Page, type: string): Locator {
  return page.locator(`section[data-widget-type="${type}"]`).first();
}

/** Waits for the widget's data and answers its chart and how many values it draws. */
async function drawnChart(page: Page, type: string): Promise<{ widget: Locator; chart: Locator; points: number }> {
  const widget = widgetOf(page, type);
  await widget.scrollIntoViewIfNeeded();
  await expect(widget).toHaveAttribute('data-status', 'data', { timeout: 30_000 });
  const chart = widget.getByTestId('chart');
  await expect(chart.locator('svg')).toBeVisible();
  const points = Number(await chart.getAttribute('data-points'));
  return { widget, chart, points };
}

/** Text drawn in the chart's SVG. */
async function svgTexts(chart: Locator): Promise<string[]> {
  return chart.locator('svg text').allTextContents();
}

test('every chart type draws the demo data, in English and mirrored in Arabic', async ({ page, context, request, baseURL }) => {
  test.setTimeout(180_000);
  const url = await showcaseUrl(request);
  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, '/user-profile/preferences');
  await chooseLanguage(page, 'English', 'en');

  await page.goto(url);
  for (const type of CHART_TYPES) {
    const { widget, chart, points } = await drawnChart(page, type);
    expect(points, `${type} draws values`).toBeGreaterThan(0);
    const title = (await widget.getByRole('heading').first().textContent()) ?? '';
    await expect(chart).toHaveAttribute('aria-label', `${title}: chart with ${points} ${points === 1 ? 'value' : 'values'}`);
    // Real numbers are written in the chart (axis labels, values, slice labels), not only shapes.
    expect((await svgTexts(chart)).some((text) => /\d/.test(text)), `${type} writes numbers`).toBe(true);
    await widget.screenshot({ path: screenshotPath(`widgets/${type}.png`) });
  }

  // The tooltip of the line chart lists the hour's values with their series.
  const line = await drawnChart(page, 'lineChart');
  const box = (await line.chart.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.4);
  const tooltip = line.chart.locator('div[style*="z-index: 9999999"]');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText(/\d{1,2}:\d{2}/);

  // The bar chart names its shops on the left and grows to 50 px a bar (spec 001 §9).
  const bar = await drawnChart(page, 'barChart');
  const barBox = (await bar.chart.boundingBox())!;
  expect(barBox.height).toBeGreaterThanOrEqual(400);
  expect(barBox.height).toBeLessThanOrEqual(550);
  const shopLabel = bar.chart.locator('svg text').filter({ hasText: /[A-Za-z]{3,}/ }).first();
  expect((await shopLabel.boundingBox())!.x).toBeLessThan(barBox.x + barBox.width / 2);

  // PNG export: the menu saves a real PNG drawn on a canvas.
  const menuWidget = widgetOf(page, 'lineChart');
  await menuWidget.getByRole('button', { name: /^Options for / }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download as PNG' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.png$/);
  const png = readFileSync((await download.path())!);
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.length).toBeGreaterThan(5_000);

  // Arabic: the same charts, mirrored.
  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'العربية', 'ar');
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  for (const type of CHART_TYPES) {
    const { widget, chart, points } = await drawnChart(page, type);
    expect(points, `${type} draws values in Arabic`).toBeGreaterThan(0);
    // Its name for screen readers counts in Arabic's plural forms (3-10 قيم, 11 and more قيمة).
    const counted = points === 1 ? 'قيمة واحدة' : points === 2 ? 'قيمتين' : points % 100 >= 3 && points % 100 <= 10 ? `${points} قيم` : `${points} قيمة`;
    await expect(chart).toHaveAttribute('aria-label', new RegExp(`: رسم بياني يضم ${counted}$`));
    await widget.screenshot({ path: screenshotPath(`widgets/${type}-ar.png`) });
  }
  const rtlBar = await drawnChart(page, 'barChart');
  const rtlBox = (await rtlBar.chart.boundingBox())!;
  const rtlShop = rtlBar.chart.locator('svg text').filter({ hasText: /[A-Za-z]{3,}/ }).first();
  expect((await rtlShop.boundingBox())!.x).toBeGreaterThan(rtlBox.x + rtlBox.width / 2);
  // The web chart's dwell times are Arabic words ("10 د", "13 د و18 ث"): read from the right, the
  // number comes first, so it is drawn right of its unit (left to right they read "minutes 10").
  const rtlWeb = await drawnChart(page, 'webChart');
  const durations = await rtlWeb.chart.locator('svg text').evaluateAll((texts) =>
    (texts as SVGTextContentElement[])
      .map((t) => ({ t, text: t.textContent ?? '' }))
      .filter(({ text }) => /\d/.test(text) && /[\u0600-\u06FF]/.test(text))
      .map(({ t, text }) => ({ text, number: t.getStartPositionOfChar(text.search(/\d/)).x, unit: t.getStartPositionOfChar(text.search(/[\u0600-\u06FF]/)).x })),
  );
  expect(durations.length, 'the web chart writes dwell times in Arabic words').toBeGreaterThan(0);
  for (const d of durations) expect(d.number, `${d.text} reads right to left`).toBeGreaterThan(d.unit);

  await page.goto('/user-profile/preferences');
  await chooseLanguage(page, 'English', 'en');
});

test('at 1024×768, where the app is zoomed, a click on a legend name hides its series and the tooltip names the hovered hour', async ({ page, context, request, baseURL }) => {
  test.setTimeout(120_000);
  const url = await showcaseUrl(request);
  await acceptCookies(context, baseURL);
  await page.setViewportSize({ width: 1024, height: 768 });
  await signedInAt(page, ADMIN, url);
  await expect(page).toHaveURL(url);
  const { chart } = await drawnChart(page, 'lineChart');
  await chart.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  // The app is laid out at 1200 px and drawn smaller (spec 000 §9): the chart is drawn narrower than its layout.
  expect(await chart.evaluate((el) => el.getBoundingClientRect().width / (el as HTMLElement).offsetWidth)).toBeCloseTo(1024 / 1200, 2);

  // Hovering the last hour written on the axis shows that hour's values, not an earlier hour's.
  const hours = chart.locator('svg text').filter({ hasText: /^\d{1,2}:\d{2}$/ });
  const last = hours.last();
  const hour = (await last.textContent())!;
  const labelBox = (await last.boundingBox())!;
  const chartBox = (await chart.boundingBox())!;
  await page.mouse.move(labelBox.x + labelBox.width / 2, chartBox.y + chartBox.height * 0.4);
  const tooltip = chart.locator('div[style*="z-index: 9999999"]');
  await expect(tooltip).toBeVisible();
  // The hour, with "(so far)" after it when it is the running hour.
  await expect(tooltip.locator('div').first()).toHaveText(new RegExp(`^${hour}( \\(so far\\))?$`));
  await page.mouse.move(chartBox.x - 20, chartBox.y - 20);
  await expect(tooltip).toBeHidden();

  // Strokes drawn, by colour: a series' line and its points. The running hour's dashed segment and
  // point write their colour as rgb(), a unit off the series' own once rounded (#2563EC beside
  // #2563EB): each colour is counted as #RRGGBB whichever way it is written, and colours a few units
  // apart count as the more drawn one.
  const strokes = async () => {
    const counts = await chart.locator('svg path').evaluateAll((paths) =>
      paths.reduce<Record<string, number>>((n, p) => {
        const raw = p.getAttribute('stroke') ?? '';
        const rgb = /^rgb\((\d+),\s*(\d+),\s*(\d+)\)$/.exec(raw);
        const colour = rgb ? `#${rgb.slice(1).map((c) => Number(c).toString(16).padStart(2, '0')).join('').toUpperCase()}` : raw.toUpperCase();
        return { ...n, [colour]: (n[colour] ?? 0) + 1 };
      }, {}),
    );
    const channels = (c: string) => (/^#[0-9A-F]{6}$/.test(c) ? [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) : null);
    const near = (a: string, b: string) => {
      const [x, y] = [channels(a), channels(b)];
      return a === b || (x !== null && y !== null && x.every((v, i) => Math.abs(v - y[i]!) <= 3));
    };
    const merged: Record<string, number> = {};
    for (const [colour, n] of Object.entries(counts).sort((a, b) => b[1] - a[1])) {
      const key = Object.keys(merged).find((k) => near(k, colour)) ?? colour;
      merged[key] = (merged[key] ?? 0) + n;
    }
    return merged;
  };
  const name = chart.locator('svg text', { hasText: /^Visitors out$/ });
  const shownFill = await name.getAttribute('fill');
  const before = await strokes();
  await name.click();
  // The name greys out and its series is no longer drawn; the other series stays.
  await expect.poll(() => name.getAttribute('fill')).not.toBe(shownFill);
  const vanished = async () => {
    const now = await strokes();
    return Object.keys(before).filter((colour) => colour && before[colour]! >= 2 && !now[colour]);
  };
  await expect.poll(async () => (await vanished()).length, JSON.stringify(before)).toBe(1);
  const gone = await vanished();
  // A second click draws it again.
  await name.click();
  await expect.poll(() => name.getAttribute('fill')).toBe(shownFill);
  // Its line and points are back (the running hour's emphasized point may not be, so not the same count).
  await expect.poll(async () => (await strokes())[gone[0]!] ?? 0).toBeGreaterThanOrEqual(2);
});

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

interface DrawnText extends Box {
  text: string;
  /** The lines of one label share their position (the SVG transform). */
  at: string;
}

const apart = (a: Box, b: Box, gap = 0) => a.right + gap <= b.left + 0.5 || b.right + gap <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;

/**
 * Charts drawn without their animations (the app honours reduced motion): the layout checks read where
 * names and labels end up, not how they get there, so each reads a page or label once it is drawn
 * instead of waiting for it to stop moving (which a loaded machine could also mistake for stopped).
 */
const withoutAnimations = (page: Page) => page.emulateMedia({ reducedMotion: 'reduce' });

/** The texts a chart writes and its own box, once it has stopped moving (the entry animation). */
async function drawnTexts(chart: Locator): Promise<{ chart: Box; texts: DrawnText[] }> {
  const read = () =>
    chart.evaluate((el) => {
      const box = (r: DOMRect) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
      const texts = [...el.querySelectorAll('svg text')]
        .filter((t) => t.getClientRects().length > 0 && (t.textContent ?? '').trim() !== '')
        .map((t) => ({ text: t.textContent ?? '', at: t.getAttribute('transform') ?? '', ...box(t.getBoundingClientRect()) }));
      return { chart: box(el.getBoundingClientRect()), texts };
    });
  let last = JSON.stringify(await read());
  await expect
    .poll(async () => {
      const now = JSON.stringify(await read());
      const same = now === last;
      last = now;
      return same;
    }, { intervals: [300] })
    .toBe(true);
  return JSON.parse(last) as { chart: Box; texts: DrawnText[] };
}

/** A pie's slice labels (name and value lines together) and its legend row. */
async function pieLabels(widget: Locator): Promise<{ chart: Box; labels: Array<Box & { text: string }>; legend: DrawnText[] }> {
  await widget.scrollIntoViewIfNeeded();
  await expect(widget).toHaveAttribute('data-status', 'data', { timeout: 30_000 });
  const { chart, texts } = await drawnTexts(widget.getByTestId('chart'));
  const groups = new Map<string, DrawnText[]>();
  for (const t of texts) groups.set(t.at, [...(groups.get(t.at) ?? []), t]);
  const labels = [...groups.values()]
    .filter((lines) => lines.length > 1)
    .map((lines) => ({
      text: lines.map((l) => l.text).join(' / '),
      left: Math.min(...lines.map((l) => l.left)),
      right: Math.max(...lines.map((l) => l.right)),
      top: Math.min(...lines.map((l) => l.top)),
      bottom: Math.max(...lines.map((l) => l.bottom)),
    }));
  return { chart, labels, legend: [...groups.values()].filter((lines) => lines.length === 1).flat() };
}

/** GraphQL over HTTP as the demo administrator. */
async function demoApi(request: APIRequestContext) {
  let token: string | null = null;
  const post = async <T>(query: string, variables?: Record<string, unknown>): Promise<T> => {
    const response = await request.post('/graphql', { data: { query, variables }, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const body = (await response.json()) as { data: T; errors?: unknown[] };
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data;
  };
  token = (await post<{ login: string }>(`query { login(email: "${ADMIN.email}", password: "${ADMIN.password}") }`)).login;
  return post;
}

/**
 * A dashboard of two pies, whole and half, of the shopping centre against its shops: the shops are
 * slices of a few percent, side by side. Made through the API like any user's; removed afterwards.
 */
async function smallSlicesDashboard(request: APIRequestContext): Promise<{ url: string; remove: () => Promise<void> }> {
  const post = await demoApi(request);
  const { allDashboardsV2 } = await post<{ allDashboardsV2: Array<{ id: number; name: string; url: string }> }>('{ allDashboardsV2 { id name url } }');
  const showcase = allDashboardsV2.find((d) => d.name === 'Showcase')!;
  const pageId = Number(/page\/(\d+)/.exec(showcase.url)![1]);
  const { pageById } = await post<{ pageById: { widgetGlobalFilters: Array<{ zoneIds?: number[] }>; widgets: Array<{ type: string; metrics: Array<{ target: { ids: number[] } }> }> } }>(
    `{ pageById(id: ${pageId}) { widgetGlobalFilters widgets { type metrics } } }`,
  );
  const centre = pageById.widgetGlobalFilters[0]!.zoneIds![0]!;
  const shops = pageById.widgets.find((w) => w.type === 'barChart')!.metrics[0]!.target.ids;
  const { createDashboard } = await post<{ createDashboard: { id: number } }>('mutation { createDashboard(name: "Pie labels (e2e)") { id } }');
  const remove = async () => {
    await post('mutation($id: Int!) { deleteDashboard(id: $id) }', { id: createDashboard.id });
  };
  const { createPage } = await post<{ createPage: { id: number } }>(
    'mutation($id: Int!, $filters: JSON) { createPage(dashboardId: $id, page: { name: "Pies", icon: "IconChartPie", widgetGlobalFilters: $filters }) { id } }',
    { id: createDashboard.id, filters: pageById.widgetGlobalFilters },
  );
  const metrics = [{ type: 'visitorsIn', groupBy: { type: 'zone' }, target: { kind: 'zone', ids: [centre, ...shops.slice(0, 7)] } }];
  const pie = { type: 'pieChart', category: 'global', kind: 'custom', zoneIds: [], deviceIds: [], passageIds: [], alertIds: [], ignoredFilters: [], metrics };
  for (const [order, widget] of [
    { ...pie, title: 'Centre and shops', order: 0, configuration: { showLegend: true } },
    { ...pie, title: 'Centre and shops, half', order: 1, configuration: { showLegend: true, halfCircle: true } },
  ].entries()) {
    await post('mutation($page: Int!, $widget: JSON!) { createWidget(pageId: $page, widget: $widget) { id } }', { page: createPage.id, widget: { ...widget, order } });
  }
  return { url: `/dashboard/${createDashboard.id}/page/${createPage.id}`, remove };
}

test('pie labels never cover one another, small slices included, at 1024 and 1440 px in English and Arabic', async ({ page, context, request, baseURL }) => {
  test.setTimeout(300_000);
  await withoutAnimations(page);
  const showcase = await showcaseUrl(request);
  const counting = `/counting/${(await shoppingCentreSite(request)).id}`;
  const small = await smallSlicesDashboard(request);
  try {
    await acceptCookies(context, baseURL);
    await signedInAt(page, ADMIN, '/analytics/sites');
    await inEnglishAndArabic(page, async (code) => {
      // A week, not the page's default day: in a day's first opening hour today's pies may hold one slice.
      for (const [url, least] of [
        [`${showcase}?timespan=last7Days`, 2],
        [`${counting}?timespan=last7Days`, 2],
        [small.url, 5],
      ] as const) {
        await page.setViewportSize({ width: WIDTHS[0], height: 900 });
        await page.goto(url);
        const pies = page.locator('section[data-widget-type="pieChart"]');
        await expect(pies.first()).toBeVisible({ timeout: 30_000 });
        await atEachWidth(page, async (width) => {
          for (let i = 0; i < (await pies.count()); i++) {
            const where = `${url}, pie ${i + 1}, ${code}, ${width} px`;
            const { chart, labels, legend } = await pieLabels(pies.nth(i));
            expect(labels.length, where).toBeGreaterThanOrEqual(least);
            for (const [k, a] of labels.entries()) {
              for (const b of labels.slice(k + 1)) expect(apart(a, b), `${where}: ${a.text} against ${b.text}`).toBe(true);
              // Inside the chart, and above its legend.
              expect(a.left >= chart.left - 0.5 && a.right <= chart.right + 0.5, `${where}: ${a.text} inside`).toBe(true);
              for (const l of legend) expect(apart(a, l), `${where}: ${a.text} against the legend's ${l.text}`).toBe(true);
            }
            if (url === small.url && width === 1440 && i === 0) await pies.nth(i).screenshot({ path: screenshotPath(`widgets/pieChart-small-slices${code === 'ar' ? '-ar' : ''}.png`) });
          }
        });
      }
    });
  } finally {
    await small.remove();
  }
});

/** The widths a chart's labels are checked at: a page is opened at the first and then widened. */
const WIDTHS = [1024, 1440] as const;

/**
 * Runs `check` in English then Arabic and switches back to English after. A check opens its pages
 * once per language and measures them at each width (`atEachWidth`): the charts lay out again as the
 * window grows (ChartCanvas' ResizeObserver), as they do when a reader widens it.
 */
async function inEnglishAndArabic(page: Page, check: (code: 'en' | 'ar') => Promise<void>): Promise<void> {
  try {
    for (const [language, code] of [
      ['English', 'en'],
      ['العربية', 'ar'],
    ] as const) {
      await page.goto('/user-profile/preferences');
      await chooseLanguage(page, language, code);
      await check(code);
    }
  } finally {
    await page.goto('/user-profile/preferences');
    await chooseLanguage(page, 'English', 'en');
  }
}

/** Runs `check` with the window at each of WIDTHS in turn. */
async function atEachWidth(page: Page, check: (width: number) => Promise<void>): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await check(width);
  }
}

/** The labels under a time axis, left to right: hours, or dates with or without the hour. */
async function timeAxisLabels(widget: Locator): Promise<{ chart: Box; labels: DrawnText[]; texts: DrawnText[] }> {
  await widget.scrollIntoViewIfNeeded();
  await expect(widget).toHaveAttribute('data-status', 'data', { timeout: 30_000 });
  const { chart, texts } = await drawnTexts(widget.getByTestId('chart'));
  const labels = texts.filter((t) => /^(\d{2}:\d{2}|\d{2}\/\d{2}\/\d{4}( \d{2}:\d{2})?)$/.test(t.text.trim())).sort((a, b) => a.left - b.left);
  return { chart, labels, texts };
}

test('time-axis labels keep apart, the first and last ones too, over a day and a week at 1024 and 1440 px', async ({ page, context, request, baseURL }) => {
  test.setTimeout(300_000);
  await withoutAnimations(page);
  const post = await demoApi(request);
  const { allInstallations } = await post<{ allInstallations: Array<{ id: number; families: string[]; timezone: string; change_of_day_time: string }> }>(
    '{ allInstallations { id families timezone change_of_day_time } }',
  );
  const air = allInstallations.find((i) => i.families.includes('atmosphere'))!;
  // Whole days only: today holds a single hour just after the site's midnight (Mumbai is UTC+05:30).
  const yesterday = isoDateAddDays(businessDate(Date.now(), air.timezone, air.change_of_day_time), -1);
  // The page keeps its last filters: each span is asked for in the address.
  const pages = { day: `/atmosphere/${air.id}?from=${yesterday}&to=${yesterday}`, week: `/atmosphere/${air.id}?from=${isoDateAddDays(yesterday, -6)}&to=${yesterday}` };
  await acceptCookies(context, baseURL);
  await signedInAt(page, ADMIN, '/analytics/sites');
  await inEnglishAndArabic(page, async (code) => {
    for (const [span, url] of Object.entries(pages)) {
      await page.setViewportSize({ width: WIDTHS[0], height: 900 });
      await page.goto(url);
      const line = page.locator('section[data-widget-type="lineChart"]').first();
      await atEachWidth(page, async (width) => {
        const where = `${span}, ${code}, ${width} px`;
        const { chart, labels, texts } = await timeAxisLabels(line);
        expect(labels.length, where).toBeGreaterThanOrEqual(span === 'day' ? 4 : 3);
        if (span === 'day') expect(labels.map((l) => l.text).sort()[0], where).toBe('00:00');
        // Neighbours, the first and last with theirs, keep a clear gap and stay inside the chart.
        for (const [k, label] of labels.slice(1).entries()) expect(label.left - labels[k]!.right, `${where}: ${labels[k]!.text} | ${label.text}`).toBeGreaterThanOrEqual(8);
        expect(labels[0]!.left, where).toBeGreaterThanOrEqual(chart.left);
        expect(labels.at(-1)!.right, where).toBeLessThanOrEqual(chart.right);
        // No text of the chart covers another: the first time label clears the value axis' lowest label.
        for (const [k, a] of texts.entries()) for (const b of texts.slice(k + 1)) expect(apart(a, b), `${where}: ${a.text} against ${b.text}`).toBe(true);
        if (width === 1440) await line.screenshot({ path: screenshotPath(`widgets/lineChart-${span}${code === 'ar' ? '-ar' : ''}.png`) });
      });
    }
  });
});

/** A scroll legend's row as drawn, in the chart's SVG units (the app's zoom at 1024 px aside). */
interface LegendRow {
  /** The names' window, when the legend pages. */
  clip: { left: number; right: number } | null;
  /** Names and markers: how much of each the window shows. */
  items: Array<{ text: string | null; left: number; right: number; shown: number }>;
  /** The page arrows and the counter. */
  controller: Array<{ text: string | null; left: number; right: number; top: number; bottom: number; fill: string | null }>;
  counter: string | null;
}

async function legendRow(chart: Locator): Promise<LegendRow> {
  return chart.evaluate((el) => {
    const svg = el.querySelector('svg')!;
    const height = svg.height.baseVal.value;
    // An element's box in the SVG's units (its own transform, or the one given).
    const box = (g: SVGGraphicsElement, own: DOMMatrixReadOnly | null = g.getCTM()) => {
      const b = g.getBBox();
      const m = own ?? new DOMMatrix();
      const xs = [b.x, b.x + b.width].map((x) => m.a * x + m.e);
      const ys = [b.y, b.y + b.height].map((y) => m.d * y + m.f);
      return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
    };
    // The legend's window: the clip path of one text's height along the chart's bottom.
    let clipId: string | null = null;
    let clip: LegendRow['clip'] = null;
    for (const cp of el.querySelectorAll('clipPath')) {
      const shape = cp.firstElementChild as SVGGraphicsElement | null;
      if (!shape) continue;
      const b = box(shape, shape.transform.baseVal.consolidate()?.matrix ?? null);
      if (shape.getBBox().height <= 30 && b.top > height - 40) {
        clipId = cp.id;
        clip = { left: b.left, right: b.right };
      }
    }
    const clipped = clipId ? [...el.querySelectorAll(`[clip-path="url(#${clipId})"] text, [clip-path="url(#${clipId})"] path`)] : [];
    const drawn = (e: Element) => !['none', 'transparent', 'rgba(0,0,0,0)'].includes(e.getAttribute('fill') ?? '') || e.tagName === 'text';
    const items = (clipped as SVGGraphicsElement[]).filter(drawn).map((e) => {
      const b = box(e);
      return { text: e.tagName === 'text' ? e.textContent : null, left: b.left, right: b.right, shown: clip ? Math.max(0, Math.min(b.right, clip.right) - Math.max(b.left, clip.left)) : b.right - b.left };
    });
    const unclipped = [...el.querySelectorAll('svg path, svg text')].filter((e) => !e.closest('[clip-path]')) as SVGGraphicsElement[];
    const controller = unclipped
      .filter((e) => (e.tagName === 'text' ? /^\d+\/\d+$/.test(e.textContent ?? '') : ['#1c7ed6', '#aaa'].includes(e.getAttribute('fill') ?? '')))
      .map((e) => ({ text: e.tagName === 'text' ? e.textContent : null, fill: e.getAttribute('fill'), ...box(e) }));
    return { clip, items, controller, counter: controller.find((c) => c.text)?.text ?? null };
  });
}

/** Every name and marker of the row shown whole or not at all, none under the arrows or the counter; the names shown whole. */
function expectWholeRow(row: LegendRow, where: string): string[] {
  const whole: string[] = [];
  for (const item of row.items) {
    const at = `${where}: ${item.text ?? 'a marker'} (${JSON.stringify(item)}, window ${JSON.stringify(row.clip)})`;
    expect(item.shown < 0.05 || item.shown > item.right - item.left - 0.05, at).toBe(true);
    if (item.shown < 0.05) continue;
    for (const c of row.controller) expect(Math.min(item.right, c.right) - Math.max(item.left, c.left), `${at} against ${c.text ?? 'an arrow'}`).toBeLessThanOrEqual(0);
    if (item.text) whole.push(item.text);
  }
  return whole;
}

/** Reads the row until it stops moving (a page slides in). */
async function settledRow(chart: Locator): Promise<LegendRow> {
  let last = JSON.stringify(await legendRow(chart));
  await expect
    .poll(async () => {
      const now = JSON.stringify(await legendRow(chart));
      const same = now === last;
      last = now;
      return same;
    }, { intervals: [400] })
    .toBe(true);
  return JSON.parse(last) as LegendRow;
}

test('scroll legends page whole names beside their arrows, forwards and back, at 1024 and 1440 px in English and Arabic', async ({ page, context, request, baseURL }) => {
  test.setTimeout(300_000);
  await withoutAnimations(page);
  const showcase = await showcaseUrl(request);
  const small = await smallSlicesDashboard(request);
  try {
    await acceptCookies(context, baseURL);
    await signedInAt(page, ADMIN, '/analytics/sites');
    await inEnglishAndArabic(page, async (code) => {
      // The ten shops compared on a full-width chart; eight zones in two pies side by side.
      for (const [url, type] of [
        [showcase, 'webChart'],
        [small.url, 'pieChart'],
      ] as const) {
        await page.setViewportSize({ width: WIDTHS[0], height: 900 });
        await page.goto(url);
        await atEachWidth(page, async (width) => {
          const widget = widgetOf(page, type);
          await widget.scrollIntoViewIfNeeded();
          await expect(widget).toHaveAttribute('data-status', 'data', { timeout: 30_000 });
          const chart = widget.getByTestId('chart');
          const where = `${type}, ${code}, ${width} px`;
          const first = await settledRow(chart);
          expect(first.clip, `${where}: the legend pages`).not.toBeNull();
          const pages = [expectWholeRow(first, `${where}, page 1`)];
          if (width === 1440) await widget.screenshot({ path: screenshotPath(`widgets/${type}-legend${code === 'ar' ? '-ar' : ''}.png`) });
          {
            // Forwards to the last page, then back, at both widths: at 1024 px the app is zoomed, and
            // the arrows turn the page where they are drawn (zoomedPointer.ts).
            const arrow = async (side: 'previous' | 'next') => {
              const arrows = (await legendRow(chart)).controller.filter((c) => !c.text).sort((a, b) => a.left - b.left);
              const target = side === 'previous' ? arrows[0] : arrows.at(-1);
              return target?.fill === '#1c7ed6' ? target : null;
            };
            // A click on an arrow turns the page: its counter changes, then the names slide in.
            const turn = async (side: 'previous' | 'next', to: number) => {
              const svg = (await chart.locator('svg').boundingBox())!;
              // The row is measured in the SVG's units; on screen they are drawn at the app's zoom.
              const zoom = svg.width / (await chart.locator('svg').evaluate((e) => (e as SVGSVGElement).width.baseVal.value));
              const target = (await arrow(side))!;
              await page.mouse.click(svg.x + (zoom * (target.left + target.right)) / 2, svg.y + (zoom * (target.top + target.bottom)) / 2);
              await expect.poll(async () => (await legendRow(chart)).counter, where).toMatch(new RegExp(`^${to}/`));
              return settledRow(chart);
            };
            while (await arrow('next')) {
              pages.push(expectWholeRow(await turn('next', pages.length + 1), `${where}, page ${pages.length + 1}`));
              expect(pages.length, where).toBeLessThanOrEqual(10);
            }
            expect((await legendRow(chart)).counter, where).toBe(`${pages.length}/${pages.length}`);
            // No name on two pages, and every one of them read whole on one.
            expect(pages.length, where).toBeGreaterThanOrEqual(2);
            expect(new Set(pages.flat()).size, where).toBe(pages.flat().length);
            expect(pages.flat().sort(), where).toEqual(first.items.flatMap((i) => (i.text ? [i.text] : [])).sort());
            for (let k = pages.length - 2; k >= 0; k--) {
              expect(expectWholeRow(await turn('previous', k + 1), `${where}, back to page ${k + 1}`), where).toEqual(pages[k]);
            }
          }
        });
      }
    });
  } finally {
    await small.remove();
  }
});
