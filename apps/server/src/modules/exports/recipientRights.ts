import { canReadMetric, gates } from '@sitelens/domain';
import type { Database } from '../../db/database.ts';
import { memberCallers } from '../access/memberCallers.ts';

/**
 * Which of these users may receive an export of these columns now: active members of the
 * organization whose rights there let them read every column. Turnover goes only to who may see
 * sales figures, whoever asked for the file (spec 002 §6; the export is read as the organization).
 */
export async function recipientsWhoMayRead(database: Database, organizationId: number, userIds: readonly number[], columns: readonly string[]): Promise<Set<number>> {
  const members = await memberCallers(database, organizationId, userIds);
  const allowed = [...members].filter(([, caller]) => columns.every((metric) => canReadMetric(gates(caller), metric)));
  return new Set(allowed.map(([id]) => id));
}
