import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { devices, users } from '../../composition/tables.ts';
import { until } from '../../jobs/testSupport/until.ts';
import { createOrganization, createSite, createUser } from '../../test/factories.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtpPeer.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { startTestServer } from '../../test/testServer.ts';

let database: Database;
let smtp: SmtpPeer;
const ids = { org: 0, site: 0, sensor: 0, admin: 0 };

beforeAll(async () => {
  smtp = await startSmtpPeer();
  database = await openTestDatabase();
  const org = await createOrganization(database);
  const admin = await createUser(database, { email: 'ops@acme.test', organizationIds: [org.id], role: 'admin' });
  await database.db.update(users).set({ isEmailVerified: true }).where(eq(users.id, admin.id));
  const site = await createSite(database, org.id);
  const [sensor] = await database.db.insert(devices).values({ installationId: site.site.id, zoneId: site.child.id, name: 'Air', kind: 'atmosphere' }).returning();
  Object.assign(ids, { org: org.id, site: site.site.id, sensor: sensor!.id, admin: admin.id });
}, 60_000);

afterAll(async () => {
  await smtp.close();
  await database.close();
});

const env = () => ({ SMTP_URL: smtp.url, MAIL_FROM: 'Sitelens <alerts@sitelens.test>', JOBS_POLL_MS: '500', MESSAGE_RETRY_DELAY_SECONDS: '0' });

describe('a restart between the reading and the message', () => {
  it('loses nothing and sends once: the evaluation waits in the queue, the next process triggers and e-mails', async () => {
    // A process that only enqueues: it takes the reading and stops before anything runs.
    const first = await startTestServer(database, env());
    const token = await first.signIn('ops@acme.test');
    const created = await first.gql(
      'mutation($input: CreateAlertWithDetailsInput!) { createAlertWithDetails(input: $input) { id } }',
      { input: { name: 'CO2 stock', organizationId: ids.org, installationId: ids.site, conditionsToAdd: [{ type: 'co2', value: 1000, deviceAtmosphereIds: [ids.sensor] }], actionsToAdd: [{ type: 'email', recipients: [ids.admin] }] } },
      { token },
    );
    expect(created.errors).toBeUndefined();
    const key = (await first.gql('mutation { createApiKey(name: "Gateway") { secret } }', {}, { token })).data?.createApiKey.secret;
    const res = await fetch(`${first.base}/api/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify([{ target: { kind: 'device', id: ids.sensor }, metric: 'co2', time: new Date(Date.now() - 30_000).toISOString(), value: 1900 }]),
    });
    expect(res.status).toBe(200);
    await first.close();
    expect(smtp.received).toHaveLength(0);

    const second = await startTestServer(database, env(), undefined, { jobs: { work: true } });
    try {
      const [mail] = await smtp.waitFor(1, 15_000);
      expect(mail!.subject).toBe('Alert: CO2 stock');
      const { rows } = await database.sql.query<{ n: number }>('select count(*)::int as n from alert_logs where alert_id = $1', [created.data!.createAlertWithDetails.id]);
      expect(rows[0]!.n).toBe(1);
    } finally {
      await second.close();
    }

    // A third process finds the alert triggered and the message sent: nothing goes out twice.
    const third = await startTestServer(database, env(), undefined, { jobs: { work: true } });
    try {
      await new Promise((r) => setTimeout(r, 1500));
      await until(() => smtp.received.length === 1);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await third.close();
    }
  });

  it('two servers evaluating the same alert at once write one episode and send one e-mail', async () => {
    const [a, b] = [await startTestServer(database, env(), undefined, { jobs: { work: true } }), await startTestServer(database, env(), undefined, { jobs: { work: true } })];
    try {
      const token = await a.signIn('ops@acme.test');
      const sensor = (await database.db.insert(devices).values({ installationId: ids.site, name: 'Air 2', kind: 'atmosphere' }).returning())[0]!.id;
      const created = await a.gql(
        'mutation($input: CreateAlertWithDetailsInput!) { createAlertWithDetails(input: $input) { id } }',
        { input: { name: 'CO2 twice', organizationId: ids.org, installationId: ids.site, conditionsToAdd: [{ type: 'co2', value: 1000, deviceAtmosphereIds: [sensor] }], actionsToAdd: [{ type: 'email', recipients: [ids.admin] }] } },
        { token },
      );
      const alertId = created.data!.createAlertWithDetails.id;
      const key = (await a.gql('mutation { createApiKey(name: "Gateway 2") { secret } }', {}, { token })).data?.createApiKey.secret;
      const before = smtp.received.length;
      const send = (server: typeof a, secondsAgo: number) =>
        fetch(`${server.base}/api/ingest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: JSON.stringify([{ target: { kind: 'device', id: sensor }, metric: 'co2', time: new Date(Date.now() - secondsAgo * 1000).toISOString(), value: 2000 }]),
        });
      await Promise.all([send(a, 20), send(b, 40)]);
      await smtp.waitFor(before + 1, 15_000);
      await new Promise((r) => setTimeout(r, 1500));
      expect(smtp.received.filter((m) => m.subject === 'Alert: CO2 twice')).toHaveLength(1);
      const { rows } = await database.sql.query<{ n: number }>('select count(*)::int as n from alert_logs where alert_id = $1', [alertId]);
      expect(rows[0]!.n).toBe(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
