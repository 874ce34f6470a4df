import type { CatchUp, ScheduleRule } from '@sitelens/domain';
import type { Database, SqlClient } from '../db/database.ts';

export interface ScheduleRow {
  key: string;
  jobName: string;
  data: unknown;
  rule: ScheduleRule;
  timeZone: string;
  catchUp: CatchUp;
  nextAt: Date;
}

const COLUMNS = `key, job_name AS "jobName", data, rule, time_zone AS "timeZone", catch_up AS "catchUp", next_at AS "nextAt"`;

/**
 * Creates or changes a schedule. Its next occurrence is kept while its rule and time zone stay the
 * same (so a registration at every start does not lose an occurrence missed while down), and is
 * `nextAt` otherwise.
 */
export async function upsertSchedule(
  database: Database,
  s: Omit<ScheduleRow, 'nextAt'> & { organizationId: number | null; nextAt: Date; now: Date },
): Promise<void> {
  await database.sql.query(
    `INSERT INTO job_schedules (key, job_name, data, rule, time_zone, catch_up, organization_id, next_at, created_at, updated_at)
     VALUES ($1, $2, $3::jsonb, $4::jsonb, $5, $6, $7, $8, $9, $9)
     ON CONFLICT (key) DO UPDATE SET
       job_name = excluded.job_name, data = excluded.data, catch_up = excluded.catch_up,
       organization_id = excluded.organization_id, updated_at = excluded.updated_at,
       next_at = CASE WHEN job_schedules.rule = excluded.rule AND job_schedules.time_zone = excluded.time_zone
                      THEN job_schedules.next_at ELSE excluded.next_at END,
       rule = excluded.rule, time_zone = excluded.time_zone`,
    [s.key, s.jobName, JSON.stringify(s.data ?? {}), JSON.stringify(s.rule), s.timeZone, s.catchUp, s.organizationId, s.nextAt, s.now],
  );
}

export async function deleteSchedule(database: Database, key: string): Promise<void> {
  await database.sql.query('DELETE FROM job_schedules WHERE key = $1', [key]);
}

export async function findSchedule(database: Database, key: string): Promise<(ScheduleRow & { lastAt: Date | null }) | null> {
  const { rows } = await database.sql.query<ScheduleRow & { lastAt: Date | null }>(`SELECT ${COLUMNS}, last_at AS "lastAt" FROM job_schedules WHERE key = $1`, [key]);
  return rows[0] ?? null;
}

export async function dueSchedules(database: Database, now: Date, limit: number): Promise<ScheduleRow[]> {
  const { rows } = await database.sql.query<ScheduleRow>(`SELECT ${COLUMNS} FROM job_schedules WHERE next_at <= $1 ORDER BY next_at LIMIT $2`, [now, limit]);
  return rows;
}

export async function earliestNextAt(database: Database): Promise<Date | null> {
  const { rows } = await database.sql.query<{ at: Date | null }>('SELECT min(next_at) AS at FROM job_schedules');
  return rows[0]?.at ?? null;
}

/**
 * Moves the schedule from the occurrence `from` to `to`, if no other process did first: true when
 * this transaction owns the occurrences in between.
 */
export async function claimOccurrences(tx: SqlClient, key: string, from: Date, to: Date, last: Date): Promise<boolean> {
  const { rows } = await tx.query('UPDATE job_schedules SET next_at = $3, last_at = $4 WHERE key = $1 AND next_at = $2 RETURNING key', [key, from, to, last]);
  return rows.length === 1;
}
