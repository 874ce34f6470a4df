import type { Database } from '../../apps/server/src/db/database.ts';
import { buildRawSql } from '../../apps/server/src/modules/metrics/rawSql.ts';
import { buildRetailSql } from '../../apps/server/src/modules/metrics/retailQuery.ts';
import type { BenchServer } from '../server/benchServer.ts';
import { type Answer, addRetailData, addRows, emptyAnswer } from './answer.ts';
import type { BenchRequest } from './requests.ts';
import { type RunPlan, type Timing, timeRuns } from './timeRuns.ts';

/** The retailData document the web app's counting page sends. */
export const RETAIL_DATA = 'query($input: RetailDataInput!) { retailData(input: $input) { metric unit series { key label points { t key value } } } }';

export interface PgRequestResult {
  /** Rollup levels buildRetailSql picked for the request's calls. */
  levels: string[];
  http: Timing;
  engine: Timing;
  raw: Timing;
  answers: { http: Answer; engine: Answer; raw: Answer };
}

type SqlText = { text: string; params: unknown[] };

async function runSql(database: Database, statements: SqlText[]): Promise<Answer> {
  const results = await Promise.all(statements.map((s) => database.sql.query<{ value: unknown }>(s.text, s.params)));
  return results.reduce((answer, r) => addRows(answer, r.rows), emptyAnswer());
}

async function runHttp(server: BenchServer, request: BenchRequest): Promise<Answer> {
  const [answers] = await Promise.all([
    Promise.all(request.parts.map((p) => server.gql(RETAIL_DATA, { input: p.input }))),
    Promise.all((request.pageDocuments ?? []).map((d) => server.gql(d.query, d.variables))),
  ]);
  return answers.reduce((answer, data) => addRetailData(answer, data), emptyAnswer());
}

/** What any GraphQL call costs here before it reads data: `{ __typename }` signed in, over HTTP. */
export function timeHttpFloor(server: BenchServer, plan: RunPlan): Promise<Timing> {
  return timeRuns(() => server.gql('{ __typename }'), plan);
}

/**
 * Each request three ways on one engine: through GraphQL over HTTP (what a widget waits for), the
 * engine's SQL straight on the database (buildRetailSql), and the same RetailQuery from raw
 * readings (buildRawSql). The calls of one request go out together, as a page sends them.
 */
export async function runPgQueries(database: Database, server: BenchServer, request: BenchRequest, plan: RunPlan): Promise<PgRequestResult> {
  const engineSql = request.parts.map((p) => buildRetailSql(p.query));
  const rawSql = request.parts.map((p) => buildRawSql(p.query));
  const answers = {
    http: await runHttp(server, request),
    engine: await runSql(database, engineSql),
    raw: await runSql(database, rawSql),
  };
  // The calls above were the first warm-up.
  const rest = { ...plan, warmups: Math.max(0, plan.warmups - 1) };
  const http = await timeRuns(() => runHttp(server, request), rest);
  const engine = await timeRuns(() => runSql(database, engineSql), rest);
  const raw = await timeRuns(() => runSql(database, rawSql), rest);
  return { levels: [...new Set(engineSql.map((s) => s.level))], http, engine, raw, answers };
}
