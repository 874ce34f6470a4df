import { gqlOverHttp } from '../test/gqlOverHttp.ts';
import { type ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser, TEST_PASSWORD } from '../test/factories.ts';
import { freePort } from '../test/freePort.ts';
import { type SmtpPeer, startSmtpPeer } from '../test/smtpPeer.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { until } from '../jobs/testSupport/until.ts';
import { isPartitioned } from '../modules/metrics/partitions/monthPartitions.ts';
import { unpartitionTables } from '../modules/metrics/partitions/movePartitions.ts';

// Issue 31.1: the same build as a `web` process and a `worker` process, real ones, on one
// PostgreSQL and one Redis. A job enqueued through the web's GraphQL is done by the worker only.
const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const serverDir = fileURLToPath(new URL('../..', import.meta.url));

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let smtp: SmtpPeer;
const children = new Set<ChildProcess>();

function spawnServer(env: Record<string, string>): { child: ChildProcess; stderr: () => string } {
  let stderr = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      DEMO_DATA: 'off',
      SIMULATOR: 'off',
      WEATHER_IMPORT: 'off',
      LOG_LEVEL: 'error',
      WEB_DIST: join(tmpdir(), 'sitelens-no-web-build'),
      MAIL_FROM: 'Sitelens <ops@sitelens.test>',
      JOBS_POLL_MS: '500',
      MESSAGE_RETRY_DELAY_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(chunk);
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return { child, stderr: () => stderr };
}

/** A process of `role` on its own port, once its /healthz answers. */
async function startRole(role: 'web' | 'worker'): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const { child } = spawnServer({ SITELENS_ROLE: role, PORT: String(port), DATABASE_URL: database.url!, REDIS_URL: REDIS, SMTP_URL: smtp.url });
  const base = `http://127.0.0.1:${port}`;
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`${role} process exited with ${child.exitCode}`);
      return fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.ok, () => false);
    },
    90_000,
    `${role} start`,
  );
  return { base, child };
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });

const gql = (base: string, query: string, token?: string) => gqlOverHttp(base, query, { token });

const receivedBy = (address: string) => smtp.received.filter((m) => m.to && 'text' in m.to && m.to.text === address).length;

/** The pg-boss job of the test e-mail, as the queue sees it. */
async function emailJobStates(): Promise<string[]> {
  const { rows } = await database.sql.query<{ state: string }>("SELECT state FROM pgboss.job WHERE name = 'messages.email'");
  return rows.map((r) => r.state);
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  database = await openTestDatabase({ serverUrl: PG });
  const org = await createOrganization(database);
  await createUser(database, { email: 'admin@roles.test', organizationIds: [org.id], role: 'admin' });
}, 60_000);

afterAll(async () => {
  await Promise.all([...children].map((c) => stop(c)));
  await database?.close();
  await smtp?.close();
});

describe('roles', () => {
  it('a job enqueued through the web stays queued while only the web runs, and the worker then does it once', async () => {
    const web = await startRole('web');
    const login = await gql(web.base, `query { login(email: "admin@roles.test", password: "${TEST_PASSWORD}") }`);
    const token = login.data.login as string;
    const sent = await gql(web.base, 'mutation { sendTestMessage(channel: EMAIL) { id status } }', token);
    expect(sent.data.sendTestMessage.status).toBe('QUEUED');

    // Ten of the worker's poll intervals (JOBS_POLL_MS=500): a web process running the queue would have sent it.
    await new Promise((r) => setTimeout(r, 5_000));
    expect(receivedBy('admin@roles.test')).toBe(0);
    expect(await emailJobStates()).toEqual(['created']);
    const queued = await gql(web.base, '{ messageDeliveries(first: 1) { edges { node { status } } } }', token);
    expect(queued.data.messageDeliveries.edges[0].node.status).toBe('QUEUED');

    const worker = await startRole('worker');
    await until(() => receivedBy('admin@roles.test') > 0, 30_000, 'the e-mail sent by the worker');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(receivedBy('admin@roles.test')).toBe(1);
    expect(await emailJobStates()).toEqual(['completed']);
    const done = await gql(web.base, '{ messageDeliveries(first: 1) { edges { node { status recipient } } } }', token);
    expect(done.data.messageDeliveries.edges[0].node).toEqual({ status: 'SENT', recipient: 'admin@roles.test' });

    // The worker answers its health for the orchestrator, and nothing a user could call.
    expect((await fetch(`${worker.base}/healthz`)).status).toBe(200);
    const graphql = await fetch(`${worker.base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) });
    expect(graphql.status).toBe(404);
    expect((await fetch(`${worker.base}/`)).status).toBe(404);
    await Promise.all([stop(web.child), stop(worker.child)]);
  }, 240_000);

  it('a web and a worker starting together on a new database partition its readings by month once', async () => {
    // A database as a first start finds it: migrated, readings and rollups in one table each, no row.
    await unpartitionTables(database);
    const [web] = await Promise.all([startRole('web'), startRole('worker')]);
    expect(await isPartitioned(database.sql)).toBe(true);
    const { rows } = await database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = 'readings'::regclass`);
    // The DEFAULT partition, the current month and the three ahead (MONTHS_AHEAD): made once, by one process.
    expect(rows[0]!.n).toBe(5);
    await Promise.all([...children].map((c) => stop(c)));
    expect(web.child.exitCode).toBe(0);
  }, 240_000);

  it('refuses web or worker on the embedded database, with the reason, and an exit the supervisor does not restart', async () => {
    const { child, stderr } = spawnServer({ SITELENS_ROLE: 'worker', DATABASE_URL: '', DATA_DIR: join(tmpdir(), 'sitelens-role-refused'), PORT: String(await freePort()) });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr()).toContain('SITELENS_ROLE: worker needs DATABASE_URL (PostgreSQL)');
  }, 60_000);
});
