import type { Context } from '../../graphql/context.ts';
import { requireAdministeredOrganization } from '../access/access.ts';
import { type AuditEntryRow, auditEntriesOf } from './audit.repo.ts';

/** The organization's audit log, newest first (administrators). */
export function auditLog(ctx: Context, opts: { first: number; offset: number }): Promise<AuditEntryRow[]> {
  return auditEntriesOf(ctx.database, requireAdministeredOrganization(ctx), opts);
}
