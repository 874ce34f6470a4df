import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { TEST_PASSWORD, createOrganization, createProfile, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { startTestServer } from '../../test/testServer.ts';

const AUDIT = '{ auditLog { userEmail operation outcome objectName changedFields } }';
const PROFILE = 'mutation($p:UserProfileInput!){ updateUserProfile(profile:$p){ firstName } }';

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
const token: Record<string, string> = {};
let linaId = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const staff = await createProfile(database, org.id);
  await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' });
  linaId = (await createUser(database, { email: 'lina@acme.test', organizationIds: [org.id], profileId: staff.id, firstName: 'Lina', lastName: 'Park' })).id;
  server = await startTestServer(database);
  Object.assign(token, await server.signInAll({ admin: 'admin@acme.test' }));
});

afterAll(async () => {
  await server.close();
  await database.close();
});

type Entry = { userEmail: string; operation: string; outcome: string; objectName: string | null; changedFields: string[] };

describe('the audit log of a view-as', () => {
  it('names what each operation acted on and the fields that really changed, never a value', async () => {
    const viewAs = await server.gql<{ viewAsUser: { token: string } }>('mutation($id:Int!){ viewAsUser(userId:$id){ token } }', { id: linaId }, { token: token.admin });
    const t = viewAs.data!.viewAsUser.token;
    // The whole form is sent; only the first name and the theme differ from what was saved.
    const saved = await server.gql(PROFILE, { p: { firstName: 'Lena', lastName: 'Park', theme: 'DARK' } }, { token: t });
    expect(saved.errors).toBeUndefined();
    const created = await server.gql<{ createDashboard: { id: number } }>('mutation { createDashboard(name: "Entrances") { id } }', {}, { token: t });
    const dashboardId = created.data!.createDashboard.id;
    await server.gql('mutation($id:Int!){ renameDashboard(id:$id, name: "Doors") { id } }', { id: dashboardId }, { token: t });
    await server.gql('mutation($id:Int!){ deleteDashboard(id:$id) }', { id: dashboardId }, { token: t });
    // Refused while viewing as: the password is named nowhere, its value even less.
    await server.gql('mutation($o:String!,$n:String!){ updatePassword(oldPassword:$o,newPassword:$n) }', { o: TEST_PASSWORD, n: 'Secret#Word99' }, { token: t });
    await server.gql('mutation { endViewAs }', {}, { token: t });

    const log = await server.gql<{ auditLog: Entry[] }>(AUDIT, {}, { token: token.admin });
    const entry = (operation: string, objectName: string | null, changedFields: string[], outcome = 'OK') => ({
      userEmail: 'lina@acme.test',
      operation,
      outcome,
      objectName,
      changedFields,
    });
    expect(log.data?.auditLog).toEqual([
      entry('endViewAs', 'Lena Park', []),
      entry('updatePassword', 'Lena Park', [], 'VIEW_AS_REFUSED'),
      entry('deleteDashboard', 'Doors', []),
      entry('renameDashboard', 'Doors', ['name']),
      entry('createDashboard', 'Entrances', []),
      entry('updateUserProfile', 'Lena Park', ['firstName', 'theme']),
      entry('viewAsUser', 'Lina Park', []),
    ]);
    expect(JSON.stringify(log.data)).not.toMatch(/Secret#Word99|DARK|argon/i);
  });
});
