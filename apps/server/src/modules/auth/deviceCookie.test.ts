import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { TEST_PASSWORD, createOrganization, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';

// Issue 28 item 8: ten wrong passwords from anywhere, or fifty from the office's address, no longer
// lock the owner out of the browser they signed in with before.
const LOGIN = 'query($e:String!,$p:String!){ login(email:$e,password:$p) }';

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
const ids: Record<string, number> = {};
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  for (const name of ['ana', 'bob', 'cyd', 'dot', ...Array.from({ length: 12 }, (_, i) => `u${i}`)]) ids[name] = (await createUser(database, { email: `${name}@acme.test`, organizationIds: [org.id] })).id;
  server = await startTestServer(database, { LOGIN_RATE_LIMIT: '10', LOGIN_RATE_WINDOW_SECONDS: '900', API_CALLER_QUEUE: '200' }, clock);
});

afterAll(async () => {
  await server.close();
  await database.close();
});

/** A sign-in over HTTP with this browser's cookies; the device cookie it sets, if any. */
async function login(email: string, password: string, cookie?: string) {
  const r = await server.gql(LOGIN, { e: email, p: password }, { cookie });
  const device = /(sitelens_device_\d+=[\w.-]+)/.exec(r.setCookie ?? '')?.[1];
  return { code: errorCode(r), token: r.data?.login as string | undefined, device };
}

describe('a browser that signed in before', () => {
  it('still signs in with the right password while the account is throttled; other browsers wait', async () => {
    const first = await login('ana@acme.test', TEST_PASSWORD);
    expect(first.token).toBeTruthy();
    expect(first.device).toMatch(new RegExp(`^sitelens_device_${ids.ana}=`));
    for (let i = 0; i < 12; i++) await login('ana@acme.test', 'Wrong#Guess1');
    expect((await login('ana@acme.test', TEST_PASSWORD)).code).toBe('LOGIN_RATE_LIMITED');
    const owner = await login('ana@acme.test', TEST_PASSWORD, first.device);
    expect(owner.code).toBeUndefined();
    expect(owner.token).toBeTruthy();
  });

  it('is itself limited: a stolen device cookie does not open unlimited guessing', async () => {
    const { device } = await login('bob@acme.test', TEST_PASSWORD);
    const codes: unknown[] = [];
    for (let i = 0; i < 11; i++) codes.push((await login('bob@acme.test', 'Wrong#Guess1', device)).code);
    expect(codes.slice(0, 10).every((c) => c === 'LOGIN_WRONG_CREDENTIALS')).toBe(true);
    expect(codes[10]).toBe('LOGIN_RATE_LIMITED');
  });

  it('counts only with a genuine cookie of that account: forged or another account’s cookies change nothing', async () => {
    const { device } = await login('cyd@acme.test', TEST_PASSWORD);
    for (let i = 0; i < 12; i++) await login('cyd@acme.test', 'Wrong#Guess1');
    const value = device!.split('=')[1]!;
    const forged = `sitelens_device_${ids.cyd}=${value.slice(0, -2)}xx`;
    const borrowed = `sitelens_device_${ids.cyd}=${(await login('u0@acme.test', TEST_PASSWORD)).device!.split('=')[1]}`;
    expect((await login('cyd@acme.test', TEST_PASSWORD, forged)).code).toBe('LOGIN_RATE_LIMITED');
    expect((await login('cyd@acme.test', TEST_PASSWORD, borrowed)).code).toBe('LOGIN_RATE_LIMITED');
    expect((await login('cyd@acme.test', TEST_PASSWORD, device)).token).toBeTruthy();
  });
});

describe('past the account limit, other browsers are slowed, not locked out', () => {
  it('lets one attempt through after 30 s, then 60 s, … so the owner on a new browser gets in without waiting the window', async () => {
    const blocked = async () => (await server.gql(LOGIN, { e: 'dot@acme.test', p: 'Wrong#Guess1' })).errors?.[0]?.extensions;
    for (let i = 0; i < 10; i++) expect((await login('dot@acme.test', 'Wrong#Guess1')).code).toBe('LOGIN_WRONG_CREDENTIALS');
    expect(await blocked()).toMatchObject({ code: 'LOGIN_RATE_LIMITED', retryAfterSeconds: 30 });
    offsetMs += 31_000;
    // One guess passes (and is counted); the next waits twice as long; early tries do not push it.
    expect((await login('dot@acme.test', 'Wrong#Guess1')).code).toBe('LOGIN_WRONG_CREDENTIALS');
    expect(await blocked()).toMatchObject({ code: 'LOGIN_RATE_LIMITED', retryAfterSeconds: 60 });
    offsetMs += 30_000;
    expect(await blocked()).toMatchObject({ code: 'LOGIN_RATE_LIMITED', retryAfterSeconds: 30 });
    offsetMs += 31_000;
    expect((await login('dot@acme.test', TEST_PASSWORD)).token).toBeTruthy();
  });
});

describe('the office address', () => {
  it('fifty failures over many accounts from one address do not lock out colleagues on their own browsers', async () => {
    const colleague = await login('u1@acme.test', TEST_PASSWORD);
    for (let i = 0; i < 55; i++) await login(`u${2 + (i % 10)}@acme.test`, 'Wrong#Guess1');
    expect((await login('u1@acme.test', TEST_PASSWORD)).code).toBe('LOGIN_RATE_LIMITED');
    expect((await login('u1@acme.test', TEST_PASSWORD, colleague.device)).token).toBeTruthy();
  });
});
