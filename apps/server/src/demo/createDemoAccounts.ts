import type { RightsTree } from '@sitelens/domain';
import type { SqlTransaction } from '../db/database.ts';
import type { Db } from '../db/database.ts';
import { organizations, profiles, tutorialProgress, userOrganizations, users } from '../composition/tables.ts';
import { DEMO_ORGANIZATION, DEMO_USERS } from './demoSites.ts';
import { insertReturningId, insertRows } from './insertReturningId.ts';

/** Every right a profile can hold, as paths into the rights tree. */
const RIGHT_PATHS = [
  'organization.user.read',
  'organization.user.edit',
  'organization.user.delete',
  'organization.general.read',
  'organization.general.edit',
  'dashboard.custom.read',
  'dashboard.custom.edit',
  'dashboard.sensor.read',
  'dashboard.alert.read',
  'dashboard.alert.delete',
  'dashboard.alert.create',
  'dashboard.alert.edit',
  'dashboard.report.create',
  'dashboard.report.read',
  'dashboard.report.edit',
  'dashboard.report.delete',
  'app.salesFunnel.read',
  'app.stopNGO.create',
  'app.stopNGO.read',
  'app.stopNGO.edit',
  'app.stopNGO.delete',
  'data.salesMetrics.edit',
] as const;

// The limited user reads dashboards and the organization page (read-only): no alerts, reports or
// imports (the home page and the header show what that leaves).
const VIEWER_RIGHTS = new Set(['dashboard.custom.read', 'dashboard.sensor.read', 'organization.general.read']);

/** The full tree with every right set, granted where `grant` says so. */
function rightsTree(grant: (path: string) => boolean): RightsTree {
  const tree: Record<string, Record<string, Record<string, boolean>>> = {};
  for (const path of RIGHT_PATHS) {
    const [area, subject, action] = path.split('.') as [string, string, string];
    ((tree[area] ??= {})[subject] ??= {})[action] = grant(path);
  }
  return tree;
}

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
    administrator: await profile('Administrator', rightsTree(() => true), false),
    viewer: await profile('Viewer', rightsTree((path) => VIEWER_RIGHTS.has(path)), true),
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
