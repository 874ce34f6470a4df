import { describe, expect, it } from 'vitest';
import { FULL_RIGHTS, normalizeRightsTree } from '@sitelens/domain';
import { createOrganization, createProfile, createUser } from '../../test/factories.ts';
import { seededServerPerFile } from '../../test/seededServer.ts';
import { errorCode } from '../../test/testServer.ts';

// Issue 28.4: a user manager (user read + edit) reached every right it lacked through its colleagues
// (inviting: invitations.test.ts).
const UPDATE = 'mutation($id:Int!,$u:ManagedUserInput!){ updateUser(userId:$id,user:$u){ id profileId } }';
const DELETE = 'mutation($id:Int!){ deleteUser(userId:$id) }';
const END_SESSIONS = 'mutation($id:Int!){ endUserSessions(userId:$id) }';
const VIEW_AS = 'mutation($id:Int!){ viewAsUser(userId:$id){ token } }';
const USER = 'query($id:Int!){ userById(userId:$id){ profileId firstName } }';
const AUDIT = '{ auditLog { adminEmail userEmail operation outcome } }';

const reason = (r: { errors?: ReadonlyArray<{ extensions?: Record<string, unknown> }> }) => r.errors?.[0]?.extensions?.reason;

const world = seededServerPerFile({
  seed: async (database, id) => {
    const org = await createOrganization(database);
    const managers = await createProfile(database, org.id, normalizeRightsTree({ organization: { user: { read: true, edit: true, delete: true } } })!, 'User managers');
    const readers = await createProfile(database, org.id, normalizeRightsTree({ organization: { user: { read: true } } })!, 'Readers');
    const administrators = await createProfile(database, org.id, FULL_RIGHTS, 'Administrator');
    Object.assign(id, { managers: managers.id, readers: readers.id, administrators: administrators.id });
    id.admin = (await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' })).id;
    id.manager = (await createUser(database, { email: 'manager@acme.test', organizationIds: [org.id], profileId: managers.id })).id;
    id.colleague = (await createUser(database, { email: 'colleague@acme.test', organizationIds: [org.id], profileId: readers.id })).id;
    id.strong = (await createUser(database, { email: 'strong@acme.test', organizationIds: [org.id], profileId: administrators.id })).id;
  },
  signIn: { admin: 'admin@acme.test', manager: 'manager@acme.test' },
});
const { id, token } = world;

describe('nobody grants a profile holding a right they lack', () => {
  it('a user manager cannot give the Administrator profile to a colleague; a profile within its rights it can', async () => {
    const r = await world.server.gql(UPDATE, { id: id.colleague, u: { profileId: id.administrators } }, { token: token.manager });
    expect(errorCode(r)).toBe('FORBIDDEN');
    expect(reason(r)).toBe('rightsBeyondYours');
    expect((await world.server.gql(USER, { id: id.colleague }, { token: token.admin })).data?.userById.profileId).toBe(id.readers);
    expect((await world.server.gql(UPDATE, { id: id.colleague, u: { profileId: id.managers } }, { token: token.manager })).data?.updateUser.profileId).toBe(id.managers);
    // An administrator holds every right: it gives any profile.
    expect((await world.server.gql(UPDATE, { id: id.colleague, u: { profileId: id.readers } }, { token: token.admin })).data?.updateUser.profileId).toBe(id.readers);
  });
});

describe('nobody edits, removes or views as a user holding a right they lack', () => {
  it('a user manager can neither edit, end the sessions of, nor remove the holder of the Administrator profile', async () => {
    for (const [query, vars] of [
      [UPDATE, { id: id.strong, u: { firstName: 'Mallory' } }],
      [UPDATE, { id: id.strong, u: { profileId: id.readers } }],
      [END_SESSIONS, { id: id.strong }],
      [DELETE, { id: id.strong }],
    ] as const) {
      const r = await world.server.gql(query, vars, { token: token.manager });
      expect([errorCode(r), reason(r)]).toEqual(['FORBIDDEN', 'rightsBeyondYours']);
    }
    expect((await world.server.gql(USER, { id: id.strong }, { token: token.admin })).data?.userById).toEqual({ profileId: id.administrators, firstName: 'Alex' });
  });

  it('every view-as start is in the audit log, a refused one too', async () => {
    // Refused in the service (as oneself); a caller without the right never reaches it (fieldRights: admin).
    expect(errorCode(await world.server.gql(VIEW_AS, { id: id.admin }, { token: token.admin }))).toBe('FORBIDDEN');
    expect((await world.server.gql(VIEW_AS, { id: id.strong }, { token: token.admin })).data?.viewAsUser.token).toMatch(/^ey/);
    const log = await world.server.gql(AUDIT, {}, { token: token.admin });
    expect(log.data?.auditLog.slice(0, 2)).toEqual([
      { adminEmail: 'admin@acme.test', userEmail: 'strong@acme.test', operation: 'viewAsUser', outcome: 'OK' },
      { adminEmail: 'admin@acme.test', userEmail: 'admin@acme.test', operation: 'viewAsUser', outcome: 'FORBIDDEN' },
    ]);
  });
});
