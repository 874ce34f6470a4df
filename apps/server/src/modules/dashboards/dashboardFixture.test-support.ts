import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createAcmeAndRival, createProfile, createSite, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { startTestServer } from '../../test/testServer.ts';

// The seed the dashboard server tests share (edit right, versions, transfer): Acme with its people
// and a site, Rival with its administrator and a site of the same name, every one signed in over HTTP.

export type DashboardPerson = 'admin' | 'colleague' | 'builder' | 'reader' | 'viewer' | 'rival';
type Site = Awaited<ReturnType<typeof createSite>>;

export interface DashboardFixture {
  database: Database;
  server: Awaited<ReturnType<typeof startTestServer>>;
  /** admin, colleague: Acme administrators (Ada Admin, Cole Second); builder: dashboard.custom read and edit;
   * reader: read only; viewer: no dashboard right (alerts only); rival: Rival's administrator. */
  tokens: Record<DashboardPerson, string>;
  /** Acme's "Main store" and Rival's "Main store", each counting (an event measuring counting). */
  acme: Site;
  rivalSite: Site;
  /** A call that must succeed: its data. */
  ok<T = Record<string, any>>(query: string, variables: Record<string, unknown>, token: string): Promise<T>;
}

async function countingSite(database: Database, organizationId: number): Promise<Site> {
  const site = await createSite(database, organizationId, { name: 'Main store' });
  await database.sql.query(`insert into events (installation_id, name, metrics, never_ending, date_begin) values ($1, 'Always', $2::text[], true, '2025-01-01')`, [site.site.id, ['counting']]);
  return site;
}

/** Opens a fresh database with the seed and a server before the file's tests, closes both after; the fields are set once beforeAll ran. */
export function dashboardFixture(): DashboardFixture {
  const f = {
    async ok<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
      const r = await f.server.gql(query, variables, { token });
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
      return r.data as T;
    },
  } as DashboardFixture;
  beforeAll(async () => {
    const database = await openTestDatabase();
    const { org, rival } = await createAcmeAndRival(database);
    const reader = await createProfile(database, org.id, { dashboard: { custom: { read: true, edit: false } } }, 'Reader');
    const builder = await createProfile(database, org.id, { dashboard: { custom: { read: true, edit: true } } }, 'Builder');
    const alertsOnly = await createProfile(database, org.id, { dashboard: { alert: { read: true } } }, 'Alerts only');
    await createUser(database, { email: 'ada@acme.test', firstName: 'Ada', lastName: 'Admin', organizationIds: [org.id], role: 'admin' });
    await createUser(database, { email: 'cole@acme.test', firstName: 'Cole', lastName: 'Second', organizationIds: [org.id], role: 'admin' });
    await createUser(database, { email: 'builder@acme.test', organizationIds: [org.id], profileId: builder.id });
    await createUser(database, { email: 'reader@acme.test', organizationIds: [org.id], profileId: reader.id });
    await createUser(database, { email: 'viewer@acme.test', organizationIds: [org.id], profileId: alertsOnly.id });
    await createUser(database, { email: 'admin@rival.test', organizationIds: [rival.id], role: 'admin' });
    f.database = database;
    f.acme = await countingSite(database, org.id);
    f.rivalSite = await countingSite(database, rival.id);
    f.server = await startTestServer(database);
    f.tokens = await f.server.signInAll({
      admin: 'ada@acme.test',
      colleague: 'cole@acme.test',
      builder: 'builder@acme.test',
      reader: 'reader@acme.test',
      viewer: 'viewer@acme.test',
      rival: 'admin@rival.test',
    });
  });
  afterAll(async () => {
    await f.server?.close();
    await f.database?.close();
  });
  return f;
}
