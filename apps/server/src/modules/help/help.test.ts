import { describe, expect, it } from 'vitest';
import { acmeAndRivalPerFile } from '../../test/acmeAndRivalServer.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';
import { loadTokenKeys, signAccessToken } from '../auth/tokens.ts';
import { startSession } from '../auth/sessions.ts';

const PROGRESS = '{ tutorialProgress { status finishedAt startsAutomatically } }';
const FINISH = 'mutation($o: TutorialOutcome!) { finishTutorial(outcome: $o) { status finishedAt startsAutomatically } }';
const RESTART = 'mutation { restartTutorial { status finishedAt startsAutomatically } }';
const CONTACT = '{ supportContact { phone email timeZone days opens closes } }';

const clock = { now: () => new Date('2026-06-15T08:30:00Z') };
const world = acmeAndRivalPerFile(clock);

const progress = async (token: string) => (await world.server.gql(PROGRESS, {}, { token })).data?.tutorialProgress;

describe('guided tour progress', () => {
  it('starts by itself for a new user, and is refused without a session', async () => {
    expect(await progress(world.tokens.ana)).toEqual({ status: 'NOT_STARTED', finishedAt: null, startsAutomatically: true });
    const anonymous = await world.server.gql(PROGRESS);
    expect(errorCode(anonymous)).toBe('UNAUTHENTICATED');
    expect(errorCode(await world.server.gql(FINISH, { o: 'COMPLETED' }))).toBe('UNAUTHENTICATED');
    expect(errorCode(await world.server.gql(RESTART))).toBe('UNAUTHENTICATED');
  });

  it('remembers a completed tour per user, on the server, across sign-ins', async () => {
    const done = await world.server.gql(FINISH, { o: 'COMPLETED' }, { token: world.tokens.ana });
    expect(done.data?.finishTutorial).toEqual({ status: 'COMPLETED', finishedAt: '2026-06-15T08:30:00.000Z', startsAutomatically: false });
    const again = await world.server.signIn('ana@acme.test');
    expect(await progress(again)).toEqual({ status: 'COMPLETED', finishedAt: '2026-06-15T08:30:00.000Z', startsAutomatically: false });
    // Ben is another user: his tour is still to come.
    expect(await progress(world.tokens.ben)).toMatchObject({ status: 'NOT_STARTED', startsAutomatically: true });
  });

  it('records a skipped tour, and a replay asks for it again until it is finished', async () => {
    const skipped = await world.server.gql(FINISH, { o: 'SKIPPED' }, { token: world.tokens.ben });
    expect(skipped.data?.finishTutorial).toMatchObject({ status: 'SKIPPED', startsAutomatically: false });
    const replay = await world.server.gql(RESTART, {}, { token: world.tokens.ben });
    expect(replay.data?.restartTutorial).toEqual({ status: 'NOT_STARTED', finishedAt: null, startsAutomatically: true });
    expect(await progress(world.tokens.ben)).toMatchObject({ status: 'NOT_STARTED', startsAutomatically: true });
    await world.server.gql(FINISH, { o: 'COMPLETED' }, { token: world.tokens.ben });
    expect(await progress(world.tokens.ben)).toMatchObject({ status: 'COMPLETED' });
    expect(await progress(world.tokens.ana)).toMatchObject({ status: 'COMPLETED' });
  });

  it('refuses an outcome that is not one of the two', async () => {
    const bad = await world.server.gql(FINISH, { o: 'NOT_STARTED' }, { token: world.tokens.ana });
    expect(bad.errors?.length).toBeGreaterThan(0);
    expect(bad.data?.finishTutorial ?? null).toBeNull();
    expect(await progress(world.tokens.ana)).toMatchObject({ status: 'COMPLETED' });
  });

  it('never opens for, nor is changed by, an administrator viewing as the user', async () => {
    await world.server.gql(RESTART, {}, { token: world.tokens.ana });
    const keys = await loadTokenKeys(world.database, undefined, 900);
    const from = await startSession(world.database, { userId: world.users.boss.id, now: clock.now() });
    const { sid } = await startSession(world.database, { userId: world.users.ana.id, viewAs: { adminUserId: world.users.boss.id, fromSid: from.sid }, now: clock.now() });
    const viewAs = await signAccessToken(keys, { userId: world.users.ana.id, adminUserId: world.users.boss.id, sid }, clock.now());
    expect(await progress(viewAs)).toEqual({ status: 'NOT_STARTED', finishedAt: null, startsAutomatically: false });
    expect(errorCode(await world.server.gql(FINISH, { o: 'SKIPPED' }, { token: viewAs }))).toBe('FORBIDDEN');
    expect(errorCode(await world.server.gql(RESTART, {}, { token: viewAs }))).toBe('FORBIDDEN');
    // Ana herself still gets it.
    expect(await progress(world.tokens.ana)).toMatchObject({ status: 'NOT_STARTED', startsAutomatically: true });
  });
});

describe('support contact', () => {
  it('gives the hotline and its hours to anyone, signed in or not', async () => {
    const expected = { phone: '+44 20 7946 0018', email: 'support@sitelens.example', timeZone: 'Europe/Zurich', days: [1, 2, 3, 4, 5], opens: '09:00', closes: '18:00' };
    expect((await world.server.gql(CONTACT)).data?.supportContact).toEqual(expected);
    expect((await world.server.gql(CONTACT, {}, { token: world.tokens.ana })).data?.supportContact).toEqual(expected);
  });

  it('reads the configured number, address and desk zone', async () => {
    const other = await startTestServer(world.database, { SUPPORT_PHONE: '+1 514 555 0100', SUPPORT_EMAIL: 'help@acme.test', SUPPORT_TIMEZONE: 'America/Toronto' });
    try {
      expect((await other.gql(CONTACT)).data?.supportContact).toMatchObject({ phone: '+1 514 555 0100', email: 'help@acme.test', timeZone: 'America/Toronto' });
    } finally {
      await other.close();
    }
  });
});
