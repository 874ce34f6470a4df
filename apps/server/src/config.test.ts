import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.ts';

describe('DATA_DIR', () => {
  it('is ./data of the folder npm was started in (the repository root for npm start), not of the workspace', () => {
    expect(loadConfig({ INIT_CWD: '/srv/sitelens' }).DATA_DIR).toBe('/srv/sitelens/data');
    expect(loadConfig({ INIT_CWD: '/srv/sitelens', DATA_DIR: 'state' }).DATA_DIR).toBe('/srv/sitelens/state');
  });

  it('keeps an absolute folder, and reads a relative one from the working directory without npm', () => {
    expect(loadConfig({ INIT_CWD: '/srv/sitelens', DATA_DIR: '/var/lib/sitelens' }).DATA_DIR).toBe('/var/lib/sitelens');
    expect(loadConfig({}).DATA_DIR).toBe(join(process.cwd(), 'data'));
  });
});

describe('SITELENS_ROLE', () => {
  const split = { DATABASE_URL: 'postgres://db.internal/sitelens', REDIS_URL: 'redis://cache.internal:6379' };

  it('is all by default, and web or worker on PostgreSQL with Redis', () => {
    expect(loadConfig({}).SITELENS_ROLE).toBe('all');
    expect(loadConfig({ ...split, SITELENS_ROLE: 'web' }).SITELENS_ROLE).toBe('web');
    expect(loadConfig({ ...split, SITELENS_ROLE: 'worker' }).SITELENS_ROLE).toBe('worker');
  });

  it('refuses a split role on the embedded database or without Redis, and an unknown role, naming the variable', () => {
    expect(() => loadConfig({ SITELENS_ROLE: 'web', REDIS_URL: split.REDIS_URL })).toThrow(/SITELENS_ROLE: web needs DATABASE_URL \(PostgreSQL\): the embedded database opens in one process only/);
    expect(() => loadConfig({ SITELENS_ROLE: 'worker', DATABASE_URL: split.DATABASE_URL })).toThrow(/SITELENS_ROLE: worker needs REDIS_URL/);
    expect(() => loadConfig({ ...split, SITELENS_ROLE: 'api' })).toThrow(ConfigError);
  });
});

describe('DATABASE_READ_URL', () => {
  it('lists replicas, comma-separated, and needs a primary', () => {
    const primary = { DATABASE_URL: 'postgres://db.internal/sitelens' };
    expect(loadConfig(primary).DATABASE_READ_URL).toEqual([]);
    expect(loadConfig({ ...primary, DATABASE_READ_URL: 'postgres://r1.internal/sitelens, postgres://r2.internal/sitelens' }).DATABASE_READ_URL).toEqual(['postgres://r1.internal/sitelens', 'postgres://r2.internal/sitelens']);
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://r1.internal/sitelens' })).toThrow(/DATABASE_READ_URL: needs DATABASE_URL/);
    expect(() => loadConfig({ ...primary, DATABASE_READ_URL: 'r1 internal' })).toThrow(ConfigError);
  });

  it('keeps every month of readings unless READINGS_RETENTION_MONTHS says how many, a whole number from 1', () => {
    expect(loadConfig({}).READINGS_RETENTION_MONTHS).toBeUndefined();
    expect(loadConfig({ READINGS_RETENTION_MONTHS: '24' }).READINGS_RETENTION_MONTHS).toBe(24);
    for (const bad of ['0', '1.5', 'a year']) expect(() => loadConfig({ READINGS_RETENTION_MONTHS: bad })).toThrow(/READINGS_RETENTION_MONTHS/);
  });

  it('gives PostgreSQL no parallel workers per statement unless DATABASE_PARALLEL_WORKERS says how many, a whole number from 0 to 64', () => {
    expect(loadConfig({}).DATABASE_PARALLEL_WORKERS).toBe(0);
    expect(loadConfig({ DATABASE_PARALLEL_WORKERS: '4' }).DATABASE_PARALLEL_WORKERS).toBe(4);
    for (const bad of ['-1', '2.5', '65', 'many']) expect(() => loadConfig({ DATABASE_PARALLEL_WORKERS: bad })).toThrow(/DATABASE_PARALLEL_WORKERS/);
  });

  it('names PostgreSQL statements unless DATABASE_NAMED_STATEMENTS is off', () => {
    expect(loadConfig({}).DATABASE_NAMED_STATEMENTS).toBe('on');
    expect(loadConfig({ DATABASE_NAMED_STATEMENTS: 'off' }).DATABASE_NAMED_STATEMENTS).toBe('off');
    expect(() => loadConfig({ DATABASE_NAMED_STATEMENTS: 'sometimes' })).toThrow(/DATABASE_NAMED_STATEMENTS/);
  });
});

describe('the README', () => {
  it('lists every environment variable in its configuration table', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const table = readme.split('## Configuration')[1]!.split('\n## ')[0]!;
    const listed = new Set([...table.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]));
    expect(CONFIG_VARIABLES.filter((v) => !listed.has(v))).toEqual([]);
  });
});
