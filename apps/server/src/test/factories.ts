import { FULL_RIGHTS, type RightsTree } from '@sitelens/domain';
import type { Database } from '../db/database.ts';
import { installations, organizations, passages, profiles, userOrganizations, users, zones } from '../composition/tables.ts';
import { hashPassword } from '../modules/auth/password.ts';

export const TEST_PASSWORD = 'Correct#Horse9';
let hashed: Promise<string> | null = null;

export async function createOrganization(database: Database, name = 'Acme Retail', features = { dataExport: true }) {
  const [org] = await database.db.insert(organizations).values({ name, features }).returning();
  return org!;
}

export async function createProfile(database: Database, organizationId: number, rights: RightsTree = FULL_RIGHTS, name = 'Staff') {
  const [p] = await database.db.insert(profiles).values({ organizationId, name, rights }).returning();
  return p!;
}

export async function createUser(
  database: Database,
  opts: { email: string; organizationIds: number[]; role?: string; profileId?: number | null; firstName?: string; lastName?: string },
) {
  hashed ??= hashPassword(TEST_PASSWORD);
  const [user] = await database.db
    .insert(users)
    .values({
      email: opts.email.toLowerCase(),
      passwordHash: await hashed,
      firstName: opts.firstName ?? 'Alex',
      lastName: opts.lastName ?? 'Martin',
      lang: 'en',
    })
    .returning();
  if (opts.organizationIds.length) {
    // The role and profile are the membership's (issue 28.3).
    await database.db
      .insert(userOrganizations)
      .values(opts.organizationIds.map((organizationId) => ({ userId: user!.id, organizationId, role: opts.role ?? 'user', profileId: opts.profileId ?? null })));
  }
  return user!;
}

export async function createSite(database: Database, organizationId: number, opts: { name?: string; timezone?: string; changeOfDayTime?: string; country?: string } = {}) {
  const [site] = await database.db
    .insert(installations)
    .values({
      organizationId,
      name: opts.name ?? 'Main store',
      timezone: opts.timezone ?? 'Europe/Paris',
      changeOfDayTime: opts.changeOfDayTime ?? '00:00',
      country: opts.country ?? null,
      creationDate: '2025-01-01',
      openingHours: [],
    })
    .returning();
  const [top] = await database.db.insert(zones).values({ installationId: site!.id, name: 'Whole store' }).returning();
  const [child] = await database.db.insert(zones).values({ installationId: site!.id, name: 'Checkout', parentId: top!.id }).returning();
  const [door] = await database.db.insert(passages).values({ installationId: site!.id, name: 'Main door', zoneId: top!.id }).returning();
  return { site: site!, top: top!, child: child!, door: door! };
}

/** Acme and "Rival Retail": the two organizations of every test that shows one never sees the other's data. */
export async function createAcmeAndRival(database: Database) {
  return { org: await createOrganization(database), rival: await createOrganization(database, 'Rival Retail') };
}

/** A rival organization with one member and one site, for tests whose own side is the demo organization. */
export async function createRival(database: Database, email = 'staff@rival.test') {
  const org = await createOrganization(database, 'Rival Retail');
  await createUser(database, { email, organizationIds: [org.id] });
  return { org, site: await createSite(database, org.id) };
}
