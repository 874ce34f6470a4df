import { createHash, randomBytes } from 'node:crypto';
import { TRUST_BROWSER_DAYS } from '@sitelens/domain';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import type { Context } from '../../graphql/context.ts';
import { notFound } from '../../graphql/errors.ts';
import { refuseWhileViewingAs, requireCaller } from '../access/access.ts';
import { trustedBrowsers } from './auth.tables.ts';
import { browserLabel } from './browserLabel.ts';
import { TRUSTED_BROWSER_COOKIE, readCookie, writeTrustedBrowserCookie } from './signinCookies.ts';

const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');
export const TRUST_MS = TRUST_BROWSER_DAYS * 86400_000;
export type TrustedBrowserRow = typeof trustedBrowsers.$inferSelect;

/**
 * "Do not ask again on this browser" (spec 000 §2, §9): a secret in a Secure, HttpOnly cookie of
 * 6 months, trusted by the server for 180 days from the day it was given. Only the signed-in user
 * (not an administrator viewing as them) can trust a browser, for their own account.
 */
export async function registerBrowser(ctx: Context): Promise<boolean> {
  const caller = requireCaller(ctx);
  refuseWhileViewingAs(caller);
  const secret = randomBytes(32).toString('base64url');
  const now = ctx.now();
  await ctx.database.db.insert(trustedBrowsers).values({
    userId: caller.userId,
    digest: digest(secret),
    label: browserLabel(ctx.request.headers['user-agent']),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + TRUST_MS),
  });
  writeTrustedBrowserCookie(ctx, secret);
  return true;
}

/** Whether the request's browser is trusted by this user; a trusted one is marked as used now. */
export async function isTrustedBrowser(ctx: Context, userId: number): Promise<boolean> {
  const secret = readCookie(ctx.request, TRUSTED_BROWSER_COOKIE);
  if (!secret) return false;
  const now = ctx.now();
  const rows = await ctx.database.db
    .update(trustedBrowsers)
    .set({ lastUsedAt: now })
    .where(and(eq(trustedBrowsers.digest, digest(secret)), eq(trustedBrowsers.userId, userId), gt(trustedBrowsers.expiresAt, now)))
    .returning({ id: trustedBrowsers.id });
  return rows.length > 0;
}

export async function myTrustedBrowsers(ctx: Context): Promise<Array<TrustedBrowserRow & { current: boolean }>> {
  const caller = requireCaller(ctx);
  const secret = readCookie(ctx.request, TRUSTED_BROWSER_COOKIE);
  const rows = await ctx.database.db
    .select()
    .from(trustedBrowsers)
    .where(and(eq(trustedBrowsers.userId, caller.userId), gt(trustedBrowsers.expiresAt, ctx.now())))
    .orderBy(desc(trustedBrowsers.lastUsedAt));
  return rows.map((r) => ({ ...r, current: secret !== null && r.digest === digest(secret) }));
}

/** Ends the trust of one of the caller's browsers; another user's id is not found. */
export async function revokeTrustedBrowser(ctx: Context, id: number): Promise<boolean> {
  const caller = requireCaller(ctx);
  refuseWhileViewingAs(caller);
  const rows = await ctx.database.db
    .delete(trustedBrowsers)
    .where(and(eq(trustedBrowsers.id, id), eq(trustedBrowsers.userId, caller.userId)))
    .returning({ id: trustedBrowsers.id });
  if (rows.length === 0) throw notFound();
  return true;
}

export async function revokeTrustedBrowsers(database: Database, userId: number): Promise<void> {
  await database.db.delete(trustedBrowsers).where(eq(trustedBrowsers.userId, userId));
}
