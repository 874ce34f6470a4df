import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { freePort } from '../browser/appServer.ts';
import { REPO_ROOT, ensureWebBuild } from '../browser/webBuild.ts';

/** Issue 33 item 7: `npm start` on a fresh embedded database, and again on the same one. */
export interface StartFigures {
  demoDays: number;
  /** From spawn to the sign-in page answering (the demo is built behind it). */
  firstToSignInSeconds: number;
  /** From spawn to /healthz answering 200: the demo organization can be signed in to. */
  firstToReadySeconds: number;
  /** From spawn to /healthz answering 200 on the second start, same data folder. */
  restartToHealthySeconds: number;
  dataFolderMb: number;
  walMb: number;
  readings: number;
  bytesPerReading: number;
}

function folderBytes(path: string): number {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const inner = join(path, entry.name);
    total += entry.isDirectory() ? folderBytes(inner) : statSync(inner).size;
  }
  return total;
}

/** The server as `npm start` runs it, timed until each path answers as wanted; stopped with SIGTERM as Ctrl-C does. */
async function timedStart(dataDir: string, demoDays: number, waitFor: { signIn: boolean }) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DAYS: String(demoDays), SIMULATOR: 'off', WEATHER_IMPORT: 'off', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', MQTT_URL: '', NODE_ENV: 'production' };
  const t0 = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'src/main.ts'], { cwd: join(REPO_ROOT, 'apps/server'), env, detached: true, stdio: 'ignore' });
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endGroup = () => child.exitCode === null && child.signalCode === null && process.kill(-child.pid!, 'SIGTERM');
  process.once('exit', endGroup);
  // A page asked while the embedded engine holds the thread answers late, not never: wait for it (the time it arrives counts).
  const answers = (path: string) => fetch(`${base}${path}`, { signal: AbortSignal.timeout(60_000) }).then((r) => r.status === 200, () => false);
  let signIn: number | null = waitFor.signIn ? null : 0;
  let healthy: number | null = null;
  const deadline = Date.now() + 900_000;
  while (healthy === null) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('the server exited during its start');
    if (Date.now() > deadline) throw new Error('the server did not start within 15 minutes');
    if (signIn === null && (await answers('/login'))) signIn = (performance.now() - t0) / 1000;
    if (await answers('/healthz')) healthy = (performance.now() - t0) / 1000;
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.kill(-child.pid!, 'SIGTERM');
  await gone;
  process.off('exit', endGroup);
  return { signIn: signIn ?? healthy, healthy };
}

export async function runStart(opts: { demoDays: number }): Promise<StartFigures> {
  ensureWebBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'sitelens-bench-start-'));
  try {
    const first = await timedStart(dataDir, opts.demoDays, { signIn: true });
    const again = await timedStart(dataDir, opts.demoDays, { signIn: false });
    const dataFolder = folderBytes(dataDir);
    const wal = folderBytes(join(dataDir, 'pglite', 'pg_wal'));
    const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    const [row] = (await database.sql.query<{ n: string }>('select count(*)::text as n from readings')).rows;
    await database.close();
    const readings = Number(row?.n ?? 0);
    return {
      demoDays: opts.demoDays,
      firstToSignInSeconds: first.signIn,
      firstToReadySeconds: first.healthy,
      restartToHealthySeconds: again.healthy,
      dataFolderMb: dataFolder / 2 ** 20,
      walMb: wal / 2 ** 20,
      readings,
      bytesPerReading: readings ? dataFolder / readings : 0,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printStart(f: StartFigures): void {
  console.log(`\nStart on the embedded default (${f.demoDays}-day demo, a fresh data folder, then a restart on it)`);
  console.log('| figure | value | target |');
  console.log('|---|---|---|');
  console.log(`| first start to the sign-in page | ${f.firstToSignInSeconds.toFixed(1)} s | within 30 s |`);
  console.log(`| first start to the demo ready (/healthz 200) | ${f.firstToReadySeconds.toFixed(1)} s | – |`);
  console.log(`| restart to healthy | ${f.restartToHealthySeconds.toFixed(1)} s | within 10 s |`);
  console.log(`| data folder after the demo | ${f.dataFolderMb.toFixed(0)} MB (write-ahead log ${f.walMb.toFixed(0)} MB) | – |`);
  console.log(`| bytes on disk per stored reading | ${f.bytesPerReading.toFixed(0)} (${f.readings.toLocaleString('en-US')} readings) | – |`);
}
