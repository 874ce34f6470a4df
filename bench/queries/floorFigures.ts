import { readdirSync, readFileSync } from 'node:fs';
import type { Database } from '../../apps/server/src/db/database.ts';
import { buildRetailSql } from '../../apps/server/src/modules/metrics/sql/retailSql.ts';
import type { BenchServer } from '../server/benchServer.ts';
import { startBareYogaServer } from '../server/bareYogaServer.ts';
import { postGraphql } from '../server/httpPost.ts';
import type { BenchRequest } from './requests.ts';
import { runHttp, runSql } from './runPgQueries.ts';
import { type Timing, timingOf } from './timeRuns.ts';

/** Issue 33's two floor figures, measured side by side in one run on one engine. */
export interface FloorFigures {
  engine: string;
  /** Untimed calls before the timed ones: the floor pair's, and the page loop's rounds. */
  warmups: { floor: number; page: number };
  /** `{ __typename }` on a bare Fastify + Yoga server, and on ours signed in. */
  bare: Timing;
  ours: Timing;
  /** ours p50 / bare p50 (target at most 1.5). */
  floorRatio: number;
  /** The counting page over HTTP (its chart call and the page's two documents in one request, as the web app sends queries asked together), and its engine SQL alone. */
  countingPage: Timing;
  /** The same three documents as three requests at once (the web app before it sent queries together). */
  countingPageSeparately: Timing;
  engineSql: Timing;
  /** bare p95 + 2 x engine SQL p95: what the counting page's p95 must stay within. */
  countingBound: number;
  /** The bare floor timed again in the page's rounds, between its calls (not in the floor's own loop of small calls). */
  bareInPageRounds: Timing;
  /** Three `{ __typename }` in one request on ours: the page's shape without its work. */
  threeFloors: Timing;
  /** CPU ms of the process's other threads (V8's compiler and collector) during the page's timed rounds, per round; null off Linux. */
  otherThreadsMsPerPageRound: number | null;
}

// The page's figures take as many runs as the floor's: its p95 is compared with the floor's, and a
// p95 of 80 runs was their fourth slowest, moved by any pause of the shared machine.
// Both are timed on a warm server, as people meet it: V8 compiles a path's functions after many calls.
// After 30 page calls the page's p95 was 1.7x-2.1x what it is after a thousand (docs/benchmarks.md,
// 2026-12-05 fourth session); after a thousand rounds V8 still compiled about 120 functions per 500
// rounds on its own threads, which took a core from PostgreSQL's backend while the page waited on it,
// and by 3,000 next to none. The floor pair too: after 300 calls each the bare server's p50 was 0.31
// ms, after 3,000 0.10 ms (docs/benchmarks.md, 2026-12-05 seventh session).
const FLOOR_WARMUPS = 3_000;
const FLOOR_RUNS = 300;
const PAGE_WARMUPS = 3_000;
const PAGE_RUNS = FLOOR_RUNS;

/**
 * CPU milliseconds of this process's threads other than the main one (V8's compiler and collector,
 * libuv's pool) so far, on Linux; null elsewhere. The main thread is the first of /proc/self/task.
 */
function otherThreadsCpuMs(): number | null {
  try {
    const [, ...others] = readdirSync('/proc/self/task').sort((a, b) => Number(a) - Number(b));
    return others.reduce((ms, tid) => ms + Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6, 0);
  } catch {
    return null;
  }
}

async function elapsed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function typename(base: string, token?: string): Promise<void> {
  const res = await postGraphql(`${base}/graphql`, '{"query":"{ __typename }"}', token);
  const body = JSON.parse(res.body) as { data?: { __typename?: string } };
  if (body.data?.__typename !== 'Query') throw new Error(`floor: unexpected answer ${JSON.stringify(body).slice(0, 200)}`);
}

/** `{ __typename }` three times in one request. */
async function threeTypenames(server: BenchServer): Promise<void> {
  const answers = await server.gqlTogether<{ __typename: string }>([0, 1, 2].map(() => ({ query: '{ __typename }' })));
  if (answers.some((a) => a.__typename !== 'Query')) throw new Error(`floor: unexpected answers ${JSON.stringify(answers)}`);
}

/**
 * The floor figures: each pair is measured in turns (bare, ours, bare, ours, ...), so that the
 * load of the shared machine falls on both sides alike. `server` answers from the engine (its
 * result cache off), as the request figures do.
 */
export async function measureFloor(database: Database, server: BenchServer, requests: BenchRequest[]): Promise<FloorFigures> {
  const bare = await startBareYogaServer();
  try {
    const times = { bare: [] as number[], ours: [] as number[], page: [] as number[], separately: [] as number[], sql: [] as number[], three: [] as number[], bareInPage: [] as number[] };
    for (let i = 0; i < FLOOR_WARMUPS + FLOOR_RUNS; i++) {
      const b = await elapsed(() => typename(bare.base));
      const o = await elapsed(() => typename(server.base, server.token));
      if (i < FLOOR_WARMUPS) continue;
      times.bare.push(b);
      times.ours.push(o);
    }
    const counting = requests.find((r) => r.id === 'countingPage')!;
    const engineSql = counting.parts.map((p) => buildRetailSql(p.query));
    let otherThreads: number | null = null;
    for (let i = 0; i < PAGE_WARMUPS + PAGE_RUNS; i++) {
      if (i === PAGE_WARMUPS) otherThreads = otherThreadsCpuMs();
      const p = await elapsed(() => runHttp(server, counting));
      const s = await elapsed(() => runSql(database, engineSql));
      const t = await elapsed(() => threeTypenames(server));
      const a = await elapsed(() => runHttp(server, counting, true));
      const b = await elapsed(() => typename(bare.base));
      if (i < PAGE_WARMUPS) continue;
      times.page.push(p);
      times.separately.push(a);
      times.sql.push(s);
      times.three.push(t);
      times.bareInPage.push(b);
    }
    const otherThreadsAfter = otherThreadsCpuMs();
    const otherThreadsMsPerPageRound = otherThreads === null || otherThreadsAfter === null ? null : (otherThreadsAfter - otherThreads) / PAGE_RUNS;
    const f = { bare: timingOf(times.bare), ours: timingOf(times.ours), countingPage: timingOf(times.page), countingPageSeparately: timingOf(times.separately), engineSql: timingOf(times.sql), threeFloors: timingOf(times.three), bareInPageRounds: timingOf(times.bareInPage) };
    return { engine: database.engine, warmups: { floor: FLOOR_WARMUPS, page: PAGE_WARMUPS }, ...f, floorRatio: f.ours.p50 / f.bare.p50, countingBound: f.bare.p95 + 2 * f.engineSql.p95, otherThreadsMsPerPageRound };
  } finally {
    await bare.close();
  }
}

const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));

/** The two figures with their targets, as the run prints them. */
export function printFloor(f: FloorFigures): string {
  const ok = (pass: boolean) => (pass ? 'met' : 'MISSED');
  return [
    `GraphQL floor (${f.engine}, { __typename }, ${f.ours.n} calls each in turns after ${f.warmups.floor} untimed): bare Fastify + Yoga p50 ${ms(f.bare.p50)} ms / p95 ${ms(f.bare.p95)} ms;` +
      ` ours p50 ${ms(f.ours.p50)} ms / p95 ${ms(f.ours.p95)} ms; ours / bare p50 ${f.floorRatio.toFixed(2)}x (target <= 1.5x: ${ok(f.floorRatio <= 1.5)})`,
    `Counting page over HTTP (${f.engine}, ${f.countingPage.n} runs after ${f.warmups.page.toLocaleString('en')} untimed rounds, its three documents in one request): p50 ${ms(f.countingPage.p50)} ms, p95 ${ms(f.countingPage.p95)} ms;` +
      ` engine SQL p50 ${ms(f.engineSql.p50)} ms, p95 ${ms(f.engineSql.p95)} ms; bound = floor p95 + 2 x SQL p95 = ${ms(f.countingBound)} ms` +
      ` (${ok(f.countingPage.p95 <= f.countingBound)}, p95 / bound ${(f.countingPage.p95 / f.countingBound).toFixed(2)}x)`,
    `  the same three documents as three requests at once (before the web app sent queries together): p50 ${ms(f.countingPageSeparately.p50)} ms, p95 ${ms(f.countingPageSeparately.p95)} ms` +
      ` (${(f.countingPageSeparately.p95 / f.countingBound).toFixed(2)}x the bound; one request / three: p95 ${(f.countingPage.p95 / f.countingPageSeparately.p95).toFixed(2)}x)`,
    `  the page's shape without its work, three { __typename } in one request on ours: p50 ${ms(f.threeFloors.p50)} ms, p95 ${ms(f.threeFloors.p95)} ms` +
      ` (${(f.threeFloors.p95 / f.countingBound).toFixed(2)}x the bound)`,
    `  the bare floor timed in the page's rounds (between its calls, not in a loop of small calls): p50 ${ms(f.bareInPageRounds.p50)} ms, p95 ${ms(f.bareInPageRounds.p95)} ms;` +
      ` with it the bound would be ${ms(f.bareInPageRounds.p95 + 2 * f.engineSql.p95)} ms (page p95 ${(f.countingPage.p95 / (f.bareInPageRounds.p95 + 2 * f.engineSql.p95)).toFixed(2)}x)`,
    ...(f.otherThreadsMsPerPageRound === null
      ? []
      : [`  the process's other threads (V8's compiler and collector) during the page's timed rounds: ${ms(f.otherThreadsMsPerPageRound)} ms of CPU per round of the page's calls (the server still warming up when high)`]),
  ].join('\n');
}
