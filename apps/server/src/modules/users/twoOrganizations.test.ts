import { describe, expect, it } from 'vitest';
import { normalizeRightsTree } from '@sitelens/domain';
import { createOrganization, createProfile, createSite, createUser } from '../../test/factories.ts';
import { seededServerPerFile } from '../../test/seededServer.ts';
import { errorCode } from '../../test/testServer.ts';

// Issue 28.3: a user of two organizations (an administrator in A, a reader in B) leaked A into B.
const ME = '{ me { email isAdmin profileId organizationIds } }';
const ORGS = '{ myOrganizations { id name current } }';
const SWITCH = 'mutation($o:Int!){ switchOrganization(organizationId:$o) }';
const SITES = '{ allInstallations { id } }';
const USERS = '{ allUsers { email } }';
const USER = 'query($id:Int!){ userById(userId:$id){ email isAdmin profileId organizationIds } }';
const UPDATE = 'mutation($id:Int!,$u:ManagedUserInput!){ updateUser(userId:$id,user:$u){ profileId } }';
const VIEW_AS = 'mutation($id:Int!){ viewAsUser(userId:$id){ token } }';

const world = seededServerPerFile({
  seed: async (database, id) => {
    const a = await createOrganization(database, 'Alpha');
    const b = await createOrganization(database, 'Beta');
    const readers = await createProfile(database, b.id, normalizeRightsTree({ organization: { user: { read: true } } })!, 'B readers');
    const editors = await createProfile(database, b.id, normalizeRightsTree({ organization: { user: { read: true, edit: true } } })!, 'B editors');
    Object.assign(id, { a: a.id, b: b.id, readers: readers.id, editors: editors.id });
    id.siteA = (await createSite(database, a.id)).site.id;
    id.siteB = (await createSite(database, b.id)).site.id;
    id.both = (await createUser(database, { email: 'both@acme.test', organizationIds: [a.id], role: 'admin' })).id;
    // The same person joins B as a reader: B's membership carries its own role and profile.
    await database.sql.query(`insert into user_organizations (user_id, organization_id, role, profile_id) values ($1, $2, 'user', $3)`, [id.both, b.id, readers.id]);
    id.adminA = (await createUser(database, { email: 'admin@alpha.test', organizationIds: [a.id], role: 'admin' })).id;
    id.adminB = (await createUser(database, { email: 'admin@beta.test', organizationIds: [b.id], role: 'admin' })).id;
  },
  signIn: { both: 'both@acme.test', adminB: 'admin@beta.test' },
});
const { id, token } = world;

describe('a user of two organizations acts in one at a time', () => {
  it('has header links of its own in each organization: B’s administrator sets B’s only', async () => {
    const LINKS = 'mutation($u:Int!,$l:[CustomLinkInput!]!){ updateUserCustomLinks(userId:$u, customLinks:$l){ customLinks { text } } }';
    const MINE = '{ me { customLinks { text } } }';
    const set = await world.server.gql(LINKS, { u: id.both, l: [{ text: 'Beta intranet', url: 'https://intranet.beta.test' }] }, { token: token.adminB });
    expect(set.data?.updateUserCustomLinks.customLinks).toEqual([{ text: 'Beta intranet' }]);
    // Acting in A (where the session starts) the user sees A's links: none; in B, B's.
    expect((await world.server.gql(MINE, {}, { token: token.both })).data?.me.customLinks).toEqual([]);
    await world.server.gql(SWITCH, { o: id.b }, { token: token.both });
    expect((await world.server.gql(MINE, {}, { token: token.both })).data?.me.customLinks).toEqual([{ text: 'Beta intranet' }]);
    await world.server.gql(SWITCH, { o: id.a }, { token: token.both });
    // An administrator of A sets A's: B's stay.
    await world.server.gql(LINKS, { u: id.both, l: [{ text: 'Alpha wiki', url: 'https://wiki.alpha.test' }] }, { token: token.both });
    expect((await world.server.gql(MINE, {}, { token: token.both })).data?.me.customLinks).toEqual([{ text: 'Alpha wiki' }]);
    const inB = await world.server.gql('query($id:Int!){ userById(userId:$id){ customLinks { text } } }', { id: id.both }, { token: token.adminB });
    expect(inB.data?.userById.customLinks).toEqual([{ text: 'Beta intranet' }]);
  });

  it('signs in to the first, lists both, and switches: rights, sites and users follow the organization', async () => {
    expect((await world.server.gql(ME, {}, { token: token.both })).data?.me).toEqual({ email: 'both@acme.test', isAdmin: true, profileId: null, organizationIds: [id.a] });
    expect((await world.server.gql(ORGS, {}, { token: token.both })).data?.myOrganizations).toEqual([
      { id: id.a, name: 'Alpha', current: true },
      { id: id.b, name: 'Beta', current: false },
    ]);
    expect((await world.server.gql(SITES, {}, { token: token.both })).data?.allInstallations).toEqual([{ id: id.siteA }]);
    expect((await world.server.gql(SWITCH, { o: id.b }, { token: token.both })).data?.switchOrganization).toBe(true);
    expect((await world.server.gql(ME, {}, { token: token.both })).data?.me).toEqual({ email: 'both@acme.test', isAdmin: false, profileId: id.readers, organizationIds: [id.b] });
    expect((await world.server.gql(SITES, {}, { token: token.both })).data?.allInstallations).toEqual([{ id: id.siteB }]);
    expect((await world.server.gql(USERS, {}, { token: token.both })).data?.allUsers.map((u: { email: string }) => u.email).sort()).toEqual(['admin@beta.test', 'both@acme.test']);
    // Administrator of A, a reader in B: what only administrators may do is refused in B.
    expect(errorCode(await world.server.gql('{ auditLog { operation } }', {}, { token: token.both }))).toBe('FORBIDDEN');
    expect(errorCode(await world.server.gql(USER, { id: id.adminA }, { token: token.both }))).toBe('NOT_FOUND');
    const foreign = await world.server.gql(SWITCH, { o: 999_999 }, { token: token.both });
    expect(foreign.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: 'organizationId' });
    await world.server.gql(SWITCH, { o: id.a }, { token: token.both });
    expect((await world.server.gql(ME, {}, { token: token.both })).data?.me.isAdmin).toBe(true);
  });

  it('B’s administrator sees, views as and edits the user within B only', async () => {
    expect((await world.server.gql(USER, { id: id.both }, { token: token.adminB })).data?.userById).toEqual({ email: 'both@acme.test', isAdmin: false, profileId: id.readers, organizationIds: [id.b] });
    const viewAs = (await world.server.gql(VIEW_AS, { id: id.both }, { token: token.adminB })).data?.viewAsUser.token as string;
    expect((await world.server.gql(ME, {}, { token: viewAs })).data?.me).toEqual({ email: 'both@acme.test', isAdmin: false, profileId: id.readers, organizationIds: [id.b] });
    expect((await world.server.gql(SITES, {}, { token: viewAs })).data?.allInstallations).toEqual([{ id: id.siteB }]);
    expect((await world.server.gql(USERS, {}, { token: viewAs })).data?.allUsers.map((u: { email: string }) => u.email)).not.toContain('admin@alpha.test');
    expect((await world.server.gql(ORGS, {}, { token: viewAs })).data?.myOrganizations).toEqual([{ id: id.b, name: 'Beta', current: true }]);
    expect(errorCode(await world.server.gql(SWITCH, { o: id.a }, { token: viewAs }))).toBe('VIEW_AS_REFUSED');
    // A B profile changes what the user may do in B, never in A.
    expect((await world.server.gql(UPDATE, { id: id.both, u: { profileId: id.editors } }, { token: token.adminB })).data?.updateUser.profileId).toBe(id.editors);
    expect((await world.server.gql(ME, {}, { token: token.both })).data?.me).toMatchObject({ isAdmin: true, profileId: null, organizationIds: [id.a] });
  });

  it('B’s administrator removes the user from B only: the user still acts in A', async () => {
    expect((await world.server.gql('mutation($id:Int!){ deleteUser(userId:$id) }', { id: id.both }, { token: token.adminB })).data?.deleteUser).toBe(true);
    const again = await world.server.signIn('both@acme.test');
    expect((await world.server.gql(ME, {}, { token: again })).data?.me).toMatchObject({ isAdmin: true, organizationIds: [id.a] });
    expect((await world.server.gql(ORGS, {}, { token: again })).data?.myOrganizations).toEqual([{ id: id.a, name: 'Alpha', current: true }]);
    expect(errorCode(await world.server.gql(USER, { id: id.both }, { token: token.adminB }))).toBe('NOT_FOUND');
  });
});
