import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WEB = join(REPO_ROOT, 'apps/web');
const BUILT = join(WEB, 'dist/index.html');
/** What the built app is made of: a change here makes the build stale. */
const SOURCES = [join(WEB, 'src'), join(WEB, 'index.html'), join(WEB, 'vite.config.ts'), join(REPO_ROOT, 'packages/domain/src')];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

/**
 * The browser phase measures the production build the server serves (apps/web/dist): it builds it
 * when it is missing or older than its sources, as `npm run build -w @sitelens/web` does. With
 * WEB_DIST set the server serves that folder instead (another build, to compare), as it is.
 */
export function ensureWebBuild(): { built: boolean; seconds: number | null; dist: string } {
  const other = process.env.WEB_DIST;
  if (other) {
    if (!existsSync(join(other, 'index.html'))) throw new Error(`WEB_DIST=${other} holds no index.html`);
    return { built: false, seconds: null, dist: other };
  }
  const dist = join(WEB, 'dist');
  const stale = !existsSync(BUILT) || statSync(BUILT).mtimeMs < Math.max(...SOURCES.filter(existsSync).map(newestChange));
  if (!stale) return { built: false, seconds: null, dist };
  console.log('Building the web app (apps/web/dist is missing or older than its sources)...');
  const t0 = performance.now();
  const run = spawnSync('npm', ['run', 'build', '-w', '@sitelens/web'], { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (run.status !== 0) throw new Error(`npm run build -w @sitelens/web failed:\n${run.stdout}\n${run.stderr}`);
  return { built: true, seconds: (performance.now() - t0) / 1000, dist };
}
