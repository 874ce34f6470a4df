import type { Database } from '../db/database.ts';

/** How long a probe may take before /healthz answers from the last one. */
const PATIENCE_MS = 25;
/** A database that answered this recently, with a probe under way, counts as up. */
const FRESH_MS = 30_000;

/**
 * Whether the database answers, for /healthz. A probe (`select 1`) waits behind whatever queries
 * run (PGlite's one connection, a busy pool): when it has not answered within PATIENCE_MS and the
 * database answered one within FRESH_MS, the answer is yes at once, so a busy server is not
 * reported dead and the health check stays fast; a database gone quiet for longer is waited for.
 */
export function databaseProbe(database: Database, clock: () => number = Date.now): () => Promise<boolean> {
  let lastAnswer = Number.NEGATIVE_INFINITY;
  let probe: Promise<boolean> | null = null;
  const start = () =>
    (probe ??= database.sql.query('select 1').then(
      () => {
        lastAnswer = clock();
        probe = null;
        return true;
      },
      () => {
        probe = null;
        return false;
      },
    ));
  return async () => {
    const answer = start();
    let timer: NodeJS.Timeout | undefined;
    const patience = new Promise<'slow'>((resolve) => (timer = setTimeout(() => resolve('slow'), PATIENCE_MS)));
    const first = await Promise.race([answer, patience]);
    clearTimeout(timer);
    if (first !== 'slow') return first;
    return clock() - lastAnswer < FRESH_MS ? true : answer;
  };
}
