import { parseArgs } from 'node:util';

export interface BenchOptions {
  /** Share of the 50 sites to build (1 = 500 zones, ~52.6 M readings); at least 3 sites. */
  scale: number;
  /** Keep bench/data and its readings from the last run of the same scale. */
  reuse: boolean;
  runs: number;
  warmups: number;
  /** Time one path of one request may take before it stops at `minRuns`. */
  budgetMs: number;
  minRuns: number;
  ingestReadings: number;
  batchSize: number;
  concurrency: number;
  skipDuckdb: boolean;
  /** Leave out the HTTP ingest phase (e.g. timing requests again on a reused dataset). */
  skipIngest: boolean;
  /** Leave out the sales phase (import of a 10 MB × scale file, and the funnel). */
  skipSales: boolean;
  /** Only the dataset and the HTTP ingest phase: no request timings, DuckDB or browser. */
  ingestOnly: boolean;
  /** The browser phase (bench/browser): off with --skip-browser, alone with --browser-only. */
  skipBrowser: boolean;
  browserOnly: boolean;
  browserRuns: number;
  /** Days of readings in the browser phase's fresh demo database (the server's default is 90). */
  demoDays: number;
  /** Entrance screens open in the Stop&Go phase (0 leaves it out). */
  screens: number;
  /** The messages phase (bench/messages): e-mails timed one by one; 0 with --skip-messages. */
  messages: number;
  databaseUrl: string | undefined;
  /** The amplification phase (bench/amplification): its length in seconds; 0 with --skip-amplification. */
  amplificationSeconds: number;
  amplificationOnly: boolean;
  /** The alerts phase (bench/alerts): off with --skip-alerts, alone (small: a 2-day demo) with --alerts-only. */
  skipAlerts: boolean;
  alertsOnly: boolean;
  /** Only the dataset, then the exports and reports phase (bench/exports), e.g. on a reused dataset. */
  exportsOnly: boolean;
  /** Days of the export phase's file; by default the scale's share of the year, at least 7. */
  exportDays: number | null;
  /** Only the sales phase, at full scale on a fresh embedded database (bench/sales/runSalesOnly.ts). */
  salesOnly: boolean;
  /** The upload phase (bench/uploads): three spreadsheet bombs at once; off with --skip-uploads, alone with --uploads-only. */
  skipUploads: boolean;
  uploadsOnly: boolean;
  /** With --sales-only: keep bench/data/sales-pglite after the run, and if a kept one is there, time the funnel alone on it. */
  keepSalesData: boolean;
  /** With --sales-only: no footfall before the import (the import path alone; the funnel then reads no entries). */
  salesNoFootfall: boolean;
}

const HELP = `npm run bench -- [--scale 1] [--reuse] [--runs 20] [--warmups 2] [--budget 30] [--min-runs 3]
  [--ingest <readings>] [--batch 10000] [--concurrency 4] [--skip-duckdb] [--skip-ingest | --ingest-only] [--skip-sales]
  [--skip-browser | --browser-only] [--browser-runs 10] [--demo-days 90] [--screens 20] [--messages 200 | --skip-messages]
  [--amplification-seconds 20 | --skip-amplification | --amplification-only] [--skip-alerts | --alerts-only]
  [--exports-only] [--export-days <n>] [--sales-only [--scale <s>] [--sales-no-footfall] [--keep-sales-data]] [--skip-uploads | --uploads-only]
Runs on PGlite under bench/data, or on PostgreSQL when DATABASE_URL names a database whose name contains "bench".
The browser phase serves apps/web/dist (built first when missing or stale) from the real server on a
fresh demo database and drives /usr/bin/chromium. The amplification phase runs the real server on a
fresh demo database of --demo-days days (e.g. --amplification-only --demo-days 7 for a small run).
--sales-only imports the full 10 MB sales file for 50 shops on a fresh PGlite in bench/data/sales-pglite;
with --keep-sales-data that database is kept, and a later run with it times the funnel alone on it;
--sales-no-footfall leaves out the year of the shops' entries loaded before it (the import path alone, minutes faster);
--scale below 1 makes its file that share of 150,000 receipts (for a shared machine). --uploads-only runs the upload
phase alone: three spreadsheet bombs sent at once while another organization's user calls the API.`;

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      scale: { type: 'string', default: '1' },
      reuse: { type: 'boolean', default: false },
      runs: { type: 'string', default: '20' },
      warmups: { type: 'string', default: '2' },
      budget: { type: 'string', default: '30' },
      'min-runs': { type: 'string', default: '3' },
      ingest: { type: 'string' },
      batch: { type: 'string', default: '10000' },
      concurrency: { type: 'string', default: '4' },
      'skip-duckdb': { type: 'boolean', default: false },
      'skip-ingest': { type: 'boolean', default: false },
      'skip-sales': { type: 'boolean', default: false },
      'ingest-only': { type: 'boolean', default: false },
      'skip-browser': { type: 'boolean', default: false },
      'browser-only': { type: 'boolean', default: false },
      'browser-runs': { type: 'string', default: '10' },
      'demo-days': { type: 'string', default: '90' },
      screens: { type: 'string', default: '20' },
      messages: { type: 'string', default: '200' },
      'skip-messages': { type: 'boolean', default: false },
      'amplification-seconds': { type: 'string', default: '20' },
      'skip-amplification': { type: 'boolean', default: false },
      'amplification-only': { type: 'boolean', default: false },
      'skip-alerts': { type: 'boolean', default: false },
      'alerts-only': { type: 'boolean', default: false },
      'exports-only': { type: 'boolean', default: false },
      'export-days': { type: 'string' },
      'sales-only': { type: 'boolean', default: false },
      'skip-uploads': { type: 'boolean', default: false },
      'uploads-only': { type: 'boolean', default: false },
      'keep-sales-data': { type: 'boolean', default: false },
      'sales-no-footfall': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    process.exit(0);
  }
  const num = (name: string, v: string | undefined, min: number) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number >= ${min}\n${HELP}`);
    return n;
  };
  const scale = num('scale', values.scale, 0.001);
  if (scale > 1) throw new Error('--scale is at most 1');
  if (values['ingest-only'] && values['browser-only']) throw new Error(`--ingest-only and --browser-only exclude each other\n${HELP}`);
  if (values['skip-browser'] && values['browser-only']) throw new Error(`--skip-browser and --browser-only exclude each other\n${HELP}`);
  const demoDays = num('demo-days', values['demo-days'], 1);
  if (demoDays > 730 || !Number.isInteger(demoDays)) throw new Error('--demo-days is a whole number up to 730');
  return {
    scale,
    reuse: values.reuse!,
    runs: num('runs', values.runs, 1),
    warmups: num('warmups', values.warmups, 0),
    budgetMs: num('budget', values.budget, 1) * 1000,
    minRuns: num('min-runs', values['min-runs'], 1),
    // A sustained window of 30 to 100 full batches: 20 s at the 50,000/s target at full scale.
    ingestReadings: values.ingest ? num('ingest', values.ingest, 1) : Math.max(300_000, Math.round(1_000_000 * scale)),
    batchSize: Math.min(10_000, num('batch', values.batch, 1)),
    concurrency: num('concurrency', values.concurrency, 1),
    skipDuckdb: values['skip-duckdb']! || values['ingest-only']!,
    skipIngest: values['skip-ingest']!,
    skipSales: values['skip-sales']!,
    ingestOnly: values['ingest-only']!,
    skipBrowser: values['skip-browser']! || values['ingest-only']!,
    browserOnly: values['browser-only']!,
    browserRuns: Math.round(num('browser-runs', values['browser-runs'], 1)),
    demoDays,
    screens: Math.round(num('screens', values.screens, 0)),
    messages: values['skip-messages'] || values['ingest-only'] ? 0 : Math.round(num('messages', values.messages, 1)),
    databaseUrl: process.env.DATABASE_URL || undefined,
    // Bounded in time: at most ten minutes.
    amplificationSeconds: values['skip-amplification'] || values['ingest-only'] ? 0 : Math.min(600, num('amplification-seconds', values['amplification-seconds'], 2)),
    amplificationOnly: values['amplification-only']!,
    skipAlerts: values['skip-alerts']! || values['ingest-only']!,
    skipUploads: values['skip-uploads']! || values['ingest-only']!,
    uploadsOnly: values['uploads-only']!,
    alertsOnly: values['alerts-only']!,
    exportsOnly: values['exports-only']!,
    exportDays: values['export-days'] ? Math.min(365, Math.round(num('export-days', values['export-days'], 1))) : null,
    salesOnly: values['sales-only']!,
    keepSalesData: values['keep-sales-data']!,
    salesNoFootfall: values['sales-no-footfall']!,
  };
}
