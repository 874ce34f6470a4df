import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, signIn } from './helpers.ts';

export async function loginToken(request: APIRequestContext, user = ADMIN): Promise<string> {
  const res = await request.post('/graphql', { data: { query: `query { login(email: "${user.email}", password: "${user.password}") }` } });
  return ((await res.json()) as { data: { login: string } }).data.login;
}

export async function gql<T>(request: APIRequestContext, token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await request.post('/graphql', { data: { query, variables }, headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: T; errors?: unknown[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

export interface DemoSite {
  id: number;
  name: string;
  families: string[];
  timezone: string;
  change_of_day_time: string;
  creationDate: string;
  opening_hours: Array<{ beginDay: number; beginHour: number; beginMinute: number; endDay: number; endHour: number; endMinute: number; reset: boolean }>;
}

export async function demoSites(request: APIRequestContext, token: string): Promise<DemoSite[]> {
  const { allInstallations } = await gql<{ allInstallations: DemoSite[] }>(
    request,
    token,
    '{ allInstallations { id name families timezone change_of_day_time creationDate opening_hours { beginDay beginHour beginMinute endDay endHour endMinute reset } } }',
  );
  return allInstallations;
}

/** Opens a page, signing in when the app asks, and waits for its filter bar. */
export async function openWithFilterBar(page: Page, path: string): Promise<void> {
  await page.goto(path);
  const login = page.locator('input[autocomplete="username"]');
  const bar = page.getByTestId('filter-bar');
  await expect(login.or(bar).first()).toBeVisible({ timeout: 30_000 });
  if (await login.isVisible()) await signIn(page, ADMIN);
  await expect(bar).toBeVisible({ timeout: 30_000 });
}
