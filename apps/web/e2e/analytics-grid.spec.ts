import { expect, test, type Page } from '@playwright/test';
import { adminState, demoSite, settledWidget, widgetOfType } from './analyticsHelpers.ts';

// Issue 22, item 9: the widget grid fills its rows at every common width: no widget beside a hole.
// Each width is screenshotted (attached to the report) and its empty space measured from the boxes.

test.use({ storageState: async ({ browser, baseURL }, provide) => provide(await adminState(browser, baseURL)) });

/** Share of the grid's rows not covered by widgets (gaps excluded), and the widgets per row. */
async function emptySpace(page: Page): Promise<{ empty: number; rows: number[] }> {
  return page.getByTestId('widget-grid').evaluate((grid) => {
    const box = grid.getBoundingClientRect();
    const gap = parseFloat(getComputedStyle(grid).columnGap) || 0;
    const cells = [...grid.children].map((c) => c.querySelector('section') ?? c).map((c) => c.getBoundingClientRect());
    const rows = new Map<number, DOMRect[]>();
    for (const r of cells) {
      const top = [...rows.keys()].find((t) => Math.abs(t - r.top) < 2) ?? r.top;
      rows.set(top, [...(rows.get(top) ?? []), r]);
    }
    let empty = 0;
    let total = 0;
    for (const row of rows.values()) {
      const height = Math.max(...row.map((r) => r.height));
      const covered = row.reduce((s, r) => s + r.width * r.height, 0) + gap * (row.length - 1) * height;
      empty += box.width * height - covered;
      total += box.width * height;
    }
    return { empty: empty / total, rows: [...rows.values()].map((r) => r.length) };
  });
}

// Each page is opened once and widened step by step: the grid lays out again at each width, as it
// does when a reader resizes the window (one opening per width took four times the page's loading).
for (const kind of ['counting', 'atmosphere'] as const) {
  test(`the ${kind} page fills its rows at 1024, 1280, 1440 and 1920 px`, async ({ page, request }, info) => {
    const office = await demoSite(request, 'Harbour Point Offices');
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.goto(`/${kind}/${office.id}?timespan=yesterday`);
    for (const width of [1024, 1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      for (const type of ['lineChart', 'kpis']) await settledWidget(widgetOfType(page, type).first());
      const filled = async () => {
        const { empty, rows } = await emptySpace(page);
        return empty < 0.01 ? 'filled' : `${(empty * 100).toFixed(1)} % empty in rows of ${rows.join(', ')}`;
      };
      await expect.poll(filled, { message: `${kind} at ${width} px` }).toBe('filled');
      await info.attach(`${kind}-${width}.png`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
    }
  });
}
