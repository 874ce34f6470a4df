import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { events } from '../../composition/tables.ts';
import { until } from '../../jobs/testSupport/until.ts';
import { alertAudience } from '../alerts/alertAudience.ts';
import { createOrganization, createSite, createUser } from '../../test/factories.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtpPeer.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { startTestServer } from '../../test/testServer.ts';
import { organizationRecipients } from './recipients.ts';

// Issue 28.3: a member whose membership is inactive no longer acts in the organization, so none of
// its alerts, reports or other messages reach them; an external address on a report still does.
const RETAIL = `mutation($from: DateTime!, $to: DateTime!, $zoneIds: [Int!]!, $granularity: Int!, $emails: [String!]!) {
  createRetailReport(from: $from, to: $to, zoneIds: $zoneIds, granularity: $granularity, emails: $emails) }`;

let database: Database;
let smtp: SmtpPeer;
let server: Awaited<ReturnType<typeof startTestServer>>;
const ids = { org: 0, zone: 0, admin: 0, sleeping: 0 };

const mailsTo = (address: string) => smtp.received.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((t) => t?.text.includes(address)));
const setActive = (active: boolean) => database.sql.query('update user_organizations set active = $1 where user_id = $2 and organization_id = $3', [active, ids.sleeping, ids.org]);

beforeAll(async () => {
  smtp = await startSmtpPeer();
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const other = await createOrganization(database, 'Elsewhere');
  const site = await createSite(database, org.id, { name: 'Lyon Part-Dieu' });
  await database.db.insert(events).values({ installationId: site.site.id, name: 'Footfall', metrics: ['counting'], neverEnding: true, dateBegin: new Date('2024-01-01T00:00:00Z') });
  ids.org = org.id;
  ids.zone = site.top.id;
  ids.admin = (await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' })).id;
  // Still active in another organization: only this one's messages stop.
  ids.sleeping = (await createUser(database, { email: 'sleeping@acme.test', organizationIds: [org.id, other.id] })).id;
  server = await startTestServer(
    database,
    { SMTP_URL: smtp.url, MAIL_FROM: 'Sitelens <reports@sitelens.test>', MESSAGE_RETRY_DELAY_SECONDS: '0', JOBS_POLL_MS: '500' },
    undefined,
    { jobs: { work: true } },
  );
});

afterAll(async () => {
  await server?.close();
  await database?.close();
  await smtp?.close();
});

describe('an inactive membership receives nothing of its organization', () => {
  it('is left out of the alert audience and of every user-chosen recipient list', async () => {
    expect((await alertAudience(database, ids.org, null)).map((m) => m.userId).sort()).toEqual([ids.admin, ids.sleeping].sort());
    await setActive(false);
    expect((await alertAudience(database, ids.org, null)).map((m) => m.userId)).toEqual([ids.admin]);
    expect((await organizationRecipients(database, ids.org, [ids.admin, ids.sleeping])).map((r) => r.address)).toEqual(['admin@acme.test']);
  });

  it('gets no report e-mail while an external address on the same report does', async () => {
    const token = await server.signIn('admin@acme.test');
    const r = await server.gql(RETAIL, { from: '2026-03-02T00:00:00Z', to: '2026-03-03T00:00:00Z', zoneIds: [ids.zone], granularity: 3600, emails: ['guest@example.com', 'Sleeping@acme.test'] }, { token });
    expect(r.errors).toBeUndefined();
    await until(() => mailsTo('guest@example.com').length === 1, 20_000, 'the guest’s report');
    await new Promise((done) => setTimeout(done, 1500));
    expect(mailsTo('sleeping@acme.test')).toHaveLength(0);
  });
});
