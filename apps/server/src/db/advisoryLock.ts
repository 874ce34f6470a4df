import pg from 'pg';

/**
 * Runs `work` while this process holds a PostgreSQL advisory lock named `name` on a connection of
 * its own, so that processes starting together on one database (web and worker, two webs) do one
 * after the other what must be done once: the migrations, the demo's build. A session lock, not a
 * transaction's: the work runs on other connections (a pool, its own transactions). The lock goes
 * with the connection, so a process killed in the middle leaves none behind.
 */
export async function withAdvisoryLock<T>(url: string, name: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // An idle connection the server closes must not bring the process down; the lock is lost with it.
  client.on('error', (error) => console.error(`advisory lock ${name}: connection lost:`, error.message));
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    return await work();
  } finally {
    await client.end();
  }
}
