import type { Database } from '../db/database.ts';

/** The statements sent through `database.sql` while `run` runs, counted on their way (each still runs). */
export async function statementsSent(database: Database, run: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const query = database.sql.query.bind(database.sql);
  database.sql.query = ((text: string, params?: unknown[]) => {
    sent.push(text);
    return query(text, params);
  }) as typeof database.sql.query;
  try {
    await run();
  } finally {
    database.sql.query = query;
  }
  return sent;
}
