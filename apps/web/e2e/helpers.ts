import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { businessDate, businessDayRange } from '@sitelens/domain';

export const ADMIN = { email: 'admin@sitelens.example', password: 'Sitelens#2026' };
export const VIEWER = { email: 'viewer@sitelens.example', password: 'Sitelens#2026' };

const screenshotDir = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

/** Where the documentation screenshots go (docs/screenshots at the repository root). */
export function screenshotPath(name: string): string {
  mkdirSync(screenshotDir, { recursive: true });
  return join(screenshotDir, name);
}

/** Sets the consent cookie so the notice does not cover the screens under test. */
export async function acceptCookies(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.addCookies([{ name: 'sitelens_consent', value: '1', url: baseURL ?? 'http://127.0.0.1:3199' }]);
}

/** Fills the login form by field type, so it works in whatever language the page shows. */
export async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.locator('input[autocomplete="username"]').fill(user.email);
  await page.locator('input[autocomplete="current-password"]').fill(user.password);
  await page.locator('form button[type="submit"]').click();
}

async function graphql<T>(request: APIRequestContext, query: string, token?: string): Promise<T> {
  const response = await request.post('/graphql', {
    data: { query },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (await response.json()) as { data: T; errors?: unknown[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

export interface SiteRef {
  id: number;
  name: string;
}

interface SiteRow extends SiteRef {
  families: string[];
  timezone: string;
  change_of_day_time: string;
}

async function hasVisitorsToday(request: APIRequestContext, token: string, site: SiteRow): Promise<boolean> {
  const [begin, end] = businessDayRange(businessDate(Date.now(), site.timezone, site.change_of_day_time), site.timezone, site.change_of_day_time);
  const input = JSON.stringify({
    installationId: site.id,
    metric: 'visitorsIn',
    granularity: 3600,
    groupBy: { type: 'date', aggregation: 'sum' },
    filters: { operator: 'AND', conditions: [{ type: 'date', dateBegin: new Date(begin).toISOString(), dateEnd: new Date(end).toISOString() }] },
  }).replace(/"(\w+)":/g, '$1:');
  const { retailData } = await graphql<{ retailData: { series: Array<{ points: Array<{ value: number | null }> }> } }>(
    request,
    `query { retailData(input: ${input}) { series { points { value } } } }`,
    token,
  );
  return retailData.series.some((s) => s.points.some((p) => typeof p.value === 'number'));
}

/**
 * The demo's shopping-centre counting site. Shops are closed in the early morning of their
 * business day, so when it has no visitor yet today another counting site with visitors stands in.
 */
export async function shoppingCentreSite(request: APIRequestContext): Promise<SiteRef> {
  const { login } = await graphql<{ login: string }>(
    request,
    `query { login(email: "${ADMIN.email}", password: "${ADMIN.password}") }`,
  );
  const { allInstallations } = await graphql<{ allInstallations: SiteRow[] }>(
    request,
    'query { allInstallations { id name families timezone change_of_day_time } }',
    login,
  );
  const isCentre = (i: SiteRow) => /shopping|centre|center|mall|galerie/i.test(i.name);
  const counting = allInstallations
    .filter((i) => i.families.includes('counting'))
    .sort((a, b) => Number(isCentre(b)) - Number(isCentre(a)));
  for (const site of counting) {
    if (await hasVisitorsToday(request, login, site)) return { id: site.id, name: site.name };
  }
  throw new Error('no counting site of the demo organization has visitors today');
}

/** Picks a language on Profile > Preferences and waits for the interface to switch. */
export async function chooseLanguage(page: Page, name: string, code: string): Promise<void> {
  await page.getByTestId('language-select').click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', code);
}

/** Waits until the chart holds data and returns how many numeric points it draws. */
export async function chartPoints(page: Page): Promise<number> {
  const chart = page.getByTestId('line-chart');
  await expect(chart).toBeVisible();
  await expect.poll(async () => Number(await chart.getAttribute('data-points'))).toBeGreaterThan(0);
  return Number(await chart.getAttribute('data-points'));
}
