import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STAMP_FILE, buildIsCurrent, sourceStamp, writeStamp } from './webBuildStamp.ts';

// `npm start` skips the web build when apps/web/dist was built from the sources as they are (issue 33 item 7).

let repo: string;
let dist: string;
const write = (path: string, text: string) => {
  mkdirSync(join(repo, path, '..'), { recursive: true });
  writeFileSync(join(repo, path), text);
};
/** The check as npm start runs it: hash the sources now, compare with dist's stamp. */
const current = () => buildIsCurrent(dist, sourceStamp(repo, undefined, {}));
/** A build: the stamp of the sources as they were when it started. */
const build = () => {
  const stamp = sourceStamp(repo, undefined, {});
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html>');
  writeStamp(dist, stamp);
};

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'sitelens-web-stamp-'));
  dist = join(repo, 'apps/web/dist');
  write('apps/web/src/main.tsx', 'render(<App />)');
  write('apps/web/src/features/home/HomePage.tsx', 'export const HomePage = () => null;');
  write('apps/web/index.html', '<div id="root"></div>');
  write('packages/domain/src/index.ts', 'export const A = 1;');
  write('package-lock.json', '{"lockfileVersion":3}');
});

afterEach(() => rmSync(repo, { recursive: true, force: true }));

describe('the web build stamp', () => {
  it('asks for a build when there is none, and none once built from the sources as they are', () => {
    expect(current()).toBe(false);
    build();
    expect(current()).toBe(true);
  });

  it('asks for a build after a change to a source, the domain, the page or the lockfile, and after a new file', () => {
    for (const change of [
      () => write('apps/web/src/features/home/HomePage.tsx', 'export const HomePage = () => "hi";'),
      () => write('packages/domain/src/index.ts', 'export const A = 2;'),
      () => write('apps/web/index.html', '<div id="app"></div>'),
      () => write('package-lock.json', '{"lockfileVersion":3,"packages":{}}'),
      () => write('apps/web/src/features/home/NewCard.tsx', 'export const NewCard = 1;'),
    ]) {
      build();
      change();
      expect(current()).toBe(false);
    }
  });

  it('needs no build for a file touched without a change, nor for a test file', () => {
    build();
    utimesSync(join(repo, 'apps/web/src/main.tsx'), new Date(), new Date(Date.now() + 60_000));
    write('apps/web/src/features/home/HomePage.test.tsx', 'it("renders", () => {});');
    expect(current()).toBe(true);
  });

  it('asks for a build when a VITE_ variable differs, or when the build did not finish', () => {
    build();
    expect(buildIsCurrent(dist, sourceStamp(repo, undefined, { VITE_API_URL: 'https://x.test' }))).toBe(false);
    expect(buildIsCurrent(dist, sourceStamp(repo, undefined, { OTHER: 'ignored' }))).toBe(true);
    rmSync(join(dist, 'index.html'));
    expect(current()).toBe(false);
    build();
    rmSync(join(dist, STAMP_FILE));
    expect(current()).toBe(false);
  });
});
