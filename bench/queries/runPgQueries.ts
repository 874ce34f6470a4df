import type { Database, SqlClient } from '../../apps/server/src/db/database.ts';
import { buildRawSql } from '../../apps/server/src/modules/metrics/sql/rawSql.ts';
import { OPERATIONS_PER_REQUEST_MAX } from '@sitelens/domain';
import { MAX_BATCH } from '../../apps/server/src/modules/metrics/retailData.service.ts';
import { buildRetailSql } from '../../apps/server/src/modules/metrics/sql/retailSql.ts';
import type { BenchServer } from '../server/benchServer.ts';
import { type Answer, addRetailData, addRows, emptyAnswer } from './answer.ts';
import type { BenchRequest } from './requests.ts';
import { type RunPlan, type Timing, timeRuns } from './timeRuns.ts';

/** The batch document a widget sends (apps/web/src/widgets/core/retailData.graphql.ts). */
const RETAIL_DATA_BATCH =
  'query($inputs: [RetailDataInput!]!) { retailDataBatch(inputs: $inputs) { metric unit series { key label points { t key value } } } }';

export interface PgRequestResult {
  /** Rollup levels buildRetailSql picked for the request's calls. */
  levels: string[];
  http: Timing;
  engine: Timing;
  raw: Timing;
  answers: { http: Answer; engine: Answer; raw: Answer };
}

type SqlText = { text: string; params: unknown[] };

export async function runSql(database: Pick<Database, 'sql'>, statements: SqlText[]): Promise<Answer> {
  const results = await Promise.all(statements.map((s) => database.sql.query<{ value: unknown }>(s.text, s.params)));
  return results.reduce((answer, r) => addRows(answer, r.rows), emptyAnswer());
}

type BatchAnswer = { retailDataBatch: Array<Parameters<typeof addRetailData>[1]['retailData']> };

/**
 * The request's calls as the web app sends them: its batches of at most MAX_BATCH inputs and the
 * page's documents, asked together, go in requests of at most OPERATIONS_PER_REQUEST_MAX operations
 * (the web app's query batches), all at once; `separately` sends each as a request of its own (the
 * web app before it batched queries).
 */
export async function runHttp(server: BenchServer, request: BenchRequest, separately = false): Promise<Answer> {
  const operations = [
    ...chunks(request.parts, MAX_BATCH).map((parts) => ({ query: RETAIL_DATA_BATCH, variables: { inputs: parts.map((p) => p.input) } })),
    ...(request.pageDocuments ?? []),
  ];
  const data = separately
    ? await Promise.all(operations.map((op) => server.gql(op.query, op.variables)))
    : (await Promise.all(chunks(operations, OPERATIONS_PER_REQUEST_MAX).map((group) => (group.length === 1 ? server.gql(group[0]!.query, group[0]!.variables).then((d) => [d]) : server.gqlTogether(group))))).flat();
  const answer = emptyAnswer();
  for (const d of data) for (const retailData of (d as Partial<BatchAnswer>).retailDataBatch ?? []) addRetailData(answer, { retailData });
  return answer;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** What any GraphQL call costs here before it reads data: `{ __typename }` signed in, over HTTP. */
export function timeHttpFloor(server: BenchServer, plan: RunPlan): Promise<Timing> {
  return timeRuns(() => server.gql('{ __typename }'), plan);
}

/**
 * Each request three ways on one engine: through GraphQL over HTTP (what a widget waits for), the
 * engine's SQL straight on the database (buildRetailSql), and the same RetailQuery from raw
 * readings (buildRawSql), this one on `raw` (openRawReader). The calls of one request go out together,
 * as a page sends them.
 */
export async function runPgQueries(database: Database, server: BenchServer, request: BenchRequest, plan: RunPlan, raw: SqlClient): Promise<PgRequestResult> {
  const engineSql = request.parts.map((p) => buildRetailSql(p.query));
  const rawSql = request.parts.map((p) => buildRawSql(p.query));
  const answers = {
    http: await runHttp(server, request),
    engine: await runSql(database, engineSql),
    raw: await runSql({ sql: raw }, rawSql),
  };
  // The calls above were the first warm-up.
  const rest = { ...plan, warmups: Math.max(0, plan.warmups - 1) };
  const http = await timeRuns(() => runHttp(server, request), rest);
  const engine = await timeRuns(() => runSql(database, engineSql), rest);
  const rawTimes = await timeRuns(() => runSql({ sql: raw }, rawSql), rest);
  return { levels: [...new Set(engineSql.map((s) => s.level))], http, engine, raw: rawTimes, answers };
}
