import { desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../users/users.tables.ts';
import { auditLog } from './audit.tables.ts';

export type AuditEntryRow = typeof auditLog.$inferSelect;

export interface AuditEntry {
  adminUserId: number;
  userId: number;
  operation: string;
  outcome: string;
  objectName: string | null;
  changedFields: string[];
  at: Date;
}

/** One entry per organization the viewed user belongs to, with both users' e-mails of now. */
export async function insertAuditEntry(database: Database, entry: AuditEntry, organizationIds: number[]): Promise<void> {
  if (organizationIds.length === 0) return;
  const people = await database.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, [entry.adminUserId, entry.userId]));
  const email = (id: number) => people.find((p) => p.id === id)?.email ?? '';
  await database.db.insert(auditLog).values(
    organizationIds.map((organizationId) => ({
      organizationId,
      adminUserId: entry.adminUserId,
      adminEmail: email(entry.adminUserId),
      userId: entry.userId,
      userEmail: email(entry.userId),
      operation: entry.operation,
      outcome: entry.outcome,
      objectName: entry.objectName,
      changedFields: entry.changedFields,
      createdAt: entry.at,
    })),
  );
}

export function auditEntriesOf(database: Database, organizationId: number, opts: { first: number; offset: number }): Promise<AuditEntryRow[]> {
  return database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.organizationId, organizationId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(opts.first)
    .offset(opts.offset);
}
