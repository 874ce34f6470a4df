import { gqlOverHttp } from '../test/gqlOverHttp.ts';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { freePort } from '../test/freePort.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { testEmail } from '../messages/testMessages.ts';
import { createOrganization, createUser, TEST_PASSWORD } from '../test/factories.ts';
import { type SmtpPeer, startSmtpPeer } from '../test/smtpPeer.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { createBackground } from '../composition/background.ts';
import { createJobQueue } from './jobQueue.ts';
import { CREATE_TEST_RUNS, recordRun } from './testSupport/recordRun.ts';
import { until } from './testSupport/until.ts';

// Real server processes: two on one PostgreSQL as behind a balancer, and one killed mid-send.
const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const FAST = { JOBS_POLL_MS: '500', JOBS_MAINTENANCE_SECONDS: '1', MESSAGE_TIMEOUT_SECONDS: '3', MESSAGE_RETRY_DELAY_SECONDS: '0' };

let pg: Database & { url?: string };
let smtp: SmtpPeer;
let orgId = 0;
const children = new Set<ChildProcess>();
const dirs: string[] = [];

function spawnTsx(script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: serverDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** `npm start`'s server (src/main.ts) on its own port, without demo data or the web build. */
async function startServer(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawnTsx('src/main.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_DATA: 'off',
    SIMULATOR: 'off',
    WEATHER_IMPORT: 'off',
    LOG_LEVEL: 'error',
    WEB_DIST: join(tmpdir(), 'sitelens-no-web-build'),
    MAIL_FROM: 'Sitelens <ops@sitelens.test>',
    ...FAST,
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  // A child that exits fails the start at once; one that lives but is slow (a PGlite directory opened
  // while the whole suite runs on the same two cores has taken over 60 s) gets 120 s.
  let exited: string | null = null;
  child.once('exit', (code, signal) => (exited = `server exited (${code ?? signal}) before it answered /healthz`));
  await until(() => exited !== null || fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.ok, () => false), 120_000, 'server start');
  if (exited) throw new Error(exited);
  return { base, child };
}

async function startScheduleProcess(name: string, clockOffsetMs: number): Promise<ChildProcess> {
  const child = spawnTsx('src/jobs/testSupport/scheduleProcess.ts', { DATABASE_URL: pg.url!, CLOCK_OFFSET_MS: String(clockOffsetMs), PROCESS_NAME: name });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`schedule process exited with ${code}`)));
  });
  return child;
}

// A SIGTERM that has not ended the process after 20 s becomes a SIGKILL: these tests are about what the
// queue sends, and a server stopped on PostgreSQL right after a restart has been seen to hang in its
// shutdown (the main thread waiting in Atomics.wait; see the closing note of issue 15).
const stop = (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = signal === 'SIGKILL' ? undefined : setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });

const receivedBy = (address: string) => smtp.received.filter((m) => m.to && 'text' in m.to && m.to.text === address).length;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  pg = await openTestDatabase({ serverUrl: PG });
  orgId = (await createOrganization(pg)).id;
  await createUser(pg, { email: 'admin@acme.test', organizationIds: [orgId], role: 'admin' });
  await pg.sql.query(CREATE_TEST_RUNS);
}, 60_000);

afterAll(async () => {
  await Promise.all([...children].map((c) => stop(c, 'SIGKILL')));
  await pg.close();
  await smtp.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('two server processes on one PostgreSQL', () => {
  it('send each e-mail once: those queued while no server ran, and those queued while both run', async () => {
    const config = loadConfig({ DATABASE_URL: pg.url!, LOG_LEVEL: 'silent' });
    const producer = createBackground({ database: pg, config, now: () => new Date(), log: quiet, work: false });
    const send = (n: number) => producer.messages.email({ template: testEmail, data: { name: `N${n}` }, to: { address: `n${n}@example.com`, lang: 'en' }, organizationId: orgId });
    for (let n = 0; n < 40; n++) await send(n);

    const [a, b] = await Promise.all([startServer({ DATABASE_URL: pg.url!, SMTP_URL: smtp.url }), startServer({ DATABASE_URL: pg.url!, SMTP_URL: smtp.url })]);
    for (let n = 40; n < 60; n++) await send(n);
    await smtp.waitFor(60, 30_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received).toHaveLength(60);
    expect(Array.from({ length: 60 }, (_, n) => receivedBy(`n${n}@example.com`))).toEqual(Array(60).fill(1));
    await Promise.all([stop(a.child), stop(b.child)]);
    await producer.stop();
  }, 180_000);

  it('hand a schedule’s occurrence to the queue once, on time and after both were down', async () => {
    const lyonAt8 = { rule: { kind: 'weekly', weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['08:00'] }, timeZone: 'Europe/Paris' } as const;
    // Both processes believe it is 07:59:52 in Lyon on the day the clocks go forward.
    const offset = Date.parse('2026-03-29T05:59:52Z') - Date.now();
    const registrar = createJobQueue({ database: pg, definitions: [recordRun], now: () => new Date(Date.now() + offset), log: quiet, pollMs: 60_000, schedulePollMs: 60_000, maintenanceSeconds: 60, work: false });
    await registrar.schedule('test:lyon', recordRun, { key: 'lyon' }, lyonAt8);
    const runs = async () => (await pg.sql.query<{ occurrence: Date; process: string }>("SELECT occurrence, process FROM test_runs WHERE key = 'lyon' ORDER BY id")).rows;

    const both = await Promise.all([startScheduleProcess('a', offset), startScheduleProcess('b', offset)]);
    await until(async () => (await runs()).length >= 1, 40_000, 'the 08:00 run');
    await new Promise((r) => setTimeout(r, 1500));
    expect((await runs()).map((r) => r.occurrence.toISOString())).toEqual(['2026-03-29T06:00:00.000Z']);

    // Both crash; they come back on Monday at 11:00, after Monday's 08:00: it runs once, late.
    await Promise.all(both.map((c) => stop(c, 'SIGKILL')));
    const later = Date.parse('2026-03-30T09:00:00Z') - Date.now();
    await Promise.all([startScheduleProcess('c', later), startScheduleProcess('d', later)]);
    await until(async () => (await runs()).length >= 2, 30_000, 'the missed Monday run');
    await new Promise((r) => setTimeout(r, 1500));
    expect((await runs()).map((r) => r.occurrence.toISOString())).toEqual(['2026-03-29T06:00:00.000Z', '2026-03-30T06:00:00.000Z']);
    await registrar.stop();
  });
});

describe('a server killed while it sends', () => {
  it.each(['PostgreSQL', 'PGlite'])('sends the e-mail once after its restart (%s)', async (engine) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sitelens-restart-'));
    dirs.push(dataDir);
    let env: Record<string, string> = { DATA_DIR: dataDir, SMTP_URL: smtp.url };
    if (engine === 'PostgreSQL') {
      env = { ...env, DATABASE_URL: pg.url! };
    } else {
      const local = await openDatabase({ dataDir: join(dataDir, 'pglite') });
      const org = await createOrganization(local);
      await createUser(local, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' });
      await local.close();
    }
    const first = await startServer(env);
    const login = await gql(first.base, `query { login(email: "admin@acme.test", password: "${TEST_PASSWORD}") }`);
    const token = login.data.login as string;
    const before = receivedBy('admin@acme.test');

    // The SMTP server takes the message but never answers: the process dies in the middle.
    smtp.hold(true);
    const held = smtp.held;
    await gql(first.base, 'mutation { sendTestMessage(channel: EMAIL) { id } }', token);
    await until(() => smtp.held > held, 15_000, 'the message in flight');
    await stop(first.child, 'SIGKILL');
    smtp.hold(false);

    const second = await startServer(env);
    await until(() => receivedBy('admin@acme.test') > before, 30_000, 'the e-mail after the restart');
    await new Promise((r) => setTimeout(r, 1500));
    expect(receivedBy('admin@acme.test')).toBe(before + 1);
    const list = await gql(second.base, '{ messageDeliveries(first: 1) { edges { node { status recipient } } } }', token);
    expect(list.data.messageDeliveries.edges[0].node).toEqual({ status: 'SENT', recipient: 'admin@acme.test' });
    await stop(second.child);
    // A server on a PGlite directory takes up to 20 s to start on a busy machine, and over a minute while
    // the whole suite runs beside it; it starts twice here. Each wait above is bounded and names its
    // step, so the test's own limit is their sum: a failure says which step did not happen.
  }, 330_000);
});

const gql = (base: string, query: string, token?: string) => gqlOverHttp(base, query, { token });
