import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// Node loads graphql's CommonJS build for Yoga and Pothos (graphql has no "exports" map), while Vite
// would pick its ESM build for our sources: point ours at the same file so there is one graphql.
const graphqlCjs = fileURLToPath(new URL('./node_modules/graphql/index.js', import.meta.url));

// Test files whose engine does not follow TEST_DATABASE_URL: those that always use PostgreSQL (several
// processes on one database, LISTEN, deadlocks), those that always use the embedded PGlite (a first
// `npm start`, the supervisor, PGlite's own statements) and those with no database. `npm test` runs
// them once; the PostgreSQL phase (`npm run test:pg`, which sets SITELENS_TEST_PHASE=pg) leaves them
// out instead of running the same thing twice.
const ENGINE_FIXED = [
  // Always PostgreSQL.
  'src/composition/roles.test.ts',
  'src/db/listenPostgres.test.ts',
  'src/db/postgresPrepared.test.ts',
  'src/db/parallelWorkers.test.ts',
  'src/db/migrateTogether.test.ts',
  'src/jobs/processes.test.ts',
  'src/live/crossProcess.test.ts',
  'src/modules/metrics/writeDeadlock.test.ts',
  'src/modules/metrics/partitions/partitions.test.ts',
  'src/modules/metrics/cache/speculation.test.ts',
  // Both engines side by side, whatever the phase.
  'src/modules/metrics/cache/keptVersions.test.ts',
  // Always PGlite, or no database.
  'src/demo/startWhileDemoBuilds.test.ts',
  'src/supervisor/supervisor.test.ts',
  'src/db/pglitePrepared.test.ts',
  'src/uploads/uploadSandbox.test.ts',
  'src/architecture.test.ts',
  'src/modules/metrics/cache/resultCacheRedis.test.ts',
];
const postgresPhase = process.env.SITELENS_TEST_PHASE === 'pg';
// The cluster tests (issue 31) start PostgreSQL replicas and several processes: `npm run test:cluster`
// only, one file at a time (its --no-file-parallelism: Vitest does not apply fileParallelism set in a
// project). Two at once share the primary: one file's load held the other's replica past its lag bound.
const clusterPhase = process.env.SITELENS_TEST_PHASE === 'cluster';
const CLUSTER_TESTS = 'src/**/*.cluster.test.ts';

// Vitest runs one file per CPU but one, so one file at a time on a 2-core machine; our files spend much
// of their time waiting (child processes, mail and SMS peers, PostgreSQL, timers), and every file has
// its own database: two at a time cut npm test by about a third there, three a further eighth
// (docs/decisions.md).
const workers = Math.max(3, availableParallelism() - 1);

export default defineConfig({
  test: {
    maxWorkers: workers,
    // The server's files run in processes that each import the server once and keep it for the files
    // that follow (isolate: false): importing it per file took 927 of the workers' 3,350 s in an isolated
    // run (the server's files 1,211 s wall isolated in threads, 725 s so; docs/decisions.md). Each file still opens its
    // own database and server. The workers live for the whole run (minForks = maxForks): with fewer, the
    // pool stopped an idle one while it still had files, and the run failed with "Terminating worker
    // thread". The cluster tests keep a process per file (replicas, HAProxy: nothing shared between them).
    poolOptions: { forks: { isolate: clusterPhase, minForks: workers, maxForks: workers } },
    // The web and domain files run in worker threads with a fresh module graph each: they import little,
    // and over a thread's message port that costs far less than over a child's IPC pipe (docs/decisions.md).
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'], pool: 'threads' } },
      {
        resolve: { alias: [{ find: /^graphql$/, replacement: graphqlCjs }] },
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, CLUSTER_TESTS, ...(postgresPhase ? ENGINE_FIXED : [])],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      ...(clusterPhase
        ? [{ resolve: { alias: [{ find: /^graphql$/, replacement: graphqlCjs }] }, test: { name: 'cluster', root: 'apps/server', include: [CLUSTER_TESTS], testTimeout: 120_000, hookTimeout: 180_000, pool: 'forks' as const } }]
        : []),
      // The web client is also tested against the real server in-process (shared/apollo): one graphql there too.
      // 30 s a test, not Vitest's 5: unpacking a spreadsheet bomb's first bytes took past 5 s on a loaded machine.
      { resolve: { alias: [{ find: /^graphql$/, replacement: graphqlCjs }] }, test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'], pool: 'threads', testTimeout: 30_000 } },
    ],
  },
});
