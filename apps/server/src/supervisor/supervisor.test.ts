import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { createOrganization, createSite, createUser, TEST_PASSWORD } from '../test/factories.ts';
import { freePort } from '../test/freePort.ts';
import { until } from '../jobs/testSupport/until.ts';
import { supervise } from './supervise.ts';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the supervisor (npm start)', () => {
  it('restarts a server that ran out of heap, logging the signal and the fatal line; a stop ends it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitelens-supervisor-'));
    dirs.push(dir);
    const marker = join(dir, 'crashed');
    // The first run fills a 32 MB heap (Node's own "FATAL ERROR … heap" and an abort); the next one stays up.
    const script = `const fs=require('fs'); if (!fs.existsSync(${JSON.stringify(marker)})) { fs.writeFileSync(${JSON.stringify(marker)}, ''); const a=[]; for(;;) a.push(new Array(1e5).fill(1.5)); } else setInterval(() => {}, 1000);`;
    const logged: Array<{ level: string; fields: Record<string, unknown>; message: string }> = [];
    const log = { info: (fields: Record<string, unknown>, message: string) => logged.push({ level: 'info', fields, message }), error: (fields: Record<string, unknown>, message: string) => logged.push({ level: 'error', fields, message }) };
    const supervisor = supervise({ command: process.execPath, args: ['--max-old-space-size=32', '-e', script], log, restartDelayMs: 100 });
    await until(() => supervisor.restarts === 1 && supervisor.child !== null, 60_000, 'the restart');
    const died = logged.find((l) => l.level === 'error')!;
    expect(died.fields).toMatchObject({ code: null, signal: 'SIGABRT', restarts: 1 });
    expect(String(died.fields.lastFatal)).toMatch(/heap/i);
    expect(died.message).toBe('server died (signal SIGABRT); restarting');
    expect(await supervisor.stop()).toBe(0);
    expect(logged.at(-1)).toMatchObject({ level: 'info', message: 'server stopped' });
  }, 90_000);

  it('brings `npm start`’s server back after a kill -9 within seconds, its acknowledged readings kept (PGlite)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sitelens-supervised-'));
    dirs.push(dataDir);
    const local = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    const org = await createOrganization(local);
    await createUser(local, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' });
    const site = await createSite(local, org.id, { timezone: 'UTC' });
    await local.close();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const out: string[] = [];
    const supervisor = spawn(process.execPath, ['--import', 'tsx', 'src/supervisor/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: 'off', SIMULATOR: 'off', WEATHER_IMPORT: 'off', LOG_LEVEL: 'info', WEB_DIST: join(tmpdir(), 'sitelens-no-web-build') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(supervisor);
    supervisor.stdout!.on('data', (chunk: Buffer) => out.push(...chunk.toString().split('\n').filter(Boolean)));
    supervisor.stderr!.on('data', () => undefined);
    const events = () => out.flatMap((line) => (line.startsWith('{') ? [JSON.parse(line) as { name?: string; msg: string; pid?: number; signal?: string }] : [])).filter((e) => e.name === 'supervisor');
    const healthy = () => fetch(`${base}/healthz`, { signal: AbortSignal.timeout(3_000) }).then((r) => r.ok, () => false);
    await until(healthy, 120_000, 'the first start');
    const gql = async (query: string, variables: Record<string, unknown> = {}, token?: string) =>
      (await (await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify({ query, variables }) })).json()) as any;
    const token = (await gql(`query { login(email: "admin@acme.test", password: "${TEST_PASSWORD}") }`)).data.login as string;
    const key = (await gql('mutation { createApiKey(name: "Gateway") { secret } }', {}, token)).data.createApiKey.secret as string;
    const ingest = await fetch(`${base}/api/ingest`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify([{ target: { kind: 'zone', id: site.top.id }, metric: 'visitorsIn', time: '2026-11-21T09:00:00Z', value: 7 }]) });
    expect(ingest.status).toBe(200);

    const first = events().find((e) => e.msg === 'server started')!;
    process.kill(first.pid!, 'SIGKILL');
    const killedAt = Date.now();
    await until(() => events().some((e) => e.msg === 'server restarted'), 30_000, 'the restart');
    await until(healthy, 120_000, 'the server back');
    const back = (Date.now() - killedAt) / 1000;
    expect(events().find((e) => e.msg.startsWith('server died'))).toMatchObject({ signal: 'SIGKILL' });
    const input = { installationId: site.site.id, metric: 'visitorsIn', target: { kind: 'zone', ids: [site.top.id] }, groupBy: { type: 'all' }, filters: { conditions: [{ type: 'date', dateBegin: '2026-11-21T00:00:00Z', dateEnd: '2026-11-22T00:00:00Z' }] } };
    const again = await gql(`query($input: RetailDataInput!) { retailData(input: $input) { series { points { value } } } }`, { input }, token);
    expect(again.data.retailData.series[0].points[0].value).toBe(7);
    // Seconds: the supervisor's pause, then the embedded database opening again (longer on a busy machine).
    expect(back).toBeLessThan(120);

    supervisor.kill('SIGTERM');
    await new Promise<void>((resolve) => supervisor.once('exit', () => resolve()));
    expect(supervisor.exitCode).toBe(0);
    expect(events().at(-1)).toMatchObject({ msg: 'server stopped' });
    expect(existsSync(dataDir)).toBe(true);
  }, 300_000);
});
