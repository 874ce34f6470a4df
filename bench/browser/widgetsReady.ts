import type { Page } from 'playwright-core';

export interface WidgetState {
  type: string;
  status: string;
}

export interface WidgetsReady {
  /** From the navigation's start (the new document's time origin) to the first frame with every widget settled. */
  ms: number;
  /** From the navigation's start to the first frame showing the widget frames (skeletons): the app's own start. */
  framesMs: number;
  widgets: WidgetState[];
}

/**
 * Opens `url` and waits, frame by frame, until the page shows its widgets (`expected` of them when
 * known) and none is loading: every WidgetFrame has left data-status="loading", no skeleton
 * (aria-busy) is left inside one and every chart has drawn its SVG. The time is read in the page.
 */
export async function openUntilWidgetsReady(page: Page, url: string, expected: number | null, timeoutMs: number): Promise<WidgetsReady> {
  await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
  const ready = await page.waitForFunction(
    (count) => {
      const frames = [...document.querySelectorAll<HTMLElement>('[data-widget-type]')];
      const seen = window as unknown as { benchFramesAt?: number };
      if (frames.length > 0) seen.benchFramesAt ??= performance.now();
      if (frames.length === 0 || (count !== null && frames.length < count)) return false;
      if (frames.some((f) => f.dataset.status === 'loading' || f.querySelector('[aria-busy="true"]'))) return false;
      if ([...document.querySelectorAll('[data-widget-type] [data-testid="chart"]')].some((c) => !c.querySelector('svg'))) return false;
      return { ms: performance.now(), framesMs: seen.benchFramesAt, widgets: frames.map((f) => ({ type: f.dataset.widgetType ?? '', status: f.dataset.status ?? '' })) };
    },
    expected,
    { polling: 'raf', timeout: timeoutMs },
  );
  return (await ready.jsonValue()) as WidgetsReady;
}
