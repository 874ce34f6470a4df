import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createAcmeAndRival, createProfile, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';

const SET = 'mutation($o: Int!, $d: Date) { setMigrationDeadline(organizationId: $o, migrationDeadline: $d) { id migrationDeadline } }';
const READ = 'query($o: Int!) { organizationById(organizationId: $o) { migrationDeadline } }';

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let orgId = 0;
let rivalId = 0;
let tokens: Record<'admin' | 'viewer' | 'rival', string>;

beforeAll(async () => {
  database = await openTestDatabase();
  const { org, rival } = await createAcmeAndRival(database);
  orgId = org.id;
  rivalId = rival.id;
  await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' });
  const readOnly = await createProfile(database, org.id, { organization: { general: { read: true, edit: false } } }, 'Read only');
  await createUser(database, { email: 'viewer@acme.test', organizationIds: [org.id], profileId: readOnly.id });
  await createUser(database, { email: 'admin@rival.test', organizationIds: [rival.id], role: 'admin' });
  server = await startTestServer(database);
  tokens = await server.signInAll({ admin: 'admin@acme.test', viewer: 'viewer@acme.test', rival: 'admin@rival.test' });
});

afterAll(async () => {
  await server.close();
  await database.close();
});

describe('setMigrationDeadline', () => {
  it('lets an administrator set and clear the deadline, which every member then reads', async () => {
    const set = await server.gql(SET, { o: orgId, d: '2026-01-31' }, { token: tokens.admin });
    expect(set.errors).toBeUndefined();
    expect(set.data?.setMigrationDeadline).toEqual({ id: orgId, migrationDeadline: '2026-01-31' });
    expect((await server.gql(READ, { o: orgId }, { token: tokens.viewer })).data?.organizationById.migrationDeadline).toBe('2026-01-31');
    const cleared = await server.gql(SET, { o: orgId, d: null }, { token: tokens.admin });
    expect(cleared.data?.setMigrationDeadline.migrationDeadline).toBeNull();
  });

  it('refuses a member without organization.general edit, another organization and a date that does not exist', async () => {
    expect(errorCode(await server.gql(SET, { o: orgId, d: '2026-01-31' }, { token: tokens.viewer }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(SET, { o: orgId, d: '2026-01-31' }, { token: tokens.rival }))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql(SET, { o: rivalId, d: '2026-01-31' }, { token: tokens.admin }))).toBe('NOT_FOUND');
    const bad = await server.gql(SET, { o: orgId, d: '2026-02-30' }, { token: tokens.admin });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'migrationDeadline' });
    expect(errorCode(await server.gql(SET, { o: orgId, d: '2026-01-31' }))).toBe('UNAUTHENTICATED');
    expect((await server.gql(READ, { o: orgId }, { token: tokens.admin })).data?.organizationById.migrationDeadline).toBeNull();
  });
});
