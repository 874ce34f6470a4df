import { PROFILE_LAYERS, type ProfileLayer } from '../../apps/server/src/http/requestProfile.ts';
import { MAX_BATCH } from '../../apps/server/src/modules/metrics/retailData.service.ts';
import type { BenchServer } from '../server/benchServer.ts';
import { postGraphql } from '../server/httpPost.ts';
import type { BenchRequest } from './requests.ts';
import { percentile } from './timeRuns.ts';

/** The batch document a widget sends (as runPgQueries). */
const RETAIL_DATA_BATCH =
  'query($inputs: [RetailDataInput!]!) { retailDataBatch(inputs: $inputs) { metric unit series { key label points { t key value } } } }';

/** Median milliseconds per layer of one call, read from the server's Server-Timing header, and the client's own. */
export interface CallProfile {
  id: string;
  label: string;
  n: number;
  layers: Record<ProfileLayer, number>;
  /** What the client waited (HTTP round trip included). */
  client: number;
  /** Of the measured calls' analytics requests, those answered from the result cache (X-Result-Cache). */
  cacheHits?: number;
  cacheMisses?: number;
}

const WARMUPS = 5;
const RUNS = 40;

async function profileCall(server: BenchServer, id: string, label: string, query: string, variables: Record<string, unknown>): Promise<CallProfile> {
  const samples: Array<Record<string, number>> = [];
  const client: number[] = [];
  const cache = { hits: 0, misses: 0 };
  for (let i = 0; i < WARMUPS + RUNS; i++) {
    const t0 = performance.now();
    const res = await postGraphql(`${server.base}/graphql`, JSON.stringify({ query, variables }), server.token);
    const body = JSON.parse(res.body) as { errors?: unknown };
    const ms = performance.now() - t0;
    if (body.errors) throw new Error(`profile ${id}: ${JSON.stringify(body.errors).slice(0, 300)}`);
    const header = String(res.headers['server-timing'] ?? '');
    if (!header) throw new Error('profile: the server sent no Server-Timing header (PROFILE_REQUESTS=on)');
    if (i < WARMUPS) continue;
    samples.push(Object.fromEntries(header.split(', ').map((part) => [part.split(';')[0]!, Number(part.split('dur=')[1])])));
    client.push(ms);
    const counted = /hit=(\d+) miss=(\d+)/.exec(String(res.headers['x-result-cache'] ?? ''));
    cache.hits += Number(counted?.[1] ?? 0);
    cache.misses += Number(counted?.[2] ?? 0);
  }
  const layers = Object.fromEntries(PROFILE_LAYERS.map((layer) => [layer, percentile(samples.map((s) => s[layer] ?? 0), 50)])) as Record<ProfileLayer, number>;
  return { id, label, n: samples.length, layers, client: percentile(client, 50), cacheHits: cache.hits, cacheMisses: cache.misses };
}

/**
 * Issue 33 item 1: where the time of one call goes, layer by layer, for the GraphQL floor, the
 * counting page's chart call and one call of the year-long request (its first batch of sites),
 * on a server started with PROFILE_REQUESTS=on.
 */
export async function profileRequests(server: BenchServer, requests: BenchRequest[]): Promise<CallProfile[]> {
  const counting = requests.find((r) => r.id === 'countingPage')!;
  const year = requests.find((r) => r.yearLong)!;
  return [
    await profileCall(server, 'floor', '{ __typename }', '{ __typename }', {}),
    await profileCall(server, 'countingPage', 'counting page chart (retailDataBatch, 1 input)', RETAIL_DATA_BATCH, { inputs: counting.parts.map((p) => p.input) }),
    await profileCall(server, year.id, `year-long (retailDataBatch, ${Math.min(MAX_BATCH, year.parts.length)} inputs)`, RETAIL_DATA_BATCH, {
      inputs: year.parts.slice(0, MAX_BATCH).map((p) => p.input),
    }),
  ];
}

/**
 * Issue 33 item 4: the counting page's chart call on a server with the result cache on (RESULT_CACHE_MB
 * default): after the first call, every identical one is answered from the cache.
 */
export async function profileCountingCached(server: BenchServer, requests: BenchRequest[]): Promise<CallProfile> {
  const counting = requests.find((r) => r.id === 'countingPage')!;
  return profileCall(server, 'countingPage', 'counting page chart, result cache on', RETAIL_DATA_BATCH, { inputs: counting.parts.map((p) => p.input) });
}

/** The counting page's p50 without and with the result cache, side by side (one run, one database). */
export function printResultCache(profiles: CallProfile[]): string | null {
  const uncached = profiles.find((p) => p.id === 'countingPage');
  const cached = profiles.find((p) => p.id === 'countingPage (result cache)');
  if (!uncached || !cached) return null;
  const head = ['counting page chart (p50 ms)', 'result cache off', 'result cache on', 'off / on'];
  const rows = [
    head,
    ['server total', ms(uncached.layers.total), ms(cached.layers.total), `${(uncached.layers.total / (cached.layers.total || 1)).toFixed(1)}x`],
    ['engine SQL', ms(uncached.layers.sql), ms(cached.layers.sql), '-'],
    ['client round trip', ms(uncached.client), ms(cached.client), `${(uncached.client / (cached.client || 1)).toFixed(1)}x`],
    ['answered from the cache', `${uncached.cacheHits ?? 0}/${uncached.n}`, `${cached.cacheHits ?? 0}/${cached.n}`, '-'],
  ];
  const widths = head.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}

const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));

/** One column per call: median ms per layer and its share of the server's total. */
export function printProfile(engine: string, profiles: CallProfile[]): string {
  const head = [`layer (${engine}, median ms, share)`, ...profiles.map((p) => p.id)];
  const rows = PROFILE_LAYERS.map((layer) => [
    layer,
    ...profiles.map((p) => `${ms(p.layers[layer])}${layer === 'total' ? '' : ` ${Math.round((100 * p.layers[layer]) / (p.layers.total || 1))}%`}`),
  ]);
  rows.push(['client round trip', ...profiles.map((p) => ms(p.client))]);
  const all = [head, ...rows];
  const widths = head.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}
