import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Node loads graphql's CommonJS build for Yoga and Pothos (graphql has no "exports" map), while Vite
// would pick its ESM build for our sources: point ours at the same file so there is one graphql.
const graphqlCjs = fileURLToPath(new URL('./node_modules/graphql/index.js', import.meta.url));

export default defineConfig({
  test: {
    // Vitest runs one file per CPU but one, so one file at a time on a 2-core machine; our files spend
    // much of their time waiting (child processes, mail and SMS peers, timers), and every file has
    // its own database: two at a time cut npm test by about a third there (docs/decisions.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      {
        resolve: { alias: [{ find: /^graphql$/, replacement: graphqlCjs }] },
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      // The web client is also tested against the real server in-process (shared/apollo): one graphql there too.
      { resolve: { alias: [{ find: /^graphql$/, replacement: graphqlCjs }] }, test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.{ts,tsx}'] } },
    ],
  },
});
