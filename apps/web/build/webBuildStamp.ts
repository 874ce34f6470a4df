import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Beside the built app (vite empties dist when it starts a build, so a failed build leaves none). */
export const STAMP_FILE = '.sitelens-build-stamp';

/** What the built app is made of, relative to the repository: a change to one makes the build stale. */
export const WEB_BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.js',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];

// Tests never reach the bundle: editing one does not call for a build.
const NOT_BUILT = /\.test\.tsx?$/;

function* filesOf(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    yield path;
    return;
  }
  for (const name of readdirSync(path).sort()) yield* filesOf(join(path, name));
}

/**
 * One hash of the inputs' contents (path and bytes of every file, in a fixed order) and of the
 * VITE_ variables the build reads: about 5 MB read, tens of milliseconds, where a build takes
 * 35 s. Contents, not times: a checkout that changes nothing, or a copied tree, needs no build.
 */
export function sourceStamp(repoRoot: string, inputs: readonly string[] = WEB_BUILD_INPUTS, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of filesOf(join(repoRoot, input))) {
      const name = relative(repoRoot, file).split(sep).join('/');
      if (NOT_BUILT.test(name)) continue;
      const bytes = readFileSync(file);
      hash.update(`${name}\0${bytes.length}\0`).update(bytes);
    }
  }
  for (const key of Object.keys(env).filter((k) => k.startsWith('VITE_')).sort()) hash.update(`env\0${key}=${env[key]}\0`);
  return hash.digest('hex');
}

/** True when `dist` holds a complete build (index.html) stamped with these inputs. */
export function buildIsCurrent(dist: string, stamp: string): boolean {
  const file = join(dist, STAMP_FILE);
  return existsSync(join(dist, 'index.html')) && existsSync(file) && readFileSync(file, 'utf8').trim() === stamp;
}

/** Marks `dist` as built from the inputs hashed into `stamp` (hashed before the build began). */
export function writeStamp(dist: string, stamp: string): void {
  writeFileSync(join(dist, STAMP_FILE), `${stamp}\n`);
}
