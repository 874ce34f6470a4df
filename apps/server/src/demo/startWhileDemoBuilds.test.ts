import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/freePort.ts';
import { until } from '../jobs/testSupport/until.ts';

// Issue 33 item 7: on a first start the server answers (the sign-in page) while the demo organization
// is built behind it; /healthz says "starting" with the step until the demo can be signed in to.
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'sitelens-first-start-'));
let child: ChildProcess | undefined;
afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('a first start on the embedded database', () => {
  it('serves the sign-in page while the demo is built, says how far it is, and is healthy once the demo admin can sign in', async () => {
    const web = join(dir, 'web');
    mkdirSync(web);
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Sitelens sign-in</title>');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), DEMO_DATA: 'on', DEMO_DAYS: '2', SIMULATOR: 'off', WEATHER_IMPORT: 'off', LOG_LEVEL: 'warn', WEB_DIST: web },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    const get = (path: string) => fetch(`${base}${path}`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);

    // The page answers before the demo exists: the health check says "starting", with its step.
    let starting: { status: string; step: number; steps: number } | undefined;
    let page = '';
    await until(async () => {
      const [health, login] = await Promise.all([get('/healthz'), get('/login')]);
      if (health?.status !== 503 || !login?.ok) return false;
      starting = (await health.json()) as typeof starting;
      page = await login.text();
      return true;
    }, 90_000, 'the sign-in page while the demo is built');
    expect(starting).toMatchObject({ status: 'starting', steps: 5 });
    expect(starting!.step).toBeGreaterThanOrEqual(1);
    expect(page).toContain('Sitelens sign-in');

    // Then healthy, with the demo's administrator able to sign in.
    await until(async () => (await get('/healthz'))?.status === 200, 180_000, 'a healthy server');
    const signIn = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query { login(email: "admin@sitelens.example", password: "Sitelens#2026") }' }),
    });
    const answer = (await signIn.json()) as { data?: { login?: string }; errors?: unknown };
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.login).toEqual(expect.any(String));
  }, 300_000);
});
