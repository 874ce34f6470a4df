import type { BrowserFigures } from '../browser/runBrowser.ts';
import { type BenchResults, hasMetrics, type MetricsResults, type TargetCheck } from './results.ts';

export type { TargetCheck } from './results.ts';
import { FUNNEL_SHOPS } from '../sales/runSales.ts';
import { YIELD_TARGET } from '../exports/runExportYield.ts';

const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The issue's targets, checked on this run (they are stated for the embedded default at full scale). */
export function checkTargets(r: BenchResults): TargetCheck[] {
  return [...(hasMetrics(r) ? metricsTargets(r) : []), ...(r.browser ? browserTargets(r.browser) : [])];
}

function metricsTargets(r: BenchResults & MetricsResults): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const slowest = [...r.requests].sort((a, b) => b.http.p95 - a.http.p95)[0]!;
  checks.push({ target: 'every request p95 < 50 ms (GraphQL over HTTP)', met: slowest.http.p95 < 50, measured: `slowest: ${slowest.id} ${fmt(slowest.http.p95, 1)} ms` });
  for (const q of r.requests.filter((x) => x.yearLong)) {
    checks.push({ target: `year-long ${q.id} >= 100x faster than raw`, met: q.ratios.rawOverEngine >= 100, measured: `raw/engine ${fmt(q.ratios.rawOverEngine, 1)}x (raw/HTTP ${fmt(q.ratios.rawOverHttp, 1)}x)` });
  }
  if (r.requests.every((q) => q.duckdb)) {
    // SQL against SQL: DuckDB runs in-process with no HTTP or GraphQL layer in front of it.
    const worst = [...r.requests].sort((a, b) => a.ratios.duckdbOverEngine! - b.ratios.duckdbOverEngine!)[0]!;
    checks.push({
      target: 'faster than DuckDB on the same raw data (every request, engine SQL p50)',
      met: worst.ratios.duckdbOverEngine! > 1,
      measured: `worst: ${worst.id} DuckDB/engine ${fmt(worst.ratios.duckdbOverEngine!, 2)}x (DuckDB/HTTP ${fmt(worst.ratios.duckdbOverHttp!, 2)}x)`,
    });
  }
  if (r.ingest) {
    const failed = r.ingest.failedReadings ? `; ${fmt(r.ingest.failedReadings)} readings failed: ${r.ingest.firstError}` : '';
    checks.push({ target: 'HTTP ingest >= 50,000 readings/s', met: r.ingest.readingsPerSecond >= 50_000 && !r.ingest.failedReadings, measured: `${fmt(r.ingest.readingsPerSecond)} /s${failed}` });
  }
  if (r.stopngo) {
    const s = r.stopngo;
    checks.push({
      target: 'Stop&Go screens show a reading within 2 s (p95)',
      met: s.latencyP95Ms < 2000 && s.missed === 0,
      measured: `p95 ${fmt(s.latencyP95Ms)} ms over ${s.displays} displays x ${s.rounds} readings${s.missed ? `; ${s.missed} missed` : ''}`,
    });
  }
  if (r.sales) {
    const s = r.sales;
    checks.push({
      target: 'sales import of a 10 MB CSV (~150,000 receipts) visible in retailData < 10 s',
      met: s.importMs < 10_000 && s.visible,
      measured: `${fmt(s.receipts)} receipts, ${fmt(s.fileBytes / 1048576, 2)} MB: ${fmt(s.importMs)} ms (${fmt(s.receiptsPerSecond)} /s), memory +${fmt(s.rssGrowthMb)} MB RSS`,
    });
    checks.push({
      target: 'sales re-import of the same 10 MB CSV with lines corrected, visible in retailData < 10 s',
      met: s.correctedMs < 10_000,
      measured: `${fmt(s.corrected)} lines corrected: ${fmt(s.correctedMs)} ms (first import ${fmt(s.importMs)} ms), ${s.engine}`,
    });
    checks.push({ target: `sales funnel p95 < 100 ms (${FUNNEL_SHOPS} shops, a year)`, met: s.funnel.p95 < 100, measured: `${s.funnel.shops} shops x ${s.funnel.months} months: p50 ${fmt(s.funnel.p50, 1)} / p95 ${fmt(s.funnel.p95, 1)} ms` });
  }
  if (r.messages) {
    const m = r.messages;
    checks.push({ target: 'e-mail accepted by SMTP p95 < 5 s after the send call (the sending part of the alert target)', met: m.toSmtp.p95 < 5000, measured: `p95 ${fmt(m.toSmtp.p95, 1)} ms` });
    checks.push({ target: '50 report e-mails handed to SMTP < 2 min (the sending part of the reports target)', met: m.burst.seconds < 120, measured: `${fmt(m.burst.seconds, 2)} s` });
  }
  if (r.reportsExport) {
    const x = r.reportsExport;
    checks.push({
      target: 'export of a year of 10 zones at 15 min < 30 s, memory +200 MB at most (as a rate at this scale)',
      met: x.export.speedRatio >= 1 && x.export.memoryRatio <= 1,
      measured: `${Math.round(x.export.rowsPerSecond).toLocaleString('en')} rows/s (${x.export.speedRatio.toFixed(2)}x; ${x.export.gain.toFixed(2)}x the first writer's), +${x.export.rssGrowthMb} MB (${x.export.memoryRatio.toFixed(2)}x; warm +${x.export.warmRssGrowthMb} MB)`,
    });
    checks.push({ target: '50 scheduled reports due at once handed to SMTP < 2 min', met: x.reports.ratio < 1, measured: `${x.reports.seconds.toFixed(2)} s (${x.reports.ratio.toFixed(3)}x)` });
  }
  if (r.exportYield) {
    const y = r.exportYield;
    checks.push({
      target: `a person's dashboard p95 during a year-long export <= ${YIELD_TARGET}x its idle p95 (${y.engine})`,
      met: y.asJob.ratio <= YIELD_TARGET,
      measured: `${y.asJob.ratio.toFixed(2)}x (${fmt(y.asJob.p95Ms, 1)} / ${fmt(y.idle.p95Ms, 1)} ms); as another caller ${y.asCaller.ratio.toFixed(2)}x`,
    });
  }
  const serverPeak = Math.max(...['load', 'ingest', 'queries', 'sales'].map((p) => r.memory[p]?.kernelPeakMb ?? r.memory[p]?.sampledPeakMb ?? 0));
  checks.push({ target: 'server memory < 1.5 GB', met: serverPeak < 1536, measured: `peak RSS ${fmt(serverPeak)} MB` });
  return checks;
}

const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;

function browserTargets(b: BrowserFigures): TargetCheck[] {
  const share = b.signInShare * 100;
  return [
    {
      target: 'sign-in page loads < 50% of the counting page\'s JavaScript (gzip)',
      met: b.signInShare < 0.5,
      measured: `${kb(b.signInPageScripts.gzipBytes)} of ${kb(b.countingPageScripts.gzipBytes)}, ${fmt(share, 1)}%`,
    },
    {
      target: 'every widget of the demo counting page shows data (cold and warm)',
      met: b.notData.length === 0,
      measured: b.notData.length ? b.notData.join('; ') : `${b.page.widgets.length} of ${b.page.widgets.length} in all ${b.cold.n * 2} loads`,
    },
  ];
}
