import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

const imports = (file: string) => [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);

describe('boundaries', () => {
  it('packages/domain imports nothing from the apps, and no I/O module', () => {
    const bad = files(join(root, 'packages/domain/src'))
      .filter((f) => !f.endsWith('.test.ts'))
      .flatMap((f) => imports(f).filter((i) => /apps\/|@sitelens\/(server|web)|^node:|^react/.test(i)).map((i) => `${relative(root, f)} -> ${i}`));
    expect(bad).toEqual([]);
  });

  it('web features do not reach into each other’s internals', () => {
    const featuresDir = join(root, 'apps/web/src/features');
    const bad = files(featuresDir).flatMap((f) => {
      const own = relative(featuresDir, f).split('/')[0];
      return imports(f)
        .filter((i) => i.startsWith('.'))
        .map((i) => relative(featuresDir, join(f, '..', i)))
        .filter((target) => !target.startsWith('..') && target.split('/')[0] !== own && target.split('/').length > 2)
        .map((target) => `${relative(root, f)} -> ${target}`);
    });
    expect(bad).toEqual([]);
  });

  it('the server imports nothing from the web app', () => {
    const bad = files(join(root, 'apps/server/src')).flatMap((f) =>
      imports(f).filter((i) => /apps\/web|@sitelens\/web/.test(i)).map((i) => `${relative(root, f)} -> ${i}`),
    );
    expect(bad).toEqual([]);
  });
});
