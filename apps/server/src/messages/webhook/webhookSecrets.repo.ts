import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { webhookSecrets } from '../messages.tables.ts';

export type WebhookSecretRow = typeof webhookSecrets.$inferSelect;

export async function findWebhookSecret(database: Database, organizationId: number): Promise<WebhookSecretRow | null> {
  const [row] = await database.db.select().from(webhookSecrets).where(eq(webhookSecrets.organizationId, organizationId));
  return row ?? null;
}

/** Creates the organization's first secret unless one exists (two callers at once keep the first). */
export async function insertWebhookSecret(database: Database, organizationId: number, secret: string, now: Date): Promise<void> {
  await database.db.insert(webhookSecrets).values({ organizationId, secret, createdAt: now, rotatedAt: now }).onConflictDoNothing();
}

/** The new secret signs from now on; the old one also signs until `previousValidUntil`. */
export async function rotateWebhookSecretRow(database: Database, organizationId: number, secret: string, now: Date, previousValidUntil: Date): Promise<void> {
  const current = await findWebhookSecret(database, organizationId);
  if (!current) return insertWebhookSecret(database, organizationId, secret, now);
  await database.db
    .update(webhookSecrets)
    .set({ secret, previousSecret: current.secret, previousValidUntil, rotatedAt: now })
    .where(eq(webhookSecrets.organizationId, organizationId));
}
