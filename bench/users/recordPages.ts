import { chromium } from 'playwright-core';
import { CHROMIUM } from '../browser/runBrowser.ts';
import { DEMO_ADMIN } from '../browser/demoSite.ts';
import { openUntilWidgetsReady } from '../browser/widgetsReady.ts';

type Operation = { query?: string; operationName?: string | null };

/** One GraphQL call a page made: its body as the browser sent it (one operation or several), and whether it is a live stream. */
export interface RecordedCall {
  body: string;
  /** The operation's name; for several sent together, their names joined by " + ". */
  operationName: string | null;
  stream: boolean;
}

export interface RecordedPage {
  path: string;
  widgets: number;
  /** The page's queries (no mutations), in the order the browser sent them. */
  queries: RecordedCall[];
  /** The live subscriptions it holds open (GraphQL over SSE). */
  streams: RecordedCall[];
}

const OPEN_TIMEOUT_MS = 120_000;

/**
 * Opens each page once in Debian's Chromium as the demo's administrator and keeps the GraphQL calls
 * it made until every widget showed its data: the dashboard mix the load phase replays, exactly as
 * the web app asks it (documents, variables, batching), without a browser per simulated user.
 */
export async function recordPages(base: string, paths: string[]): Promise<RecordedPage[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    await context.addCookies([{ name: 'sitelens_consent', value: '1', url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.locator('input[autocomplete="username"]').fill(DEMO_ADMIN.email);
    await page.locator('input[autocomplete="current-password"]').fill(DEMO_ADMIN.password);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.waitForLoadState('networkidle');

    const pages: RecordedPage[] = [];
    for (const path of paths) {
      let calls: RecordedCall[] = [];
      const listener = (request: import('playwright-core').Request) => {
        if (request.method() !== 'POST' || !request.url().endsWith('/graphql')) return;
        const body = request.postData();
        if (!body) return;
        // One operation, or the queries a page asked together (an array: the web app's query batches).
        const parsed = JSON.parse(body) as Operation | Operation[];
        const operations = Array.isArray(parsed) ? parsed : [parsed];
        if (operations.some((op) => !op.query || /^\s*mutation\b/.test(op.query))) return;
        const stream = (request.headers()['accept'] ?? '').includes('text/event-stream');
        const names = operations.map((op) => op.operationName ?? '(anonymous)');
        calls.push({ body, operationName: operations.length === 1 ? (operations[0]!.operationName ?? null) : names.join(' + '), stream });
      };
      page.on('request', listener);
      calls = [];
      const shown = await openUntilWidgetsReady(page, `${base}${path}`, null, OPEN_TIMEOUT_MS);
      await page.waitForLoadState('networkidle');
      page.off('request', listener);
      pages.push({ path, widgets: shown.widgets.length, queries: calls.filter((c) => !c.stream), streams: calls.filter((c) => c.stream) });
    }
    return pages;
  } finally {
    await browser.close();
  }
}
