import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createOrganization, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { startTestServer } from '../../test/testServer.ts';

// Issue 28.3: a user of several organizations signs in to the one they used last.
const ME = '{ me { organizationIds } }';
const ORGS = '{ myOrganizations { id current } }';
const SWITCH = 'mutation($o:Int!){ switchOrganization(organizationId:$o) }';

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let a: number;
let b: number;
let userId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  a = (await createOrganization(database, 'Alpha')).id;
  b = (await createOrganization(database, 'Beta')).id;
  userId = (await createUser(database, { email: 'both@acme.test', organizationIds: [a, b] })).id;
  await createUser(database, { email: 'one@acme.test', organizationIds: [b] });
  server = await startTestServer(database);
});

afterAll(async () => {
  await server.close();
  await database.close();
});

const current = async (token: string) => (await server.gql(ME, {}, { token })).data?.me.organizationIds;

describe('the organization a sign-in opens', () => {
  it('is the first one until another is used, then the one used last; each session keeps its own', async () => {
    const first = await server.signIn('both@acme.test');
    expect(await current(first)).toEqual([a]);
    expect((await server.gql(SWITCH, { o: b }, { token: first })).data?.switchOrganization).toBe(true);
    const second = await server.signIn('both@acme.test');
    expect(await current(second)).toEqual([b]);
    expect((await server.gql(ORGS, {}, { token: second })).data?.myOrganizations).toEqual([
      { id: a, current: false },
      { id: b, current: true },
    ]);
    await server.gql(SWITCH, { o: a }, { token: second });
    expect(await current(first)).toEqual([b]);
    expect(await current(await server.signIn('both@acme.test'))).toEqual([a]);
  });

  it('is never one whose membership is inactive, and the only one of a user of one', async () => {
    await server.gql(SWITCH, { o: b }, { token: await server.signIn('both@acme.test') });
    await database.sql.query('update user_organizations set active = false where user_id = $1 and organization_id = $2', [userId, b]);
    expect(await current(await server.signIn('both@acme.test'))).toEqual([a]);
    expect(await current(await server.signIn('one@acme.test'))).toEqual([b]);
  });
});
