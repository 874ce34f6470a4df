import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from '../../graphql/context.ts';
import { secureFor } from './sessionCookie.ts';

/**
 * A browser that has signed in to an account before (issue 28 item 8): one cookie per account,
 * `sitelens_device_<userId>`, holding a random nonce and its HMAC under the token secret. It proves
 * nothing by itself (the password is still needed); it lets the owner's own browser be counted
 * apart from everyone else, so failures from elsewhere do not lock the owner out.
 */
export const DEVICE_COOKIE_PREFIX = 'sitelens_device_';
export const DEVICE_COOKIE_DAYS = 180;

const mac = (ctx: Pick<Context, 'keys'>, userId: number, nonce: string) => createHmac('sha256', ctx.keys.secret).update(`device\u0000${userId}\u0000${nonce}`).digest('base64url');

/** The nonce of this browser's genuine device cookie for the user, or null. */
export function knownDevice(ctx: Pick<Context, 'keys' | 'request'>, userId: number): string | null {
  const raw = ctx.request.cookies?.[`${DEVICE_COOKIE_PREFIX}${userId}`];
  const parts = raw ? /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(raw) : null;
  if (!parts) return null;
  const expected = Buffer.from(mac(ctx, userId, parts[1]!));
  const given = Buffer.from(parts[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? parts[1]! : null;
}

/** Marks this browser as one that signed in to the user's account (kept when it already is). */
export function writeDeviceCookie(ctx: Context, userId: number): void {
  const nonce = knownDevice(ctx, userId) ?? randomBytes(16).toString('base64url');
  ctx.reply.setCookie(`${DEVICE_COOKIE_PREFIX}${userId}`, `${nonce}.${mac(ctx, userId, nonce)}`, {
    httpOnly: true,
    secure: secureFor(ctx),
    sameSite: 'lax',
    path: '/',
    maxAge: DEVICE_COOKIE_DAYS * 86400,
  });
}
