import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { percentile, type Timing } from '../queries/timeRuns.ts';
import { startAppServer } from './appServer.ts';
import { DEMO_ADMIN, demoCountingSite } from './demoSite.ts';
import { recordScripts, type ScriptBytes } from './scriptBytes.ts';
import { startWeatherStub } from './weatherStub.ts';
import { ensureWebBuild } from './webBuild.ts';
import { openUntilWidgetsReady, type WidgetState } from './widgetsReady.ts';

export interface BrowserPlan {
  runs: number;
  demoDays: number;
}

export interface BrowserFigures {
  chromium: string;
  /** The folder served (apps/web/dist, or WEB_DIST), and whether this run rebuilt it first (missing or stale). */
  webBuild: { built: boolean; seconds: number | null; dist: string };
  demoDays: number;
  /** Server start on a fresh database, demo organization included. */
  serverStartSeconds: number;
  page: { path: string; site: string; widgets: WidgetState[] };
  /** New browser context (empty cache, signed in by its session cookie), then the page. */
  cold: Timing;
  /** The same context and tab opening the page again. */
  warm: Timing;
  /** Until the widget frames first show (still loading): how much of cold and warm is the app starting. */
  coldFrames: Timing;
  warmFrames: Timing;
  /** Widgets that settled in another state than data in some measured run, as "type: status". */
  notData: string[];
  countingPageScripts: ScriptBytes;
  signInPageScripts: ScriptBytes;
  /** Sign-in page's gzip bytes over the counting page's. */
  signInShare: number;
}

export const CHROMIUM = '/usr/bin/chromium';

/** Stops before an hour of database phases when the browser phase could not run at their end. */
export function checkBrowserInstalled(): void {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium), or pass --skip-browser`);
}
const OPEN_TIMEOUT_MS = 120_000;
const CONTEXT = { viewport: { width: 1280, height: 800 }, locale: 'en-US' } as const;

const timing = (values: number[]): Timing => ({ n: values.length, p50: percentile(values, 50), p95: percentile(values, 95), min: Math.min(...values), max: Math.max(...values) });

/** The sign-in page's scripts, then a sign-in through its form; gives the session for the counting page. */
async function signInPage(browser: Browser, base: string) {
  const context = await browser.newContext(CONTEXT);
  // A returning visitor who accepted cookies: the notice does not cover the form.
  await context.addCookies([{ name: 'sitelens_consent', value: '1', url: base }]);
  const page = await context.newPage();
  const scripts = recordScripts(page, base);
  await page.goto(`${base}/login`);
  await page.locator('input[autocomplete="username"]').waitFor();
  await page.waitForLoadState('networkidle');
  const bytes = await scripts();
  await page.locator('input[autocomplete="username"]').fill(DEMO_ADMIN.email);
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_ADMIN.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const storageState = await context.storageState();
  await context.close();
  return { bytes, storageState };
}

/**
 * The browser phase: the built web app on the real server and a fresh demo database, in Debian's
 * Chromium. Times the demo counting page until every widget shows data, cold and warm, and sums
 * the JavaScript it loads against the sign-in page's.
 */
export async function runBrowser(plan: BrowserPlan): Promise<BrowserFigures> {
  const webBuild = ensureWebBuild();
  const weather = await startWeatherStub();
  console.log(`Starting the server on a fresh demo database (${plan.demoDays} days)...`);
  const server = await startAppServer({ demoDays: plan.demoDays, weatherUrl: weather.url });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const site = await demoCountingSite(server.base);
    const path = `/counting/${site.id}`;
    const url = `${server.base}${path}`;
    console.log(`Browser: sign-in page, then ${path} (${site.name}), 1 warm-up and ${plan.runs} runs cold and warm...`);
    const signIn = await signInPage(browser, server.base);

    // The warm-up round: the server's first queries, the page's widget count and its scripts.
    const first = await browser.newContext({ ...CONTEXT, storageState: signIn.storageState });
    const firstPage = await first.newPage();
    const scripts = recordScripts(firstPage, server.base);
    const shown = await openUntilWidgetsReady(firstPage, url, null, OPEN_TIMEOUT_MS);
    await firstPage.waitForLoadState('networkidle');
    const countingPageScripts = await scripts();
    await first.close();

    const cold: number[] = [];
    const warm: number[] = [];
    const coldFrames: number[] = [];
    const warmFrames: number[] = [];
    const notData = new Map<string, number>();
    const note = (widgets: WidgetState[]) => widgets.filter((w) => w.status !== 'data').forEach((w) => notData.set(`${w.type}: ${w.status}`, (notData.get(`${w.type}: ${w.status}`) ?? 0) + 1));
    let widgets = shown.widgets;
    for (let i = 0; i < plan.runs; i++) {
      const context = await browser.newContext({ ...CONTEXT, storageState: signIn.storageState });
      const page = await context.newPage();
      const c = await openUntilWidgetsReady(page, url, shown.widgets.length, OPEN_TIMEOUT_MS);
      const w = await openUntilWidgetsReady(page, url, shown.widgets.length, OPEN_TIMEOUT_MS);
      cold.push(c.ms);
      warm.push(w.ms);
      coldFrames.push(c.framesMs);
      warmFrames.push(w.framesMs);
      note(c.widgets);
      note(w.widgets);
      widgets = w.widgets;
      await context.close();
    }
    return {
      chromium: browser.version(),
      webBuild,
      demoDays: plan.demoDays,
      serverStartSeconds: server.startSeconds,
      page: { path, site: site.name, widgets },
      cold: timing(cold),
      warm: timing(warm),
      coldFrames: timing(coldFrames),
      warmFrames: timing(warmFrames),
      notData: [...notData].map(([what, n]) => `${what} (${n} of ${plan.runs * 2} loads)`),
      countingPageScripts,
      signInPageScripts: signIn.bytes,
      signInShare: signIn.bytes.gzipBytes / countingPageScripts.gzipBytes,
    };
  } finally {
    await browser.close();
    await server.stop();
    await weather.close();
  }
}
