/**
 * The dashboard users phase (issue 33's figure): one server process on PostgreSQL, `users`
 * distinct signed-in people (copies of the demo's viewer) who open the demo's counting, air quality
 * and energy pages one after another, each page's GraphQL calls exactly as the web app sends them
 * (recorded once in Chromium), six at a time as a browser does, then read it for 5 to 15 s; each
 * keeps its first page's live subscriptions open throughout. Two servers run on the same database,
 * one with the result cache and one without (RESULT_CACHE_MB=0); the load goes to them in turns of
 * a few seconds, so both see the same machine. Prints each one's call p50 / p95, page p95 and errors.
 * With `proxy` (issue 31 item 5) the two sides are one web process behind HAProxy against two.
 */
import pg from 'pg';
import { type AppServer, startAppServer } from '../browser/appServer.ts';
import { DEMO_ADMIN, demoCountingSite } from '../browser/demoSite.ts';
import { startWeatherStub } from '../browser/weatherStub.ts';
import { ensureWebBuild } from '../browser/webBuild.ts';
import { percentile } from '../queries/timeRuns.ts';
import { startHaproxy } from '../../apps/server/src/test/haproxyPeer.ts';
import { addViewerCopies, signIn } from './loadUsers.ts';
import { type RecordedPage, recordPages } from './recordPages.ts';

export interface UsersPlan {
  users: number;
  /** Seconds of load per condition (cache on, cache off). */
  seconds: number;
  demoDays: number;
  databaseUrl: string;
  /** Issue 31 item 5: one web against two behind HAProxy (both with the cache, live events through Redis), instead of the cache on against off. */
  proxy: boolean;
  redisUrl: string;
}

interface ConditionFigures {
  calls: number;
  errors: number;
  p50Ms: number;
  p95Ms: number;
  pageP95Ms: number;
  pages: number;
  callsPerSecond: number;
  slowest: Array<{ name: string; calls: number; p95Ms: number }>;
}

export interface UsersFigures {
  users: number;
  seconds: number;
  demoDays: number;
  pages: Array<{ path: string; widgets: number; queries: number; streams: number }>;
  streamsOpen: number;
  sides: Array<ConditionFigures & { label: string }>;
}

const SLICE_SECONDS = 10;
const LIVE_READINGS = 'subscription WidgetLiveReadings($installationId: Int!) { liveReadings(installationId: $installationId) { targetKind targetId metric } }';
const BROWSER_PARALLEL = 6;
const READ_MS: [number, number] = [5_000, 15_000];

interface Tally {
  callMs: number[];
  /** Per operation name: its calls' times, to show where the time goes. */
  byOperation: Map<string, number[]>;
  pageMs: number[];
  errors: number;
  ms: number;
}

async function freshDatabase(url: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('DROP DATABASE IF EXISTS sitelens_bench_users WITH (FORCE)');
    await admin.query('CREATE DATABASE sitelens_bench_users');
  } finally {
    await admin.end();
  }
  const fresh = new URL(url);
  fresh.pathname = '/sitelens_bench_users';
  return fresh.toString();
}

async function installationsByFamily(base: string, token: string): Promise<Map<string, number>> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ allInstallations { id families } }' }),
  });
  const { data } = (await res.json()) as { data: { allInstallations: Array<{ id: number; families: string[] }> } };
  const byFamily = new Map<string, number>();
  for (const installation of data.allInstallations) for (const family of installation.families) if (!byFamily.has(family)) byFamily.set(family, installation.id);
  return byFamily;
}

async function call(base: string, token: string, body: string): Promise<{ ms: number; ok: boolean }> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body });
    const answer = (await res.json()) as { errors?: unknown[] } | Array<{ errors?: unknown[] }>;
    return { ms: performance.now() - t0, ok: res.ok && (Array.isArray(answer) ? answer : [answer]).every((a) => !a.errors) };
  } catch {
    return { ms: performance.now() - t0, ok: false };
  }
}

/** Opens a page: its calls, at most six at a time; the page's time is until its last answer. */
async function openPage(base: string, token: string, page: RecordedPage, tally: Tally): Promise<void> {
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(BROWSER_PARALLEL, page.queries.length) }, async () => {
      while (next < page.queries.length) {
        const recorded = page.queries[next++]!;
        const { ms, ok } = await call(base, token, recorded.body);
        tally.callMs.push(ms);
        const name = recorded.operationName ?? '(anonymous)';
        tally.byOperation.set(name, [...(tally.byOperation.get(name) ?? []), ms]);
        if (!ok) tally.errors += 1;
      }
    }),
  );
  tally.pageMs.push(performance.now() - t0);
}

/** Holds a subscription open, reading and dropping what it sends, until `signal` aborts. */
async function holdStream(base: string, token: string, body: string, signal: AbortSignal): Promise<boolean> {
  try {
    const res = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${token}` }, body, signal });
    if (!res.ok || !res.body) return false;
    const reader = res.body.getReader();
    void (async () => {
      try {
        while (!(await reader.read()).done);
      } catch {
        // aborted at the end of the phase
      }
    })();
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One slice: every user opens pages on `base` until `until`, reading each for a while between. */
async function slice(base: string, tokens: string[], pages: RecordedPage[], tally: Tally, round: number, until: number): Promise<void> {
  const t0 = performance.now();
  await Promise.all(
    tokens.map(async (token, user) => {
      // Users do not arrive together: each starts within the first reading time.
      await sleep(Math.random() * READ_MS[0]);
      for (let k = round; performance.now() < until; k++) {
        await openPage(base, token, pages[(user + k) % pages.length]!, tally);
        await sleep(Math.min(READ_MS[0] + Math.random() * (READ_MS[1] - READ_MS[0]), Math.max(0, until - performance.now())));
      }
    }),
  );
  tally.ms += performance.now() - t0;
}

const emptyTally = (): Tally => ({ callMs: [], byOperation: new Map(), pageMs: [], errors: 0, ms: 0 });

const figures = (tally: Tally): ConditionFigures => ({
  slowest: [...tally.byOperation].map(([name, ms]) => ({ name, calls: ms.length, p95Ms: percentile(ms, 95) })).sort((a, b) => b.p95Ms - a.p95Ms).slice(0, 6),
  calls: tally.callMs.length,
  errors: tally.errors,
  p50Ms: percentile(tally.callMs, 50),
  p95Ms: percentile(tally.callMs, 95),
  pageP95Ms: percentile(tally.pageMs, 95),
  pages: tally.pageMs.length,
  callsPerSecond: tally.callMs.length / (tally.ms / 1000),
});

/** The two sides measured in turns: the result cache on and off, or one web against two behind HAProxy. */
interface Side {
  label: string;
  base: string;
}

export async function runDashboardUsers(plan: UsersPlan): Promise<UsersFigures> {
  ensureWebBuild();
  const databaseUrl = await freshDatabase(plan.databaseUrl);
  const weather = await startWeatherStub();
  const env = { DATABASE_URL: databaseUrl, LOGIN_RATE_LIMIT: '100000', SIMULATOR: 'off', ...(plan.proxy ? { REDIS_URL: plan.redisUrl } : {}) };
  const servers: AppServer[] = [];
  const proxies: Array<{ close(): Promise<void> }> = [];
  const streams = new AbortController();
  try {
    console.log(`Users: the demo (${plan.demoDays} days) on PostgreSQL, ${plan.proxy ? 'two servers behind HAProxy' : 'a server with the result cache and one without'}...`);
    const first = await startAppServer({ demoDays: plan.demoDays, weatherUrl: weather.url, env: { ...env, RESULT_CACHE_MB: '64' } });
    servers.push(first);
    const second = await startAppServer({ demoDays: plan.demoDays, weatherUrl: weather.url, env: { ...env, RESULT_CACHE_MB: plan.proxy ? '64' : '0' } });
    servers.push(second);
    let sides: [Side, Side];
    if (plan.proxy) {
      const one = await startHaproxy([first.base]);
      proxies.push(one);
      const two = await startHaproxy([first.base, second.base]);
      proxies.push(two);
      sides = [{ label: 'one web behind HAProxy', base: one.base }, { label: 'two webs behind HAProxy', base: two.base }];
    } else {
      sides = [{ label: 'result cache on', base: first.base }, { label: 'result cache off', base: second.base }];
    }

    const admin = await signIn(first.base, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const families = await installationsByFamily(first.base, admin);
    const counting = await demoCountingSite(first.base);
    const paths = [`/counting/${counting.id}`, ...['atmosphere', 'energy'].filter((f) => families.has(f)).map((f) => `/${f}/${families.get(f)}`)];
    console.log(`Users: recording ${paths.join(', ')} in Chromium...`);
    const pages = await recordPages(first.base, paths);

    const emails = await addViewerCopies(databaseUrl, plan.users);
    const tokens: string[] = [];
    for (const email of emails) tokens.push(await signIn(first.base, email, DEMO_ADMIN.password));
    // The pages' own subscriptions; when they showed a closed day (none then), each page's site's live readings, as on an open day.
    const recorded = [...new Set(pages.flatMap((p) => p.streams.map((s) => s.body)))];
    const live = recorded.length > 0 ? recorded : [...new Set(paths.map((p) => Number(p.split('/').pop())))].map((installationId) => JSON.stringify({ query: LIVE_READINGS, variables: { installationId } }));
    let streamsOpen = 0;
    for (const token of tokens) {
      for (const side of sides) for (const body of live) if (await holdStream(side.base, token, body, streams.signal)) streamsOpen += 1;
    }

    console.log(`Users: ${plan.users} users, ${plan.seconds} s per side in turns of ${SLICE_SECONDS} s, ${streamsOpen} live streams open...`);
    const tallies: [Tally, Tally] = [emptyTally(), emptyTally()];
    // A warm-up turn on each (connections, the engine's first plans), not counted.
    for (const side of sides) await slice(side.base, tokens, pages, emptyTally(), 0, performance.now() + 5_000);
    for (let round = 0; round * SLICE_SECONDS < plan.seconds; round++) {
      for (const i of round % 2 === 0 ? [0, 1] : [1, 0]) await slice(sides[i]!.base, tokens, pages, tallies[i]!, round, performance.now() + SLICE_SECONDS * 1000);
    }
    return {
      users: plan.users,
      seconds: plan.seconds,
      demoDays: plan.demoDays,
      pages: pages.map((p) => ({ path: p.path, widgets: p.widgets, queries: p.queries.length, streams: p.streams.length })),
      streamsOpen,
      sides: sides.map((side, i) => ({ label: side.label, ...figures(tallies[i]!) })),
    };
  } finally {
    streams.abort();
    for (const proxy of proxies) await proxy.close();
    for (const server of servers.reverse()) await server.stop();
    await weather.close();
  }
}

export function printDashboardUsers(f: UsersFigures): void {
  console.log(`\nDashboard users (issues 33 and 31): ${f.users} signed-in users on PostgreSQL, ${f.seconds} s per side in turns, ${f.demoDays}-day demo, ${f.streamsOpen} live streams open`);
  for (const page of f.pages) console.log(`  ${page.path}: ${page.widgets} widgets, ${page.queries} calls, ${page.streams} live streams`);
  console.log('| side | calls | calls/s | call p50 ms | call p95 ms | page p95 ms | errors | target (p95 < 250 ms, no errors) |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const c of f.sides) {
    const met = c.p95Ms < 250 && c.errors === 0 ? 'met' : 'missed';
    console.log(`| ${c.label} | ${c.calls} | ${c.callsPerSecond.toFixed(1)} | ${c.p50Ms.toFixed(1)} | ${c.p95Ms.toFixed(1)} | ${c.pageP95Ms.toFixed(1)} | ${c.errors} | ${met} |`);
  }
  for (const c of f.sides) console.log(`  slowest operations, ${c.label} (p95 ms): ${c.slowest.map((o) => `${o.name} ${o.p95Ms.toFixed(0)} (${o.calls})`).join(', ')}`);
}
