import type { DuckDBConnection } from '@duckdb/node-api';
import { type Answer, addRows, emptyAnswer } from '../queries/answer.ts';
import type { BenchRequest } from '../queries/requests.ts';
import { type RunPlan, type Timing, timeRuns } from '../queries/timeRuns.ts';
import { duckdbSql } from './duckdbSql.ts';

/** The request's calls one after the other on one DuckDB connection (each uses every core). */
async function runAll(connection: DuckDBConnection, statements: string[]): Promise<Answer> {
  const answer = emptyAnswer();
  for (const sql of statements) {
    const reader = await connection.runAndReadAll(sql);
    addRows(answer, reader.getRows().map((row) => ({ value: row[2] === null ? null : Number(row[2]) })));
  }
  return answer;
}

export async function runDuckdbQueries(connection: DuckDBConnection, request: BenchRequest, plan: RunPlan): Promise<{ timing: Timing; answer: Answer }> {
  const statements = request.parts.map((p) => duckdbSql(p.query));
  const answer = await runAll(connection, statements);
  const timing = await timeRuns(() => runAll(connection, statements), { ...plan, warmups: Math.max(0, plan.warmups - 1) });
  return { timing, answer };
}
