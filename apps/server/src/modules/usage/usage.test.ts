import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createOrganization, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';

const RECORD = 'mutation($events: [UsageEventInput!]!) { recordUsageEvents(events: $events) { stored consent } }';
const CONSENT = 'sitelens_consent=1';

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let token = '';
let orgId = 0;
let userId = 0;
let adminToken = '';
let rivalToken = '';

beforeAll(async () => {
  database = await openTestDatabase();
  orgId = (await createOrganization(database)).id;
  userId = (await createUser(database, { email: 'ana@acme.test', organizationIds: [orgId] })).id;
  await createUser(database, { email: 'boss@acme.test', organizationIds: [orgId], role: 'admin' });
  const rival = await createOrganization(database, 'Rival Retail');
  await createUser(database, { email: 'boss@rival.test', organizationIds: [rival.id], role: 'admin' });
  server = await startTestServer(database);
  token = await server.signIn('ana@acme.test');
  adminToken = await server.signIn('boss@acme.test');
  rivalToken = await server.signIn('boss@rival.test');
});

afterAll(async () => {
  await server.close();
  await database.close();
});

const stored = async () => (await database.sql.query<{ name: string; organization_id: number; user_id: number; properties: unknown }>('select name, organization_id, user_id, properties from usage_events order by id')).rows;
const now = () => new Date().toISOString();

describe('usage events', () => {
  it('stores nothing without the consent cookie, and says so', async () => {
    const r = await server.gql(RECORD, { events: [{ name: 'filtersOpened', at: now() }] }, { token });
    expect(r.data?.recordUsageEvents).toEqual({ stored: 0, consent: false });
    const refused = await server.gql(RECORD, { events: [{ name: 'filtersOpened', at: now() }] }, { token, cookie: 'sitelens_consent=0' });
    expect(refused.data?.recordUsageEvents).toEqual({ stored: 0, consent: false });
    expect(await stored()).toEqual([]);
  });

  it('stores events with the user and organization once consent was given', async () => {
    const events = [
      { name: 'filtersApplied', properties: { timespan: 'last7Days', zone: 12 }, at: now() },
      { name: 'bookmarkAdded', at: now() },
    ];
    const r = await server.gql(RECORD, { events }, { token, cookie: `theme=dark; ${CONSENT}` });
    expect(r.data?.recordUsageEvents).toEqual({ stored: 2, consent: true });
    expect(await stored()).toEqual([
      { name: 'filtersApplied', organization_id: orgId, user_id: userId, properties: { timespan: 'last7Days', zone: 12 } },
      { name: 'bookmarkAdded', organization_id: orgId, user_id: userId, properties: {} },
    ]);
  });

  it('refuses unknown names, non-object or large properties and far dates, storing none of the batch', async () => {
    const before = (await stored()).length;
    const cases = [
      [{ name: 'filtersApplied', at: now() }, { name: 'password.typed', at: now() }],
      [{ name: 'exportRequested', properties: [1, 2], at: now() }],
      [{ name: 'exportRequested', properties: { blob: 'x'.repeat(5000) }, at: now() }],
      [{ name: 'exportRequested', at: new Date(Date.now() + 3_600_000).toISOString() }],
    ];
    for (const events of cases) {
      const r = await server.gql(RECORD, { events }, { token, cookie: CONSENT });
      expect(errorCode(r)).toBe('BAD_USER_INPUT');
    }
    expect((await stored()).length).toBe(before);
  });

  it('needs a signed-in caller', async () => {
    expect(errorCode(await server.gql(RECORD, { events: [{ name: 'filtersOpened', at: now() }] }, { cookie: CONSENT }))).toBe('UNAUTHENTICATED');
  });

  it('strips names and e-mail addresses from the properties it stores', async () => {
    const events = [{ name: 'exportRequested', properties: { dataType: 'counting', email: 'ana@acme.test', recipients: 'ana@acme.test, bob@acme.test', user: { firstName: 'Ana', id: 3 } }, at: now() }];
    expect((await server.gql(RECORD, { events }, { token, cookie: CONSENT })).data?.recordUsageEvents).toEqual({ stored: 1, consent: true });
    expect((await stored()).at(-1)!.properties).toEqual({ dataType: 'counting', recipients: '[email], [email]', user: { id: 3 } });
  });
});

const EVENTS = 'query($first: Int, $after: String, $name: String) { usageEvents(first: $first, after: $after, name: $name) { edges { node { name properties userId at } } pageInfo { hasNextPage endCursor } } }';

describe('usageEvents (administrators)', () => {
  it('lists the organization’s events newest first, page by page and by name', async () => {
    const first = await server.gql(EVENTS, { first: 2 }, { token: adminToken });
    expect(first.errors).toBeUndefined();
    const page = first.data!.usageEvents;
    expect(page.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual(['exportRequested', 'bookmarkAdded']);
    expect(page.edges[0].node.userId).toBe(userId);
    expect(page.pageInfo.hasNextPage).toBe(true);
    const next = await server.gql(EVENTS, { first: 2, after: page.pageInfo.endCursor }, { token: adminToken });
    expect(next.data!.usageEvents.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual(['filtersApplied']);
    const named = await server.gql(EVENTS, { name: 'filtersApplied' }, { token: adminToken });
    expect(named.data!.usageEvents.edges).toHaveLength(1);
    expect(named.data!.usageEvents.edges[0].node.properties).toEqual({ timespan: 'last7Days', zone: 12 });
  });

  it('shows another organization none of them, and refuses users who do not administer', async () => {
    expect((await server.gql(EVENTS, {}, { token: rivalToken })).data!.usageEvents.edges).toEqual([]);
    expect(errorCode(await server.gql(EVENTS, {}, { token }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(EVENTS, { name: 'nope' }, { token: adminToken }))).toBe('BAD_USER_INPUT');
  });
});

