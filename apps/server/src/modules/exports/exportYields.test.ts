import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/database.ts';
import { until } from '../../jobs/testSupport/until.ts';
import { createOrganization, createUser } from '../../test/factories.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtpPeer.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { startTestServer } from '../../test/testServer.ts';
import { createSiteWithTwoDaysOfVisitors } from '../metrics/twoDaysOfVisitors.test-support.ts';
import { ENGINE_TURNS, engineQueue } from '../metrics/run/engineTurns.ts';

// Issue 33 item 6: an export (a job) yields the engine to a person's dashboard, a slice at a time.
const EXPORT = `query($from: DateTime!, $to: DateTime!, $userIds: [Int!]!, $installationId: Int!, $zoneIds: [Int!]!) {
  exportData(dataType: "counting", from: $from, to: $to, userIds: $userIds, granularity: 900, includeSubZones: false, installationId: $installationId, zoneIds: $zoneIds, format: CSV) }`;
const WIDGETS = `query($inputs: [RetailDataInput!]!) { retailDataBatch(inputs: $inputs) { series { points { value } } } }`;
// 63 days at 15 minutes: 6,048 rows in 4 chunks of at most 2,000 buckets, each read as two columns
// (a request each) and written: three requests of background work per chunk.
const RANGE = { from: '2026-08-01T00:00:00Z', to: '2026-10-03T00:00:00Z' };
const SLICES = 4 * 3;

let database: Database;
let smtp: SmtpPeer;
let server: Awaited<ReturnType<typeof startTestServer>>;
let site = 0;
let zone = 0;
const users = { asker: 0, viewer: 0 };

beforeAll(async () => {
  smtp = await startSmtpPeer();
  database = await openTestDatabase();
  const org = await createOrganization(database);
  users.asker = (await createUser(database, { email: 'asker@acme.test', organizationIds: [org.id], role: 'admin' })).id;
  users.viewer = (await createUser(database, { email: 'viewer@acme.test', organizationIds: [org.id], role: 'admin' })).id;
  site = await createSiteWithTwoDaysOfVisitors(database, org.id);
  zone = Number((await database.sql.query<{ id: number }>('SELECT id FROM zones WHERE installation_id = $1 AND parent_id IS NULL', [site])).rows[0]!.id);
  // The engine's turns are what is watched: the requests must reach it, not the result cache.
  const env = { SMTP_URL: smtp.url, MAIL_FROM: 'Sitelens <exports@sitelens.test>', JOBS_POLL_MS: '500', RESULT_CACHE_MB: '0' };
  server = await startTestServer(database, env, undefined, { jobs: { work: true } });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await database?.close();
});

/** Takes every slot of the queue until the returned function is called, so that requests queue up behind it. */
async function holdEngine(): Promise<() => void> {
  const queue = engineQueue(database);
  const releases = await Promise.all(Array.from({ length: ENGINE_TURNS[database.engine].slots }, () => queue.acquire('test')));
  return () => releases.forEach((release) => release());
}

const today = (metric: string) => ({
  installationId: site,
  metric,
  granularity: 3600,
  filters: { operator: 'AND', conditions: [{ type: 'date', dateBegin: '2026-10-01T00:00:00Z', dateEnd: '2026-10-03T00:00:00Z' }] },
});

describe('background work yields to people', () => {
  it("serves a person's dashboard before the export slices queued ahead of it, and the export's file is whole", async () => {
    const queue = engineQueue(database);
    const [asker, viewer] = [await server.signIn('asker@acme.test'), await server.signIn('viewer@acme.test')];
    const viewerKey = `user:${users.viewer}`;
    const release = await holdEngine();
    const turns: string[] = [];
    const stop = queue.onTurn((key, size, background) => turns.push(background ? `export${size}` : key === viewerKey ? `viewer${size}` : key));
    const asked = await server.gql(EXPORT, { ...RANGE, userIds: [users.asker], installationId: site, zoneIds: [zone] }, { token: asker });
    expect(asked.data?.exportData).toBe(true);
    // The job runs and its first chunk's two requests wait as background work behind the held engine.
    await vi.waitFor(() => expect(queue.waitingBackground()).toBe(2), { timeout: 30_000, interval: 5 });
    const dashboard = server.gql(WIDGETS, { inputs: [today('visitorsIn'), today('visitorsIn')] }, { token: viewer });
    await vi.waitFor(() => expect(queue.load(viewerKey).waiting).toBe(2), { timeout: 20_000, interval: 5 });
    release();
    const answer = await dashboard;
    await until(() => smtp.received.length > 0, 60_000, 'the export mail');
    stop();
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.retailDataBatch[1].series[0].points).toHaveLength(48);
    // The person's turn came first although the export asked first; on PGlite with the whole batch
    // (the export does not count as another user), then the export a slice per turn.
    expect(turns.findIndex((t) => t.startsWith('viewer'))).toBe(0);
    // (Within a second of the person's turn the export's turns are slices of one; later, up to a
    // chunk's two columns in one turn: the sizes are not asserted one by one.)
    if (database.engine === 'pglite') expect(turns[0]).toBe('viewer2');
    const exportTurns = turns.filter((t) => t.startsWith('export'));
    const viewerTurns = turns.filter((t) => t.startsWith('viewer'));
    expect(turns).toHaveLength(viewerTurns.length + exportTurns.length);
    expect(viewerTurns.reduce((sum, t) => sum + Number(t.slice('viewer'.length)), 0)).toBe(2);
    expect(exportTurns.reduce((sum, t) => sum + Number(t.slice('export'.length)), 0)).toBe(SLICES);
    expect(exportTurns[0]).toBe('export1');
    // The file is the export's whole period: every quarter hour a row, the two days of visitors in it.
    const csv = smtp.received[0]!.attachments[0]!.content.toString('utf8');
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n').slice(1);
    expect(lines).toHaveLength(63 * 96);
    const visitorsIn = lines.map((l) => l.split(',')[2]).filter((v) => v !== '');
    expect(visitorsIn).toHaveLength(2 * 96);
    expect(visitorsIn.reduce((sum, v) => sum + Number(v), 0)).toBe(2 * 2 * 96);
  }, 120_000);
});
