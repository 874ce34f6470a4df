import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { loginAttempts, sessions } from './auth.tables.ts';

const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');

export async function createSession(database: Database, userId: number, adminUserId: number | null, expiresAt: Date): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await database.db.insert(sessions).values({ id: digest(secret), userId, adminUserId, expiresAt });
  return secret;
}

export async function findLiveSession(database: Database, secret: string, now: Date) {
  const [row] = await database.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, digest(secret)), gt(sessions.expiresAt, now)));
  return row ?? null;
}

export async function deleteSession(database: Database, secret: string): Promise<void> {
  await database.db.delete(sessions).where(eq(sessions.id, digest(secret)));
}

export async function countAttemptsSince(database: Database, key: string, since: Date): Promise<number> {
  const [row] = await database.db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, key), gt(loginAttempts.attemptedAt, since)));
  return row?.n ?? 0;
}

export async function recordAttempts(database: Database, keys: string[], at: Date): Promise<void> {
  await database.db.insert(loginAttempts).values(keys.map((key) => ({ key, attemptedAt: at })));
}

export async function clearAttempts(database: Database, key: string): Promise<void> {
  await database.db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}

export async function pruneAttempts(database: Database, before: Date): Promise<void> {
  await database.db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, before));
}

export async function extendSessionExpiry(database: Database, secret: string, expiresAt: Date): Promise<void> {
  await database.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, digest(secret)));
}
