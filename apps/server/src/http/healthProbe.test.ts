import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { databaseProbe } from './healthProbe.ts';

/** A database whose next answers we give by hand: a busy one keeps `select 1` waiting. */
function heldDatabase() {
  const waiting: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];
  const database = {
    sql: { query: () => new Promise<{ rows: [] }>((resolve, reject) => waiting.push({ resolve: () => resolve({ rows: [] }), reject })) },
  } as unknown as Database;
  return { database, waiting };
}

describe('the /healthz probe', () => {
  it('answers yes at once while the database is busy, if it answered within the last 30 s', async () => {
    const { database, waiting } = heldDatabase();
    let now = 1_000_000;
    const healthy = databaseProbe(database, () => now);
    const first = healthy();
    waiting.shift()!.resolve();
    expect(await first).toBe(true);
    // Busy: the probe waits behind the engine's queries; /healthz does not.
    now += 10_000;
    expect(await healthy()).toBe(true);
    expect(waiting).toHaveLength(1);
    // Quiet for longer than 30 s: the answer waits for the database, and a failure is a no.
    now += 30_000;
    const late = healthy();
    await new Promise((resolve) => setTimeout(resolve, 60));
    waiting.shift()!.reject(new Error('gone'));
    expect(await late).toBe(false);
  });

  it('never says yes for a database that has not answered yet', async () => {
    const { database, waiting } = heldDatabase();
    const answer = databaseProbe(database)();
    await new Promise((resolve) => setTimeout(resolve, 60));
    waiting.shift()!.reject(new Error('refused'));
    expect(await answer).toBe(false);
  });
});
