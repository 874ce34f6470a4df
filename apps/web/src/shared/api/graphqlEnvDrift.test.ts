import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const webRoot = fileURLToPath(new URL('../../../', import.meta.url));

describe('graphql-env.d.ts', () => {
  it('is generated from the committed schema.graphql (run npm run codegen after a schema change)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitelens-tada-'));
    try {
      const out = join(dir, 'graphql-env.d.ts');
      execFileSync(join(webRoot, '../../node_modules/.bin/gql-tada'), ['generate-output', '-o', out], { cwd: webRoot, stdio: 'pipe' });
      const committed = readFileSync(join(webRoot, 'src/shared/api/graphql-env.d.ts'), 'utf8');
      expect(readFileSync(out, 'utf8')).toBe(committed);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
