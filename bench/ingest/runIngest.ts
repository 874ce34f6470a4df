import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Database } from '../../apps/server/src/db/database.ts';
import { type BenchLayout, TO } from '../dataset/layout.ts';
import type { BenchOptions } from '../options.ts';
import { percentile } from '../queries/timeRuns.ts';
import type { BenchServer } from '../server/benchServer.ts';
import { createIngestKey } from '../server/benchServer.ts';
import type { IngestClientResult, IngestPlan } from './ingestClient.ts';

export interface IngestFigures {
  readings: number;
  batches: number;
  batchSize: number;
  concurrency: number;
  seconds: number;
  readingsPerSecond: number;
  batchP50Ms: number;
  batchP95Ms: number;
  /** The ingest zones' visitorsIn total read from rollup_month equals the raw total. */
  rollupsExact: boolean;
  /** Readings refused or lost to failed requests, and the first error answer (none expected). */
  failedReadings: number;
  firstError: string | null;
  /** CPU time of the server's process (database included, PGlite) per batch of 10,000: steadier than wall time on a shared machine. */
  serverCpuMsPer10k: number;
}

const CLIENT = fileURLToPath(new URL('./ingestClient.ts', import.meta.url));

/** The gateways' process (ingestClient.ts), also used by the alerts phase. */
export function runClient(plan: IngestPlan): Promise<IngestClientResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLIENT, JSON.stringify(plan)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`ingest client exited with ${code}`))));
  });
}

/** Sustained ingest through POST /api/ingest into the benchmark database, on the ingest sites' zones. */
export async function runIngest(database: Database, server: BenchServer, layout: BenchLayout, opts: BenchOptions): Promise<IngestFigures> {
  const zoneIds = layout.ingestSites.flatMap((s) => s.zoneIds);
  // A reused database holds the last run's window: start from empty zones again.
  for (const table of ['readings', 'rollup_hour', 'rollup_day', 'rollup_month', 'rollup_day_values']) {
    await database.sql.query(`delete from ${table} where organization_id = $1 and target_kind = 'zone' and target_id = any($2::int[])`, [layout.organizationId, zoneIds]);
  }
  const key = await createIngestKey(server);
  const plan: IngestPlan = { base: server.base, key, zoneIds, total: opts.ingestReadings, batchSize: opts.batchSize, concurrency: opts.concurrency, endMs: TO };
  const cpuBefore = process.cpuUsage();
  const r = await runClient(plan);
  const cpu = process.cpuUsage(cpuBefore);
  if (r.firstError) console.log(`  ingest: ${r.sent - r.accepted} of ${r.sent} readings refused or failed; first error: ${r.firstError}`);
  const { rows } = await database.sql.query<{ raw: number; rolled: number; n: string }>(
    `select (select sum(value) from readings where organization_id = $1 and target_kind = 'zone' and target_id = any($2::int[]) and metric = 'visitorsIn') as raw,
            (select sum(sum) from rollup_month where organization_id = $1 and target_kind = 'zone' and target_id = any($2::int[]) and metric = 'visitorsIn') as rolled,
            (select count(*) from readings where organization_id = $1 and target_kind = 'zone' and target_id = any($2::int[]))::text as n`,
    [layout.organizationId, zoneIds],
  );
  const check = rows[0]!;
  // A batch is all or nothing: what was accepted must be stored, no more, no less.
  if (Number(check.n) !== r.accepted) throw new Error(`ingest stored ${check.n} readings, but ${r.accepted} were accepted`);
  return {
    readings: r.accepted,
    batches: r.batches,
    batchSize: opts.batchSize,
    concurrency: opts.concurrency,
    seconds: r.seconds,
    readingsPerSecond: r.accepted / r.seconds,
    batchP50Ms: percentile(r.batchMs, 50),
    batchP95Ms: percentile(r.batchMs, 95),
    rollupsExact: Number(check.raw) === Number(check.rolled),
    failedReadings: r.sent - r.accepted,
    firstError: r.firstError,
    serverCpuMsPer10k: ((cpu.user + cpu.system) / 1000 / Math.max(1, r.accepted)) * 10_000,
  };
}
