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
