import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { createOrganization, createProfile, createUser } from '../../test/factories.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';

const UPDATE = 'mutation($p: UserProfileInput!){ updateUserProfile(profile:$p){ firstName lastName lang dateFormat } }';

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let token = '';

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const profile = await createProfile(database, org.id);
  await createUser(database, { email: 'lea@acme.test', organizationIds: [org.id], profileId: profile.id });
  server = await startTestServer(database);
  token = await server.signIn('lea@acme.test');
});

afterAll(async () => {
  await server.close();
  await database.close();
});

describe('own profile', () => {
  it('saves language, date format and names, and me reflects them', async () => {
    const r = await server.gql(UPDATE, { p: { lang: 'ar', dateFormat: 'YYYY-MM-DD', firstName: 'Léa', lastName: 'Zoë Müller' } }, { token });
    expect(r.data?.updateUserProfile).toEqual({ firstName: 'Léa', lastName: 'Zoë Müller', lang: 'ar', dateFormat: 'YYYY-MM-DD' });
    const me = await server.gql('{ me { lang name dateFormat } }', {}, { token });
    expect(me.data?.me).toEqual({ lang: 'ar', name: 'Léa Zoë Müller', dateFormat: 'YYYY-MM-DD' });
  });

  it.each([
    [{ lang: 'xx' }, 'lang'],
    [{ firstName: '' }, 'firstName'],
    [{ lastName: 'R2-D2' }, 'lastName'],
    [{ dateFormat: 'YYYY' }, 'dateFormat'],
    [{ phone: '12345' }, 'phone'],
    [{ timezone: 'Mars/Olympus' }, 'timezone'],
  ])('refuses %j with BAD_USER_INPUT on the field, and keeps the stored value', async (patch, field) => {
    const r = await server.gql(UPDATE, { p: patch }, { token });
    expect(errorCode(r)).toBe('BAD_USER_INPUT');
    expect(r.errors?.[0]?.extensions?.field).toBe(field);
    const me = await server.gql('{ me { lang firstName } }', {}, { token });
    expect(me.data?.me).toEqual({ lang: 'ar', firstName: 'Léa' });
  });
});

describe('rights profiles list', () => {
  it('lists the organization’s profiles by name to user management, never another organization’s, and refuses a caller without organization.user read', async () => {
    const org = await createOrganization(database);
    await createProfile(database, org.id, undefined, 'Zone managers');
    await createProfile(database, org.id, undefined, 'Analysts');
    const blind = await createProfile(database, org.id, { organization: { user: { read: false } } }, 'No user management');
    const other = await createOrganization(database);
    await createProfile(database, other.id, undefined, 'Elsewhere');
    await createUser(database, { email: 'manager@profiles.test', organizationIds: [org.id] });
    await createUser(database, { email: 'blind@profiles.test', organizationIds: [org.id], profileId: blind.id });
    const QUERY = '{ profiles { name } }';
    const listed = await server.gql<{ profiles: { name: string }[] }>(QUERY, {}, { token: await server.signIn('manager@profiles.test') });
    expect(listed.data?.profiles.map((p) => p.name)).toEqual(['Analysts', 'No user management', 'Zone managers']);
    const refused = await server.gql(QUERY, {}, { token: await server.signIn('blind@profiles.test') });
    expect(errorCode(refused)).toBe('FORBIDDEN');
  });
});
