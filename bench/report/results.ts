import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserFigures } from '../browser/runBrowser.ts';
import type { AmplificationFigures } from '../amplification/runAmplification.ts';
import type { ExportYieldFigures } from '../exports/runExportYield.ts';
import type { AlertsFigures } from '../alerts/runAlerts.ts';
import { DATA_DIR } from '../dataset/benchDatabase.ts';
import type { LoadFigures } from '../dataset/loadDataset.ts';
import type { DuckdbLoadFigures } from '../duckdb/duckdbLoad.ts';
import type { IngestFigures } from '../ingest/runIngest.ts';
import type { MessageFigures } from '../messages/runMessages.ts';
import type { ReportExportFigures } from '../exports/runReportsExport.ts';
import { type Answer, sameAnswer } from '../queries/answer.ts';
import type { BenchRequest } from '../queries/requests.ts';
import type { PgRequestResult } from '../queries/runPgQueries.ts';
import type { Timing } from '../queries/timeRuns.ts';
import type { SalesFigures } from '../sales/runSales.ts';
import type { MachineInfo } from './machine.ts';
import type { PhaseMemory } from './memoryMeter.ts';
import type { CallProfile } from '../queries/profileRequests.ts';
import type { FloorFigures } from '../queries/floorFigures.ts';
import type { StopNGoFigures } from '../stopngo/runStopNGo.ts';

/** One of the targets, checked on this run (targets.ts). */
export interface TargetCheck {
  target: string;
  met: boolean;
  measured: string;
}

/** bench/results.json, or beside the data when BENCH_DATA_DIR moves it. */
export const RESULTS_FILE = process.env.BENCH_DATA_DIR ? `${DATA_DIR}results.json` : fileURLToPath(new URL('../results.json', import.meta.url));

export interface RequestResult {
  id: string;
  label: string;
  yearLong: boolean;
  calls: number;
  levels: string[];
  http: Timing;
  engine: Timing;
  raw: Timing;
  duckdb: Timing | null;
  /** p50 against p50: how many times slower the other answer is than ours. */
  ratios: { rawOverEngine: number; rawOverHttp: number; duckdbOverEngine: number | null; duckdbOverHttp: number | null };
  /** Every path answered the same points and total. */
  agree: boolean;
  answers: Record<string, Answer>;
}

/** The metrics engine's phases (skipped with --browser-only). */
export interface MetricsResults {
  dataset: { sites: number; zones: number; reused: boolean } & Partial<LoadFigures>;
  /** null with --skip-ingest. */
  ingest: IngestFigures | null;
  duckdbLoad: DuckdbLoadFigures | null;
  /** `{ __typename }` over HTTP: the fixed cost of a GraphQL call on this server. */
  httpFloor: Timing;
  /** Median ms per layer of one call (issue 33 item 1): the floor, the counting page, the year-long request. */
  profile: CallProfile[];
  /** Issue 33's floor figures: ours against a bare Fastify + Yoga server, the counting page against its engine SQL. */
  floor?: FloorFigures;
  /** What a send costs (bench/messages); null with --skip-messages. */
  messages: MessageFigures | null;
  /** Data export and 50 scheduled reports (bench/exports); null with --skip-messages. */
  reportsExport?: ReportExportFigures | null;
  /** A person's dashboard p95 during a year-long export over its idle p95 (bench/exports/runExportYield.ts). */
  exportYield?: ExportYieldFigures | null;
  requests: RequestResult[];
  /** Entrance screens: a reading to every display; null with --screens 0. */
  stopngo: StopNGoFigures | null;
  /** The sales import and funnel (bench/sales); null with --skip-sales. */
  sales: SalesFigures | null;
  /** databaseBytes includes walBytes (PGlite's pg_wal, recycled up to max_wal_size). */
  disk: { databaseBytes: number; walBytes: number | null; duckdbBytes: number | null };
}

export type BenchResults = {
  startedAt: string;
  machine: MachineInfo & { duckdbVersion: string | null };
  options: Record<string, unknown>;
  memory: Record<string, PhaseMemory>;
  /** The built web app in Chromium (bench/browser); null with --skip-browser. */
  browser: BrowserFigures | null;
  /** One user's amplification calls against another user's p95 (bench/amplification); null when skipped. */
  amplification?: AmplificationFigures | null;
  /** Ingest with 1,000 alerts against without, and the alert latencies (bench/alerts); null when skipped. */
  alerts?: AlertsFigures | null;
  targets: TargetCheck[];
} & (MetricsResults | { [K in keyof MetricsResults]?: undefined });

export const hasMetrics = (r: BenchResults): r is BenchResults & MetricsResults => r.requests !== undefined;

export function requestResult(request: BenchRequest, pg: PgRequestResult, duck: { timing: Timing; answer: Answer } | null): RequestResult {
  const answers = [pg.answers.http, pg.answers.engine, pg.answers.raw, ...(duck ? [duck.answer] : [])];
  return {
    id: request.id,
    label: request.label,
    yearLong: request.yearLong,
    calls: request.parts.length,
    levels: pg.levels,
    http: pg.http,
    engine: pg.engine,
    raw: pg.raw,
    duckdb: duck?.timing ?? null,
    ratios: {
      rawOverEngine: pg.raw.p50 / pg.engine.p50,
      rawOverHttp: pg.raw.p50 / pg.http.p50,
      duckdbOverEngine: duck ? duck.timing.p50 / pg.engine.p50 : null,
      duckdbOverHttp: duck ? duck.timing.p50 / pg.http.p50 : null,
    },
    agree: answers.every((a) => sameAnswer(a, answers[0]!)),
    answers: { ...pg.answers, ...(duck ? { duckdb: duck.answer } : {}) },
  };
}

export function writeResults(results: BenchResults): void {
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
}
