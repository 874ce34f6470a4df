import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './webBuild.ts';

export interface AppServer {
  base: string;
  /** From spawn to /healthz answering: the demo organization is created before the server listens. */
  startSeconds: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/**
 * The real server as `npm start` runs it (apps/server/src/main.ts, serving apps/web/dist), on a
 * fresh embedded demo database in a temporary DATA_DIR that is removed on stop. The simulator is
 * off so that no live reading lands during a timing.
 */
export async function startAppServer(opts: { demoDays: number; weatherUrl: string; startTimeoutMs?: number; env?: Record<string, string> }): Promise<AppServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sitelens-bench-web-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DAYS: String(opts.demoDays),
    SIMULATOR: 'off',
    WEATHER_URL: opts.weatherUrl,
    LOG_LEVEL: 'warn',
    // Empty means unset to the server's config: the embedded PGlite, no Redis, no MQTT.
    DATABASE_URL: '',
    REDIS_URL: '',
    MQTT_URL: '',
    // A phase's own settings (e.g. the alerts phase's SMTP server).
    ...opts.env,
  };
  const t0 = performance.now();
  // Started as `npm start` starts it (apps/server/package.json), in its own process group so stop() ends it whole.
  const args = ['--max-semi-space-size=64', '--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, args, { cwd: join(REPO_ROOT, 'apps/server'), env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const gone = exited(child);
  // A benchmark that fails half-way still takes its server down with it.
  const endGroup = () => child.exitCode === null && child.signalCode === null && process.kill(-child.pid!, 'SIGTERM');
  process.once('exit', endGroup);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid!, 'SIGTERM');
      const killer = setTimeout(() => child.exitCode === null && process.kill(-child.pid!, 'SIGKILL'), 15_000);
      await gone;
      clearTimeout(killer);
    }
    process.off('exit', endGroup);
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (opts.startTimeoutMs ?? 600_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the server exited before answering /healthz:\n${output}`);
    }
    const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /healthz in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { base, startSeconds: (performance.now() - t0) / 1000, stop };
}
