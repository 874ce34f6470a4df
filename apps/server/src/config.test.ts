import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from './config.ts';

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

describe('the README', () => {
  it('lists every environment variable in its configuration table', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const table = readme.split('## Configuration')[1]!.split('\n## ')[0]!;
    const listed = new Set([...table.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]));
    expect(CONFIG_VARIABLES.filter((v) => !listed.has(v))).toEqual([]);
  });
});
