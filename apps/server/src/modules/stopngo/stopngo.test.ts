import { type RightsTree } from '@sitelens/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { events, passages, stopngoScreens } from '../../composition/tables.ts';
import { createOrganization, createProfile, createSite, createUser } from '../../test/factories.ts';
import { sseSubscribe } from '../../test/sseSubscription.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';

const EVENT = `query($id: Int!) { eventById(eventId: $id) { id name installationId stopngo { limit } } }`;
const SET_LIMIT = `mutation($id: Int!, $limit: Int) { updateEventStopNGoLimit(eventId: $id, limit: $limit) { id stopngo { limit } } }`;
const SCREENS = `query($id: Int!) { stopNGoScreens(eventId: $id) { id name status language secondLanguage } }`;
const CREATE = `mutation($input: StopNGoScreenInput!) { createStopNGoScreen(input: $input) { secret screen { id name status } } }`;
const RENEW = `mutation($id: Int!) { renewStopNGoScreenSecret(id: $id) { secret screen { id } } }`;
const DELETE = `mutation($id: Int!) { deleteStopNGoScreen(id: $id) }`;
const DISPLAY = `subscription($s: String!) { stopNGoDisplay(secret: $s) { state inside limit placesLeft language secondLanguage at } }`;

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
const tokens: Record<string, string> = {};
const ids = { org: 0, site: 0, top: 0, event: 0, otherEvent: 0, airEvent: 0, foreignEvent: 0 };
let apiKey = '';

async function insertEvent(installationId: number, name: string, metrics: string[], limit: number | null = null) {
  const [row] = await database.db
    .insert(events)
    .values({ installationId, name, metrics, neverEnding: true, dateBegin: new Date('2024-01-01T00:00:00Z'), stopngoLimit: limit })
    .returning();
  return row!.id;
}

const profileWith = (stopNGO: RightsTree['app'] extends infer A ? (A extends { stopNGO?: infer R } ? R : never) : never): RightsTree => ({ app: { stopNGO } });

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const rival = await createOrganization(database, 'Rival Retail');
  const site = await createSite(database, org.id);
  const rivalSite = await createSite(database, rival.id);
  Object.assign(ids, {
    org: org.id,
    site: site.site.id,
    top: site.top.id,
    event: await insertEvent(site.site.id, 'Footfall', ['counting']),
    otherEvent: await insertEvent(site.site.id, 'Sales weekend', ['counting']),
    airEvent: await insertEvent(site.site.id, 'Air', ['atmosphere']),
    foreignEvent: await insertEvent(rivalSite.site.id, 'Rival footfall', ['counting'], 50),
  });
  const users: Array<[string, RightsTree | 'admin' | null]> = [
    ['admin', 'admin'],
    ['reader', profileWith({ read: true })],
    ['creator', profileWith({ read: true, create: true })],
    ['editor', profileWith({ read: true, edit: true })],
    ['deleter', profileWith({ read: true, delete: true })],
    ['none', profileWith({})],
  ];
  for (const [name, rights] of users) {
    const profileId = rights && rights !== 'admin' ? (await createProfile(database, org.id, rights, name)).id : null;
    await createUser(database, { email: `${name}@acme.test`, organizationIds: [org.id], role: rights === 'admin' ? 'admin' : 'user', profileId });
  }
  await createUser(database, { email: 'admin@rival.test', organizationIds: [rival.id], role: 'admin' });
  server = await startTestServer(database);
  Object.assign(
    tokens,
    await server.signInAll({ admin: 'admin@acme.test', reader: 'reader@acme.test', creator: 'creator@acme.test', editor: 'editor@acme.test', deleter: 'deleter@acme.test', none: 'none@acme.test', rival: 'admin@rival.test' }),
  );
  apiKey = (await server.gql('mutation { createApiKey(name: "door") { secret } }', {}, { token: tokens.admin })).data!.createApiKey.secret;
}, 60_000);

afterAll(async () => {
  await server.close();
  await database.close();
});

let tick = 0;
/** Readings on the site's top zone through POST /api/ingest, a few seconds ago (each at its own instant). */
async function ingest(metric: 'visitorsIn' | 'visitorsOut', value: number, target: { kind: 'zone' | 'passage'; id: number } = { kind: 'zone', id: ids.top }) {
  tick += 1;
  const time = new Date(Date.now() - 60_000 + tick * 7).toISOString();
  const res = await fetch(`${server.base}/api/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    body: JSON.stringify([{ target, metric, time, value }]),
  });
  expect(await res.json()).toEqual({ accepted: 1, rejected: [] });
}

/** Waits for the display's next state that satisfies `accept`, at most `ms`. */
async function nextState(sub: Awaited<ReturnType<typeof sseSubscribe>>, from: number, accept: (d: any) => boolean, ms = 2000) {
  const until = Date.now() + ms;
  for (;;) {
    const found = sub.events.slice(from).map((e) => e.data?.stopNGoDisplay).find((d) => d && accept(d));
    if (found) return found;
    if (Date.now() > until) throw new Error(`no matching state within ${ms} ms: ${JSON.stringify(sub.events.slice(from))}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('Stop&Go limit', () => {
  it('eventById returns the event with its Stop&Go limit; another organization’s event is not found', async () => {
    const r = await server.gql(EVENT, { id: ids.event }, { token: tokens.reader });
    expect(r.data!.eventById).toEqual({ id: ids.event, name: 'Footfall', installationId: ids.site, stopngo: { limit: null } });
    expect(errorCode(await server.gql(EVENT, { id: ids.foreignEvent }, { token: tokens.admin }))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(EVENT, { id: 999_999 }, { token: tokens.admin }))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(EVENT, { id: ids.event }))).toBe('UNAUTHENTICATED');
  });

  it('reads the limit with the read right and refuses it without', async () => {
    const r = await server.gql(EVENT, { id: ids.event }, { token: tokens.none });
    expect(r.data!.eventById.stopngo).toBeNull();
    expect(errorCode(r)).toBe('FORBIDDEN');
    const listed = await server.gql(`query($id: Int!) { allEventsByInstallation(installationId: $id) { id stopngo { limit } } }`, { id: ids.site }, { token: tokens.reader });
    expect(listed.errors).toBeUndefined();
    expect(listed.data!.allEventsByInstallation).toHaveLength(3);
  });

  it('adds a limit with the create right, changes it with edit, removes it with delete, and refuses each without', async () => {
    expect(errorCode(await server.gql(SET_LIMIT, { id: ids.event, limit: 30 }, { token: tokens.editor }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(SET_LIMIT, { id: ids.event, limit: 30 }, { token: tokens.reader }))).toBe('FORBIDDEN');
    expect((await server.gql(SET_LIMIT, { id: ids.event, limit: 30 }, { token: tokens.creator })).data!.updateEventStopNGoLimit.stopngo).toEqual({ limit: 30 });

    expect(errorCode(await server.gql(SET_LIMIT, { id: ids.event, limit: 40 }, { token: tokens.creator }))).toBe('FORBIDDEN');
    expect((await server.gql(SET_LIMIT, { id: ids.event, limit: 40 }, { token: tokens.editor })).data!.updateEventStopNGoLimit.stopngo).toEqual({ limit: 40 });

    expect(errorCode(await server.gql(SET_LIMIT, { id: ids.event, limit: null }, { token: tokens.editor }))).toBe('FORBIDDEN');
    expect((await server.gql(SET_LIMIT, { id: ids.event, limit: null }, { token: tokens.deleter })).data!.updateEventStopNGoLimit.stopngo).toEqual({ limit: null });
    expect((await server.gql(EVENT, { id: ids.event }, { token: tokens.reader })).data!.eventById.stopngo).toEqual({ limit: null });
  });

  it('refuses a limit that is not a whole number (2.5 is not saved as 2) of at least 1, an event without counting, and another organization’s event', async () => {
    for (const [limit, reason] of [
      [0, 'tooSmall'],
      [-5, 'tooSmall'],
      [100_001, 'tooLarge'],
    ] as const) {
      const r = await server.gql(SET_LIMIT, { id: ids.event, limit }, { token: tokens.admin });
      expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'limit', reason });
    }
    // 2.5 is refused, never saved as 2 (the form refuses it first, in words: LimitForm).
    const decimal = await server.gql(SET_LIMIT, { id: ids.event, limit: 2.5 }, { token: tokens.admin });
    expect(decimal.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect((await server.gql(EVENT, { id: ids.event }, { token: tokens.reader })).data!.eventById.stopngo).toEqual({ limit: null });
    const air = await server.gql(SET_LIMIT, { id: ids.airEvent, limit: 10 }, { token: tokens.admin });
    expect(air.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'eventId', reason: 'notCounting' });
    expect(errorCode(await server.gql(SET_LIMIT, { id: ids.foreignEvent, limit: 10 }, { token: tokens.admin }))).toBe('NOT_FOUND');
    expect((await database.db.select().from(events)).find((e) => e.id === ids.foreignEvent)?.stopngoLimit).toBe(50);
  });
});

describe('Stop&Go screens', () => {
  it('creates a screen with the create right, shows its secret once and keeps only its digest', async () => {
    const input = { eventId: ids.event, name: ' Entrance north ', language: 'fr', secondLanguage: 'ar' };
    expect(errorCode(await server.gql(CREATE, { input }, { token: tokens.editor }))).toBe('FORBIDDEN');
    const r = await server.gql(CREATE, { input }, { token: tokens.creator });
    const { secret, screen } = r.data!.createStopNGoScreen;
    expect(secret).toMatch(/^sgo_[A-Za-z0-9_-]{43}$/);
    expect(screen).toMatchObject({ name: 'Entrance north', status: 'INACTIVE' });
    const stored = await database.db.select().from(stopngoScreens);
    expect(JSON.stringify(stored)).not.toContain(secret.slice(4));
    expect(stored[0]?.secretHash).toMatch(/^[0-9a-f]{64}$/);

    const list = await server.gql(SCREENS, { id: ids.event }, { token: tokens.reader });
    expect(list.data!.stopNGoScreens).toEqual([{ id: screen.id, name: 'Entrance north', status: 'INACTIVE', language: 'fr', secondLanguage: 'ar' }]);
    expect(JSON.stringify(list.data)).not.toContain(secret);
    expect(errorCode(await server.gql(SCREENS, { id: ids.event }, { token: tokens.none }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(SCREENS, { id: ids.foreignEvent }, { token: tokens.admin }))).toBe('NOT_FOUND');
  });

  it('refuses a screen without a name, with unknown or twice the same language, or on another organization’s event', async () => {
    const base = { eventId: ids.event, name: 'Door', language: 'fr' };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...base, name: '   ' }, 'name', 'required'],
      [{ ...base, name: 'x'.repeat(81) }, 'name', 'tooLong'],
      [{ ...base, language: 'xx' }, 'language', 'unknownLanguage'],
      [{ ...base, secondLanguage: 'fr' }, 'secondLanguage', 'sameAsFirst'],
      [{ ...base, eventId: ids.airEvent }, 'eventId', 'notCounting'],
    ];
    for (const [input, field, reason] of cases) {
      const r = await server.gql(CREATE, { input }, { token: tokens.admin });
      expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field, reason });
    }
    expect(errorCode(await server.gql(CREATE, { input: { ...base, eventId: ids.foreignEvent } }, { token: tokens.admin }))).toBe('NOT_FOUND');
  });

  it('deletes with the delete right, renews with the edit right, and never another organization’s screen', async () => {
    const { screen } = (await server.gql(CREATE, { input: { eventId: ids.otherEvent, name: 'Side door', language: 'en' } }, { token: tokens.admin })).data!.createStopNGoScreen;
    expect(errorCode(await server.gql(DELETE, { id: screen.id }, { token: tokens.rival }))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(RENEW, { id: screen.id }, { token: tokens.rival }))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(RENEW, { id: screen.id }, { token: tokens.creator }))).toBe('FORBIDDEN');
    expect((await server.gql(RENEW, { id: screen.id }, { token: tokens.editor })).data!.renewStopNGoScreenSecret.secret).toMatch(/^sgo_/);
    expect(errorCode(await server.gql(DELETE, { id: screen.id }, { token: tokens.editor }))).toBe('FORBIDDEN');
    expect((await server.gql(DELETE, { id: screen.id }, { token: tokens.deleter })).data!.deleteStopNGoScreen).toBe(screen.id);
    expect((await server.gql(SCREENS, { id: ids.otherEvent }, { token: tokens.admin })).data!.stopNGoScreens).toEqual([]);
    expect(errorCode(await server.gql(DELETE, { id: screen.id }, { token: tokens.admin }))).toBe('NOT_FOUND');
  });
});

describe('the entrance screen', () => {
  it('goes to STOP within 2 s of readings over the limit, back to GO when people leave, and is active while shown', async () => {
    await server.gql(SET_LIMIT, { id: ids.event, limit: 5 }, { token: tokens.admin });
    const { secret, screen } = (await server.gql(CREATE, { input: { eventId: ids.event, name: 'Live door', language: 'de' } }, { token: tokens.admin })).data!.createStopNGoScreen;
    const sub = await sseSubscribe(server.base, null, DISPLAY, { s: secret });
    const first = await nextState(sub, 0, () => true, 5000);
    expect(first).toMatchObject({ state: 'GO', inside: 0, limit: 5, placesLeft: 5, language: 'de', secondLanguage: null });
    expect(Object.keys(first).sort()).toEqual(['at', 'inside', 'language', 'limit', 'placesLeft', 'secondLanguage', 'state']);
    const status = async () => (await server.gql(SCREENS, { id: ids.event }, { token: tokens.reader })).data!.stopNGoScreens.find((s: { id: number }) => s.id === screen.id).status;
    expect(await status()).toBe('ACTIVE');

    let from = sub.events.length;
    await ingest('visitorsIn', 3);
    expect(await nextState(sub, from, (d) => d.inside === 3)).toMatchObject({ state: 'GO', placesLeft: 2 });
    from = sub.events.length;
    await ingest('visitorsIn', 4);
    expect(await nextState(sub, from, (d) => d.state === 'STOP')).toMatchObject({ inside: 7, limit: 5, placesLeft: 0 });
    from = sub.events.length;
    await ingest('visitorsOut', 6);
    expect(await nextState(sub, from, (d) => d.state === 'GO')).toMatchObject({ inside: 1, placesLeft: 4 });

    // A new limit reaches the display at once.
    from = sub.events.length;
    await server.gql(SET_LIMIT, { id: ids.event, limit: 1 }, { token: tokens.admin });
    expect(await nextState(sub, from, (d) => d.limit === 1)).toMatchObject({ state: 'STOP', inside: 1 });
    await sub.close();
    await expect.poll(status, { timeout: 3000 }).toBe('INACTIVE');
  });

  it('tells its displays when the screen is deleted, and its address says so from then on', async () => {
    const { secret, screen } = (await server.gql(CREATE, { input: { eventId: ids.event, name: 'Doomed', language: 'fr' } }, { token: tokens.admin })).data!.createStopNGoScreen;
    const sub = await sseSubscribe(server.base, null, DISPLAY, { s: secret });
    await nextState(sub, 0, () => true, 5000);
    await server.gql(DELETE, { id: screen.id }, { token: tokens.admin });
    expect(await nextState(sub, 0, (d) => d.state === 'REMOVED')).toMatchObject({ inside: null, limit: null, language: null });
    await expect.poll(() => sub.ended(), { timeout: 2000 }).toBe(true);
    const again = await sseSubscribe(server.base, null, DISPLAY, { s: secret });
    expect(await nextState(again, 0, () => true)).toMatchObject({ state: 'REMOVED' });
    await again.close();
  });

  it('a renewed address replaces the old one at once', async () => {
    const { secret, screen } = (await server.gql(CREATE, { input: { eventId: ids.event, name: 'Renewed', language: 'it' } }, { token: tokens.admin })).data!.createStopNGoScreen;
    const sub = await sseSubscribe(server.base, null, DISPLAY, { s: secret });
    await nextState(sub, 0, () => true, 5000);
    const renewed = (await server.gql(RENEW, { id: screen.id }, { token: tokens.admin })).data!.renewStopNGoScreenSecret.secret;
    expect(await nextState(sub, 0, (d) => d.state === 'REMOVED')).toBeTruthy();
    await sub.close();
    const fresh = await sseSubscribe(server.base, null, DISPLAY, { s: renewed });
    expect(await nextState(fresh, 0, () => true, 5000)).toMatchObject({ language: 'it', limit: 1 });
    await fresh.close();
  });

  it('its secret opens nothing else: not a session, not a query, not another stream', async () => {
    const { secret } = (await server.gql(CREATE, { input: { eventId: ids.event, name: 'Probe', language: 'en' } }, { token: tokens.admin })).data!.createStopNGoScreen;
    for (const query of ['{ allInstallations { id } }', `{ eventById(eventId: ${ids.event}) { id } }`, `{ stopNGoScreens(eventId: ${ids.event}) { id } }`, `{ stopNGoOccupancy(eventId: ${ids.event}) { inside } }`, '{ me { id } }']) {
      expect(errorCode(await server.gql(query, {}, { token: secret }))).toBe('UNAUTHENTICATED');
    }
    expect(errorCode(await server.gql(`mutation { deleteStopNGoScreen(id: 1) }`, {}, { token: secret }))).toBe('UNAUTHENTICATED');
    const live = await sseSubscribe(server.base, secret, `subscription { liveReadings(installationId: ${ids.site}) { value } }`, {});
    const [refusal] = await live.waitFor(1, 2000);
    await live.close();
    expect(refusal.data ?? null).toBeNull();
    expect(refusal.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const ingest = await fetch(`${server.base}/api/ingest`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` }, body: '[]' });
    expect(ingest.status).toBe(401);
  });

  it('the back office reads the same occupancy against the limit', async () => {
    const r = await server.gql(`query($id: Int!) { stopNGoOccupancy(eventId: $id) { eventId inside limit placesLeft state } }`, { id: ids.event }, { token: tokens.reader });
    expect(r.data!.stopNGoOccupancy).toEqual({ eventId: ids.event, inside: 1, limit: 1, placesLeft: 0, state: 'STOP' });
    expect(errorCode(await server.gql(`query($id: Int!) { stopNGoOccupancy(eventId: $id) { inside } }`, { id: ids.event }, { token: tokens.none }))).toBe('FORBIDDEN');
  });

  it('an unknown address is told the screen was removed; thirty of them never refuse a real screen behind the same address, only more guesses', async () => {
    const { secret } = (await server.gql(CREATE, { input: { eventId: ids.event, name: 'Guarded', language: 'es' } }, { token: tokens.admin })).data!.createStopNGoScreen;
    const open = await sseSubscribe(server.base, null, DISPLAY, { s: secret });
    expect((await nextState(open, 0, () => true, 5000)).language).toBe('es');
    // The addresses of the screens deleted and renewed above were unknown tries too: start afresh.
    await database.sql.query(`DELETE FROM attempt_counters WHERE key LIKE 'stopngoScreen:%'`);
    for (let i = 0; i < 30; i++) {
      const guess = await sseSubscribe(server.base, null, DISPLAY, { s: `sgo_${'A'.repeat(42)}${i % 10}` });
      expect((await nextState(guess, 0, () => true)).state).toBe('REMOVED');
      await guess.close();
    }
    // The screen already showing carries on, and a real address still opens (a display reconnecting, a new one).
    const from = open.events.length;
    await server.gql(SET_LIMIT, { id: ids.event, limit: 7 }, { token: tokens.admin });
    expect(await nextState(open, from, (d) => d.limit === 7)).toMatchObject({ language: 'es' });
    await open.close();
    for (let i = 0; i < 3; i++) {
      const real = await sseSubscribe(server.base, null, DISPLAY, { s: secret });
      expect(await nextState(real, 0, () => true, 5000)).toMatchObject({ state: expect.stringMatching(/^(GO|STOP)$/), limit: 7, language: 'es' });
      await real.close();
    }
    // The thirty-first guess is refused, not told anything about screens.
    const refused = await sseSubscribe(server.base, null, DISPLAY, { s: `sgo_${'B'.repeat(43)}` });
    const [answer] = await refused.waitFor(1, 2000);
    await refused.close();
    expect(answer.data ?? null).toBeNull();
    expect(answer.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    await server.gql(SET_LIMIT, { id: ids.event, limit: 1 }, { token: tokens.admin });
  });
});

describe('a site counted at its doors', () => {
  it('moves the screen with the readings of the passages into the site, not those of a shop’s door, and says STOP at the limit', async () => {
    const { site, top, child } = await createSite(database, ids.org, { name: 'Galerie' });
    const [entrance] = await database.db.insert(passages).values({ installationId: site.id, name: 'Main entrance', zoneId: top.id }).returning();
    const [shopDoor] = await database.db.insert(passages).values({ installationId: site.id, name: 'Checkout door', zoneId: child.id }).returning();
    const eventId = await insertEvent(site.id, 'Door-counted footfall', ['counting'], 3);
    const { secret } = (await server.gql(CREATE, { input: { eventId, name: 'Galerie door', language: 'en' } }, { token: tokens.admin })).data!.createStopNGoScreen;
    const occupancy = async () =>
      (await server.gql(`query($id: Int!) { stopNGoOccupancy(eventId: $id) { inside state } }`, { id: eventId }, { token: tokens.reader })).data!.stopNGoOccupancy;
    const sub = await sseSubscribe(server.base, null, DISPLAY, { s: secret });
    expect(await nextState(sub, 0, () => true, 5000)).toMatchObject({ state: 'GO', inside: 0, limit: 3 });

    let from = sub.events.length;
    await ingest('visitorsIn', 2, { kind: 'passage', id: entrance!.id });
    expect(await nextState(sub, from, (d) => d.inside === 2)).toMatchObject({ state: 'GO', placesLeft: 1 });
    // People walking into a shop are already inside the site.
    await ingest('visitorsIn', 5, { kind: 'passage', id: shopDoor!.id });
    expect(await occupancy()).toEqual({ inside: 2, state: 'GO' });

    from = sub.events.length;
    await ingest('visitorsIn', 1, { kind: 'passage', id: entrance!.id });
    expect(await nextState(sub, from, (d) => d.state === 'STOP')).toMatchObject({ inside: 3, placesLeft: 0 });
    expect(await occupancy()).toEqual({ inside: 3, state: 'STOP' });
    from = sub.events.length;
    await ingest('visitorsOut', 2, { kind: 'passage', id: entrance!.id });
    expect(await nextState(sub, from, (d) => d.state === 'GO')).toMatchObject({ inside: 1, placesLeft: 2 });
    await sub.close();
  });
});
