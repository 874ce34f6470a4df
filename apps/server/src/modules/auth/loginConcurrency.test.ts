import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createOrganization, createUser } from '../../test/factories.ts';
import { seededServerPerFile } from '../../test/seededServer.ts';
import { errorCode } from '../../test/testServer.ts';

const LOGIN = 'query($e:String!,$p:String!){ login(email:$e,password:$p) }';
const WINDOW_SECONDS = 60;

let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

const world = seededServerPerFile({
  clock,
  // A queue longer than the 100 parallel calls: this file proves the attempt limiter, not the per-caller
  // queue in front of it (http/callerConcurrency.test.ts), which would refuse some with HTTP 429 first.
  env: { LOGIN_RATE_LIMIT: '10', LOGIN_RATE_WINDOW_SECONDS: String(WINDOW_SECONDS), API_CALLER_QUEUE: '200' },
  seed: async (database) => {
    const org = await createOrganization(database);
    await createUser(database, { email: 'ana@acme.test', organizationIds: [org.id] });
  },
});

const login = (e: string, p: string) => world.server.gql(LOGIN, { e, p }).then(errorCode);

async function attemptsOn(key: string): Promise<number> {
  const { rows } = await world.database.sql.query<{ count: number }>('SELECT count FROM attempt_counters WHERE key = $1', [key]);
  return Number(rows[0]?.count ?? 0);
}

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 2000 && !(await check()); i++) await new Promise((r) => setTimeout(r, 5));
}

describe('the sign-in limit under concurrency', () => {
  it('checks at most 10 of 100 parallel wrong passwords for one account, and refuses the right one sent among them', async () => {
    const first = Array.from({ length: 60 }, (_, i) => login('ana@acme.test', `Wrong#pass${i}`));
    // Once ten attempts are counted, the rest (the right password first) are refused, even though
    // most of the ten are still being checked.
    await until(async () => (await attemptsOn('login:account:ana@acme.test')) >= 10);
    const right = login('ana@acme.test', TEST_PASSWORD);
    const rest = Array.from({ length: 40 }, (_, i) => login('ana@acme.test', `Wrong#pass${60 + i}`));
    const codes = await Promise.all([...first, ...rest]);
    expect(await right).toBe('LOGIN_RATE_LIMITED');
    expect(codes.filter((c) => c === 'LOGIN_WRONG_CREDENTIALS')).toHaveLength(10);
    expect(codes.filter((c) => c === 'LOGIN_RATE_LIMITED')).toHaveLength(90);
    const blocked = await world.server.gql(LOGIN, { e: 'ana@acme.test', p: TEST_PASSWORD });
    expect(blocked.errors?.[0]?.extensions).toMatchObject({ code: 'LOGIN_RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
  });

  it('checks at most 50 of 100 parallel attempts from one address over as many accounts', async () => {
    offsetMs = (WINDOW_SECONDS + 1) * 1000;
    try {
      const codes = await Promise.all(Array.from({ length: 100 }, (_, i) => login(`nobody${i}@acme.test`, 'Wrong#pass1')));
      expect(codes.filter((c) => c === 'LOGIN_WRONG_CREDENTIALS')).toHaveLength(50);
      expect(codes.filter((c) => c === 'LOGIN_RATE_LIMITED')).toHaveLength(50);
      expect(await login('ana@acme.test', TEST_PASSWORD)).toBe('LOGIN_RATE_LIMITED');
    } finally {
      offsetMs = 0;
    }
  });

  it('gives successful sign-ins back: many in a row from one address are never limited', async () => {
    offsetMs = 2 * (WINDOW_SECONDS + 1) * 1000;
    try {
      for (let i = 0; i < 60; i++) expect(await login('ana@acme.test', TEST_PASSWORD)).toBeUndefined();
      expect(await attemptsOn('login:address:127.0.0.1')).toBe(0);
    } finally {
      offsetMs = 0;
    }
  });
});
