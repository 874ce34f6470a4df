import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, migrationsFolder, openDatabase } from '../db/database.ts';
import { partitionNewDatabase } from '../modules/metrics/partitions/movePartitions.ts';

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new database on
 * the PostgreSQL server of TEST_DATABASE_URL / DATABASE_URL (dropped again by close()), its readings
 * partitioned by month as a new production database is (READINGS_PARTITIONS=auto), or in one table
 * each with TEST_PARTITIONS=off.
 *
 * Both start from a template migrated once per set of migrations (a PGlite dump in the temporary
 * folder, a template database on PostgreSQL): an empty cluster and 30 migrations cost seconds per
 * file, a copy a fraction of one. The migrations still run on the copy (none is left to apply).
 */
export async function openTestDatabase(opts: { serverUrl?: string; embedded?: true } = {}): Promise<Database & { url?: string }> {
  // `embedded`: PGlite whatever the environment names (a file that compares the two engines).
  const serverUrl = opts.embedded ? undefined : (opts.serverUrl ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL);
  if (!serverUrl) return openDatabase({ dataDir: null, loadDataDir: await pgliteTemplate() });
  const name = `sitelens_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${await postgresTemplate(admin, serverUrl)}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ url });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** A short digest of every migration file: a new or changed migration makes a new template. */
function migrationsDigest(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(readFileSync(join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let pgliteDump: Promise<Blob> | undefined;

/** The migrated PGlite cluster as a tarball, kept in the temporary folder for the next processes. */
function pgliteTemplate(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const file = join(tmpdir(), `sitelens-test-template-${migrationsDigest()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const fresh = await openDatabase({ dataDir: null });
    try {
      const dump = await fresh.dump!();
      const bytes = Buffer.from(await dump.arrayBuffer());
      // Written aside and renamed: a process reading it never sees half a file.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, bytes);
      renameSync(partial, file);
      return new Blob([bytes]);
    } finally {
      await fresh.close();
    }
  })();
  return pgliteDump;
}

/** The migrated template database on this server, made once (under an advisory lock) per set of migrations. */
async function postgresTemplate(admin: pg.Client, serverUrl: string): Promise<string> {
  // Partitioned as a new database is at start (READINGS_PARTITIONS=auto); TEST_PARTITIONS=off: one table each.
  const partitioned = process.env.TEST_PARTITIONS !== 'off';
  const template = `sitelens_template_${migrationsDigest()}${partitioned ? '_p' : ''}`;
  await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (found.rowCount) return template;
    const building = `${template}_building`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const database = await openDatabase({ url: databaseUrl(serverUrl, building) });
    if (partitioned) await partitionNewDatabase(database, new Date());
    await database.close();
    await admin.query(`alter database ${building} rename to ${template}`);
    return template;
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
  }
}
