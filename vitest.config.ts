import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Node loads graphql's CommonJS build for Yoga and Pothos (graphql has no "exports" map), while Vite
// would pick its ESM build for our sources: point ours at the same file so there is one graphql.
const graphqlCjs = fileURLToPath(new URL('./node_modules/graphql/index.js', import.meta.url));

export default defineConfig({
  test: {
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
