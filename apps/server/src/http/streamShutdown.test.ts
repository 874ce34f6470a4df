import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import { events, stopngoScreens } from '../composition/tables.ts';
import { until } from '../jobs/testSupport/until.ts';
import { newScreenSecret, screenSecretDigest } from '../modules/stopngo/screenSecret.ts';
import { createOrganization, createSite } from '../test/factories.ts';
import { freePort } from '../test/freePort.ts';
import { sseSubscribe } from '../test/sseSubscription.ts';
import { openTestDatabase } from '../test/testDatabase.ts';

// `npm start`'s server (src/main.ts) as a process of its own, stopped with SIGTERM while an entrance
// screen's stream is open: it used to wait for the stream until the 20 s deadline and exit with 1.
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const DISPLAY = `subscription($s: String!) { stopNGoDisplay(secret: $s) { state } }`;
let dir = '';
let child: ChildProcess | null = null;
const secret = newScreenSecret();
const env: Record<string, string> = {};
/** On PostgreSQL, the test's own database: closing it drops it, so it stays open until the server is gone. */
let pgDatabase: Database | null = null;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitelens-shutdown-'));
  // PostgreSQL when the tests run on it, else the embedded database in the server's DATA_DIR.
  const database: Database & { url?: string } = process.env.TEST_DATABASE_URL ? await openTestDatabase() : await openDatabase({ dataDir: join(dir, 'pglite') });
  if (database.url) env.DATABASE_URL = database.url;
  const org = await createOrganization(database);
  const { site } = await createSite(database, org.id);
  const [event] = await database.db
    .insert(events)
    .values({ installationId: site.id, name: 'Footfall', metrics: ['counting'], neverEnding: true, dateBegin: new Date('2024-01-01T00:00:00Z'), stopngoLimit: 10 })
    .returning();
  await database.db.insert(stopngoScreens).values({ organizationId: org.id, eventId: event!.id, name: 'Door', language: 'en', secretHash: screenSecretDigest(secret), createdAt: new Date() });
  if (database.url) pgDatabase = database;
  else await database.close();
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await pgDatabase?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('stopping the server', () => {
  it('SIGTERM with an entrance screen open ends the stream and the process within seconds, with exit code 0', async () => {
    const port = await freePort();
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        DEMO_DATA: 'off',
        SIMULATOR: 'off',
        WEATHER_IMPORT: 'off',
        LOG_LEVEL: 'error',
        WEB_DIST: join(tmpdir(), 'sitelens-no-web-build'),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child = proc;
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    await until(() => fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.ok, () => false), 90_000, 'server start');

    const screen = await sseSubscribe(base, null, DISPLAY, { s: secret });
    await until(() => screen.events.some((e) => e.data?.stopNGoDisplay?.state === 'GO'), 10_000, 'the screen’s first state');

    const stoppedAt = Date.now();
    proc.kill('SIGTERM');
    const code = await exited;
    const took = Date.now() - stoppedAt;
    // The stream is over (cut, as a network drop: the display reconnects to the next server).
    await screen.close();
    expect(code).toBe(0);
    expect(took).toBeLessThan(8000);
  }, 150_000);
});
