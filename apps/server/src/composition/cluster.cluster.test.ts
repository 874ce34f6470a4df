import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../jobs/testSupport/until.ts';
import { eq } from 'drizzle-orm';
import { devices, events, users, zones } from './tables.ts';
import { createOrganization, createSite, createUser, TEST_PASSWORD } from '../test/factories.ts';
import { type SmtpPeer, startSmtpPeer } from '../test/smtpPeer.ts';
import { freePort } from '../test/freePort.ts';
import { gqlOverHttp } from '../test/gqlOverHttp.ts';
import { type HaproxyPeer, startHaproxy } from '../test/haproxyPeer.ts';
import { sseSubscribe } from '../test/sseSubscription.ts';
import { openTestDatabase } from '../test/testDatabase.ts';

// Issue 31 item 4: the deployment that grows by machines, on this one. A PostgreSQL primary and a
// streaming replica (scripts/cluster/replica.sh), Redis, two `web` processes behind HAProxy, one
// `worker`: live events cross the webs, a sign-out holds on both, analytics come from the replica,
// and `kill -9` of a web under load costs no acknowledged reading while the proxy moves to the other.
const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REPLICA_SCRIPT = fileURLToPath(new URL('../../../../scripts/cluster/replica.sh', import.meta.url));
const REPLICA_PORT = '5434';
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const fileStart = performance.now();

let database: Awaited<ReturnType<typeof openTestDatabase>>;
const children = new Set<ChildProcess>();
let webA: { base: string; child: ChildProcess };
let webB: { base: string; child: ChildProcess };
let worker: { base: string; child: ChildProcess };
let proxy = '';
let haproxy: HaproxyPeer | undefined;
let zoneId = 0;
let siteId = 0;
let apiKey = '';
let smtp: SmtpPeer;
const ids = { org: 0, user: 0, sensor: 0, event: 0 };

const onReplica = (url: string) => Object.assign(new URL(url), { port: REPLICA_PORT }).toString();

function spawnChild(command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, { cwd: serverDir, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function startRole(role: 'web' | 'worker'): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawnChild(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    SITELENS_ROLE: role,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: database.url!,
    DATABASE_READ_URL: onReplica(database.url!),
    REDIS_URL: REDIS,
    DEMO_DATA: 'off',
    SIMULATOR: 'off',
    WEATHER_IMPORT: 'off',
    LOG_LEVEL: 'error',
    WEB_DIST: join(tmpdir(), 'sitelens-no-web-build'),
    SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    RESULT_CACHE_MB: '0',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Sitelens <ops@sitelens.test>',
    JOBS_POLL_MS: '500',
    JOBS_SCHEDULE_POLL_MS: '500',
    // A worker silent for 3 s is dead: its jobs go back to the queue (jobs/workerLiveness.ts).
    JOBS_WORKER_LEASE_SECONDS: '3',
    // Exports go as download links, so the test sees the stored files.
    EXPORT_ATTACHMENT_MAX_BYTES: '1000',
  });
  const base = `http://127.0.0.1:${port}`;
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`${role} process exited with ${child.exitCode}`);
      return fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.ok, () => false);
    },
    120_000,
    `${role} start`,
  );
  return { base, child };
}

async function gql(base: string, query: string, variables: Record<string, unknown> = {}, token?: string) {
  return gqlOverHttp(base, query, { variables, token }) as Promise<{ data?: any; errors?: unknown[] }>;
}

const LOGIN = 'query($e:String!,$p:String!){ login(email:$e,password:$p) }';
const signIn = async (base: string) => (await gql(base, LOGIN, { e: 'ops@acme.test', p: TEST_PASSWORD })).data.login as string;

function ingest(base: string, readings: Array<{ time: string; value: number }>) {
  return fetch(`${base}/api/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    body: JSON.stringify(readings.map((r) => ({ target: { kind: 'zone', id: zoneId }, metric: 'visitorsIn', ...r }))),
    signal: AbortSignal.timeout(10_000),
  });
}

async function replicaReads(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(/^sitelens_replica_reads\{[^}]*\} (\d+)/m.exec(text)?.[1] ?? NaN);
}

/** Jobs of this name the process ran to completion (its /metrics); none listed is 0. */
async function jobsCompleted(base: string, job: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(new RegExp(`^sitelens_jobs_completed\\{job="${job.replace('.', '\\.')}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
}

/** Every job enqueued so far has ended (none waiting, none running): nothing more can be sent. */
async function queueIdle(): Promise<boolean> {
  const { rows } = await database.sql.query<{ n: number }>(`select count(*)::int as n from pgboss.job where state < 'completed'`);
  return rows[0]!.n === 0;
}

beforeAll(async () => {
  execFileSync('bash', [REPLICA_SCRIPT, 'start'], { stdio: 'inherit', env: { ...process.env, REPLICA_PORT } });
  smtp = await startSmtpPeer();
  database = await openTestDatabase({ serverUrl: PG });
  const org = await createOrganization(database);
  const user = await createUser(database, { email: 'ops@acme.test', organizationIds: [org.id], role: 'admin' });
  await database.db.update(users).set({ isEmailVerified: true, lang: 'en' }).where(eq(users.id, user.id));
  const site = await createSite(database, org.id, { timezone: 'UTC' });
  siteId = site.site.id;
  zoneId = site.top.id;
  const [sensor] = await database.db.insert(devices).values({ installationId: siteId, zoneId: site.child.id, name: 'Air', kind: 'atmosphere' }).returning();
  // Two more zones under the top one: the export test's file has four zones' rows.
  await database.db.insert(zones).values(['Fitting rooms', 'Café'].map((name) => ({ installationId: siteId, name, parentId: zoneId })));
  const [event] = await database.db.insert(events).values({ installationId: siteId, name: 'Opening year', metrics: ['counting', 'atmosphere'], neverEnding: true, dateBegin: new Date('2025-01-01') }).returning();
  Object.assign(ids, { org: org.id, user: user.id, sensor: sensor!.id, event: event!.id });
  // The webs open the test database on the replica too: it must have arrived there.
  await until(() => execFileSync('psql', ['-h', '127.0.0.1', '-p', REPLICA_PORT, '-U', 'postgres', '-Atc', `select count(*) from pg_database where datname = '${new URL(database.url!).pathname.slice(1)}'`]).toString().trim() === '1', 30_000, 'test database on the replica');
  [webA, webB, worker] = await Promise.all([startRole('web'), startRole('web'), startRole('worker')]);
  haproxy = await startHaproxy([webA.base, webB.base], { checkMs: 200, retryElsewhere: true });
  proxy = haproxy.base;
  apiKey = (await gql(proxy, 'mutation { createApiKey(name:"door counter") { secret } }', {}, await signIn(proxy))).data.createApiKey.secret;
}, 300_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await until(() => children.size === 0, 10_000, 'processes gone').catch(() => undefined);
  await haproxy?.close();
  await database?.close();
  await smtp?.close();
  execFileSync('bash', [REPLICA_SCRIPT, 'stop'], { stdio: 'inherit', env: { ...process.env, REPLICA_PORT } });
  console.log(`cluster test file: ${((performance.now() - fileStart) / 1000).toFixed(1)} s`);
});

describe('two webs behind HAProxy, a worker, a streaming replica', () => {
  it('a reading ingested through web A reaches a subscription held on web B in under a second', async () => {
    const sub = await sseSubscribe(webB.base, await signIn(webB.base), 'subscription($id:Int!){ liveReadings(installationId:$id){ targetId metric value } }', { id: siteId });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const answer = await ingest(webA.base, [{ time: '2026-11-02T10:00:00Z', value: 7 }]);
    // From the acknowledgement (the reading is ingested then) to the event on B.
    const acknowledged = performance.now();
    expect(await answer.json()).toEqual({ accepted: 1, rejected: [] });
    const [event] = await sub.waitFor(1, 5_000);
    const ms = performance.now() - acknowledged;
    await sub.close();
    expect(event?.data?.liveReadings).toEqual([{ targetId: zoneId, metric: 'visitorsIn', value: 7 }]);
    expect(ms).toBeLessThan(1_000);
  });

  it('a session signed out through web A is refused by both webs within a second', async () => {
    const token = await signIn(proxy);
    const me = async (base: string) => (await gql(base, '{ me { email } }', {}, token)).data?.me?.email ?? null;
    expect([await me(webA.base), await me(webB.base)]).toEqual(['ops@acme.test', 'ops@acme.test']);
    expect((await gql(webA.base, 'mutation { logout }', {}, token)).data?.logout).toBe(true);
    const start = performance.now();
    await until(async () => (await me(webA.base)) === null && (await me(webB.base)) === null, 1_000, 'refused on both webs');
    expect(performance.now() - start).toBeLessThan(1_000);
  });

  it('analytics through the proxy are read from the replica, with the primary’s answers', async () => {
    const token = await signIn(proxy);
    const days = `query($site: Int!) { retailData(input: { installationId: $site, metric: "visitorsIn", granularity: 86400,
      filters: { operator: "AND", conditions: [{ type: "date", dateBegin: "2026-11-02T00:00:00Z", dateEnd: "2026-11-03T00:00:00Z" }] } }) { series { points { value } } } }`;
    const before = (await replicaReads(webA.base)) + (await replicaReads(webB.base));
    const answers = [await gql(proxy, days, { site: siteId }, token), await gql(proxy, days, { site: siteId }, token)];
    expect((await replicaReads(webA.base)) + (await replicaReads(webB.base))).toBeGreaterThanOrEqual(before + 2);
    const { rows } = await database.sql.query<{ total: number }>(`select sum(value)::float as total from readings where target_id = $1 and ts >= '2026-11-02' and ts < '2026-11-03'`, [zoneId]);
    for (const answer of answers) expect(answer.data?.retailData.series[0].points.map((p: { value: number }) => p.value)).toEqual([rows[0]!.total]);
  });

  it('an alert whose readings come through both webs triggers once and is sent once, by the worker', async () => {
    const token = await signIn(proxy);
    const created = await gql(proxy, 'mutation($input: CreateAlertWithDetailsInput!) { createAlertWithDetails(input: $input) { id } }', {
      input: { name: 'CO2 office', organizationId: ids.org, installationId: siteId, conditionsToAdd: [{ type: 'co2', value: 1000, deviceAtmosphereIds: [ids.sensor] }], actionsToAdd: [{ type: 'email', recipients: [ids.user] }] },
    }, token);
    expect(created.errors).toBeUndefined();
    const alertId = created.data.createAlertWithDetails.id as number;
    const mails = smtp.received.length;
    // Four batches at once through the proxy: both webs take some, and each wakes the alert.
    const now = Date.now();
    const answers = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        fetch(`${proxy}/api/ingest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
          body: JSON.stringify([{ target: { kind: 'device', id: ids.sensor }, metric: 'co2', time: new Date(now - (40 - i * 5) * 1000).toISOString(), value: 1500 + i }]),
        }).then((r) => r.json()),
      ),
    );
    expect(answers).toEqual([0, 1, 2, 3].map(() => ({ accepted: 1, rejected: [] })));
    await smtp.waitFor(mails + 1, 30_000);
    // Time for a second message, had two processes both sent one.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(smtp.received.length - mails).toBe(1);
    expect(smtp.received[mails]!.subject).toBe('Alert: CO2 office');
    const { rows } = await database.sql.query<{ n: number }>('select count(*)::int as n from alert_logs where alert_id = $1', [alertId]);
    expect(rows[0]!.n).toBe(1);
  });

  it('a scheduled report that comes due is sent once, by the worker: the webs run no job', async () => {
    const token = await signIn(proxy);
    const created = await gql(proxy, 'mutation($input: ScheduledReportInput!) { createScheduledReport(input: $input) { id } }', {
      input: { title: 'Daily footfall', language: 'en', installationId: siteId, eventId: ids.event, zoneId, sendDay: 0, hour: 8, daysIncluded: 1, granularity: 3600, emails: ['ana@example.com'] },
    }, token);
    expect(created.errors).toBeUndefined();
    const reportId = created.data.createScheduledReport.id as number;
    const mails = smtp.received.length;
    // Its hour comes: the schedule's next occurrence is now, as the clock would make it at 08:00
    // (to the millisecond: the ticker claims an occurrence by the exact next_at it read).
    await database.sql.query("update job_schedules set next_at = date_trunc('milliseconds', now()) where key = $1", [`report:${reportId}`]);
    await smtp.waitFor(mails + 1, 30_000);
    // Once every job has ended (the report's and its e-mail's), no second message can come.
    await until(queueIdle, 30_000, 'queue idle');
    const sent = smtp.received.slice(mails);
    expect(sent.map((m) => [m.subject?.startsWith('Daily footfall'), m.to && !Array.isArray(m.to) ? m.to.text : null])).toEqual([[true, 'ana@example.com']]);
    const { rows } = await database.sql.query<{ n: number }>(`select count(*)::int as n from message_deliveries where dedupe_key like $1`, [`report:${reportId}:%`]);
    expect(rows[0]!.n).toBe(1);
    expect([await jobsCompleted(webA.base, 'reports.send'), await jobsCompleted(webB.base, 'reports.send'), await jobsCompleted(worker.base, 'reports.send')]).toEqual([0, 0, 1]);
  });

  it('kill -9 of the worker mid-export: a new worker takes the export back at once and it finishes once, as an uninterrupted one', async () => {
    const token = await signIn(proxy);
    const EXPORT = `query($dataType: String!, $from: DateTime!, $to: DateTime!, $userIds: [Int!]!, $granularity: Int, $includeSubZones: Boolean, $installationId: Int!, $zoneIds: [Int!]!, $format: ExportFormat) {
      exportData(dataType: $dataType, from: $from, to: $to, userIds: $userIds, granularity: $granularity, includeSubZones: $includeSubZones, installationId: $installationId, zoneIds: $zoneIds, format: $format) }`;
    // A year of quarter hours for four zones: 140,160 rows, read in chunks of 2,000.
    const vars = { dataType: 'counting', from: '2025-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z', userIds: [ids.user], granularity: 900, includeSubZones: true, installationId: siteId, zoneIds: [zoneId], format: 'CSV' };
    type Progress = { id: number; status: string; done: number; total: number };
    const latest = async () =>
      (await database.sql.query<Progress>('select id, status, rows_done as done, rows_total as total from export_requests order by id desc limit 1')).rows[0]!;
    const exportOnce = async () => {
      expect((await gql(proxy, EXPORT, vars, token)).errors).toBeUndefined();
      return (await latest()).id;
    };
    const progress = async (id: number) => (await database.sql.query<Progress>('select id, status, rows_done as done, rows_total as total from export_requests where id = $1', [id])).rows[0]!;
    const download = async (mail: { text?: string }) => {
      const link = /export-download\?token=([\w-]+)/.exec(mail.text ?? '')?.[1];
      expect(link).toBeDefined();
      const answer = await fetch(`${proxy}/api/exports/${link}`);
      expect(answer.status).toBe(200);
      return Buffer.from(await answer.arrayBuffer());
    };

    const mails = smtp.received.length;
    const id = await exportOnce();
    await until(async () => (await progress(id)).done > 0, 120_000, 'export under way');
    const before = await progress(id);
    expect(before.status).toBe('RUNNING');
    expect(before.done).toBeLessThan(before.total);
    worker.child.kill('SIGKILL');
    const killedAt = performance.now();
    const killedAtMs = Date.now();
    worker = await startRole('worker');
    const started = performance.now();
    await until(async () => (await progress(id)).status === 'SENT', 240_000, 'export sent');
    const { rows: [job] } = await database.sql.query<{ retries: number; rerunAt: number }>(
      `select retry_count as retries, (extract(epoch from started_on) * 1000)::float as "rerunAt" from pgboss.job where name = 'exports.send' order by created_on desc limit 1`,
    );
    console.log(
      `worker killed at ${before.done}/${before.total} rows; new worker up ${((started - killedAt) / 1000).toFixed(1)} s after the kill, ` +
        `export running again ${((job!.rerunAt - killedAtMs) / 1000).toFixed(1)} s after it, sent ${((performance.now() - killedAt) / 1000).toFixed(1)} s after it`,
    );
    expect(job!.retries).toBe(1);
    await until(queueIdle, 30_000, 'queue idle');
    const first = smtp.received.slice(mails);
    expect(first).toHaveLength(1);
    const { rows: stored } = await database.sql.query<{ links: number; files: number }>(
      'select count(*)::int as links, count(distinct file_id)::int as files from export_links where request_id = $1',
      [id],
    );
    expect(stored[0]).toEqual({ links: 1, files: 1 });
    const { rows: orphans } = await database.sql.query<{ n: number }>('select count(*)::int as n from export_files f where not exists (select 1 from export_links l where l.file_id = f.id)');
    expect(orphans[0]!.n).toBe(0);
    expect(await jobsCompleted(worker.base, 'exports.send')).toBe(1);
    const interrupted = await download(first[0]!);

    // The same export, uninterrupted: the same file.
    const again = await exportOnce();
    await until(async () => (await progress(again)).status === 'SENT', 240_000, 'second export sent');
    const [second] = await smtp.waitFor(mails + 2, 30_000).then((all) => all.slice(mails + 1));
    const whole = await download(second!);
    expect(interrupted.length).toBeGreaterThan(1_000_000);
    expect(interrupted.equals(whole)).toBe(true);
  });

  it('kill -9 of web A under load costs no acknowledged reading, and the proxy sends the next requests to B', async () => {
    const acknowledged: string[] = [];
    let failed = 0;
    let batch = 0;
    let killedAt = 0;
    const afterKill: number[] = [];
    const start = Date.parse('2026-11-10T00:00:00Z');
    // Four seconds of load at least, and on a busy machine until 2.5 s after the kill (at most 30 s).
    const end = performance.now() + 4_000;
    const cap = performance.now() + 30_000;
    const loading = () => performance.now() < cap && (performance.now() < end || !killedAt || performance.now() - killedAt < 2_500);
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (loading()) {
          const n = batch++;
          const readings = Array.from({ length: 50 }, (_, i) => ({ time: new Date(start + (n * 50 + i) * 1000).toISOString(), value: 1 }));
          const ok = await ingest(proxy, readings).then((r) => r.ok, () => false);
          if (ok) acknowledged.push(...readings.map((r) => r.time));
          else failed += 1;
          if (killedAt && performance.now() - killedAt > 1_000) afterKill.push(ok ? 1 : 0);
          if (n === 20) {
            webA.child.kill('SIGKILL');
            killedAt = performance.now();
          }
        }
      }),
    );
    expect(killedAt).toBeGreaterThan(0);
    const { rows } = await database.sql.query<{ n: number }>(`select count(*)::int as n from readings where target_id = $1 and ts = any($2::timestamptz[])`, [zoneId, acknowledged]);
    expect(rows[0]!.n).toBe(acknowledged.length);
    // A second after the kill every request is answered, by B.
    expect(afterKill.length).toBeGreaterThan(5);
    expect(afterKill.every((ok) => ok === 1)).toBe(true);
    expect(acknowledged.length).toBeGreaterThan(1_000);
    expect(failed).toBeLessThan(batch);
  });
});
