/**
 * Background work yields to people (issue 33 item 6), on the database the bench opened (the
 * embedded default unless DATABASE_URL): one person's dashboard (one client, its calls back to back
 * over HTTP to the real server in this process) is timed while idle, while an export of a year at
 * 15 minutes runs as a job runs it (background work: its contexts built from dependencies marked by
 * asBackgroundWork, as the queue worker marks a job's), and while the same export runs as another
 * caller (as every job ran before this item). The conditions
 * take turns (idle, export as a job, idle, export as a caller, idle), so drift in the machine's load
 * falls on each. Prints the dashboard's p95 in each over its idle p95 (the bound: 1.5 as a job).
 */
import { asBackgroundWork } from '../../apps/server/src/jobs/backgroundWork.ts';
import type { Database } from '../../apps/server/src/db/database.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { ServerDeps } from '../../apps/server/src/graphql/context.ts';
import { organizationContext } from '../../apps/server/src/modules/auth/organizationContext.ts';
import { buildExportFile } from '../../apps/server/src/modules/exports/exportFile.ts';
import { engineQueue } from '../../apps/server/src/modules/metrics/run/engineTurns.ts';
import { DAY_MS, NOW, TO, type BenchLayout } from '../dataset/layout.ts';
import { startBenchServer } from '../server/benchServer.ts';
import { percentile } from '../queries/timeRuns.ts';

export const YIELD_TARGET = 1.5;
const IDLE_SECONDS = 6;
const WIDGETS = `query($inputs: [RetailDataInput!]!) { retailDataBatch(inputs: $inputs) { metric series { key points { t value } } } }`;

interface Condition {
  calls: number;
  p50Ms: number;
  p95Ms: number;
}

export interface ExportYieldFigures {
  engine: 'pglite' | 'postgres';
  zones: number;
  days: number;
  rows: number;
  dashboard: { widgets: number };
  idle: Condition;
  /** The export as a job runs it: background work. */
  asJob: Condition & { ratio: number; exportSeconds: number; slices: number };
  /** The same export counted as another caller (before issue 33 item 6). */
  asCaller: Condition & { ratio: number; exportSeconds: number };
  /** The two files are the same bytes (the export's content does not depend on its priority). */
  sameFile: boolean;
}

const summary = (times: number[]): Condition => ({ calls: times.length, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) });

export async function runExportYield(database: Database, layout: BenchLayout, scale: number): Promise<ExportYieldFigures> {
  // Identical dashboard calls must reach the engine, not the result cache.
  const server = await startBenchServer(database, { RESULT_CACHE_MB: '0' });
  const site = layout.sites[0]!;
  const days = 365;
  // A year at 15 minutes per zone; the full scale's 10 zones, fewer on a short run.
  const zones = site.zoneIds.slice(0, Math.max(2, Math.min(10, Math.round(10 * scale * 10))));
  const config = loadConfig({ DEMO_DATA: 'off', SIMULATOR: 'off', LOG_LEVEL: 'silent' });
  const deps = { database, config, now: () => new Date(NOW) } as unknown as ServerDeps;
  const contexts = () => organizationContext(deps, layout.organizationId);
  const jobContexts = () => organizationContext(asBackgroundWork(deps), layout.organizationId);
  const spec = {
    installationId: site.installationId,
    siteName: 'Bench site',
    timeZone: site.tz,
    changeOfDay: '00:00',
    targets: zones.map((id) => ({ kind: 'zone' as const, id, name: `Zone ${id}` })),
    columns: ['visitorsIn', 'visitorsOut'],
    from: TO - days * DAY_MS,
    to: TO,
    granularity: 900,
    format: 'CSV' as const,
  };
  // The person's dashboard: a page of widgets over the same site, as one batch.
  const range = (n: number) => ({ operator: 'AND', conditions: [{ type: 'date', dateBegin: new Date(TO - n * DAY_MS).toISOString(), dateEnd: new Date(TO).toISOString() }] });
  const widget = (metric: string, n: number, granularity: number, perZone: boolean) => ({
    installationId: site.installationId,
    metric,
    groupBy: { type: perZone ? 'zone' : 'date', aggregation: 'sum', granularity },
    target: { kind: 'zone', ids: site.zoneIds },
    filters: range(n),
  });
  const inputs = [
    widget('visitorsIn', 1, 3600, false),
    widget('visitorsOut', 1, 3600, false),
    widget('visitorsIn', 7, 3600, false),
    widget('visitorsIn', 30, 86_400, false),
    widget('visitorsOut', 30, 86_400, false),
    widget('visitorsIn', 90, 86_400, true),
  ];
  const dashboard = async (into: number[]) => {
    const t0 = performance.now();
    await server.gql(WIDGETS, { inputs });
    into.push(performance.now() - t0);
  };
  const idle: number[] = [];
  const idleFor = async (seconds: number) => {
    const until = performance.now() + seconds * 1000;
    while (performance.now() < until) await dashboard(idle);
  };
  /** The dashboard's calls while `work` runs; the export's seconds and file. */
  const during = async (work: () => Promise<Buffer>, into: number[]) => {
    let done = false;
    const t0 = performance.now();
    const file = work().finally(() => (done = true));
    while (!done) await dashboard(into);
    const bytes = await file;
    return { seconds: (performance.now() - t0) / 1000, bytes };
  };
  try {
    let slices = 0;
    const stop = engineQueue(database).onTurn((_key, _size, background) => void (background && slices++));
    for (let i = 0; i < 3; i++) await dashboard([]);
    const asJob: number[] = [];
    const asCaller: number[] = [];
    console.log(`Export as background work: idle dashboard ${IDLE_SECONDS} s, then a year at 15 minutes of ${zones.length} zones as a job, then as another caller...`);
    await idleFor(IDLE_SECONDS);
    const job = await during(() => buildExportFile(jobContexts, spec, 'en'), asJob);
    stop();
    await idleFor(IDLE_SECONDS);
    const caller = await during(() => buildExportFile(contexts, spec, 'en'), asCaller);
    await idleFor(IDLE_SECONDS);
    const still = summary(idle);
    const jobFigures = summary(asJob);
    const callerFigures = summary(asCaller);
    return {
      engine: database.engine,
      zones: zones.length,
      days,
      rows: zones.length * days * 96,
      dashboard: { widgets: inputs.length },
      idle: still,
      asJob: { ...jobFigures, ratio: jobFigures.p95Ms / still.p95Ms, exportSeconds: job.seconds, slices },
      asCaller: { ...callerFigures, ratio: callerFigures.p95Ms / still.p95Ms, exportSeconds: caller.seconds },
      sameFile: job.bytes.equals(caller.bytes),
    };
  } finally {
    await server.close();
  }
}

export function printExportYield(f: ExportYieldFigures): void {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const rows = f.rows.toLocaleString('en');
  console.log(`\nBackground work yields to people (${f.engine}; a dashboard of ${f.dashboard.widgets} widgets, one client, calls back to back; export: ${f.zones} zones x ${f.days} days at 15 minutes, ${rows} rows):`);
  console.log(`  dashboard idle:                         p50 ${ms(f.idle.p50Ms)}, p95 ${ms(f.idle.p95Ms)} (${f.idle.calls} calls)`);
  const ok = f.asJob.ratio <= YIELD_TARGET ? 'OK' : 'OVER';
  console.log(`  during the export as a job (yielding):  p50 ${ms(f.asJob.p50Ms)}, p95 ${ms(f.asJob.p95Ms)} (${f.asJob.calls} calls): ratio ${f.asJob.ratio.toFixed(2)} (bound: ${YIELD_TARGET.toFixed(2)}) ${ok}; export ${f.asJob.exportSeconds.toFixed(1)} s in ${f.asJob.slices} slices`);
  console.log(`  during the export as another caller:    p50 ${ms(f.asCaller.p50Ms)}, p95 ${ms(f.asCaller.p95Ms)} (${f.asCaller.calls} calls): ratio ${f.asCaller.ratio.toFixed(2)} (before item 6); export ${f.asCaller.exportSeconds.toFixed(1)} s`);
  console.log(`  the two files are ${f.sameFile ? 'the same bytes' : 'DIFFERENT'}`);
}
