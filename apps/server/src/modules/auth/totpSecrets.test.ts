import { statSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createOrganization, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';
import { users } from '../users/users.tables.ts';
import { KEY_FILE, SecretKeyError, secretsKeyOf } from './secretBox.ts';
import { sealClearTotpSecrets } from './totpSecrets.ts';

const LOGIN = 'query($e:String!,$p:String!){ login(email:$e,password:$p) }';
const OTP = 'query($o:String!){ loginWithOtpToken(otp:$o) }';
const ENROL = 'mutation { startTotpEnrolment { secret } }';
const CONFIRM = 'mutation($c:String!){ confirmTotp(code:$c) { user { otpContact } } }';
const OTHER_KEY = Buffer.alloc(32, 9).toString('base64');

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
// Each sign-in uses a later time step than the one before (a code signs in once).
let step = 0;
const base = Math.ceil(Date.now() / 30_000) * 30_000 + 60_000;
const clock = { now: () => new Date(base + step * 30_000 + 5_000) };
const codeNow = (secret: string) => generateSync({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
const stored = async (email: string) => (await database.db.select().from(users).where(eq(users.email, email)))[0]!;

/** Password, then the authenticator's code: the code step's answer. */
async function signInWithCode(target: typeof server, email: string, secret: string) {
  step += 2;
  const r = await target.gql(LOGIN, { e: email, p: 'Correct#Horse9' });
  expect(errorCode(r)).toBe('LOGIN_OTP_REQUIRED');
  const pending = /sitelens_otp=([\w-]+)/.exec(r.setCookie ?? '')?.[1];
  return target.gql<{ loginWithOtpToken: string }>(OTP, { o: codeNow(secret) }, { cookie: `sitelens_otp=${pending}` });
}

async function enrol(email: string): Promise<string> {
  const token = await server.signIn(email);
  const { secret } = (await server.gql<{ startTotpEnrolment: { secret: string } }>(ENROL, {}, { token })).data!.startTotpEnrolment;
  const pending = (await stored(email)).totpPendingSecret!;
  expect(pending.startsWith('enc:v1:')).toBe(true);
  expect(pending).not.toContain(secret);
  expect((await server.gql(CONFIRM, { c: codeNow(secret) }, { token })).data?.confirmTotp.user.otpContact).toBe('totp');
  return secret;
}

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  for (const email of ['ana@acme.test', 'bob@acme.test', 'cy@acme.test']) await createUser(database, { email, organizationIds: [org.id] });
  server = await startTestServer(database, {}, clock);
});

afterAll(async () => {
  await server.close();
  await database.close();
});

describe('authenticator secrets at rest', () => {
  it('stores the secret encrypted, and its codes still sign in', async () => {
    const secret = await enrol('ana@acme.test');
    const row = await stored('ana@acme.test');
    expect(row.totpSecret!.startsWith('enc:v1:')).toBe(true);
    expect(row.totpSecret).not.toContain(secret);
    expect((await signInWithCode(server, 'ana@acme.test', secret)).data?.loginWithOtpToken).toMatch(/^ey/);
  });

  it('seals secrets stored in clear before encryption, at start and when read', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await database.db.update(users).set({ totpSecret: secret, otpContact: 'totp' }).where(eq(users.email, 'bob@acme.test'));
    expect(await sealClearTotpSecrets(database, server.config)).toBe(1);
    expect((await stored('bob@acme.test')).totpSecret!.startsWith('enc:v1:')).toBe(true);
    expect((await signInWithCode(server, 'bob@acme.test', secret)).data?.loginWithOtpToken).toMatch(/^ey/);
    // A clear row met at sign-in (written by an older process) is sealed in passing.
    await database.db.update(users).set({ totpSecret: secret }).where(eq(users.email, 'bob@acme.test'));
    expect((await signInWithCode(server, 'bob@acme.test', secret)).data?.loginWithOtpToken).toMatch(/^ey/);
    expect((await stored('bob@acme.test')).totpSecret!.startsWith('enc:v1:')).toBe(true);
  });

  it('a wrong key stops the start and refuses the code step with a clear code', async () => {
    const wrong = { SECRETS_KEY: OTHER_KEY, DATA_DIR: server.config.DATA_DIR };
    await expect(sealClearTotpSecrets(database, wrong)).rejects.toThrow(SecretKeyError);
    await expect(sealClearTotpSecrets(database, wrong)).rejects.toThrow(/does not decrypt/);
    const other = await startTestServer(database, { SECRETS_KEY: OTHER_KEY }, clock);
    try {
      expect(errorCode(await signInWithCode(other, 'ana@acme.test', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'))).toBe('SECRETS_KEY_MISMATCH');
    } finally {
      await other.close();
    }
  });

  // One test on both engines (CI refuses skipped tests): each engine proves its own keyless rule.
  it('without SECRETS_KEY, the embedded database makes its key in DATA_DIR (owner only) and PostgreSQL refuses to switch an authenticator on', async () => {
    if (database.engine === 'pglite') {
      expect(secretsKeyOf(server.config, 'postgres')).toBeNull();
      expect(secretsKeyOf(server.config, 'pglite')?.length).toBe(32);
      expect(statSync(join(server.config.DATA_DIR, KEY_FILE)).mode & 0o777).toBe(0o600);
      return;
    }
    const keyless = await startTestServer(database, { SECRETS_KEY: '' }, clock);
    try {
      expect(secretsKeyOf(keyless.config, 'postgres')).toBeNull();
      const token = await keyless.signIn('cy@acme.test');
      expect(errorCode(await keyless.gql(ENROL, {}, { token }))).toBe('SECRETS_KEY_MISSING');
    } finally {
      await keyless.close();
    }
  });
});
