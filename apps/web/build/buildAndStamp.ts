import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceStamp, writeStamp } from './webBuildStamp.ts';

// `npm run build`: vite's build, then the stamp of the sources it was made from (hashed before it
// began), so that the next `npm start` finds apps/web/dist current and does not build it again.
const web = fileURLToPath(new URL('..', import.meta.url));
const stamp = sourceStamp(join(web, '../..'));
const build = spawnSync('npx', ['vite', 'build'], { cwd: web, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
writeStamp(join(web, 'dist'), stamp);
