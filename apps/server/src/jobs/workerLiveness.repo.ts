import type { Database, SqlClient } from '../db/database.ts';
import { withTransaction } from '../db/transaction.ts';

export async function registerWorker(sql: SqlClient, w: { id: string; host: string; pid: number }): Promise<void> {
  await sql.query('INSERT INTO job_workers (id, host, pid) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET beat_at = now()', [w.id, w.host, w.pid]);
}

/** false: the row is gone, so another process took this one for dead and handed its jobs back. */
export async function beat(sql: SqlClient, id: string): Promise<boolean> {
  const { rows } = await sql.query('UPDATE job_workers SET beat_at = now() WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

export async function forgetWorker(sql: SqlClient, id: string): Promise<void> {
  await sql.query('DELETE FROM job_workers WHERE id = $1', [id]);
}

export async function claimJobs(sql: SqlClient, workerId: string, queue: string, jobIds: string[]): Promise<void> {
  await sql.query(
    `INSERT INTO job_claims (job_id, queue, worker_id) SELECT unnest($1::uuid[]), $2, $3
     ON CONFLICT (job_id) DO UPDATE SET worker_id = excluded.worker_id, claimed_at = now()`,
    [jobIds, queue, workerId],
  );
}

export async function releaseJobs(sql: SqlClient, jobIds: string[]): Promise<void> {
  await sql.query('DELETE FROM job_claims WHERE job_id = ANY($1::uuid[])', [jobIds]);
}

export interface HandedBack {
  /** Back in the queue, startable now (a retry, as after pg-boss's own timeout). */
  retried: Array<{ id: string; queue: string }>;
  /** Held by a dead worker on their last attempt: for pg-boss to fail (its dead letter then runs). */
  exhausted: Array<{ id: string; queue: string }>;
}

/**
 * Hands back the active jobs of dead workers (no beat for `leaseSeconds`), and those active for longer
 * than that with no worker at all (their worker died between fetching and claiming them), then forgets
 * the dead. One process at a time (an advisory lock), so a job is handed back once.
 */
export function handBackDeadWorkersJobs(database: Database, leaseSeconds: number, queues: readonly string[]): Promise<HandedBack> {
  return withTransaction(database, async (tx) => {
    if (database.engine === 'postgres') await tx.query("SELECT pg_advisory_xact_lock(hashtext('sitelens.jobs.handback'))");
    const { rows: dead } = await tx.query<{ id: string }>('SELECT id FROM job_workers WHERE beat_at < now() - make_interval(secs => $1)', [leaseSeconds]);
    const deadIds = dead.map((d) => d.id);
    const { rows: held } = await tx.query<{ id: string; queue: string; last: boolean }>(
      `SELECT j.id, j.name AS queue, j.retry_count >= j.retry_limit AS last FROM pgboss.job j
       WHERE j.state = 'active' AND j.name = ANY($2::text[]) AND (
         j.id IN (SELECT job_id FROM job_claims WHERE worker_id = ANY($1::uuid[]))
         OR (j.started_on < now() - make_interval(secs => $3) AND NOT EXISTS (SELECT 1 FROM job_claims c WHERE c.job_id = j.id)))`,
      [deadIds, queues, leaseSeconds],
    );
    const retried = held.filter((j) => !j.last);
    if (retried.length > 0) {
      await tx.query(
        `UPDATE pgboss.job SET state = 'retry', start_after = now(), output = jsonb_build_object('message', 'its worker stopped answering')
         WHERE id = ANY($1::uuid[]) AND state = 'active'`,
        [retried.map((j) => j.id)],
      );
    }
    if (deadIds.length > 0) await tx.query('DELETE FROM job_workers WHERE id = ANY($1::uuid[])', [deadIds]);
    return { retried: retried.map(({ id, queue }) => ({ id, queue })), exhausted: held.filter((j) => j.last).map(({ id, queue }) => ({ id, queue })) };
  });
}
