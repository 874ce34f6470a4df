import type pg from 'pg';
import { staleStatement } from './staleStatement.ts';
import { TextUses } from './textUses.ts';

/** Statement texts this process names at once; beyond, the least recently used is forgotten (and closed). */
export const MAX_NAMED = 128;
const PREFIX = 'sitelens_';

/** Names are unique in the process: two pools' queries on one connection never meet one name twice. */
let named = 0;

/** node-postgres's record of what a connection has parsed (name → text); not in its types. */
type ParsedClient = pg.PoolClient & { connection?: { parsedStatements?: Record<string, string> } };

/**
 * Parameterised statements on PostgreSQL as named prepared statements, as on the embedded database
 * (pglitePrepared.ts): a text seen twice gets a name, and each connection of the pool parses and
 * analyses it once (node-postgres remembers what each connection parsed) and then only binds and
 * executes it. For the counting page's chart that took its statement from 0.27 to 0.19 ms (p50),
 * parse and analysis being most of a small statement's time. Each execution is still planned with
 * its own values (plan_cache_mode=force_custom_plan, PREPARED_SESSION_OPTION): a generic plan made
 * for a day could serve a year without its parallel workers. Texts without parameters stay unnamed
 * (they may hold several statements, which a prepared statement cannot). A name the process forgets
 * is closed (DEALLOCATE) on each connection that parsed it, the next time that connection is taken.
 * `enabled: false` (DATABASE_NAMED_STATEMENTS=off) sends every statement unnamed: for a pooler that
 * does not carry prepared statements between its clients.
 */
export function preparedPoolQuery(pool: pg.Pool, enabled = true) {
  // The pool's own query as it is now: made before database.ts wraps pool.query for the profile
  // (this function is wrapped as a whole there), so that no statement counts twice.
  const unnamed = pool.query.bind(pool) as (text: string, params: unknown[]) => Promise<pg.QueryResult>;
  const names = new Map<string, string>();
  const uses = new TextUses();
  /** Moves each time a name is forgotten; a connection last tidied at an older count is tidied again. */
  let forgotten = 0;
  const tidiedAt = new WeakMap<pg.PoolClient, number>();

  function forget(text: string, name: string): void {
    if (names.get(text) !== name) return;
    names.delete(text);
    forgotten += 1;
  }

  function nameOf(text: string): string | undefined {
    const name = names.get(text);
    if (name) {
      // Most recently used last.
      names.delete(text);
      names.set(text, name);
      return name;
    }
    // Named on its second use: one-off statements (writes with their values in the text) stay unnamed.
    if (!uses.reached(text)) return undefined;
    if (names.size >= MAX_NAMED) {
      const [oldText, oldName] = names.entries().next().value!;
      forget(oldText, oldName);
    }
    const fresh = `${PREFIX}${++named}`;
    names.set(text, fresh);
    return fresh;
  }

  /** Closes on this connection the names of ours it parsed and the process no longer uses. */
  async function tidy(client: ParsedClient): Promise<void> {
    if (tidiedAt.get(client) === forgotten) return;
    tidiedAt.set(client, forgotten);
    const parsed = client.connection?.parsedStatements;
    if (!parsed) return;
    const live = new Set(names.values());
    for (const name of Object.keys(parsed)) {
      if (!name.startsWith(PREFIX) || live.has(name)) continue;
      // A statement the server no longer has (a pooler dropped it) is gone already.
      await client.query(`deallocate ${name}`).catch(() => undefined);
      delete parsed[name];
    }
  }

  async function run(name: string, text: string, params: unknown[]): Promise<pg.QueryResult> {
    const client: ParsedClient = await pool.connect();
    let failed: Error | undefined;
    try {
      await tidy(client);
      return await client.query({ name, text, values: params });
    } catch (error) {
      failed = error as Error;
      throw error;
    } finally {
      // A connection that failed is closed, as pool.query does.
      client.release(failed);
    }
  }

  return async function query(text: string, params: unknown[] = []): Promise<pg.QueryResult> {
    const name = enabled && params.length > 0 ? nameOf(text) : undefined;
    if (!name) return unnamed(text, params);
    try {
      return await run(name, text, params);
    } catch (error) {
      if (!staleStatement(error, name)) throw error;
      // A migration changed what the statement returns: a new name parses it again on a later use.
      forget(text, name);
      return unnamed(text, params);
    }
  };
}

/** The session setting of every connection of the pools: named statements planned per execution. */
export const PREPARED_SESSION_OPTION = '-c plan_cache_mode=force_custom_plan';
