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
  /** Only the dataset and the request profile (issue 33 item 1), e.g. on a reused dataset, on either engine. */
  profileOnly: boolean;
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
  /** Only the dataset (one site), then the dashboard timed idle and during a year-long export (bench/exports/runExportYield.ts). */
  yieldOnly: boolean;
  /** Days of the export phase's file; by default the scale's share of the year, at least 7. */
  exportDays: number | null;
  /** Only the sales phase, at full scale on a fresh embedded database (bench/sales/runSalesOnly.ts). */
  salesOnly: boolean;
  /** The upload phase (bench/uploads): three spreadsheet bombs at once; off with --skip-uploads, alone with --uploads-only. */
  skipUploads: boolean;
  uploadsOnly: boolean;
  /** The start phase (bench/server/runStart.ts): a first `npm start` and a restart; off with --skip-start, alone with --start-only. */
  skipStart: boolean;
  startOnly: boolean;
  /** The dashboard users phase alone (bench/users): this many signed-in users, cache on and off, on PostgreSQL (DATABASE_URL). */
  usersOnly: boolean;
  users: number;
  usersSeconds: number;
  /** With --users-only: one web against two behind HAProxy instead of the cache on against off (issue 31 item 5). */
  usersProxy: boolean;
  /** With --sales-only: keep bench/data/sales-pglite after the run, and if a kept one is there, time the funnel alone on it. */
  keepSalesData: boolean;
  /** With --sales-only: no footfall before the import (the import path alone; the funnel then reads no entries). */
  salesNoFootfall: boolean;
}

const HELP = `npm run bench -- [--scale 1] [--reuse] [--runs 20] [--warmups 2] [--budget 30] [--min-runs 3]
  [--ingest <readings>] [--batch 10000] [--concurrency 4] [--skip-duckdb] [--skip-ingest | --ingest-only] [--skip-sales]
  [--skip-browser | --browser-only] [--browser-runs 10] [--demo-days 90] [--screens 20] [--messages 200 | --skip-messages]
  [--amplification-seconds 20 | --skip-amplification | --amplification-only] [--skip-alerts | --alerts-only]
  [--profile-only] [--exports-only] [--yield-only] [--export-days <n>] [--sales-only [--scale <s>] [--sales-no-footfall] [--keep-sales-data]] [--skip-uploads | --uploads-only] [--skip-start | --start-only]
  [--users-only [--users 50] [--users-seconds 60] [--users-proxy]]
Runs on PGlite under bench/data, or on PostgreSQL when DATABASE_URL names a database whose name contains "bench".
The browser phase serves apps/web/dist (built first when missing or stale) from the real server on a
fresh demo database and drives /usr/bin/chromium. The amplification phase runs the real server on a
fresh demo database of --demo-days days (e.g. --amplification-only --demo-days 7 for a small run).
--sales-only imports the full 10 MB sales file for 50 shops on a fresh PGlite in bench/data/sales-pglite;
with --keep-sales-data that database is kept, and a later run with it times the funnel alone on it;
--sales-no-footfall leaves out the year of the shops' entries loaded before it (the import path alone, minutes faster);
--scale below 1 makes its file that share of 150,000 receipts (for a shared machine). --uploads-only runs the upload
phase alone: three spreadsheet bombs sent at once while another organization's user calls the API. --start-only
times a first start on a fresh data folder (sign-in page, demo ready: a --demo-days demo) and a restart on it.
--users-only (PostgreSQL: DATABASE_URL names a database beside which sitelens_bench_users is created) builds a
--demo-days demo there and sends --users signed-in users' dashboard calls to a server with the result cache and one
without, in turns, --users-seconds each; with --users-proxy, one web behind Debian's HAProxy against two
(live events through REDIS_URL, default redis://127.0.0.1:6379).`;

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
      'profile-only': { type: 'boolean', default: false },
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
      'yield-only': { type: 'boolean', default: false },
      'export-days': { type: 'string' },
      'sales-only': { type: 'boolean', default: false },
      'skip-uploads': { type: 'boolean', default: false },
      'uploads-only': { type: 'boolean', default: false },
      'skip-start': { type: 'boolean', default: false },
      'start-only': { type: 'boolean', default: false },
      'users-only': { type: 'boolean', default: false },
      users: { type: 'string', default: '50' },
      'users-seconds': { type: 'string', default: '60' },
      'users-proxy': { type: 'boolean', default: false },
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
  // --profile-only: the dataset and the profile, nothing else (as --ingest-only for the ingest).
  if (values['profile-only']) {
    Object.assign(values, { 'skip-ingest': true, 'skip-duckdb': true, 'skip-browser': true, 'skip-messages': true, 'skip-amplification': true, 'skip-alerts': true, 'skip-uploads': true, 'skip-sales': true, 'skip-start': true });
  }
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
    profileOnly: values['profile-only']!,
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
    skipStart: values['skip-start']!,
    startOnly: values['start-only']!,
    usersOnly: values['users-only']!,
    users: Math.round(num('users', values.users, 1)),
    usersSeconds: Math.round(num('users-seconds', values['users-seconds'], 10)),
    usersProxy: values['users-proxy']!,
    alertsOnly: values['alerts-only']!,
    exportsOnly: values['exports-only']!,
    yieldOnly: values['yield-only']!,
    exportDays: values['export-days'] ? Math.min(365, Math.round(num('export-days', values['export-days'], 1))) : null,
    salesOnly: values['sales-only']!,
    keepSalesData: values['keep-sales-data']!,
    salesNoFootfall: values['sales-no-footfall']!,
  };
}
