/**
 * npm run bench [-- --scale 0.1]: the metrics engine on a year of 15-minute readings (issue item 7).
 * Builds the dataset through the demo generator's bulk path, ingests a window through the real
 * HTTP endpoint, times the requests through GraphQL, through the engine's SQL and from raw
 * readings, then the same requests in DuckDB. Then the browser phase (bench/browser): the demo
 * counting page in Chromium, cold and warm, and the JavaScript it loads against the sign-in page's.
 * Prints a table and writes bench/results.json.
 */
import { printStart, runStart } from './server/runStart.ts';
import { existsSync, rmSync, statSync } from 'node:fs';
import { DATA_DIR, PGLITE_DIR, databaseBytes, folderBytes, openBenchDatabase, openRawReader, saveMarker } from './dataset/benchDatabase.ts';
import { createLayout, readLayout } from './dataset/layout.ts';
import { loadDataset } from './dataset/loadDataset.ts';
import { checkBrowserInstalled, runBrowser } from './browser/runBrowser.ts';
import { loadDuckdb } from './duckdb/duckdbLoad.ts';
import { runDuckdbQueries } from './duckdb/runDuckdbQueries.ts';
import { runIngest } from './ingest/runIngest.ts';
import { runMessages } from './messages/runMessages.ts';
import { runReportsExport } from './exports/runReportsExport.ts';
import { printExportYield, runExportYield } from './exports/runExportYield.ts';
import { type BenchOptions, parseOptions } from './options.ts';
import { benchRequests } from './queries/requests.ts';
import { type PgRequestResult, runPgQueries, timeHttpFloor } from './queries/runPgQueries.ts';
import { type CallProfile, printProfile, printResultCache, profileCountingCached, profileRequests } from './queries/profileRequests.ts';
import { measureFloor, printFloor } from './queries/floorFigures.ts';
import { type MachineInfo, machineInfo } from './report/machine.ts';
import { createMemoryMeter } from './report/memoryMeter.ts';
import { printResults } from './report/printTable.ts';
import { type BenchResults, type MetricsResults, RESULTS_FILE, requestResult, writeResults } from './report/results.ts';
import { checkTargets } from './report/targets.ts';
import { startBenchServer } from './server/benchServer.ts';
import { runStopNGo } from './stopngo/runStopNGo.ts';
import { runSales } from './sales/runSales.ts';
import { printSales, runSalesOnly } from './sales/runSalesOnly.ts';
import { printUploads, runUploads } from './uploads/runUploads.ts';
import { printAmplification, runAmplification } from './amplification/runAmplification.ts';
import { printDashboardUsers, runDashboardUsers } from './users/runDashboardUsers.ts';
import { printAlerts, runAlerts } from './alerts/runAlerts.ts';
import { printIngestAgainstBulk } from './ingest/ingestAgainstBulk.ts';

const DUCKDB_FILE = `${DATA_DIR}bench.duckdb`;
const fileBytes = (path: string) => (existsSync(path) ? statSync(path).size : 0);

type Meter = ReturnType<typeof createMemoryMeter>;

/**
 * The request profile (issue 33 item 1) on servers of their own that send Server-Timing: with the
 * caller cache off (each call reads its session, membership and rights, as before issue 33), with
 * the reference cache off (each call looks up its site, zones and names), then the default.
 */
async function runProfile(database: Awaited<ReturnType<typeof openBenchDatabase>>['database'], layout: Awaited<ReturnType<typeof readLayout>>): Promise<CallProfile[]> {
  const profiles: CallProfile[] = [];
  // The engine's path is what these time: the result cache is off, as on the main server.
  // Then the default with the reference cache off: the lookups around the engine's SQL read on every call, as before.
  const passes = [
    [' (no caller cache)', '0', '50000'],
    [' (no reference cache)', '15', '0'],
    ['', '15', '50000'],
  ] as const;
  for (const [suffix, seconds, entries] of passes) {
    console.log(`Profiling one call layer by layer (PROFILE_REQUESTS=on, CALLER_CACHE_SECONDS=${seconds}, REFERENCE_CACHE_ENTRIES=${entries}, RESULT_CACHE_MB=0)...`);
    const server = await startBenchServer(database, { PROFILE_REQUESTS: 'on', CALLER_CACHE_SECONDS: seconds, REFERENCE_CACHE_ENTRIES: entries, RESULT_CACHE_MB: '0' });
    try {
      for (const p of await profileRequests(server, benchRequests(layout))) profiles.push({ ...p, id: `${p.id}${suffix}` });
    } finally {
      await server.close();
    }
  }
  console.log('Profiling the counting page with the result cache on (issue 33 item 4)...');
  const cachedServer = await startBenchServer(database, { PROFILE_REQUESTS: 'on' });
  try {
    profiles.push({ ...(await profileCountingCached(cachedServer, benchRequests(layout))), id: 'countingPage (result cache)' });
  } finally {
    await cachedServer.close();
  }
  console.log(`\n${printProfile(database.engine, profiles)}\n`);
  const sideBySide = printResultCache(profiles);
  if (sideBySide) console.log(`${sideBySide}\n`);
  return profiles;
}

async function runMetrics(opts: BenchOptions, meter: Meter): Promise<{ machine: MachineInfo & { duckdbVersion: string | null }; metrics: MetricsResults } | null> {
  const plan = { runs: opts.runs, warmups: opts.warmups, budgetMs: opts.budgetMs, minRuns: opts.minRuns };

  console.log(`Opening ${opts.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite in bench/data/pglite'}...`);
  meter.begin();
  const { database, reused } = await openBenchDatabase(opts);
  if (!reused) rmSync(DUCKDB_FILE, { force: true });
  const machine = await machineInfo(database);
  const layout = reused ? await readLayout(database, reused.organizationId) : await createLayout(database, opts.scale);
  const zones = layout.sites.length * 10;
  // The exports phase alone reads one site: a fresh run creates the scale's whole layout but loads that site's year only.
  const oneSite = reused ? reused.oneSite === true : opts.exportsOnly || opts.yieldOnly;
  const loaded = oneSite ? `readings of the first site only (${layout.sites[0]!.zoneIds.length} zones)` : `${zones} zones`;
  console.log(`Dataset: ${layout.sites.length} sites, ${zones} zones; ${loaded}, 365 days x 96 quarters x 3 metrics${reused ? ' (reused)' : ''}`);
  const load = reused ? null : await loadDataset(database, layout, oneSite ? layout.sites.slice(0, 1) : layout.sites);
  if (load) saveMarker({ scale: opts.scale, engine: database.engine, organizationId: layout.organizationId, load: { ...load }, ...(oneSite ? { oneSite } : {}) });
  meter.end('load');

  if (opts.yieldOnly) {
    const exportYield = await runExportYield(database, layout, opts.scale);
    await database.close();
    printExportYield(exportYield);
    console.log(JSON.stringify({ engine: database.engine, scale: opts.scale, oneSite, exportYield }, null, 2));
    return null;
  }
  if (opts.exportsOnly) {
    const reportsExport = await runReportsExport(database, layout, opts.scale, opts.exportDays);
    await database.close();
    console.log(JSON.stringify({ engine: database.engine, scale: opts.scale, oneSite, reportsExport }, null, 2));
    return null;
  }
  // The request figures time the engine's path: identical calls repeated must not come from the result cache (its own figure is in the profile).
  const server = await startBenchServer(database, { RESULT_CACHE_MB: '0' });
  let ingest = null;
  if (!opts.skipIngest) {
    console.log(`HTTP ingest: ${opts.ingestReadings.toLocaleString('en')} readings in batches of ${opts.batchSize}, ${opts.concurrency} in flight...`);
    meter.begin();
    ingest = await runIngest(database, server, layout, opts);
    meter.end('ingest');
    console.log(printIngestAgainstBulk(database.engine, ingest, load));
  }

  if (opts.profileOnly) {
    console.log('The floor figures: { __typename } against a bare Fastify + Yoga server, the counting page against its engine SQL...');
    const floor = await measureFloor(database, server, benchRequests(layout));
    console.log(`\n${printFloor(floor)}\n`);
    const profile = await runProfile(database, layout);
    await server.close();
    await database.close();
    console.log(JSON.stringify({ engine: database.engine, scale: opts.scale, floor, profile }, null, 2));
    return null;
  }

  if (opts.ingestOnly) {
    await server.close();
    await database.close();
    // Only the ingest figures: bench/results.json keeps the last full run.
    console.log(JSON.stringify({ engine: database.engine, scale: opts.scale, ingest, memory: meter.phases }, null, 2));
    return null;
  }

  const requests = benchRequests(layout);
  const pg: PgRequestResult[] = [];
  meter.begin();
  const httpFloor = await timeHttpFloor(server, plan);
  const raw = openRawReader(opts, database);
  for (const request of requests) {
    console.log(`Timing ${request.id} (${request.label}) over HTTP, engine SQL and raw SQL...`);
    pg.push(await runPgQueries(database, server, request, plan, raw.sql));
  }
  await raw.close();
  meter.end('queries');
  const floor = await measureFloor(database, server, requests);
  console.log(`\n${printFloor(floor)}\n`);
  const profile = await runProfile(database, layout);
  let stopngo = null;
  if (opts.screens > 0) {
    console.log(`Stop&Go: ${opts.screens} entrance screens, a reading at a time through /api/ingest...`);
    stopngo = await runStopNGo(database, server, layout, opts.screens);
  }
  let sales = null;
  if (!opts.skipSales) {
    meter.begin();
    sales = await runSales(database, server, layout, opts.scale, plan);
    meter.end('sales');
  }
  await server.close();
  let messages = null;
  if (opts.messages > 0) {
    console.log(`Messages: ${opts.messages} e-mails one by one, then 50 report e-mails at once, to a local SMTP server...`);
    messages = await runMessages(database, layout.organizationId, { messages: opts.messages });
  }
  let reportsExport = null;
  if (opts.messages > 0) {
    console.log('Exports and reports: one site\'s 10 zones at 15 minutes to XLSX, then 50 scheduled reports due at once...');
    reportsExport = await runReportsExport(database, layout, opts.scale, opts.exportDays);
  }
  let exportYield = null;
  if (opts.messages > 0) exportYield = await runExportYield(database, layout, opts.scale);
  const dbBytes = database.engine === 'postgres' ? await databaseBytes(database) : 0;
  await database.close();
  const diskBytes = database.engine === 'postgres' ? dbBytes : await databaseBytes(database);

  let duck: Array<Awaited<ReturnType<typeof runDuckdbQueries>>> | null = null;
  let duckdbLoad = null;
  let duckdbVersion: string | null = null;
  if (!opts.skipDuckdb) {
    console.log('DuckDB: loading the same readings...');
    meter.begin();
    const { connection, load: loaded, close } = await loadDuckdb(DUCKDB_FILE, layout, reused !== null);
    duckdbLoad = loaded;
    duckdbVersion = String((await connection.runAndReadAll('select version()')).getRows()[0]![0]);
    duck = [];
    for (const request of requests) {
      console.log(`Timing ${request.id} in DuckDB...`);
      duck.push(await runDuckdbQueries(connection, request, plan));
    }
    close();
    meter.end('duckdb');
  }
  return {
    machine: { ...machine, duckdbVersion },
    metrics: {
      dataset: { sites: layout.sites.length, zones, reused: reused !== null, ...(load ?? reused?.load ?? {}) },
      ingest,
      duckdbLoad,
      httpFloor,
      floor,
      profile,
      messages,
      reportsExport,
      exportYield,
      requests: requests.map((request, i) => requestResult(request, pg[i]!, duck?.[i] ?? null)),
      stopngo,
      sales,
      disk: { databaseBytes: diskBytes, walBytes: database.engine === 'pglite' ? folderBytes(`${PGLITE_DIR}/pg_wal`) : null, duckdbBytes: duck ? fileBytes(DUCKDB_FILE) + fileBytes(`${DUCKDB_FILE}.wal`) : null },
    },
  };
}

/** The alerts phase's size: 1,000 alerts either way; fewer readings and triggers with --alerts-only (runs of a few seconds, not one: the ratio of 1-second runs was mostly noise). */
function alertsPlan(opts: BenchOptions, small: boolean): Parameters<typeof runAlerts>[0] {
  return small
    ? { alerts: 1000, readingsPerRun: 240_000, samples: 40, batchSize: opts.batchSize, concurrency: opts.concurrency, demoDays: 2 }
    : { alerts: 1000, readingsPerRun: Math.max(100_000, Math.round(400_000 * opts.scale)), samples: 60, batchSize: opts.batchSize, concurrency: opts.concurrency, demoDays: 2 };
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  const startedAt = new Date().toISOString();
  if (opts.amplificationOnly) {
    // Only the amplification figures: bench/results.json keeps the last full run.
    printAmplification(await runAmplification({ seconds: opts.amplificationSeconds || 20, demoDays: opts.demoDays }));
    return;
  }
  if (opts.alertsOnly) {
    // Only the alerts figures, at a small scale: bench/results.json keeps the last full run.
    printAlerts(await runAlerts(alertsPlan(opts, true)));
    return;
  }
  if (opts.salesOnly) {
    // Only the sales figures (full scale unless --scale): bench/results.json keeps the last full run.
    printSales(await runSalesOnly({ runs: opts.runs, warmups: opts.warmups, budgetMs: opts.budgetMs, minRuns: opts.minRuns }, { footfall: !opts.salesNoFootfall, keep: opts.keepSalesData, scale: opts.scale }));
    return;
  }
  if (opts.uploadsOnly) {
    printUploads(await runUploads());
    return;
  }
  if (opts.usersOnly) {
    if (!opts.databaseUrl) throw new Error('--users-only runs on PostgreSQL: set DATABASE_URL (a database sitelens_bench_users is created beside it)');
    printDashboardUsers(await runDashboardUsers({ users: opts.users, seconds: opts.usersSeconds, demoDays: opts.demoDays, databaseUrl: opts.databaseUrl, proxy: opts.usersProxy, redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379' }));
    return;
  }
  if (opts.startOnly) {
    printStart(await runStart({ demoDays: opts.demoDays }));
    return;
  }
  if (!opts.skipBrowser && !opts.ingestOnly) checkBrowserInstalled();
  const meter = createMemoryMeter();
  const ran = opts.browserOnly ? null : await runMetrics(opts, meter);
  meter.stop();
  if (opts.ingestOnly || opts.exportsOnly || opts.yieldOnly) return;
  // The server and Chromium run in processes of their own: this process's memory meter does not see them.
  const browser = opts.skipBrowser ? null : await runBrowser({ runs: opts.browserRuns, demoDays: opts.demoDays });
  const amplification = opts.amplificationSeconds > 0 && !opts.browserOnly ? await runAmplification({ seconds: opts.amplificationSeconds, demoDays: opts.demoDays }) : null;
  const alerts = !opts.skipAlerts && !opts.browserOnly ? await runAlerts(alertsPlan(opts, false)) : null;
  const uploads = !opts.skipUploads && !opts.browserOnly ? await runUploads() : null;
  const start = !opts.skipStart && !opts.browserOnly ? await runStart({ demoDays: opts.demoDays }) : null;

  const base = {
    startedAt,
    machine: ran?.machine ?? { ...(await machineInfo(null)), duckdbVersion: null },
    options: { ...opts, databaseUrl: opts.databaseUrl ? '(set)' : undefined },
    memory: meter.phases,
    browser,
    amplification,
    alerts,
    targets: [],
  };
  const results: BenchResults = ran ? { ...base, ...ran.metrics } : base;
  results.targets = checkTargets(results);
  printResults(results);
  if (amplification) printAmplification(amplification);
  if (ran?.metrics.exportYield) printExportYield(ran.metrics.exportYield);
  if (alerts) printAlerts(alerts);
  if (uploads) printUploads(uploads);
  if (start) printStart(start);
  writeResults(results);
  console.log(`\nWritten to ${RESULTS_FILE}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
