// The floor plan's rules (.dependency-cruiser.cjs, docs/architecture.md) fail on what they forbid:
// each case writes a tiny tree of files at the product's own paths and runs the same check as
// `npm run lint`, which must refuse it and name the rule.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const depcruise = join(root, 'node_modules/.bin/depcruise');
const dirs: string[] = [];

async function check(files: Record<string, string>): Promise<{ ok: boolean; out: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'layers-'));
  dirs.push(dir);
  copyFileSync(join(root, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
  copyFileSync(join(root, 'tsconfig.base.json'), join(dir, 'tsconfig.base.json'));
  for (const [path, text] of Object.entries({ 'packages/domain/src/index.ts': 'export {};\n', ...files })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  try {
    const { stdout } = await promisify(execFile)(depcruise, ['--config', '.dependency-cruiser.cjs', '--output-type', 'err', 'apps', 'packages'], { cwd: dir });
    return { ok: true, out: stdout };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { ok: false, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the layer rules', () => {
  // One tree holding one forbidden import per rule (one run of the checker: it takes seconds), beside
  // imports the rules allow; the repository itself is the case that passes (npm run lint).
  it('refuse a circle, an upward import in each layer, accounts reaching into sign-in and the web app importing the server, naming each rule and file', async () => {
    const r = await check({
      'packages/domain/src/rule.ts': 'export const rule = 1;\n',
      'apps/server/src/db/database.ts': "import { rule } from '../../../../packages/domain/src/rule.ts';\nexport const db = rule;\n",
      'apps/server/src/modules/sites/sites.repo.ts': "import { db } from '../../db/database.ts';\nexport const sites = db;\n",
      'apps/server/src/modules/sites/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'apps/server/src/modules/sites/b.ts': "import type { a } from './a.ts';\nexport const b = 1 as unknown as typeof a;\n",
      'apps/server/src/jobs/queue.ts': "import { sites } from '../modules/sites/sites.repo.ts';\nexport const q = sites;\n",
      'apps/server/src/demo/generateDemo.ts': "import { sites } from '../modules/sites/sites.repo.ts';\nexport const demo = sites;\n",
      'apps/server/src/modules/sites/sites.service.ts': "import { demo } from '../../demo/generateDemo.ts';\nexport const s = demo;\n",
      'apps/server/src/modules/auth/sessions.ts': 'export const sessions = 1;\n',
      'apps/server/src/modules/users/users.service.ts': "import { sessions } from '../auth/sessions.ts';\nexport const u = sessions;\n",
      'apps/web/src/app.ts': "import { sessions } from '../../server/src/modules/auth/sessions.ts';\nexport const w = sessions;\n",
    });
    expect(r.ok).toBe(false);
    const errors = r.out.split('\n').filter((l) => l.includes('error '));
    const named = (rule: string) => errors.filter((l) => l.includes(`error ${rule}:`)).join('\n');
    expect(named('no-circular')).toContain('modules/sites/a.ts');
    expect(named('core-not-up')).toContain('jobs/queue.ts');
    expect(named('modules-not-up')).toContain('modules/sites/sites.service.ts');
    expect(named('users-below-auth')).toContain('modules/users/users.service.ts');
    expect(named('web-not-server')).toContain('apps/web/src/app.ts');
    // The allowed imports (domain <- db <- module, demo -> module) are not among the errors.
    expect(errors.filter((l) => l.includes('sites.repo.ts →') || l.includes('database.ts →') || l.includes('generateDemo.ts →'))).toEqual([]);
    expect(errors).toHaveLength(5);
  }, 120_000);
});
