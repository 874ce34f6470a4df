import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../../test/factories.ts';
import { until } from '../../jobs/testSupport/until.ts';
import { mailServerPerFile } from '../../test/mailServer.ts';
import { errorCode } from '../../test/testServer.ts';
import { users } from '../users/users.tables.ts';

const REQUEST = 'mutation($e:String!){ requestPasswordReset(email:$e) }';
const RESET = 'mutation($t:String!,$p:String!,$c:String!){ resetPassword(token:$t,password:$p,passwordConfirmation:$c) }';
const STATUS = 'query($t:String!){ passwordResetLinkStatus(token:$t) }';
const UPDATE = 'mutation($o:String!,$n:String!){ updatePassword(oldPassword:$o,newPassword:$n) }';
const ME = '{ me { id } }';
const NEW_PASSWORD = 'Fresh#Start42';

/** Ends the e-mailed links of an address a minute ago (aged in the database: the server runs its schedules, whose daily purge must not tick at a moved clock). */
async function expireLinks(address: string) {
  await world.database.sql.query(
    `update purpose_secrets set expires_at = now() - interval '1 minute' where purpose = 'password-reset' and subject = (select id::text from users where email = $1)`,
    [address],
  );
}

const linkToken = (mail: ParsedMail) => /reset-password-confirm\?token=([\w-]+)/.exec(mail.text ?? '')?.[1];

async function resetMail(address: string): Promise<ParsedMail> {
  const before = mailsTo(address).length;
  expect((await world.server.gql(REQUEST, { e: address })).data?.requestPasswordReset).toBe(true);
  const end = Date.now() + 10_000;
  while (mailsTo(address).length <= before && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return mailsTo(address).at(-1)!;
}

const world = mailServerPerFile({
  seed: async (database) => {
    const org = await createOrganization(database);
    for (const email of ['ana@acme.test', 'bob@acme.test', 'carla@acme.test', 'dan@acme.test']) await createUser(database, { email, organizationIds: [org.id] });
    await database.db.update(users).set({ lang: 'fr' }).where(eq(users.email, 'bob@acme.test'));
  },
});
const { mailsTo } = world;

describe('password reset', () => {
  it('answers the same for an account and for an unknown address, and e-mails only the account, in its language', async () => {
    const before = world.smtp.received.length;
    const unknown = await world.server.gql(REQUEST, { e: 'nobody@acme.test' });
    const known = await world.server.gql(REQUEST, { e: 'Bob@Acme.test' });
    expect(unknown).toMatchObject({ data: { requestPasswordReset: true } });
    expect(known.data).toEqual(unknown.data);
    expect(known.errors).toBeUndefined();
    await world.smtp.waitFor(before + 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(world.smtp.received.length).toBe(before + 1);
    const mail = mailsTo('bob@acme.test').at(-1)!;
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Sitelens');
    expect(mail.text).toContain('https://sitelens.example/reset-password-confirm?token=');
    expect(linkToken(mail)).toMatch(/^[\w-]{43}$/);
  });

  it('sets a new password under the policy, once, and ends every session of the user', async () => {
    const other = await world.server.signIn('ana@acme.test');
    const token = linkToken(await resetMail('ana@acme.test'))!;
    // A password the policy refuses leaves the link valid; so does a confirmation that differs.
    expect((await world.server.gql(RESET, { t: token, p: 'abcdefgh', c: 'abcdefgh' })).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'errors.passwordPolicy' });
    expect((await world.server.gql(RESET, { t: token, p: NEW_PASSWORD, c: 'Fresh#Start43' })).errors?.[0]?.extensions).toMatchObject({ reason: 'errors.passwordsNotEqual' });
    expect((await world.server.gql(RESET, { t: token, p: NEW_PASSWORD, c: NEW_PASSWORD })).data?.resetPassword).toBe(true);
    expect(errorCode(await world.server.gql(ME, {}, { token: other }))).toBe('UNAUTHENTICATED');
    expect(errorCode(await world.server.gql(RESET, { t: token, p: 'Other#Pass99', c: 'Other#Pass99' }))).toBe('RESET_TOKEN_INVALID');
    await expect(world.server.signIn('ana@acme.test')).rejects.toThrow(/LOGIN_WRONG_CREDENTIALS/);
    expect(await world.server.signIn('ana@acme.test', NEW_PASSWORD)).toMatch(/^ey/);
  });

  it('refuses an expired link, a made-up one, and an earlier link as soon as a newer one is sent', async () => {
    const first = linkToken(await resetMail('carla@acme.test'))!;
    await expireLinks('carla@acme.test');
    expect(errorCode(await world.server.gql(RESET, { t: first, p: NEW_PASSWORD, c: NEW_PASSWORD }))).toBe('RESET_TOKEN_INVALID');
    expect(errorCode(await world.server.gql(RESET, { t: 'x'.repeat(43), p: NEW_PASSWORD, c: NEW_PASSWORD }))).toBe('RESET_TOKEN_INVALID');
    const earlier = linkToken(await resetMail('dan@acme.test'))!;
    expect((await world.server.gql(STATUS, { t: earlier })).data?.passwordResetLinkStatus).toBe('VALID');
    const second = linkToken(await resetMail('dan@acme.test'))!;
    // The newer e-mail ends the earlier link before either is used; its page says so.
    expect((await world.server.gql(STATUS, { t: earlier })).data?.passwordResetLinkStatus).toBe('USED');
    expect(errorCode(await world.server.gql(RESET, { t: earlier, p: 'Other#Pass99', c: 'Other#Pass99' }))).toBe('RESET_TOKEN_INVALID');
    expect((await world.server.gql(RESET, { t: second, p: NEW_PASSWORD, c: NEW_PASSWORD })).data?.resetPassword).toBe(true);
    expect(errorCode(await world.server.gql(RESET, { t: second, p: 'Other#Pass99', c: 'Other#Pass99' }))).toBe('RESET_TOKEN_INVALID');
  });

  it('one link used twice in parallel sets the password once', async () => {
    const token = linkToken(await resetMail('bob@acme.test'))!;
    const results = await Promise.all(['One#Pass111', 'Two#Pass222', 'Six#Pass333'].map((p) => world.server.gql(RESET, { t: token, p, c: p })));
    expect(results.filter((r) => r.data?.resetPassword === true)).toHaveLength(1);
    expect(results.filter((r) => errorCode(r) === 'RESET_TOKEN_INVALID')).toHaveLength(2);
  });

  it('sends at most 3 e-mails per account per hour, still answering the same', async () => {
    // A message is recorded before the call answers: the records say how many went, without waiting on the mail.
    const recorded = async () => (await world.database.sql.query(`select id from message_deliveries where recipient = 'carla@acme.test'`)).rows.length;
    const [before, mailsBefore] = [await recorded(), mailsTo('carla@acme.test').length];
    const answers = await Promise.all(Array.from({ length: 6 }, () => world.server.gql(REQUEST, { e: 'carla@acme.test' })));
    expect(answers.every((r) => r.data?.requestPasswordReset === true)).toBe(true);
    // carla had one link this hour (the expired one).
    expect((await recorded()) - before).toBe(2);
    await until(() => mailsTo('carla@acme.test').length - mailsBefore === 2, 10_000);
  });
});

describe('updatePassword', () => {
  it('needs the current password, follows the policy, and ends the other sessions only', async () => {
    const mine = await world.server.signIn('dan@acme.test', NEW_PASSWORD);
    const elsewhere = await world.server.signIn('dan@acme.test', NEW_PASSWORD);
    expect(errorCode(await world.server.gql(UPDATE, { o: 'Wrong#Pass1', n: 'Better#Pass77' }, { token: mine }))).toBe('WRONG_PASSWORD');
    expect((await world.server.gql(UPDATE, { o: NEW_PASSWORD, n: 'short1!' }, { token: mine })).errors?.[0]?.extensions).toMatchObject({ reason: 'errors.passwordLength' });
    expect((await world.server.gql(UPDATE, { o: NEW_PASSWORD, n: 'Better#Pass77' }, { token: mine })).data?.updatePassword).toBe(true);
    expect((await world.server.gql(ME, {}, { token: mine })).data?.me).toBeTruthy();
    expect(errorCode(await world.server.gql(ME, {}, { token: elsewhere }))).toBe('UNAUTHENTICATED');
    expect(await world.server.signIn('dan@acme.test', 'Better#Pass77')).toMatch(/^ey/);
    expect(errorCode(await world.server.gql(UPDATE, { o: 'Better#Pass77', n: 'Other#Pass77' }))).toBe('UNAUTHENTICATED');
  });

  it('counts wrong current passwords like sign-ins: 30 parallel guesses check at most 10', async () => {
    const token = await world.server.signIn('dan@acme.test', 'Better#Pass77');
    const guesses = await Promise.all(Array.from({ length: 30 }, (_, i) => world.server.gql(UPDATE, { o: `Guess#${i}xx`, n: 'Other#Pass77' }, { token })));
    expect(guesses.filter((r) => errorCode(r) === 'WRONG_PASSWORD').length).toBeLessThanOrEqual(10);
    expect(guesses.filter((r) => errorCode(r) === 'RATE_LIMITED').length).toBeGreaterThanOrEqual(20);
    expect(errorCode(await world.server.gql(UPDATE, { o: 'Better#Pass77', n: 'Other#Pass77' }, { token }))).toBe('RATE_LIMITED');
  });
});
