import os from 'node:os';
import type { Database } from '../../apps/server/src/db/database.ts';

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  engine: string;
  engineVersion: string;
}

/** The machine, and the benchmark database's engine (none with --browser-only). */
export async function machineInfo(database: Database | null): Promise<MachineInfo> {
  const rows = database ? (await database.sql.query<{ v: string }>('select version() as v')).rows : [];
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    engine: !database ? 'none (--browser-only)' : database.engine === 'pglite' ? 'PGlite (file-backed, embedded default)' : 'PostgreSQL (DATABASE_URL)',
    engineVersion: rows[0]?.v.split(' on ')[0] ?? (database ? 'unknown' : '-'),
  };
}
