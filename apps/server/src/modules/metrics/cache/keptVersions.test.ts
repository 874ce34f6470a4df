import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zones } from '../../../composition/tables.ts';
import type { Database } from '../../../db/database.ts';
import { createOrganization, createSite } from '../../../test/factories.ts';
import { statementsSent } from '../../../test/statementsSent.ts';
import { openTestDatabase } from '../../../test/testDatabase.ts';
import { writeReadings } from '../write/readings.write.ts';
import { dataVersions } from './dataVersions.ts';
import { currentVersions } from './keptVersions.ts';

/**
 * The data versions between writes (migration 0054): on the embedded database, which this process
 * alone writes, they are read once and then kept until a commit moves one; on PostgreSQL, shared
 * by processes, every call reads them. Each kept answer must equal a fresh read of the table. Both
 * engines in this one file, whatever the phase (vitest.config.ts, ENGINE_FIXED).
 */
const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let database: Database;
const ids = { org: 0, top: 0 };

/** A fresh database of the engine with an organization and a site, its versions listened to. */
function onDatabase(open: () => Promise<Database>): void {
  beforeAll(async () => {
    database = await open();
    const org = await createOrganization(database);
    const site = await createSite(database, org.id, { timezone: 'UTC' });
    Object.assign(ids, { org: org.id, top: site.top.id });
    // Wait for the listener: the first call starts it; before it listens, every call reads.
    await currentVersions(database, [ids.org]);
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  afterAll(async () => {
    await database.close();
  });
}

/** The version reads sent while `run` runs (each still runs). */
const versionReads = async (run: () => Promise<unknown>) => (await statementsSent(database, run)).filter((text) => text.includes('from data_versions')).length;

/** currentVersions, checked equal to the table as it stands. */
async function current(): Promise<Map<number, string> | null> {
  const versions = await currentVersions(database, [ids.org]);
  expect(versions).toEqual(await dataVersions(database, [ids.org]));
  return versions;
}

const reading = (value: number, minute: number) => ({ organizationId: ids.org, targetKind: 'zone' as const, targetId: ids.top, metric: 'visitorsIn', value, ts: Date.UTC(2026, 10, 2, 10, minute) });

describe('data versions on the embedded database', () => {
  onDatabase(() => openTestDatabase({ embedded: true }));

  it('are read once, then kept while nothing moves them', async () => {
    await current();
    expect(await versionReads(() => Promise.all([0, 1, 2].map(() => currentVersions(database, [ids.org]))))).toBe(0);
    await current();
  });

  it('are read again after a write of readings, and show its move', async () => {
    const before = (await current())!.get(ids.org)!;
    await writeReadings(database, [reading(4, 0)]);
    let after: Map<number, string> | null = null;
    expect(await versionReads(async () => (after = await currentVersions(database, [ids.org])))).toBe(1);
    expect(after!.get(ids.org)).not.toBe(before);
    expect(after).toEqual(await dataVersions(database, [ids.org]));
    expect(await versionReads(() => currentVersions(database, [ids.org]))).toBe(0);
  });

  it('are read again after a renamed zone moves the shared version, and after a direct write to the table', async () => {
    const before = (await current())!.get(ids.org)!;
    await database.db.update(zones).set({ name: 'Renamed' }).where(eq(zones.id, ids.top));
    const renamed = (await current())!.get(ids.org)!;
    expect(renamed.split('.')[0]).not.toBe(before.split('.')[0]);
    // Partition retention moves every version with one UPDATE of the table itself.
    await database.sql.query('UPDATE data_versions SET version = version + 1');
    expect((await current())!.get(ids.org)).not.toBe(renamed);
  });

  it('are still told of every move after the session settings are reset (RESET ALL, RESET of the setting)', async () => {
    for (const reset of ['RESET ALL', 'RESET sitelens.notify_data_versions']) {
      await database.sql.query(reset);
      const before = (await current())!.get(ids.org)!;
      await writeReadings(database, [reading(6, reset.length)]);
      expect((await current())!.get(ids.org), reset).not.toBe(before);
    }
  });

  it('are not kept from a read under way while a version moved', async () => {
    await writeReadings(database, [reading(5, 15)]);
    // The read runs (the versions before the write), then a write commits before its answer is handed back.
    const query = database.sql.query.bind(database.sql);
    database.sql.query = (async (text: string, params?: unknown[]) => {
      const result = await query(text, params);
      if (text.includes('from data_versions')) await writeReadings(database, [reading(6, 30)]);
      return result;
    }) as typeof database.sql.query;
    let old: Map<number, string> | null;
    try {
      old = await currentVersions(database, [ids.org]);
    } finally {
      database.sql.query = query;
    }
    // That answer is given, not kept: the next call reads, and sees the write.
    let next: Map<number, string> | null = null;
    expect(await versionReads(async () => (next = await currentVersions(database, [ids.org])))).toBe(1);
    expect(next!.get(ids.org)).not.toBe(old!.get(ids.org));
    expect(next).toEqual(await dataVersions(database, [ids.org]));
  });

  it('are not kept from a write rolled back (nothing moved)', async () => {
    await current();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(zones).set({ name: 'Never' }).where(eq(zones.id, ids.top));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await versionReads(() => currentVersions(database, [ids.org]))).toBe(0);
  });
});

describe('data versions on PostgreSQL', () => {
  onDatabase(() => openTestDatabase({ serverUrl: PG }));

  it('are read on every call (other processes write too), and their writes notify no one', async () => {
    expect(await versionReads(() => Promise.all([currentVersions(database, [ids.org]), currentVersions(database, [ids.org])]))).toBe(2);
    const heard: string[] = [];
    const stop = await database.listen('data_versions', (payload) => heard.push(payload), () => undefined);
    try {
      await writeReadings(database, [reading(7, 45)]);
      await database.sql.query('UPDATE data_versions SET version = version + 1');
      // A notification from the same server arrives within milliseconds; none must come.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).toEqual([]);
    } finally {
      await stop();
    }
  });
});
