import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { zones } from '../../composition/tables.ts';
import { until } from '../../jobs/testSupport/until.ts';
import { createOrganization, createSite, createUser } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { startTestServer } from '../../test/testServer.ts';
import { alertEngineQuestions } from './alertEvaluation.ts';
import { evaluateAlertsJob } from './alerts.jobs.ts';

// One round's engine questions share a context a call's worth at a time (alertEvaluation.ts): a round
// asking more questions than one GraphQL call may still measures every alert, none refused.
let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let token = '';
let key = '';
let orgId = 0;
let siteId = 0;
const zoneIds: number[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const org = await createOrganization(database);
  orgId = org.id;
  await createUser(database, { email: 'ops@acme.test', organizationIds: [org.id], role: 'admin' });
  const s = await createSite(database, org.id);
  siteId = s.site.id;
  zoneIds.push(s.top.id, s.child.id);
  for (const name of ['Office', 'Storage']) {
    const [z] = await database.db.insert(zones).values({ installationId: s.site.id, name, parentId: s.top.id }).returning();
    zoneIds.push(z!.id);
  }
  // Ten requests per call: a context per two questions.
  server = await startTestServer(database, { API_ENGINE_REQUESTS_PER_CALL: '10', JOBS_POLL_MS: '500' }, undefined, { jobs: { work: true } });
  token = await server.signIn('ops@acme.test');
  key = (await server.gql('mutation { createApiKey(name: "Gateway") { secret } }', {}, { token })).data?.createApiKey.secret;
}, 60_000);

afterAll(async () => {
  await server.close();
  await database.close();
});

describe('a round asking the engine more than one call may', () => {
  it('measures each of its twelve alerts, each its own question, and triggers those that hold', async () => {
    const conditions = zoneIds.flatMap((zoneId) => [
      { type: 'co2', value: 1000, zoneId },
      { type: 'temperature', min: 15, max: 25, zoneId },
      { type: 'humidity', min: 30, max: 60, zoneId },
    ]);
    const ids: number[] = [];
    for (const [i, condition] of conditions.entries()) {
      const r = await server.gql('mutation($input: CreateAlertWithDetailsInput!) { createAlertWithDetails(input: $input) { id } }', { input: { name: `Alert ${i}`, organizationId: orgId, installationId: siteId, conditionsToAdd: [condition], actionsToAdd: [] } }, { token });
      expect(r.errors).toBeUndefined();
      ids.push(r.data!.createAlertWithDetails.id);
    }
    // Every zone out of every range: the batch wakes the twelve alerts in one round, and the job
    // below asks for them all again (whichever runs first measures them).
    const asked = alertEngineQuestions();
    const time = new Date(Date.now() - 30_000).toISOString();
    const readings = zoneIds.flatMap((id) => [
      { target: { kind: 'zone', id }, metric: 'co2', time, value: 2000 },
      { target: { kind: 'zone', id }, metric: 'temperature', time, value: 35 },
      { target: { kind: 'zone', id }, metric: 'humidity', time, value: 90 },
    ]);
    const res = await fetch(`${server.base}/api/ingest`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(readings) });
    expect(await res.json()).toMatchObject({ accepted: 12, rejected: [] });
    await server.jobs.enqueue(evaluateAlertsJob, { organizationId: orgId, alertIds: ids });
    const triggered = async () => (await database.sql.query<{ n: number }>('select count(*)::int as n from alerts where id = any($1::int[]) and triggered', [ids])).rows[0]!.n;
    await until(async () => (await triggered()) === 12, 15_000, 'the twelve alerts triggered');
    expect(alertEngineQuestions() - asked).toBeGreaterThanOrEqual(12);
    const count = async (where: string) => (await database.sql.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'alerts.evaluate' and ${where}`)).rows[0]!.n;
    // The job asked for above has run too, and no evaluation was refused (API_WORK_LIMIT fails and retries it).
    await until(async () => (await count("state in ('created', 'active') and start_after <= now()")) === 0, 15_000, 'evaluations settled');
    expect(await count("(retry_count > 0 or state in ('retry', 'failed'))")).toBe(0);
  });
});
