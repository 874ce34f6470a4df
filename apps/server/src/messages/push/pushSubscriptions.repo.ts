import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { pushSubscriptions } from '../messages.tables.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Saves a browser's subscription for the user; the same browser subscribing again moves to the new user. */
export async function savePushSubscription(
  database: Database,
  s: { userId: number; endpoint: string; p256dh: string; auth: string; userAgent: string; now: Date },
): Promise<void> {
  await database.db
    .insert(pushSubscriptions)
    .values({ userId: s.userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, userAgent: s.userAgent, createdAt: s.now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: s.userId, p256dh: s.p256dh, auth: s.auth, userAgent: s.userAgent, createdAt: s.now },
    });
}

export async function deleteUserPushSubscription(database: Database, userId: number, endpoint: string): Promise<boolean> {
  const rows = await database.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function pushSubscriptionsOf(database: Database, userId: number): Promise<PushSubscriptionRow[]> {
  return database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(pushSubscriptions.id);
}

export async function pushSubscriptionByEndpoint(database: Database, endpoint: string): Promise<PushSubscriptionRow | null> {
  const [row] = await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  return row ?? null;
}

export async function forgetPushEndpoint(database: Database, endpoint: string): Promise<void> {
  await database.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

export async function touchPushSubscription(database: Database, endpoint: string, at: Date): Promise<void> {
  await database.db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.endpoint, endpoint));
}
