import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite on disk: gives each table and index of ours (schema public, and the TOAST tables and
 * indexes beside them) that has no free space map (FSM) one of a single all-zero page, which is what PostgreSQL's own `fsm_extend` writes and reads as "no free
 * space recorded yet". Answers how many it added.
 *
 * Why: a relation gets its FSM only when free space is first recorded in it, which on PGlite (no
 * autovacuum) may be never for an index. Until then PostgreSQL asks whether the FSM file exists
 * each time it looks for a free page, which a B-tree does on every page split: each ask is an
 * `open()` that fails, and through PGlite's file system on Node each failure costs ~0.1 ms (a
 * thrown error from `lstatSync`). A 150,000-receipt sales import made ~6,300 of them, 0.6 s of its
 * 10 s (docs/decisions.md, "PGlite: free space maps"). With the page there, the size is cached and
 * nothing is asked again. Run while PostgreSQL is idle (this process's only connection, between
 * statements); never overwrites a file.
 */
export async function addMissingFreeSpaceMaps(client: PGlite, dataDir: string): Promise<number> {
  const { rows } = await client.query<{ path: string; block: number }>(
    `SELECT pg_relation_filepath(c.oid) AS path, current_setting('block_size')::int AS block FROM pg_class c
      WHERE c.relnamespace IN ('public'::regnamespace, 'pg_toast'::regnamespace) AND c.relkind IN ('r', 'i', 'm', 't')
        AND c.relpersistence = 'p' AND NOT c.relisshared AND pg_relation_filepath(c.oid) IS NOT NULL`,
  );
  let added = 0;
  for (const { path, block } of rows) {
    const relation = join(dataDir, path);
    const fsm = `${relation}_fsm`;
    // A relation not yet written has no file: PostgreSQL creates its forks itself.
    if (!existsSync(relation) || existsSync(fsm)) continue;
    writeFileSync(fsm, new Uint8Array(block), { flag: 'wx' });
    added += 1;
  }
  return added;
}
