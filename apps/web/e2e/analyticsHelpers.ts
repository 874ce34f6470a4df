import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { type AppliedFilters, businessDate, isoDateAddDays, toRetailConditions } from '@sitelens/domain';
import { ADMIN, acceptCookies, signIn } from './helpers.ts';

// Shared pieces of the analytics specs: one sign-in per run, the demo's sites and zones, and
// retailData asked directly, to check what the pages show against the API's answer.

const STATE = join(process.env.SITELENS_E2E_RUN_DIR ?? '/tmp', 'admin-state.json');

/**
 * The administrator's signed-in browser state, made once per run through the login form and
 * reused by every analytics test (`test.use({ storageState })` reads it).
 */
export async function adminState(browser: Browser, baseURL: string | undefined): Promise<string> {
  if (existsSync(STATE)) return STATE;
  const context = await browser.newContext({ baseURL });
  await acceptCookies(context, baseURL);
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, ADMIN);
  await expect(page).not.toHaveURL(/\/login/);
  await context.storageState({ path: STATE });
  await context.close();
  return STATE;
}

let token: Promise<string> | null = null;

export async function api<T>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  token ??= request
    .post('/graphql', { data: { query: `query { login(email: "${ADMIN.email}", password: "${ADMIN.password}") }` } })
    .then(async (r) => ((await r.json()) as { data: { login: string } }).data.login);
  const response = await request.post('/graphql', { data: { query, variables }, headers: { authorization: `Bearer ${await token}` } });
  const body = (await response.json()) as { data: T; errors?: unknown[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

export interface DemoSite {
  id: number;
  name: string;
  timezone: string;
  change_of_day_time: string;
  zones: Array<{ id: number; name: string; parentIds: number[] }>;
  devices: Array<{ id: number; name: string; zone: { id: number } | null }>;
}

/** A demo site by name, with its zones and air sensors. */
export async function demoSite(request: APIRequestContext, name: string): Promise<DemoSite> {
  const { allInstallations } = await api<{ allInstallations: Array<Omit<DemoSite, 'zones' | 'devices'>> }>(request, '{ allInstallations { id name timezone change_of_day_time } }');
  const site = allInstallations.find((s) => s.name === name);
  expect(site, `the demo has ${name}`).toBeDefined();
  const { zonesByInstallation, devicesAtmosphereByInstallation } = await api<{ zonesByInstallation: DemoSite['zones']; devicesAtmosphereByInstallation: DemoSite['devices'] }>(
    request,
    'query($id: Int!) { zonesByInstallation(installationId: $id) { id name parentIds } devicesAtmosphereByInstallation(installationId: $id) { id name zone { id } } }',
    { id: site!.id },
  );
  return { ...site!, zones: zonesByInstallation, devices: devicesAtmosphereByInstallation };
}

export const zoneNamed = (site: DemoSite, name: string) => {
  const zone = site.zones.find((z) => z.name === name);
  expect(zone, `${site.name} has ${name}`).toBeDefined();
  return zone!;
};

/** The site's previous business day: complete, so its figures hold still while a test reads them. */
/** The site's calendar date (the filter bar's "today", domain filterContext): before the change of day it is already the next business day. */
export const calendarTodayOf = (site: DemoSite) => businessDate(Date.now(), site.timezone, '00:00');
/**
 * The site's last complete business day (the day before the one holding now). Tests that compare a
 * page with retailData open it as `?from=day&to=day`: the filter bar's "yesterday" is the day before
 * the calendar date, which between midnight and the change of day is the business day still running.
 */
export const yesterdayOf = (site: DemoSite) => isoDateAddDays(businessDate(Date.now(), site.timezone, site.change_of_day_time), -1);

/** The demo offices' last working day before today: they open Monday to Friday, except their three holidays. */
export function lastWorkdayOf(office: DemoSite): string {
  let day = yesterdayOf(office);
  const closed = (d: string) => [0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay()) || ['01-26', '08-15', '10-02'].includes(d.slice(5));
  while (closed(day)) day = isoDateAddDays(day, -1);
  return day;
}

export interface RetailAnswer {
  metric: string;
  series: Array<{ key: string; label: string; points: Array<{ t: string | null; key: string | null; value: number | null }> }>;
}

/** retailData for the site on `day`, filtered as a page would filter it (zone, gender ...). */
export async function retailOn(
  request: APIRequestContext,
  site: DemoSite,
  day: string,
  filters: Partial<AppliedFilters>,
  input: Record<string, unknown>,
): Promise<RetailAnswer> {
  const conditions = toRetailConditions({ timespans: [{ dateBegin: day, dateEnd: day }], ...filters }, { timezone: site.timezone, changeOfDayTime: site.change_of_day_time });
  const { retailData } = await api<{ retailData: RetailAnswer }>(
    request,
    'query($input: RetailDataInput!) { retailData(input: $input) { metric series { key label points { t key value } } } }',
    { input: { installationId: site.id, filters: { operator: 'AND', conditions }, ...input } },
  );
  return retailData;
}

/** The sum of every value of an answer. */
export const totalOf = (answer: RetailAnswer) => answer.series.reduce((s, x) => s + x.points.reduce((a, p) => a + (p.value ?? 0), 0), 0);

export const widgetOfType = (page: Page, type: string): Locator => page.locator(`section[data-widget-type="${type}"]`);

/** Waits for a widget to leave its loading state and returns that state. */
export async function settledWidget(w: Locator): Promise<string> {
  await w.scrollIntoViewIfNeeded();
  await expect(w).not.toHaveAttribute('data-status', 'loading', { timeout: 30_000 });
  return (await w.getAttribute('data-status')) ?? '';
}

/** The number a text shows, whatever the locale's grouping ("7,741", "7 741", "545 ppm"). */
export const numberIn = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

/** The total of the values a chart draws (ChartCanvas data-total). */
export async function chartTotal(w: Locator): Promise<number> {
  const chart = w.getByTestId('chart');
  await expect(chart).toHaveAttribute('data-total', /\d/);
  return Number(await chart.getAttribute('data-total'));
}
