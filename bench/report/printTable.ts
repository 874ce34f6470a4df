import { relative } from 'node:path';
import type { BrowserFigures } from '../browser/runBrowser.ts';
import { REPO_ROOT } from '../browser/webBuild.ts';
import { printProfile, printResultCache } from '../queries/profileRequests.ts';
import { type BenchResults, hasMetrics, type MetricsResults } from './results.ts';
import { importSideBySide } from '../sales/runSales.ts';

const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const x = (n: number | null) => (n === null ? '-' : n >= 100 ? `${n.toFixed(0)}x` : `${n.toFixed(1)}x`);
const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')).join('\n');
}

/** The figures a person reads: setup, ingest, one line per request, memory, disk, targets. */
export function printResults(r: BenchResults): void {
  const m = r.machine;
  console.log(`\n== Sitelens benchmark  ${r.startedAt}`);
  console.log(`machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.os}, Node ${m.node}`);
  console.log(`engine:  ${m.engine}, ${m.engineVersion}; DuckDB ${m.duckdbVersion ?? 'skipped'}`);
  if (hasMetrics(r)) printMetrics(r);
  if (r.browser) printBrowser(r.browser);
  console.log('\ntargets:');
  for (const t of r.targets) console.log(`  ${t.met ? 'met   ' : 'MISSED'}  ${t.target}: ${t.measured}`);
}

function printMetrics(r: BenchResults & MetricsResults): void {
  const d = r.dataset;
  console.log(`dataset: scale ${r.options.scale}, ${d.sites} sites, ${d.zones} zones, ${d.readings?.toLocaleString('en') ?? '(reused)'} readings`);
  if (d.bulkLoadSeconds !== undefined) {
    console.log(`bulk path (demo generator's bulkLoadReadings): ${Math.round(d.bulkReadingsPerSecond!).toLocaleString('en')} readings/s ` +
      `(${d.bulkLoadSeconds.toFixed(1)} s, of which generating ${d.generatorSeconds?.toFixed(1) ?? '?'} s), rebuildRollups ${d.rollupSeconds!.toFixed(1)} s, analyze ${d.analyzeSeconds!.toFixed(1)} s`);
  }
  const i = r.ingest;
  if (!i) console.log('HTTP ingest: skipped (--skip-ingest)');
  else console.log(`HTTP ingest (/api/ingest, NDJSON x ${i.batchSize}, ${i.concurrency} in flight): ${Math.round(i.readingsPerSecond).toLocaleString('en')} readings/s ` +
    `(${i.readings.toLocaleString('en')} in ${i.seconds.toFixed(1)} s; batch p50 ${ms(i.batchP50Ms)} ms, p95 ${ms(i.batchP95Ms)} ms; rollups exact: ${i.rollupsExact}${i.failedReadings ? `; ${i.failedReadings.toLocaleString('en')} FAILED: ${i.firstError}` : ''})`);
  if (r.duckdbLoad) console.log(`DuckDB load (CSV COPY): ${Math.round(r.duckdbLoad.readingsPerSecond).toLocaleString('en')} readings/s (${r.duckdbLoad.seconds.toFixed(1)} s)`);

  const s = r.stopngo;
  if (s) console.log(`Stop&Go (${s.displays} entrance screens, ${s.rounds} readings): reading to screen p50 ${ms(s.latencyP50Ms)} ms, p95 ${ms(s.latencyP95Ms)} ms, max ${ms(s.latencyMaxMs)} ms` +
    `${s.missed ? `, ${s.missed} MISSED` : ''}; occupancy against the limit p50 ${ms(s.occupancyP50Ms)} ms, p95 ${ms(s.occupancyP95Ms)} ms`);
  console.log(`GraphQL floor ({ __typename } over HTTP): p50 ${ms(r.httpFloor.p50)} ms, p95 ${ms(r.httpFloor.p95)} ms`);
  if (r.profile?.length) console.log(`\nwhere one call's time goes (Server-Timing):\n${printProfile(r.machine.engine, r.profile)}`);
  const resultCache = r.profile?.length ? printResultCache(r.profile) : null;
  if (resultCache) console.log(`\nthe result cache (issue 33 item 4), side by side:\n${resultCache}`);
  const head = ['request (ms: p50 / p95)', 'calls', 'level', 'HTTP', 'engine SQL', 'raw SQL', 'DuckDB', 'raw/eng', 'duck/eng', 'duck/HTTP', 'same'];
  const lines = r.requests.map((q) => [
    q.id, String(q.calls), q.levels.join('+'),
    `${ms(q.http.p50)} / ${ms(q.http.p95)}`, `${ms(q.engine.p50)} / ${ms(q.engine.p95)}`,
    `${ms(q.raw.p50)} / ${ms(q.raw.p95)}${q.raw.n < 20 ? ` (n=${q.raw.n})` : ''}`,
    q.duckdb ? `${ms(q.duckdb.p50)} / ${ms(q.duckdb.p95)}` : '-',
    x(q.ratios.rawOverEngine), x(q.ratios.duckdbOverEngine), x(q.ratios.duckdbOverHttp), q.agree ? 'yes' : 'NO',
  ]);
  console.log(`\n${table([head, ...lines])}`);
  for (const [aligned, shifted, what] of PARTIAL_DAYS) {
    const line = partialDays(r.requests, aligned, shifted, what);
    if (line) console.log(`\n${line}`);
  }
  const sales = r.sales;
  if (sales) {
    console.log(`\nsales import (GraphQL multipart, ${sales.receipts.toLocaleString('en')} receipts, ${(sales.fileBytes / 1048576).toFixed(2)} MB CSV, ${sales.shops} shops): ` +
      `${Math.round(sales.importMs).toLocaleString('en')} ms until retailData shows them (${Math.round(sales.receiptsPerSecond).toLocaleString('en')} receipts/s), ` +
      `memory growth +${sales.rssGrowthMb} MB RSS / +${sales.heapGrowthMb} MB heap; same file again (all replaced) ${Math.round(sales.reimportMs).toLocaleString('en')} ms`);
    console.log(`sales, fix and re-upload: ${importSideBySide(sales)}`);
    console.log(`sales funnel (${sales.funnel.shops} shops x ${sales.funnel.months} months, metrics + total in one call): p50 ${ms(sales.funnel.p50)} ms, p95 ${ms(sales.funnel.p95)} ms (n=${sales.funnel.n})`);
  } else console.log('\nsales import and funnel: skipped (--skip-sales)');
  const e = r.messages;
  if (e) {
    console.log(`\nmessages (${e.engine}, local SMTP server, pooled connections): enqueue p50 ${ms(e.enqueue.p50)} ms, p95 ${ms(e.enqueue.p95)} ms; ` +
      `send call to SMTP acceptance p50 ${ms(e.toSmtp.p50)} ms, p95 ${ms(e.toSmtp.p95)} ms (n=${e.toSmtp.n}); ` +
      `50 report e-mails (${(e.burst.attachmentBytes / 1024).toFixed(0)} KB XLSX each) at once: all accepted in ${e.burst.seconds.toFixed(2)} s (${e.burst.perSecond.toFixed(0)} /s)`);
  }
  const rx = r.reportsExport;
  if (rx) {
    console.log(`\ndata export (${rx.export.zones} zones x ${rx.export.days} days at 15 min, ${rx.export.rows.toLocaleString('en')} rows, streamed XLSX of ${(rx.export.bytes / 1048576).toFixed(1)} MB): ` +
      `${rx.export.seconds.toFixed(2)} s, ${Math.round(rx.export.rowsPerSecond).toLocaleString('en')} rows/s = ${rx.export.speedRatio.toFixed(2)}x the target's rate (350,400 rows in 30 s); ` +
      `memory +${rx.export.rssGrowthMb} MB RSS (kernel peak; sampled +${rx.export.sampledRssGrowthMb} MB) = ${rx.export.memoryRatio.toFixed(2)}x the 200 MB allowance; ` +
      `again, warm: ${rx.export.warmSeconds.toFixed(2)} s, +${rx.export.warmRssGrowthMb} MB; ` +
      `the first writer on the same rows: ${rx.export.legacySeconds.toFixed(2)} s, so ${rx.export.gain.toFixed(2)}x faster now; ` +
      `for an English and an Arabic recipient (the data read once): ${rx.export.twoLanguagesSeconds.toFixed(2)} s, ${rx.export.twoLanguagesRatio.toFixed(2)}x one language`);
    console.log(`scheduled reports: ${rx.reports.reports} due at once, built and handed to SMTP in ${rx.reports.seconds.toFixed(2)} s = ${rx.reports.ratio.toFixed(3)}x the 2-minute target`);
  }
  const mem = Object.entries(r.memory).map(([phase, p]) => `${phase} ${p.kernelPeakMb ?? p.sampledPeakMb} MB`).join(', ');
  console.log(`\npeak RSS of this process (server + database + driver) by phase: ${mem}`);
  console.log(`on disk: ${r.machine.engine.startsWith('PGlite') ? 'PGlite folder' : 'PostgreSQL database'} ${mb(r.disk.databaseBytes)}${r.disk.walBytes === null ? '' : ` (of which WAL ${mb(r.disk.walBytes)})`}` +
    `${r.disk.duckdbBytes === null ? '' : `, DuckDB file ${mb(r.disk.duckdbBytes)}`}`);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The browser phase's line: the counting page until every widget shows data, and the JavaScript loaded. */
function printBrowser(b: BrowserFigures): void {
  const widgets = b.page.widgets.length;
  const built = b.webBuild.built ? `, rebuilt in ${b.webBuild.seconds!.toFixed(0)} s` : '';
  const served = relative(REPO_ROOT, b.webBuild.dist);
  console.log(`\nbrowser (Chromium ${b.chromium}; the real server serving ${served.startsWith('..') ? b.webBuild.dist : served}${built}, ` +
    `on a fresh demo database of ${b.demoDays} days, started in ${b.serverStartSeconds.toFixed(0)} s):`);
  console.log(`  ${b.page.path} (${b.page.site}), ${widgets} widgets until all show data, ms p50 / p95 over ${b.cold.n} runs: ` +
    `cold ${ms(b.cold.p50)} / ${ms(b.cold.p95)}, warm ${ms(b.warm.p50)} / ${ms(b.warm.p95)} ` +
    `(widget frames first shown: cold ${ms(b.coldFrames.p50)} / ${ms(b.coldFrames.p95)}, warm ${ms(b.warmFrames.p50)} / ${ms(b.warmFrames.p95)})`);
  const js = (s: BrowserFigures['countingPageScripts']) => `${kb(s.gzipBytes)} gzip (${kb(s.bytes)} raw, ${s.files.length} files)`;
  console.log(`  JavaScript loaded: counting page ${js(b.countingPageScripts)}, sign-in page ${js(b.signInPageScripts)}, ` +
    `sign-in/counting ${(b.signInShare * 100).toFixed(1)}%${b.countingPageScripts.serverEncoding === 'identity' ? ' (server sends scripts uncompressed; gzip by zlib)' : ''}`);
}

/** Issue 33 item 5: the shifted range against the aligned one, now (engine SQL, HTTP) and before (raw SQL, what it was read from). */
const PARTIAL_DAYS = [
  ['co2DailyAvg89d', 'co2DailyAvg89dShifted', 'average'],
  ['co2DailyMedian89d', 'co2DailyMedian89dShifted', 'median'],
] as const;

function partialDays(requests: MetricsResults['requests'], alignedId: string, shiftedId: string, what: string): string | null {
  const aligned = requests.find((q) => q.id === alignedId);
  const shifted = requests.find((q) => q.id === shiftedId);
  if (!aligned || !shifted) return null;
  return `partial days (issue 33 item 5), CO2 daily ${what} over 89 days, p50 shifted by 3 h / on the site's day bounds: ` +
    `engine SQL ${x(shifted.engine.p50 / aligned.engine.p50)} (${ms(shifted.engine.p50)} / ${ms(aligned.engine.p50)} ms, ${shifted.levels.join('+')} / ${aligned.levels.join('+')}), ` +
    `HTTP ${x(shifted.http.p50 / aligned.http.p50)} (${ms(shifted.http.p50)} / ${ms(aligned.http.p50)} ms); ` +
    `before, the shifted range from raw readings: ${ms(shifted.raw.p50)} ms = ${x(shifted.raw.p50 / aligned.engine.p50)} the aligned one, ${x(shifted.raw.p50 / shifted.engine.p50)} the shifted one now`;
}
