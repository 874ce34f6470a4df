import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createAcmeAndRival, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';
import { loadTokenKeys, signAccessToken } from '../auth/tokens.ts';
import { startSession } from '../auth/sessions.ts';

const PROGRESS = '{ tutorialProgress { status finishedAt startsAutomatically } }';
const FINISH = 'mutation($o: TutorialOutcome!) { finishTutorial(outcome: $o) { status finishedAt startsAutomatically } }';
const RESTART = 'mutation { restartTutorial { status finishedAt startsAutomatically } }';
const CONTACT = '{ supportContact { phone email timeZone days opens closes } }';

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let tokens: Record<'ana' | 'ben', string>;
let anaId: number;
let adminId: number;
const clock = { now: () => new Date('2026-06-15T08:30:00Z') };

beforeAll(async () => {
  database = await openTestDatabase();
  const { org } = await createAcmeAndRival(database);
  anaId = (await createUser(database, { email: 'ana@acme.test', organizationIds: [org.id] })).id;
  await createUser(database, { email: 'ben@acme.test', organizationIds: [org.id] });
  adminId = (await createUser(database, { email: 'boss@acme.test', organizationIds: [org.id], role: 'admin' })).id;
  server = await startTestServer(database, {}, clock);
  tokens = await server.signInAll({ ana: 'ana@acme.test', ben: 'ben@acme.test' });
});

afterAll(async () => {
  await server.close();
  await database.close();
});

const progress = async (token: string) => (await server.gql(PROGRESS, {}, { token })).data?.tutorialProgress;

describe('guided tour progress', () => {
  it('starts by itself for a new user, and is refused without a session', async () => {
    expect(await progress(tokens.ana)).toEqual({ status: 'NOT_STARTED', finishedAt: null, startsAutomatically: true });
    const anonymous = await server.gql(PROGRESS);
    expect(errorCode(anonymous)).toBe('UNAUTHENTICATED');
    expect(errorCode(await server.gql(FINISH, { o: 'COMPLETED' }))).toBe('UNAUTHENTICATED');
    expect(errorCode(await server.gql(RESTART))).toBe('UNAUTHENTICATED');
  });

  it('remembers a completed tour per user, on the server, across sign-ins', async () => {
    const done = await server.gql(FINISH, { o: 'COMPLETED' }, { token: tokens.ana });
    expect(done.data?.finishTutorial).toEqual({ status: 'COMPLETED', finishedAt: '2026-06-15T08:30:00.000Z', startsAutomatically: false });
    const again = await server.signIn('ana@acme.test');
    expect(await progress(again)).toEqual({ status: 'COMPLETED', finishedAt: '2026-06-15T08:30:00.000Z', startsAutomatically: false });
    // Ben is another user: his tour is still to come.
    expect(await progress(tokens.ben)).toMatchObject({ status: 'NOT_STARTED', startsAutomatically: true });
  });

  it('records a skipped tour, and a replay asks for it again until it is finished', async () => {
    const skipped = await server.gql(FINISH, { o: 'SKIPPED' }, { token: tokens.ben });
    expect(skipped.data?.finishTutorial).toMatchObject({ status: 'SKIPPED', startsAutomatically: false });
    const replay = await server.gql(RESTART, {}, { token: tokens.ben });
    expect(replay.data?.restartTutorial).toEqual({ status: 'NOT_STARTED', finishedAt: null, startsAutomatically: true });
    expect(await progress(tokens.ben)).toMatchObject({ status: 'NOT_STARTED', startsAutomatically: true });
    await server.gql(FINISH, { o: 'COMPLETED' }, { token: tokens.ben });
    expect(await progress(tokens.ben)).toMatchObject({ status: 'COMPLETED' });
    expect(await progress(tokens.ana)).toMatchObject({ status: 'COMPLETED' });
  });

  it('refuses an outcome that is not one of the two', async () => {
    const bad = await server.gql(FINISH, { o: 'NOT_STARTED' }, { token: tokens.ana });
    expect(bad.errors?.length).toBeGreaterThan(0);
    expect(bad.data?.finishTutorial ?? null).toBeNull();
    expect(await progress(tokens.ana)).toMatchObject({ status: 'COMPLETED' });
  });

  it('never opens for, nor is changed by, an administrator viewing as the user', async () => {
    await server.gql(RESTART, {}, { token: tokens.ana });
    const keys = await loadTokenKeys(database, undefined, 900);
    const { sid } = await startSession(database, { userId: anaId, adminUserId: adminId, now: clock.now() });
    const viewAs = await signAccessToken(keys, { userId: anaId, adminUserId: adminId, sid }, clock.now());
    expect(await progress(viewAs)).toEqual({ status: 'NOT_STARTED', finishedAt: null, startsAutomatically: false });
    expect(errorCode(await server.gql(FINISH, { o: 'SKIPPED' }, { token: viewAs }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(RESTART, {}, { token: viewAs }))).toBe('FORBIDDEN');
    // Ana herself still gets it.
    expect(await progress(tokens.ana)).toMatchObject({ status: 'NOT_STARTED', startsAutomatically: true });
  });
});

describe('support contact', () => {
  it('gives the hotline and its hours to anyone, signed in or not', async () => {
    const expected = { phone: '+44 20 7946 0018', email: 'support@sitelens.example', timeZone: 'Europe/Zurich', days: [1, 2, 3, 4, 5], opens: '09:00', closes: '18:00' };
    expect((await server.gql(CONTACT)).data?.supportContact).toEqual(expected);
    expect((await server.gql(CONTACT, {}, { token: tokens.ana })).data?.supportContact).toEqual(expected);
  });

  it('reads the configured number, address and desk zone', async () => {
    const other = await startTestServer(database, { SUPPORT_PHONE: '+1 514 555 0100', SUPPORT_EMAIL: 'help@acme.test', SUPPORT_TIMEZONE: 'America/Toronto' });
    try {
      expect((await other.gql(CONTACT)).data?.supportContact).toMatchObject({ phone: '+1 514 555 0100', email: 'help@acme.test', timeZone: 'America/Toronto' });
    } finally {
      await other.close();
    }
  });
});
