import { defineJob } from '../defineJob.ts';

/** A job that writes each of its runs to test_runs (a table the test creates), with the process that ran it. */
export const recordRun = defineJob<{ key: string }>({
  name: 'test.record',
  options: { retryDelaySeconds: 0 },
  run: async (data, run, deps) => {
    await deps.database.sql.query('INSERT INTO test_runs (key, occurrence, process) VALUES ($1, $2, $3)', [data.key, run.occurrence, process.env.PROCESS_NAME ?? 'test']);
  },
});

export const CREATE_TEST_RUNS = 'CREATE TABLE IF NOT EXISTS test_runs (id serial PRIMARY KEY, key text NOT NULL, occurrence timestamptz, process text NOT NULL)';
