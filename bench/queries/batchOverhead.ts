/**
 * Per-request cost of retailDataBatch, two server builds side by side on one bench database:
 *
 *   npx tsx bench/queries/batchOverhead.ts --base <folder> [--base <folder> ...] [--n 40] [--size 20] [--request <id> ...]
 *
 * Each <folder> (named by its last part) holds another checkout's apps/server (e.g. `git archive main apps/server | tar -x -C
 * /tmp/base`, with a node_modules link to this one's); this checkout's build is "this". The servers run
 * in this process on the same database (bench/data, left by `npm run bench`); calls go to each in
 * turn, each answer checked equal to the first build's. The batch: every site's year-long monthly request (visitorsIn, then visitorsOut)
 * up to --size requests, as the year-long benchmark request sends them. With --request (a bench request id,
 * e.g. co2HourlyAvg30d, countingPage), that request instead as the benchmark sends it (its batches of
 * at most MAX_BATCH and page documents together), each given request timed on its own.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { type Database, openDatabase } from '../../apps/server/src/db/database.ts';
import { MAX_BATCH } from '../../apps/server/src/modules/metrics/retailData.service.ts';
import { TEST_PASSWORD } from '../../apps/server/src/test/factories.ts';
import { DATA_DIR, PGLITE_DIR } from '../dataset/benchDatabase.ts';
import { BENCH_EMAIL, NOW, readLayout } from '../dataset/layout.ts';
import { benchRequests } from './requests.ts';
import { percentile } from './timeRuns.ts';

const BATCH = 'query($inputs: [RetailDataInput!]!) { retailDataBatch(inputs: $inputs) { metric unit series { key label points { t key value } } } }';

interface Server {
  name: string;
  gql(query: string, variables?: Record<string, unknown>): Promise<unknown>;
  close(): Promise<void>;
}

/** The bench server (as bench/server/benchServer.ts builds it) from the apps/server under `root`. */
async function startServer(name: string, root: string, database: Database): Promise<Server> {
  const src = `${root}/apps/server/src`;
  const { buildApp } = await import(`${src}/app.ts`);
  const { loadConfig } = await import(`${src}/config.ts`);
  const { createLivePubSub } = await import(`${src}/live/livePubSub.ts`);
  const { loadTokenKeys } = await import(`${src}/modules/auth/tokens.ts`);
  const config = loadConfig({ DEMO_DATA: 'off', SIMULATOR: 'off', LOG_LEVEL: 'silent' });
  const keys = await loadTokenKeys(database, undefined, 15 * 60);
  const live = createLivePubSub(undefined);
  const app = await buildApp({ database, config, keys, now: () => new Date(NOW), live: live.pubsub });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  let token = '';
  async function gql(query: string, variables: Record<string, unknown> = {}): Promise<any> {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data?: unknown; errors?: unknown[] };
    if (!res.ok || body.errors || !body.data) throw new Error(`${name}: GraphQL failed (${res.status}): ${JSON.stringify(body.errors ?? body).slice(0, 500)}`);
    return body.data;
  }
  token = (await gql('query($e:String!,$p:String!){ login(email:$e,password:$p) }', { e: BENCH_EMAIL, p: TEST_PASSWORD })).login;
  return {
    name,
    gql,
    close: async () => {
      await app.close();
      await live.close();
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { base: { type: 'string', multiple: true }, n: { type: 'string', default: '40' }, size: { type: 'string', default: '20' }, request: { type: 'string', multiple: true } },
  });
  const bases = values.base ?? [];
  if (bases.length === 0 || bases.some((b) => !existsSync(`${b}/apps/server/src/app.ts`))) throw new Error('--base <folder with apps/server/src> is required');
  const n = Number(values.n);
  const size = Number(values.size);
  const marker = JSON.parse(readFileSync(`${DATA_DIR}dataset-pglite.json`, 'utf8')) as { organizationId: number; scale: number };
  const database = await openDatabase({ dataDir: PGLITE_DIR });
  const layout = await readLayout(database, marker.organizationId);
  const servers: Server[] = [];
  for (const base of bases) servers.push(await startServer(base.replace(/\/$/, '').split('/').pop()!, base, database));
  servers.push(await startServer('this', fileURLToRoot(), database));
  if (values.request) {
    for (const id of values.request) {
      const request = benchRequests(layout).find((r) => r.id === id);
      if (!request) throw new Error(`no bench request ${id}`);
      console.log(`scale ${marker.scale}: ${id} (${request.parts.length} requests in batches of at most ${MAX_BATCH}, and ${request.pageDocuments?.length ?? 0} page documents), ${n} calls per build, in turn`);
      // As the benchmark sends it: batches of at most MAX_BATCH, all at once, with the page documents.
      const batches: Array<Array<Record<string, unknown>>> = [];
      for (let i = 0; i < request.parts.length; i += MAX_BATCH) batches.push(request.parts.slice(i, i + MAX_BATCH).map((p) => p.input));
      await compare(servers, n, 1, (s) =>
        Promise.all([...batches.map((inputs) => s.gql(BATCH, { inputs })), ...(request.pageDocuments ?? []).map((d) => s.gql(d.query, d.variables))]));
    }
  } else {
    const yearLong = benchRequests(layout).find((r) => r.id === 'allZonesYearMonthly')!;
    const inputs = ['visitorsIn', 'visitorsOut'].flatMap((metric) => yearLong.parts.map((p) => ({ ...p.input, metric }))).slice(0, size);
    console.log(`scale ${marker.scale}: ${layout.sites.length} sites, batch of ${inputs.length} requests, ${n} calls per build, in turn`);
    await compare(servers, n, inputs.length, (s) => s.gql(BATCH, { inputs }));
  }
  for (const s of servers) await s.close();
  await database.close();
}

/** Calls each server in turn n times (answers checked equal first) and prints each build's times. */
async function compare(servers: Server[], n: number, perCall: number, call: (s: Server) => Promise<unknown>): Promise<void> {
  const answers = await Promise.all(servers.map(call));
  if (answers.some((a) => JSON.stringify(a) !== JSON.stringify(answers[0]))) throw new Error('the builds answer differently');
  for (let i = 0; i < 3; i++) for (const s of servers) await call(s);
  const times = new Map<string, number[]>(servers.map((s) => [s.name, []]));
  for (let i = 0; i < n; i++) {
    // Alternate the order, so no build always follows the same other one's garbage.
    for (const s of i % 2 ? [...servers].reverse() : servers) {
      const t0 = performance.now();
      await call(s);
      times.get(s.name)!.push(performance.now() - t0);
    }
  }
  const stat = (ms: number[]) => ({ p50: percentile(ms, 50), p95: percentile(ms, 95), min: Math.min(...ms) });
  const stats = servers.map((s) => stat(times.get(s.name)!));
  const f = (x: number) => x.toFixed(1);
  const last = stats[stats.length - 1]!;
  servers.forEach((s, i) => {
    const t = stats[i]!;
    console.log(`${s.name.padEnd(16)} p50 ${f(t.p50)} / p95 ${f(t.p95)} / min ${f(t.min)} ms (${(t.p50 / perCall).toFixed(2)} ms per request); ` +
      `over this build: p50 ${(t.p50 / last.p50).toFixed(2)}x, p95 ${(t.p95 / last.p95).toFixed(2)}x`);
  });
}

const fileURLToRoot = () => new URL('../../', import.meta.url).pathname.replace(/\/$/, '');

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
