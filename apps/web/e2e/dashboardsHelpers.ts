import { expect, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
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

export async function gqlAs<T>(request: APIRequestContext, token: string, query: string, variables?: Record<string, unknown>): Promise<T> {
  const res = await request.post('/graphql', { data: { query, variables }, headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: T; errors?: unknown[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

const editorLine = (title: string, type: string) => ({ type, title, metrics: [{ type: 'visitorsIn', granularity: 3600, groupBy: { type: 'date', aggregation: 'sum' } }] });

/** A dashboard of the admin's own with one page ("Overview") and two charts ("Visitors per hour", "Visitors per day"), made through the API. */
export async function ownDashboard(request: APIRequestContext, token: string, name = `Editor check ${Date.now()}`): Promise<{ id: number; pageId: number }> {
  const { createDashboard } = await gqlAs<{ createDashboard: { id: number } }>(request, token, 'mutation($n: String!) { createDashboard(name: $n) { id } }', { n: name });
  const { createPage } = await gqlAs<{ createPage: { id: number } }>(request, token, 'mutation($d: Int!) { createPage(dashboardId: $d, page: { name: "Overview" }) { id } }', { d: createDashboard.id });
  for (const w of [editorLine('Visitors per hour', 'lineChart'), editorLine('Visitors per day', 'columnChart')]) {
    await gqlAs(request, token, 'mutation($p: Int!, $w: JSON!) { createWidget(pageId: $p, widget: $w) { id } }', { p: createPage.id, w });
  }
  return { id: createDashboard.id, pageId: createPage.id };
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

/** What an admin tool sends first: a token and a dashboard config of one page, for a site. */
export interface AdminToolStart {
  token: string;
  installationId: number;
  configPage?: ReturnType<typeof builderPage>;
}

/**
 * Turns a page of `origin` into an admin tool that frames the widget builder. Given a start, it sends
 * the builder a token and a dashboard config; without one it only frames it, and the test sends its
 * own messages (sendToBuilder) once the builder is ready.
 */
export async function openAdminTool(page: Page, origin: string, appUrl: string, start?: AdminToolStart): Promise<FrameLocator> {
  const config = start ? { name: 'Draft board', icon: 'IconLayoutDashboard', installationId: start.installationId, pages: [start.configPage ?? builderPage()] } : null;
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
      const ready = new Promise<void>((resolve) =>
        window.addEventListener('message', (e) => {
          if ((e.data as { type?: string } | null)?.type === 'ready') resolve();
        }),
      );
      (window as unknown as { builderReady: Promise<void> }).builderReady = ready;
      if (config !== null) {
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
      }
      document.body.append(frame);
    },
    { src: `${appUrl}/widget-builder`, token: start?.token ?? null, config },
  );
  return page.frameLocator('#f');
}

/** Posts messages to the framed builder once it has said "ready" (an admin tool opened without a start). */
export async function sendToBuilder(page: Page, messages: unknown[]): Promise<void> {
  await page.evaluate(async (list) => {
    await (window as unknown as { builderReady: Promise<void> }).builderReady;
    const w = (document.getElementById('f') as HTMLIFrameElement).contentWindow!;
    for (const m of list) w.postMessage(m, '*');
  }, messages);
}

type CustomLink = { text: string; url: string; iconSrc: string | null; openOutside: boolean };

/** Runs `body` with `link` added to the demo administrator's own header-menu links, then puts their links back. */
export async function withAdminLink(request: APIRequestContext, link: CustomLink, body: () => Promise<void>): Promise<void> {
  const token = await adminToken(request);
  const { me } = await gqlAs<{ me: { id: number; customLinks: CustomLink[] } }>(request, token, '{ me { id customLinks { text url iconSrc openOutside } } }');
  const setLinks = (links: CustomLink[]) =>
    gqlAs(request, token, 'mutation($u: Int!, $l: [CustomLinkInput!]!) { updateUserCustomLinks(userId: $u, customLinks: $l) { id } }', { u: me.id, l: links });
  await setLinks([...me.customLinks, link]);
  try {
    await body();
  } finally {
    await setLinks(me.customLinks);
  }
}
