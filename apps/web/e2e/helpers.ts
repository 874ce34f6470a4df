import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_ADMIN, countingSitesToday, demoCountingSite, type SiteRef } from './demoCountingSite.ts';

export type { SiteRef } from './demoCountingSite.ts';

export const ADMIN = DEMO_ADMIN;
export const VIEWER = { email: 'viewer@sitelens.example', password: 'Sitelens#2026' };

const screenshotDir = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

/**
 * The whole page as one image, as a reader scrolling it sees each part: the window is made as tall as
 * the page first (Chromium's full-page capture keeps the window's height for fixed and sticky parts,
 * so a form's sticky Save bar was drawn across the middle of the image), with nothing focused and
 * from the top; then the window gets its size back.
 */
export async function wholePageScreenshot(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize()!;
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await page.screenshot({ path: screenshotPath(name) });
  await page.setViewportSize(viewport);
}

/** A day as the date fields show it to the demo admin (the user's date format, DD/MM/YYYY), as YYYY-MM-DD. */
export function isoOfShownDay(text: string): string {
  const parts = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  expect(parts, `"${text}" is a day in DD/MM/YYYY`).toBeTruthy();
  return `${parts![3]}-${parts![2]}-${parts![1]}`;
}

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

/**
 * Signs in through the API and opens `path`: the login query sets the session cookie in the page's
 * browser context, as the form does, and the page loads signed in. For tests whose subject is not the
 * sign-in: the login page and the way back to the first page cost seconds each time, and the form's
 * own path is tested by the sign-in, session, code-step and two-factor specs.
 */
export async function signedInAt(page: Page, user: { email: string; password: string }, path: string): Promise<void> {
  const response = await page.request.post('/graphql', {
    data: { query: 'query($email: String!, $password: String!) { login(email: $email, password: $password) }', variables: { email: user.email, password: user.password } },
  });
  const body = (await response.json()) as { errors?: unknown[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  await page.goto(path);
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

/**
 * The demo's shopping-centre counting site, or another counting site with visitors today when its
 * shops have not opened yet.
 */
export function shoppingCentreSite(request: APIRequestContext): Promise<SiteRef> {
  return demoCountingSite((query, token) => graphql(request, query, token));
}

/** The demo's counting sites, each with whether it has had visitors today. */
export function countingSites(request: APIRequestContext): ReturnType<typeof countingSitesToday> {
  return countingSitesToday((query, token) => graphql(request, query, token));
}

/** Picks a language on Profile > Preferences, saves it and waits for the interface to switch. */
export async function chooseLanguage(page: Page, name: string, code: string): Promise<void> {
  await page.getByTestId('language-select').click();
  await page.getByRole('option', { name, exact: true }).click();
  // The language applies once saved; when it already is the one shown there is nothing to save.
  if ((await page.locator('html').getAttribute('lang')) === code) return;
  await page.getByTestId('form-save').click();
  await expect(page.locator('html')).toHaveAttribute('lang', code);
  // The confirmation is said in the language just chosen, not the one before.
  await expect(page.getByText(savedText(code), { exact: true })).toBeVisible();
}

/** "Your preferences are saved." in a language, from the server's catalogue. */
function savedText(code: string): string {
  const catalogue = JSON.parse(readFileSync(new URL(`../../server/src/modules/translations/locales/${code}/profile.json`, import.meta.url), 'utf8')) as { preferences: { saved: string } };
  return catalogue.preferences.saved;
}

/** Waits until the chart holds data and returns how many numeric points it draws. */
export async function chartPoints(page: Page): Promise<number> {
  const chart = page.getByTestId('line-chart');
  await expect(chart).toBeVisible();
  await expect.poll(async () => Number(await chart.getAttribute('data-points'))).toBeGreaterThan(0);
  return Number(await chart.getAttribute('data-points'));
}

/** Serious and critical WCAG 2.1 A/AA violations on the page (or inside `selector`), by rule and element. */
export async function seriousViolations(page: Page, selector?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (selector ? builder.include(selector) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}
