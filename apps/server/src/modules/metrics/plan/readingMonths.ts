import type { Database } from '../../../db/database.ts';

/**
 * The business months (first day, YYYY-MM-DD) in which any of the targets has a non-zero sum of the
 * metric, newest first: read from the month rollup, one row per target and month.
 */
export async function monthsWithReadings(database: Database, organizationId: number, kind: string, ids: number[], metric: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await database.sql.query<{ month: string }>(
    `SELECT DISTINCT to_char(month, 'YYYY-MM-DD') AS month FROM rollup_month
      WHERE organization_id = $1 AND target_kind = $2 AND target_id = ANY($3::int[]) AND metric = $4 AND breakdown = '' AND sum <> 0
      ORDER BY 1 DESC`,
    [organizationId, kind, ids, metric],
  );
  return rows.map((r) => r.month);
}
