import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { tagCategories } from '../../composition/tables.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { createOrganization, createProfile, createSite, createUser } from '../../test/factories.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
const a = {} as Record<string, number>;
let tokenB = '';
let tokenViewer = '';
let tokenA = '';

beforeAll(async () => {
  database = await openTestDatabase();
  const orgA = await createOrganization(database, 'Org A');
  const orgB = await createOrganization(database, 'Org B');
  const profileA = await createProfile(database, orgA.id);
  const viewerProfile = await createProfile(database, orgA.id, { organization: { user: { read: false } } }, 'Viewer');
  const siteA = await createSite(database, orgA.id);
  await createSite(database, orgB.id, { name: 'B store' });
  const userA = await createUser(database, { email: 'a@a.test', organizationIds: [orgA.id], profileId: profileA.id });
  await createUser(database, { email: 'viewer@a.test', organizationIds: [orgA.id], profileId: viewerProfile.id });
  await createUser(database, { email: 'b@b.test', organizationIds: [orgB.id], role: 'admin' });
  const [cat] = await database.db.insert(tagCategories).values({ organizationId: orgA.id, name: 'Region' }).returning();
  Object.assign(a, { org: orgA.id, profile: profileA.id, site: siteA.site.id, zone: siteA.top.id, user: userA.id, category: cat!.id });
  server = await startTestServer(database);
  tokenA = await server.signIn('a@a.test');
  tokenB = await server.signIn('b@b.test');
  tokenViewer = await server.signIn('viewer@a.test');
});

afterAll(async () => {
  await server.close();
  await database.close();
});

const byIdCalls: Array<[string, string, () => Record<string, unknown>]> = [
  ['installationById', 'query($id:Int!){ installationById(installationId:$id){ id name } }', () => ({ id: a.site })],
  ['zonesByInstallation', 'query($id:Int!){ zonesByInstallation(installationId:$id){ id } }', () => ({ id: a.site })],
  ['topZoneByInstallation', 'query($id:Int!){ topZoneByInstallation(installationId:$id){ id } }', () => ({ id: a.site })],
  ['passagesByInstallation', 'query($id:Int!){ passagesByInstallation(installationId:$id){ id } }', () => ({ id: a.site })],
  ['organizationById', 'query($id:Int!){ organizationById(organizationId:$id){ id name } }', () => ({ id: a.org })],
  ['userById', 'query($id:Int!){ userById(userId:$id){ id email } }', () => ({ id: a.user })],
  ['profileById', 'query($id:Int!){ profileById(id:$id){ id rights } }', () => ({ id: a.profile })],
  ['tagCategoriesByOrganizationId', 'query($id:Int!){ tagCategoriesByOrganizationId(id:$id){ id name } }', () => ({ id: a.org })],
  [
    'retailData',
    'query($id:Int!){ retailData(input:{installationId:$id, metric:"visitorsIn"}){ series { key } } }',
    () => ({ id: a.site }),
  ],
];

describe('organization scope', () => {
  it.each(byIdCalls)('%s answers the owner', async (_name, query, vars) => {
    const r = await server.gql(query, vars(), { token: tokenA });
    expect(r.errors).toBeUndefined();
    expect(Object.values(r.data ?? {})[0]).toBeTruthy();
  });

  it.each(byIdCalls)('%s refuses an administrator of another organization', async (_name, query, vars) => {
    const r = await server.gql(query, vars(), { token: tokenB });
    expect(errorCode(r)).toMatch(/NOT_FOUND|FORBIDDEN/);
    expect(JSON.stringify(r.data ?? null)).not.toMatch(/Org A|Main store|a@a\.test|Region/);
  });

  it('lists only the caller’s own sites and users', async () => {
    const sites = await server.gql('{ allInstallations { name } }', {}, { token: tokenB });
    expect(sites.data?.allInstallations).toEqual([{ name: 'B store' }]);
    const users = await server.gql('{ allUsers { email } }', {}, { token: tokenB });
    expect(users.data?.allUsers).toEqual([{ email: 'b@b.test' }]);
  });

  it('refuses user management to a profile without it, but still shows the user themself', async () => {
    expect(errorCode(await server.gql('{ allUsers { email } }', {}, { token: tokenViewer }))).toBe('FORBIDDEN');
    expect(errorCode(await server.gql(byIdCalls[5]![1], { id: a.user }, { token: tokenViewer }))).toBe('FORBIDDEN');
    const me = await server.gql('{ me { email } }', {}, { token: tokenViewer });
    expect(me.data?.me.email).toBe('viewer@a.test');
  });

  it('refuses every data call without a token', async () => {
    for (const [, query, vars] of byIdCalls) expect(errorCode(await server.gql(query, vars()))).toBe('UNAUTHENTICATED');
  });
});
