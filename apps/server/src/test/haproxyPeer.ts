import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from '../jobs/testSupport/until.ts';
import { freePort } from './freePort.ts';

export interface HaproxyPeer {
  base: string;
  child: ChildProcess;
  close(): Promise<void>;
}

/**
 * Debian's HAProxy (`apt-get install haproxy`) on a free loopback port, in front of `backends`
 * (base URLs): round robin, health checks on /healthz every `checkMs`; with `retryElsewhere`, a
 * refused connection is retried on another backend. For the cluster tests and the bench.
 */
export async function startHaproxy(backends: string[], opts: { checkMs?: number; retryElsewhere?: boolean } = {}): Promise<HaproxyPeer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'sitelens-haproxy-'));
  const config = [
    'global',
    '  maxconn 4000',
    'defaults',
    '  mode http',
    '  timeout connect 1s',
    '  timeout client 120s',
    '  timeout server 120s',
    ...(opts.retryElsewhere ? ['  retries 3', '  option redispatch', '  retry-on conn-failure empty-response'] : []),
    'frontend in',
    `  bind 127.0.0.1:${port}`,
    '  default_backend webs',
    'backend webs',
    '  balance roundrobin',
    '  option httpchk GET /healthz',
    `  default-server inter ${opts.checkMs ?? 1000}ms fall 2 rise 2`,
    ...backends.map((base, i) => `  server web${i} ${new URL(base).host} check`),
  ].join('\n');
  writeFileSync(join(dir, 'haproxy.cfg'), `${config}\n`);
  const child = spawn('haproxy', ['-db', '-f', join(dir, 'haproxy.cfg')], { stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await until(async () => {
      if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode} (apt-get install haproxy)`);
      return fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    }, 20_000, 'haproxy start');
  } catch (error) {
    await close();
    throw error;
  }
  return { base, child, close };
}
