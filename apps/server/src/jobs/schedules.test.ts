import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { defineJob } from './defineJob.ts';
import type { JobDeps } from './jobDeps.ts';
import { type JobRunner, createJobQueue } from './jobQueue.ts';
import { findSchedule } from './schedules.repo.ts';
import { until } from './testSupport/until.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const lyonAt8 = { rule: { kind: 'weekly', weekdays: EVERY_DAY, times: ['08:00'] }, timeZone: 'Europe/Paris' } as const;

let database: Database;
let clock = Date.parse('2026-03-27T12:00:00Z');
const runs: Array<{ key: string; occurrence: string }> = [];
const report = defineJob<{ key: string }>({
  name: 'test.report',
  options: { retryDelaySeconds: 0 },
  run: async (data, run) => void runs.push({ key: data.key, occurrence: run.occurrence!.toISOString() }),
});
let runners: JobRunner[] = [];

/** A server process: its own queue runner on the shared database, on the test's clock. */
async function startProcess(): Promise<JobRunner> {
  const now = () => new Date(clock);
  const runner = createJobQueue({ database, definitions: [report], now, log: quiet, pollMs: 500, schedulePollMs: 60_000, maintenanceSeconds: 60, work: true });
  await runner.start({ database, log: quiet, now } as unknown as JobDeps);
  runners.push(runner);
  return runner;
}

const runsOf = (key: string) => runs.filter((r) => r.key === key).map((r) => r.occurrence);
const settle = () => new Promise((r) => setTimeout(r, 700));

beforeAll(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  for (const r of runners) await r.stop({ timeoutMs: 1000 });
  runners = [];
  // Each test counts the occurrences of its own schedule only.
  await database.sql.query('DELETE FROM job_schedules');
});
afterAll(() => database.close());

describe('durable schedules', () => {
  it('runs a report at 08:00 Lyon time on the days around the spring-forward', async () => {
    clock = Date.parse('2026-03-27T12:00:00Z');
    const server = await startProcess();
    await server.schedule('report:dst', report, { key: 'dst' }, lyonAt8);

    // Each process's own ticker runs too (woken by the registration); whoever ticks, the runs tell.
    clock = Date.parse('2026-03-28T06:59:59Z'); // Saturday 07:59:59 CET
    await server.tickSchedules();
    await settle();
    expect(runsOf('dst')).toEqual([]);
    clock = Date.parse('2026-03-28T07:00:00Z'); // Saturday 08:00 CET
    await server.tickSchedules();
    await until(() => runsOf('dst').length === 1);
    clock = Date.parse('2026-03-29T05:59:59Z'); // Sunday 07:59:59 CEST, an hour after the change
    await server.tickSchedules();
    await settle();
    expect(runsOf('dst')).toHaveLength(1);
    clock = Date.parse('2026-03-29T06:00:00Z'); // Sunday 08:00 CEST
    await server.tickSchedules();

    await until(() => runsOf('dst').length === 2);
    expect(runsOf('dst')).toEqual(['2026-03-28T07:00:00.000Z', '2026-03-29T06:00:00.000Z']);
  });

  it('two processes at the same instant hand each occurrence to the queue once', async () => {
    clock = Date.parse('2026-06-01T05:00:00Z');
    const a = await startProcess();
    const b = await startProcess();
    await a.schedule('report:race', report, { key: 'race' }, lyonAt8);
    clock = Date.parse('2026-06-01T06:00:05Z');
    const handed = await Promise.all([a.tickSchedules(), b.tickSchedules(), a.tickSchedules(), b.tickSchedules()]);
    // Their own tickers may have taken it first: at most one of all these ticks hands it over.
    expect(handed.reduce((x, y) => x + y, 0)).toBeLessThanOrEqual(1);
    await until(() => runsOf('race').length === 1);
    await settle();
    expect(runsOf('race')).toEqual(['2026-06-01T06:00:00.000Z']);
  });

  it('a server down at the occurrence runs it once when back, never twice', async () => {
    clock = Date.parse('2026-07-01T05:00:00Z');
    const before = await startProcess();
    await before.schedule('report:down', report, { key: 'down' }, lyonAt8);
    await before.stop();
    runners = [];

    // Down from Wednesday 07:00 to Friday 09:00 Lyon time: Wednesday's and Thursday's 08:00 passed.
    clock = Date.parse('2026-07-03T07:00:00Z');
    const after = await startProcess(); // its first tick runs at start
    await until(() => runsOf('down').length === 1);
    await after.tickSchedules();
    await settle();
    // catch-up "last": the latest missed report only.
    expect(runsOf('down')).toEqual(['2026-07-03T06:00:00.000Z']);
    expect((await findSchedule(database, 'report:down'))?.nextAt.toISOString()).toBe('2026-07-04T06:00:00.000Z');
  });

  it('with catch-up "all", each missed occurrence runs once, oldest first', async () => {
    clock = Date.parse('2026-08-03T05:00:00Z');
    const server = await startProcess();
    await server.schedule('report:all', report, { key: 'all' }, { ...lyonAt8, catchUp: 'all' });
    clock = Date.parse('2026-08-05T12:00:00Z');
    await server.tickSchedules();
    await server.tickSchedules();
    await until(() => runsOf('all').length === 3);
    await settle();
    expect(runsOf('all').sort()).toEqual(['2026-08-03T06:00:00.000Z', '2026-08-04T06:00:00.000Z', '2026-08-05T06:00:00.000Z']);
  });

  it('registering the same rule again at start keeps a pending occurrence; a new rule starts afresh', async () => {
    clock = Date.parse('2026-09-01T05:00:00Z');
    const server = await startProcess();
    await server.schedule('report:again', report, { key: 'again' }, lyonAt8);
    clock = Date.parse('2026-09-03T12:00:00Z'); // two occurrences passed, not yet handed over
    await server.schedule('report:again', report, { key: 'again' }, lyonAt8);
    expect((await findSchedule(database, 'report:again'))?.nextAt.toISOString()).toBe('2026-09-01T06:00:00.000Z');

    await server.schedule('report:again', report, { key: 'again' }, { ...lyonAt8, rule: { ...lyonAt8.rule, times: ['18:30'] } });
    expect((await findSchedule(database, 'report:again'))?.nextAt.toISOString()).toBe('2026-09-03T16:30:00.000Z');
  });

  it('refuses a rule or a time zone it cannot read', async () => {
    const server = await startProcess();
    await expect(server.schedule('bad:zone', report, { key: 'x' }, { ...lyonAt8, timeZone: 'Europe/Lyon' })).rejects.toThrow(/timeZone/);
    await expect(server.schedule('bad:rule', report, { key: 'x' }, { rule: { kind: 'interval', minutes: 7 }, timeZone: 'UTC' })).rejects.toThrow(/minutes/);
  });
});
