import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../../test/factories.ts';
import { users } from '../users/users.tables.ts';
import { seededServerPerFile } from '../../test/seededServer.ts';
import { errorCode } from '../../test/testServer.ts';

// A platform operator (PLATFORM_ADMIN_EMAILS) creates a customer's organization; nobody else may.
const CREATE = 'mutation($n:String!){ createOrganization(name:$n){ id name } }';
const ME = '{ me { isAdmin organizationIds } }';
const ORGS = '{ myOrganizations { id name current } }';
const SWITCH = 'mutation($o:Int!){ switchOrganization(organizationId:$o) }';
const DASHBOARDS = '{ allDashboardsV2 { name kind } }';
const FILE = JSON.stringify({ format: 'sitelens.dashboard', formatVersion: 1, name: 'Plain', pages: [{ name: 'P', widgets: [] }] });

const seed = async (database: Parameters<Parameters<typeof seededServerPerFile>[0]['seed']>[0], id: Record<string, number>) => {
  id.home = (await createOrganization(database, 'Home')).id;
  id.operator = (await createUser(database, { email: 'Operator@platform.test', organizationIds: [id.home], role: 'admin' })).id;
  await createUser(database, { email: 'admin@home.test', organizationIds: [id.home], role: 'admin' });
  // An operator who reads the product in French.
  const french = await createUser(database, { email: 'operatrice@platform.test', organizationIds: [id.home], role: 'admin', firstName: 'Léa' });
  await database.db.update(users).set({ lang: 'fr' }).where(eq(users.id, french.id));
};

describe('without PLATFORM_ADMIN_EMAILS nobody creates an organization', () => {
  const world = seededServerPerFile({ seed, signIn: { operator: 'operator@platform.test' } });
  it('refuses even an administrator', async () => {
    expect(errorCode(await world.server.gql(CREATE, { n: 'Customer' }, { token: world.token.operator }))).toBe('FORBIDDEN');
    expect(errorCode(await world.server.gql(CREATE, { n: 'Customer' }))).toBe('UNAUTHENTICATED');
  });
});

describe('with PLATFORM_ADMIN_EMAILS', () => {
  const world = seededServerPerFile({
    seed,
    env: { PLATFORM_ADMIN_EMAILS: ' someone@else.test, OPERATOR@platform.test, operatrice@platform.test ' },
    signIn: { operator: 'operator@platform.test', other: 'admin@home.test', french: 'operatrice@platform.test' },
  });
  const { token } = world;

  it('refuses another e-mail, and a name empty or too long (the field named)', async () => {
    expect(errorCode(await world.server.gql(CREATE, { n: 'Customer' }, { token: token.other }))).toBe('FORBIDDEN');
    const empty = await world.server.gql(CREATE, { n: '   ' }, { token: token.operator });
    expect(empty.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'name' });
    const long = await world.server.gql(CREATE, { n: 'x'.repeat(121) }, { token: token.operator });
    expect(long.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'name' });
  });

  it('creates it with its two profiles, the operator its administrator, seen at once; a dashboard and an import go into it', async () => {
    // The caller's session is in the cache before the membership is made.
    expect((await world.server.gql(ME, {}, { token: token.operator })).data?.me.organizationIds).toEqual([world.id.home]);
    const created = await world.server.gql(CREATE, { n: '  Customer One ' }, { token: token.operator });
    const org = created.data?.createOrganization as { id: number; name: string };
    expect(org.name).toBe('Customer One');
    const profiles = await world.database.sql.query<{ name: string; is_default: boolean }>('select name, is_default from profiles where organization_id = $1 order by name', [org.id]);
    expect(profiles.rows).toEqual([
      { name: 'Administrator', is_default: false },
      { name: 'Viewer', is_default: true },
    ]);
    expect((await world.server.gql(ORGS, {}, { token: token.operator })).data?.myOrganizations).toEqual([
      { id: world.id.home, name: 'Home', current: true },
      { id: org.id, name: 'Customer One', current: false },
    ]);
    // Importing into an organization the session does not act in: NOT_FOUND.
    const elsewhere = await world.server.gql('query($t:String!,$o:Int){ previewDashboardImport(text:$t, organizationId:$o){ name } }', { t: FILE, o: org.id }, { token: token.operator });
    expect(elsewhere.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: 'organizationId' });

    expect((await world.server.gql(SWITCH, { o: org.id }, { token: token.operator })).data?.switchOrganization).toBe(true);
    expect((await world.server.gql(ME, {}, { token: token.operator })).data?.me).toEqual({ isAdmin: true, organizationIds: [org.id] });
    expect((await world.server.gql('mutation{ createDashboard(name:"Theirs"){ id } }', {}, { token: token.operator })).errors).toBeUndefined();
    const imported = await world.server.gql(
      'mutation($t:String!,$o:Int){ importDashboard(text:$t, mapping:[], name:"Imported", organizationId:$o){ id } }',
      { t: FILE, o: org.id },
      { token: token.operator },
    );
    expect(imported.errors).toBeUndefined();
    const inNew = await world.database.sql.query<{ name: string }>('select name from dashboards where organization_id = $1 order by name', [org.id]);
    expect(inNew.rows.map((r) => r.name)).toEqual(['Imported', 'Theirs']);
    // The home organization has neither.
    const names = (await world.server.gql(DASHBOARDS, {}, { token: token.other })).data?.allDashboardsV2.map((d: { name: string }) => d.name);
    expect(names).not.toContain('Theirs');
    expect(names).not.toContain('Imported');
  });

  // Review: a new organization's default profiles were "Administrator" and "Viewer" whatever the
  // creator's language. They are named in it: a French operator's organization reads French names.
  it('names the default profiles in the creating operator’s language', async () => {
    const created = await world.server.gql(CREATE, { n: 'Client Lyon' }, { token: token.french });
    expect(created.errors).toBeUndefined();
    const org = created.data?.createOrganization as { id: number };
    expect((await world.server.gql(SWITCH, { o: org.id }, { token: token.french })).data?.switchOrganization).toBe(true);
    const read = await world.server.gql('{ profiles { name } }', {}, { token: token.french });
    expect(read.errors).toBeUndefined();
    expect((read.data?.profiles as Array<{ name: string }>).map((p) => p.name).sort()).toEqual(['Administrateur', 'Lecteur']);
    expect((await world.server.gql(ME, {}, { token: token.french })).data?.me).toEqual({ isAdmin: true, organizationIds: [org.id] });
  });
});
