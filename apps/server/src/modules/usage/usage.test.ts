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

beforeAll(async () => {
  database = await openTestDatabase();
  orgId = (await createOrganization(database)).id;
  userId = (await createUser(database, { email: 'ana@acme.test', organizationIds: [orgId] })).id;
  server = await startTestServer(database);
  token = await server.signIn('ana@acme.test');
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
});
