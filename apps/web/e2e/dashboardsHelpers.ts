import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN } from './helpers.ts';

export interface WidgetState {
  type: string;
  status: string;
}

/** Waits until no widget of the page is loading any more and gives each widget's type and state. */
export async function widgetsSettled(page: Page): Promise<WidgetState[]> {
  const frames = page.locator('[data-widget-type]');
  await expect(frames.first()).toBeVisible();
  await expect(page.locator('[data-widget-type][data-status="loading"]')).toHaveCount(0, { timeout: 45_000 });
  return frames.evaluateAll((els) => els.map((e) => ({ type: (e as HTMLElement).dataset.widgetType ?? '', status: (e as HTMLElement).dataset.status ?? '' })));
}

/**
 * Every widget whose renderer exists shows data: a type without a renderer yet shows its name
 * (data-status="unknown"), every other one must hold real values from the demo data.
 */
export function expectRenderedWithData(widgets: WidgetState[], allowedEmpty: string[] = []): void {
  const rendered = widgets.filter((w) => w.status !== 'unknown' && !allowedEmpty.includes(w.type));
  expect(rendered.filter((w) => w.status !== 'data'), JSON.stringify(widgets)).toEqual([]);
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/graphql', { data: { query: `query { login(email: "${ADMIN.email}", password: "${ADMIN.password}") }` } });
  return ((await res.json()) as { data: { login: string } }).data.login;
}

export async function gqlAs<T>(request: APIRequestContext, token: string, query: string): Promise<T> {
  const res = await request.post('/graphql', { data: { query }, headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: T; errors?: unknown[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

/** The demo site measuring a kind (the office measures air and energy). */
export async function siteOfKind(request: APIRequestContext, kind: string): Promise<{ id: number; name: string }> {
  const token = await adminToken(request);
  const { allInstallations } = await gqlAs<{ allInstallations: Array<{ id: number; name: string; families: string[] }> }>(
    request,
    token,
    '{ allInstallations { id name families } }',
  );
  const site = allInstallations.find((i) => i.families.includes(kind));
  if (!site) throw new Error(`no demo site measures ${kind}`);
  return site;
}

/** The demo organization's Showcase dashboard: its id and first page. */
export async function showcase(request: APIRequestContext): Promise<{ id: number; url: string }> {
  const token = await adminToken(request);
  const { allDashboardsV2 } = await gqlAs<{ allDashboardsV2: Array<{ id: number; name: string; kind: string; url: string }> }>(
    request,
    token,
    '{ allDashboardsV2 { id name kind url } }',
  );
  const found = allDashboardsV2.find((d) => d.name === 'Showcase' && d.kind === 'organization');
  if (!found) throw new Error('the demo has no Showcase dashboard');
  return found;
}

/** The page of a widget builder config: a line chart and KPI cards of visitors, no global filters unless given. */
export function builderPage(widgetGlobalFilters: unknown[] = []) {
  return {
    name: 'Preview page',
    icon: 'IconLayoutDashboard',
    widgetGlobalFilters,
    widgets: [
      { type: 'lineChart', title: 'Visitors per hour', metrics: [{ type: 'visitorsIn', granularity: 3600, groupBy: { type: 'date', aggregation: 'sum' } }] },
      { type: 'kpis', title: 'Key figures', metrics: [{ type: 'visitorsIn' }, { type: 'visitorsOut' }] },
    ],
  };
}

/** Turns a page of `origin` into an admin tool: it frames the widget builder and sends it a token and a dashboard config. */
export async function openAdminTool(page: Page, origin: string, appUrl: string, token: string, installationId: number, configPage = builderPage()) {
  const config = { name: 'Draft board', icon: 'IconLayoutDashboard', installationId, pages: [configPage] };
  await page.goto(`${origin}/healthz`);
  await page.evaluate(
    ({ src, token, config }) => {
      document.documentElement.lang = 'en';
      document.title = 'Admin tool';
      document.body.replaceChildren();
      document.body.style.margin = '0';
      const frame = document.createElement('iframe');
      frame.id = 'f';
      frame.title = 'Widget preview';
      frame.src = src;
      frame.style.cssText = 'width:1200px;height:1000px;border:0';
      let sent = false;
      const send = () => {
        sent = true;
        const w = frame.contentWindow!;
        w.postMessage({ type: 'init' }, '*');
        w.postMessage({ type: 'token', token }, '*');
        w.postMessage({ type: 'dashboardConfig', config }, '*');
      };
      window.addEventListener('message', (e) => {
        if ((e.data as { type?: string } | null)?.type === 'ready') send();
      });
      // A tool the builder does not trust never hears "ready": it sends once the frame has loaded
      // (a slow builder that says "ready" later still gets everything again).
      frame.addEventListener('load', () => setTimeout(() => sent || send(), 2000));
      document.body.append(frame);
    },
    { src: `${appUrl}/widget-builder`, token, config },
  );
}
