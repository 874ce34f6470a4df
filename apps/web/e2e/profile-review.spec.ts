import { expect, test } from '@playwright/test';
import { ADMIN, acceptCookies, signedInAt } from './helpers.ts';

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

const LOGIN = 'query($e:String!,$p:String!){ login(email:$e,password:$p) }';

test('the open sessions name each row’s button, say a session is signed out and hand the keyboard on', async ({ page, playwright, baseURL }) => {
  await signedInAt(page, ADMIN, '/analytics/sites');
  // Another place signed in as the administrator: the newest of the other sessions.
  const elsewhere = await playwright.request.newContext({ baseURL });
  const login = await elsewhere.post('/graphql', { data: { query: LOGIN, variables: { e: ADMIN.email, p: ADMIN.password } } });
  const token = ((await login.json()) as { data: { login: string } }).data.login;
  const me = async () => ((await (await elsewhere.post('/graphql', { data: { query: '{ me { email } }' }, headers: { authorization: `Bearer ${token}` } })).json()) as { data?: { me: { email: string } | null } }).data?.me ?? null;
  expect(await me()).toEqual({ email: ADMIN.email });

  await page.goto('/user-profile/security');
  const ends = page.getByRole('button', { name: /^Sign out .+, signed in \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/ });
  await expect(ends.first()).toBeVisible();
  const before = await ends.count();
  await ends.first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('The session is signed out.')).toBeVisible();
  await expect(ends).toHaveCount(before - 1);
  // The keyboard stays in the list: on the next row's button, or on the list's title once none is left.
  if (before > 1) await expect(ends.first()).toBeFocused();
  else await expect(page.getByRole('heading', { name: 'Open sessions' })).toBeFocused();
  expect(await me()).toBeNull();
  await elsewhere.dispose();
});

test('the sign-in places never read as empty while they load or when they cannot be read', async ({ page }) => {
  await signedInAt(page, ADMIN, '/analytics/sites');
  // The list's query fails on the way (the server is unreachable for it).
  await page.route('**/graphql', async (route) => {
    if (route.request().postDataJSON()?.operationName === 'AccountSecurity') await route.abort('connectionrefused');
    else await route.fallback();
  });
  await page.goto('/user-profile/security');
  const trusted = page.locator('[aria-labelledby="trusted-title"]');
  const sessions = page.locator('[aria-labelledby="sessions-title"]');
  await expect(trusted.getByRole('alert')).toBeVisible();
  await expect(sessions.getByRole('alert')).toBeVisible();
  await expect(page.getByText('No browser skips the code', { exact: false })).toHaveCount(0);
  await expect(page.getByTestId('open-sessions')).toHaveCount(0);

  // Read again: the lists come back.
  await page.unroute('**/graphql');
  await page.reload();
  await expect(page.getByTestId('open-sessions')).toBeVisible();
  await expect(sessions.getByRole('alert')).toHaveCount(0);
});
