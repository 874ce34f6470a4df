import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent, sourceStamp } from './webBuildStamp.ts';

// `npm start`: the web app is built only when its inputs changed since the build in apps/web/dist.
const web = fileURLToPath(new URL('..', import.meta.url));
const dist = join(web, 'dist');
const started = performance.now();
const stamp = sourceStamp(join(web, '../..'));
if (buildIsCurrent(dist, stamp)) {
  console.log(`Web app: apps/web/dist is current (its sources checked in ${Math.round(performance.now() - started)} ms), no build needed.`);
} else {
  console.log('Web app: building apps/web/dist (missing, or its sources changed since it was built)...');
  // `npm run build` stamps what it built (build/buildAndStamp.ts).
  const build = spawnSync('npm', ['run', 'build'], { cwd: web, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
