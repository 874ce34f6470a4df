import type { FastifyReply, FastifyRequest } from 'fastify';
import { TRUST_BROWSER_COOKIE_DAYS } from '@sitelens/domain';
import type { Config } from '../../config.ts';
import { secureFor } from './sessionCookie.ts';

/** Names the sign-in waiting for its one-time code (a purpose secret, 10 minutes). */
export const PENDING_OTP_COOKIE = 'sitelens_otp';
/** "Do not ask again on this browser": a random secret whose digest is a trusted_browsers row. */
export const TRUSTED_BROWSER_COOKIE = 'sitelens_trusted';

interface CookieExchange {
  request: FastifyRequest;
  reply: FastifyReply;
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>;
}

const SECRET = /^[A-Za-z0-9_-]{20,100}$/;

export function readCookie(request: FastifyRequest, name: string): string | null {
  const v = request.cookies?.[name];
  return v && SECRET.test(v) ? v : null;
}

function write(x: CookieExchange, name: string, value: string, maxAgeSeconds: number): void {
  x.reply.setCookie(name, value, { httpOnly: true, secure: secureFor(x), sameSite: 'lax', path: '/', maxAge: maxAgeSeconds });
}

export const writePendingOtpCookie = (x: CookieExchange, token: string, ttlMs: number) => write(x, PENDING_OTP_COOKIE, token, Math.floor(ttlMs / 1000));
export const clearPendingOtpCookie = (x: CookieExchange) => x.reply.clearCookie(PENDING_OTP_COOKIE, { path: '/', httpOnly: true, secure: secureFor(x), sameSite: 'lax' });
export const writeTrustedBrowserCookie = (x: CookieExchange, secret: string) => write(x, TRUSTED_BROWSER_COOKIE, secret, TRUST_BROWSER_COOKIE_DAYS * 86400);
