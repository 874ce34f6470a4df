import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readings } from '../composition/tables.ts';
import { type Database, openDatabase } from './database.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { createOrganization, createUser } from '../test/factories.ts';
import { type GqlResult, startTestServer } from '../test/testServer.ts';
import { createSiteWithTwoDaysOfVisitors } from '../modules/metrics/twoDaysOfVisitors.test-support.ts';
import { rebuildRollups } from '../modules/metrics/write/rollups.refresh.ts';

// Issue 31 item 2: analytics reads from a real streaming replica (scripts/cluster/replica.sh), the
// caller's own writes seen at once, a paused replica left out, the same answers as the primary.
const REPLICA = fileURLToPath(new URL('../../../../scripts/cluster/replica.sh', import.meta.url));
const PRIMARY_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REPLICA_PORT = '5433';

let primary: Database & { url?: string };
let withReplica: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;
let replicaAdmin: pg.Client;
let token = '';
let site = 0;
let organizationId = 0;

const onReplica = (url: string) => {
  const u = new URL(url);
  u.port = REPLICA_PORT;
  return u.toString();
};

beforeAll(async () => {
  execFileSync('bash', [REPLICA, 'start'], { stdio: 'inherit', env: { ...process.env, REPLICA_PORT } });
  primary = await openTestDatabase({ serverUrl: PRIMARY_URL });
  const org = await createOrganization(primary);
  organizationId = org.id;
  await createUser(primary, { email: 'analyst@acme.test', organizationIds: [org.id], role: 'admin' });
  site = await createSiteWithTwoDaysOfVisitors(primary, org.id);
  // The test database reaches the replica through the log: wait until it can be opened there.
  for (let i = 0; ; i++) {
    try {
      replicaAdmin = new pg.Client({ connectionString: onReplica(primary.url!) });
      await replicaAdmin.connect();
      break;
    } catch (error) {
      if (i > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  withReplica = await openDatabase({ url: primary.url!, readUrls: [onReplica(primary.url!)], maxReplicaLagMs: 1000 });
  server = await startTestServer(withReplica, { RESULT_CACHE_MB: '0' });
  token = await server.signIn('analyst@acme.test');
}, 120_000);

afterAll(async () => {
  await server?.close();
  await withReplica?.close();
  await replicaAdmin?.query('select pg_wal_replay_resume()').catch(() => undefined);
  await replicaAdmin?.end();
  await primary?.close();
  execFileSync('bash', [REPLICA, 'stop'], { stdio: 'inherit', env: { ...process.env, REPLICA_PORT } });
});

const DAYS = `query($site: Int!) { retailData(input: { installationId: $site, metric: "visitorsIn", granularity: 86400,
  filters: { operator: "AND", conditions: [{ type: "date", dateBegin: "2026-10-01T00:00:00Z", dateEnd: "2026-10-03T00:00:00Z" }] } }) { series { points { value } } } }`;
const total = (r: GqlResult) => (r.data?.retailData.series[0]?.points ?? []).reduce((sum: number, p: { value: number | null }) => sum + (p.value ?? 0), 0);

async function replicaReads(): Promise<{ reads: number; fallbacks: number }> {
  const text = await (await fetch(`${server.base}/metrics`)).text();
  const reads = /^sitelens_replica_reads\{[^}]*\} (\d+)/m.exec(text);
  const fallbacks = /^sitelens_replica_fallback_reads (\d+)/m.exec(text);
  return { reads: Number(reads?.[1] ?? NaN), fallbacks: Number(fallbacks?.[1] ?? NaN) };
}

describe('reads from a streaming replica', () => {
  it('answers from the replica what the primary answers', async () => {
    const before = await replicaReads();
    const fromReplica = await server.gql(DAYS, { site }, { token });
    const after = await replicaReads();
    expect(fromReplica.errors).toBeUndefined();
    // 2 visitors every quarter hour for two days.
    expect(total(fromReplica)).toBe(2 * 96 * 2);
    expect(after.reads).toBeGreaterThan(before.reads);
    expect(after.fallbacks).toBe(before.fallbacks);

    const primaryOnly = await startTestServer(primary, { RESULT_CACHE_MB: '0' });
    try {
      const fromPrimary = await primaryOnly.gql(DAYS, { site }, { token: await primaryOnly.signIn('analyst@acme.test') });
      expect(fromPrimary.data).toEqual(fromReplica.data);
    } finally {
      await primaryOnly.close();
    }
  });

  it('sees a write made just before, and leaves a replica that has not replayed it', async () => {
    await replicaAdmin.query('select pg_wal_replay_pause()');
    try {
      const { rows } = await primary.sql.query<{ id: number }>(`select id from zones where installation_id = $1 and parent_id is null`, [site]);
      await primary.db.insert(readings).values({ organizationId, targetKind: 'zone', targetId: rows[0]!.id, metric: 'visitorsIn', ts: new Date('2026-10-02T12:07:00Z'), value: 1000 });
      await rebuildRollups(primary.sql, organizationId);
      const before = await replicaReads();
      const answer = await server.gql(DAYS, { site }, { token });
      const after = await replicaReads();
      // A reading of 1,000 at 12:07, beside the quarter hours' 2 each.
      expect(total(answer)).toBe(2 * 96 * 2 + 1000);
      expect(after.fallbacks).toBeGreaterThan(before.fallbacks);
      expect(after.reads).toBe(before.reads);
    } finally {
      await replicaAdmin.query('select pg_wal_replay_resume()');
    }
    // Caught up again, the replica takes the reads back, with the new reading.
    for (let i = 0; ; i++) {
      const before = await replicaReads();
      const answer = await server.gql(DAYS, { site }, { token });
      if ((await replicaReads()).reads > before.reads) {
        expect(total(answer)).toBe(2 * 96 * 2 + 1000);
        break;
      }
      if (i > 50) throw new Error('the replica never took the reads back');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});
