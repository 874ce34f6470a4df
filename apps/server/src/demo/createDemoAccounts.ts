import type { RightsTree } from '@sitelens/domain';
import { DEFAULT_PROFILES } from '../modules/organizations/defaultProfiles.ts';
import type { SqlTransaction } from '../db/database.ts';
import type { Db } from '../db/database.ts';
import { organizations, profiles, tutorialProgress, userOrganizations, users } from '../composition/tables.ts';
import { DEMO_ORGANIZATION, DEMO_USERS } from './demoSites.ts';
import { insertReturningId, insertRows } from './insertReturningId.ts';

export interface DemoAccounts {
  organizationId: number;
  userIds: { admin: number; viewer: number };
  profileIds: { administrator: number; viewer: number };
}

/** The demo organization, its two profiles and two users sharing one (already hashed) password, tour seen. */
export async function createDemoAccounts(db: Db, tx: SqlTransaction, passwordHash: string): Promise<DemoAccounts> {
  const organizationId = await insertReturningId(
    tx,
    db
      .insert(organizations)
      .values({ name: DEMO_ORGANIZATION.name, address: DEMO_ORGANIZATION.address, logo: null, migrationDeadline: null, features: { dataExport: true } })
      .returning({ id: organizations.id }),
  );
  const profile = (name: string, rights: RightsTree, isDefault: boolean) =>
    insertReturningId(tx, db.insert(profiles).values({ organizationId, name, rights, isDefault }).returning({ id: profiles.id }));
  const profileIds = {
    administrator: await profile(DEFAULT_PROFILES.administrator.name, DEFAULT_PROFILES.administrator.rights, DEFAULT_PROFILES.administrator.isDefault),
    viewer: await profile(DEFAULT_PROFILES.viewer.name, DEFAULT_PROFILES.viewer.rights, DEFAULT_PROFILES.viewer.isDefault),
  };
  const ids: number[] = [];
  for (const u of DEMO_USERS) {
    const id = await insertReturningId(
      tx,
      db
        .insert(users)
        .values({
          email: u.email.toLowerCase(),
          passwordHash,
          firstName: u.firstName,
          lastName: u.lastName,
          lang: 'en',
          isEmailVerified: true,
        })
        .returning({ id: users.id }),
    );
    await insertRows(
      tx,
      db.insert(userOrganizations).values({ userId: id, organizationId, role: u.role, profileId: u.profile === 'Administrator' ? profileIds.administrator : profileIds.viewer }),
    );
    // The demo's people have used the product before: the guided tour does not open by itself for
    // them (it would cover every screen a shared demo account is shown on); the help centre replays it.
    await insertRows(tx, db.insert(tutorialProgress).values({ userId: id, outcome: 'completed' }));
    ids.push(id);
  }
  return { organizationId, userIds: { admin: ids[0]!, viewer: ids[1]! }, profileIds };
}
