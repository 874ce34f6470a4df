import { describe, expect, it } from 'vitest';
import type { RightsTree } from '@sitelens/domain';
import { TEST_PASSWORD, createOrganization, createProfile, createUser } from '../../test/factories.ts';
import { seededServerPerFile } from '../../test/seededServer.ts';
import { errorCode } from '../../test/testServer.ts';

const UPDATE = 'mutation($id:Int!,$u:ManagedUserInput!){ updateUser(userId:$id,user:$u){ id firstName lang profileId } }';
const DELETE = 'mutation($id:Int!){ deleteUser(userId:$id) }';
const LOGIN = 'query($e:String!,$p:String!){ login(email:$e,password:$p) }';

const users = (rights: RightsTree['organization']): RightsTree => ({ organization: rights });

const world = seededServerPerFile({
  seed: async (database, id) => {
    const org = await createOrganization(database);
    const rival = await createOrganization(database, 'Rival');
    const editor = await createProfile(database, org.id, users({ user: { read: true, edit: true, delete: true } }), 'Editors');
    const reader = await createProfile(database, org.id, users({ user: { read: true, edit: false, delete: false } }), 'Readers');
    const blind = await createProfile(database, org.id, users({ user: { read: false, edit: false, delete: false } }), 'Blind');
    const rivalProfile = await createProfile(database, rival.id, users({}), 'Rival staff');
    Object.assign(id, { editorProfile: editor.id, readerProfile: reader.id, blindProfile: blind.id, rivalProfile: rivalProfile.id });
    const people: Array<[string, { role?: string; profileId?: number; org?: number }]> = [
      ['admin', { role: 'admin' }],
      ['admin2', { role: 'admin' }],
      ['editor', { profileId: editor.id }],
      ['reader', { profileId: reader.id }],
      ['blind', { profileId: blind.id }],
      ['target', { profileId: reader.id }],
      ['doomed', { profileId: reader.id }],
      ['outsider', { org: rival.id }],
    ];
    for (const [name, o] of people) id[name] = (await createUser(database, { email: `${name}@acme.test`, organizationIds: [o.org ?? org.id], role: o.role, profileId: o.profileId })).id;
  },
  signIn: { admin: 'admin@acme.test', editor: 'editor@acme.test', reader: 'reader@acme.test', blind: 'blind@acme.test' },
});
const { id, token } = world;

describe('updateUser (spec 000 §3, §6 editability)', () => {
  it('EDITABLE with organization.user edit: names, preferences and the rights profile', async () => {
    const r = await world.server.gql(UPDATE, { id: id.target, u: { firstName: 'Tess', lang: 'de', profileId: id.editorProfile } }, { token: token.editor });
    expect(r.data?.updateUser).toEqual({ id: id.target, firstName: 'Tess', lang: 'de', profileId: id.editorProfile });
    await world.server.gql(UPDATE, { id: id.target, u: { profileId: id.readerProfile } }, { token: token.admin });
  });

  it('READ_ONLY without the edit right: refused, nothing stored', async () => {
    const r = await world.server.gql(UPDATE, { id: id.target, u: { firstName: 'Nope' } }, { token: token.reader });
    expect(errorCode(r)).toBe('FORBIDDEN');
    const seen = await world.server.gql('query($id:Int!){ userById(userId:$id){ firstName } }', { id: id.target }, { token: token.admin });
    expect(seen.data?.userById.firstName).toBe('Tess');
  });

  it('PARTIALLY_EDITABLE on one’s own record: names and preferences, never the profile', async () => {
    expect((await world.server.gql(UPDATE, { id: id.reader, u: { firstName: 'Rita' } }, { token: token.reader })).data?.updateUser.firstName).toBe('Rita');
    expect(errorCode(await world.server.gql(UPDATE, { id: id.reader, u: { profileId: id.editorProfile } }, { token: token.reader }))).toBe('FORBIDDEN');
    expect(errorCode(await world.server.gql(UPDATE, { id: id.editor, u: { profileId: id.editorProfile } }, { token: token.editor }))).toBeUndefined(); // unchanged: nothing to assign
    expect(errorCode(await world.server.gql(UPDATE, { id: id.editor, u: { profileId: id.readerProfile } }, { token: token.editor }))).toBe('FORBIDDEN');
  });

  it('an administrator’s record only by an administrator', async () => {
    expect(errorCode(await world.server.gql(UPDATE, { id: id.admin2, u: { firstName: 'Eve' } }, { token: token.editor }))).toBe('FORBIDDEN');
    expect((await world.server.gql(UPDATE, { id: id.admin2, u: { firstName: 'Eve' } }, { token: token.admin })).data?.updateUser.firstName).toBe('Eve');
  });

  it('refuses without organization.user read, another organization’s user and profile as not found, bad fields by name', async () => {
    expect(errorCode(await world.server.gql(UPDATE, { id: id.target, u: { firstName: 'X' } }, { token: token.blind }))).toBe('FORBIDDEN');
    expect(errorCode(await world.server.gql(UPDATE, { id: id.outsider, u: { firstName: 'X' } }, { token: token.admin }))).toBe('NOT_FOUND');
    expect(errorCode(await world.server.gql(UPDATE, { id: 999_999, u: { firstName: 'X' } }, { token: token.admin }))).toBe('NOT_FOUND');
    const foreign = await world.server.gql(UPDATE, { id: id.target, u: { profileId: id.rivalProfile } }, { token: token.admin });
    expect(foreign.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: 'profileId' });
    const bad = await world.server.gql(UPDATE, { id: id.target, u: { lastName: 'R2-D2' } }, { token: token.admin });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'lastName' });
    expect(errorCode(await world.server.gql(UPDATE, { id: id.target, u: { firstName: 'X' } }))).toBe('UNAUTHENTICATED');
  });
});

describe('deleteUser', () => {
  it('needs organization.user delete; never oneself; another organization’s user is not found', async () => {
    expect(errorCode(await world.server.gql(DELETE, { id: id.doomed }, { token: token.reader }))).toBe('FORBIDDEN');
    expect(errorCode(await world.server.gql(DELETE, { id: id.editor }, { token: token.editor }))).toBe('FORBIDDEN');
    expect(errorCode(await world.server.gql(DELETE, { id: id.admin2 }, { token: token.editor }))).toBe('FORBIDDEN');
    expect(errorCode(await world.server.gql(DELETE, { id: id.outsider }, { token: token.admin }))).toBe('NOT_FOUND');
  });

  it('removes the user, whose sessions end at once: me and renew fail, the password no longer signs in', async () => {
    const signedIn = await world.server.gql<{ login: string }>(LOGIN, { e: 'doomed@acme.test', p: TEST_PASSWORD });
    const doomedToken = signedIn.data!.login;
    const cookie = signedIn.setCookie!.split(';')[0]!;
    expect((await world.server.gql('{ me { email } }', {}, { token: doomedToken })).data?.me.email).toBe('doomed@acme.test');
    expect((await world.server.gql(DELETE, { id: id.doomed }, { token: token.editor })).data?.deleteUser).toBe(true);
    expect(errorCode(await world.server.gql('{ me { email } }', {}, { token: doomedToken }))).toBe('UNAUTHENTICATED');
    expect((await world.server.gql('{ renew }', {}, { token: doomedToken })).data?.renew).toBeNull();
    expect((await world.server.gql('{ renew }', {}, { cookie })).data?.renew).toBeNull();
    expect(errorCode(await world.server.gql(LOGIN, { e: 'doomed@acme.test', p: TEST_PASSWORD }))).toBe('LOGIN_WRONG_CREDENTIALS');
    const list = await world.server.gql<{ allUsers: { email: string }[] }>('{ allUsers { email } }', {}, { token: token.admin });
    expect(list.data?.allUsers.map((u) => u.email)).not.toContain('doomed@acme.test');
  });
});

describe('endUserSessions', () => {
  const END = 'mutation($id:Int!){ endUserSessions(userId:$id) }';

  it('ends every session of another user with organization.user edit: their tokens and cookies stop, the password still signs in', async () => {
    const first = await world.server.gql<{ login: string }>(LOGIN, { e: 'target@acme.test', p: TEST_PASSWORD });
    const second = await world.server.gql<{ login: string }>(LOGIN, { e: 'target@acme.test', p: TEST_PASSWORD });
    const cookie = second.setCookie!.split(';')[0]!;
    expect((await world.server.gql('{ me { email } }', {}, { token: first.data!.login })).data?.me.email).toBe('target@acme.test');
    expect((await world.server.gql(END, { id: id.target }, { token: token.editor })).data?.endUserSessions).toBe(2);
    for (const t of [first.data!.login, second.data!.login]) expect(errorCode(await world.server.gql('{ me { email } }', {}, { token: t }))).toBe('UNAUTHENTICATED');
    expect((await world.server.gql('{ renew }', {}, { cookie })).data?.renew).toBeNull();
    expect((await world.server.gql(LOGIN, { e: 'target@acme.test', p: TEST_PASSWORD })).data?.login).toMatch(/^ey/);
  });

  it('refuses without the edit right, on oneself and on an administrator unless by one; another organization’s user is not found', async () => {
    expect(errorCode(await world.server.gql(END, { id: id.target }, { token: token.reader }))).toBe('FORBIDDEN');
    expect(errorCode(await world.server.gql(END, { id: id.editor }, { token: token.editor }))).toBe('FORBIDDEN');
    expect(errorCode(await world.server.gql(END, { id: id.admin2 }, { token: token.editor }))).toBe('FORBIDDEN');
    expect(errorCode(await world.server.gql(END, { id: id.outsider }, { token: token.admin }))).toBe('NOT_FOUND');
    expect((await world.server.gql('{ me { email } }', {}, { token: token.editor })).data?.me.email).toBe('editor@acme.test');
    expect(typeof (await world.server.gql(END, { id: id.admin2 }, { token: token.admin })).data?.endUserSessions).toBe('number');
  });
});

describe('rights profiles', () => {
  const CREATE = 'mutation($p:RightsProfileInput!){ createProfile(profile:$p){ id name rights } }';
  const EDIT = 'mutation($id:Int!,$p:RightsProfileInput!){ updateProfile(id:$id,profile:$p){ id name rights } }';
  const REMOVE = 'mutation($id:Int!){ deleteProfile(id:$id) }';

  it('administrators create a profile with every switch stated, edit and delete it; others are refused', async () => {
    const created = await world.server.gql(CREATE, { p: { name: ' Analysts ', rights: { app: { salesFunnel: { read: true } } } } }, { token: token.admin });
    const profile = created.data?.createProfile;
    expect(profile.name).toBe('Analysts');
    expect(profile.rights.app.salesFunnel).toEqual({ read: true });
    expect(profile.rights.dashboard.alert).toEqual({ read: false, create: false, edit: false, delete: false });
    expect(errorCode(await world.server.gql(CREATE, { p: { name: 'Mine', rights: {} } }, { token: token.editor }))).toBe('FORBIDDEN');
    expect(errorCode(await world.server.gql(EDIT, { id: profile.id, p: { name: 'X', rights: {} } }, { token: token.editor }))).toBe('FORBIDDEN');
    expect(errorCode(await world.server.gql(REMOVE, { id: profile.id }, { token: token.editor }))).toBe('FORBIDDEN');
    const edited = await world.server.gql(EDIT, { id: profile.id, p: { name: 'Funnel analysts', rights: { dashboard: { report: { read: true } } } } }, { token: token.admin });
    expect(edited.data?.updateProfile).toMatchObject({ name: 'Funnel analysts', rights: { app: { salesFunnel: { read: false } }, dashboard: { report: { read: true } } } });
    // Editing alerts sent without reading them is stored with read: one acts only on what one sees.
    const editors = await world.server.gql(EDIT, { id: profile.id, p: { name: 'Alert editors', rights: { dashboard: { alert: { edit: true, read: false } } } } }, { token: token.admin });
    expect(editors.data?.updateProfile.rights.dashboard.alert).toEqual({ read: true, create: false, edit: true, delete: false });
    expect((await world.server.gql(REMOVE, { id: profile.id }, { token: token.admin })).data?.deleteProfile).toBe(true);
    expect(errorCode(await world.server.gql(REMOVE, { id: profile.id }, { token: token.admin }))).toBe('NOT_FOUND');
  });

  it('refuses a bad name or tree, another organization’s profile, and a profile still held', async () => {
    expect((await world.server.gql(CREATE, { p: { name: '', rights: {} } }, { token: token.admin })).errors?.[0]?.extensions).toMatchObject({ field: 'name', reason: 'errors.requiredField' });
    expect((await world.server.gql(CREATE, { p: { name: 'Root', rights: { organization: { user: { sudo: true } } } } }, { token: token.admin })).errors?.[0]?.extensions).toMatchObject({ field: 'rights' });
    expect(errorCode(await world.server.gql(EDIT, { id: id.rivalProfile, p: { name: 'Mine', rights: {} } }, { token: token.admin }))).toBe('NOT_FOUND');
    expect((await world.server.gql(REMOVE, { id: id.readerProfile }, { token: token.admin })).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'errors.profileInUse' });
  });

  it('a profile’s rights hold on the server at the holder’s next call', async () => {
    const reports = '{ scheduledReports { id } }';
    expect(errorCode(await world.server.gql(reports, {}, { token: token.reader }))).toBe('FORBIDDEN');
    await world.server.gql(EDIT, { id: id.readerProfile, p: { name: 'Readers', rights: { organization: { user: { read: true } }, dashboard: { report: { read: true } } } } }, { token: token.admin });
    expect(errorCode(await world.server.gql(reports, {}, { token: token.reader }))).toBeUndefined();
    await world.server.gql(EDIT, { id: id.readerProfile, p: { name: 'Readers', rights: { organization: { user: { read: true } } } } }, { token: token.admin });
    expect(errorCode(await world.server.gql(reports, {}, { token: token.reader }))).toBe('FORBIDDEN');
  });
});

describe('updateUserCustomLinks on a stronger account', () => {
  const LINKS = 'mutation($u:Int!,$l:[CustomLinkInput!]!){ updateUserCustomLinks(userId:$u, customLinks:$l){ id customLinks { url } } }';
  const link = [{ text: 'Payroll', url: 'https://evil.example/login', openOutside: true }];

  it('an administrator’s header menu only by an administrator: refused with rightsBeyondYours, nothing stored', async () => {
    const refused = await world.server.gql(LINKS, { u: id.admin2, l: link }, { token: token.editor });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'rightsBeyondYours' });
    const seen = await world.server.gql('query($id:Int!){ userById(userId:$id){ customLinks { url } } }', { id: id.admin2 }, { token: token.admin });
    expect(seen.data?.userById.customLinks).toEqual([]);
    const byAdmin = await world.server.gql(LINKS, { u: id.admin2, l: link }, { token: token.admin });
    expect(byAdmin.data?.updateUserCustomLinks.customLinks).toEqual([{ url: 'https://evil.example/login' }]);
    expect((await world.server.gql(LINKS, { u: id.admin2, l: [] }, { token: token.admin })).data?.updateUserCustomLinks.customLinks).toEqual([]);
  });

  it('an equal user’s header menu still by the user editor; another organization’s user is not found', async () => {
    expect((await world.server.gql(LINKS, { u: id.target, l: link }, { token: token.editor })).data?.updateUserCustomLinks.customLinks).toHaveLength(1);
    expect(errorCode(await world.server.gql(LINKS, { u: id.outsider, l: link }, { token: token.admin }))).toBe('NOT_FOUND');
  });
});
