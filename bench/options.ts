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
  databaseUrl: string | undefined;
}

const HELP = `npm run bench -- [--scale 1] [--reuse] [--runs 20] [--warmups 2] [--budget 30] [--min-runs 3]
  [--ingest <readings>] [--batch 10000] [--concurrency 4] [--skip-duckdb]
Runs on PGlite under bench/data, or on PostgreSQL when DATABASE_URL names a database whose name contains "bench".`;

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
    skipDuckdb: values['skip-duckdb']!,
    databaseUrl: process.env.DATABASE_URL || undefined,
  };
}
