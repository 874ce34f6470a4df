import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { createOrganization, createUser } from '../test/factories.ts';
import { errorCode, startTestServer } from '../test/testServer.ts';

// Issue 14 item 10: anyone could read the whole schema; decided in docs/decisions.md: signed-in callers only.
let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  await createUser(database, { email: 'ops@acme.test', organizationIds: [org.id] });
  server = await startTestServer(database);
});

afterAll(async () => {
  await server.close();
  await database.close();
});

describe('introspection', () => {
  it('is refused to an anonymous caller, however the field is hidden', async () => {
    for (const query of ['{ __schema { types { name } } }', '{ t: __type(name: "Query") { fields { name } } }', '{ __typename ... on Query { __schema { queryType { name } } } }']) {
      const r = await server.gql(query);
      expect(errorCode(r)).toBe('UNAUTHENTICATED');
      expect(r.data ?? null).toBeNull();
    }
  });

  it('answers a signed-in caller, and __typename stays open to everyone', async () => {
    const token = await server.signIn('ops@acme.test');
    const r = await server.gql<{ __schema: { queryType: { name: string } } }>('{ __schema { queryType { name } } }', {}, { token });
    expect(r.data?.__schema.queryType.name).toBe('Query');
    expect((await server.gql('{ __typename }')).data).toEqual({ __typename: 'Query' });
  });
});
