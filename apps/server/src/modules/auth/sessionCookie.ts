import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Config, publicUrl } from '../../config.ts';

export const SESSION_COOKIE = 'sitelens_session';

interface CookieExchange {
  request: FastifyRequest;
  reply: FastifyReply;
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>;
}

export function readSessionCookie(request: FastifyRequest): string | null {
  const v = request.cookies?.[SESSION_COOKIE];
  return v && /^[A-Za-z0-9_-]{20,100}$/.test(v) ? v : null;
}

/** Secure whenever the product is public over https, even when a proxy speaks plain http to us. */
export const secureFor = (x: CookieExchange) => x.request.protocol === 'https' || publicUrl(x.config).startsWith('https://');

export function writeSessionCookie(x: CookieExchange, secret: string, maxAgeMs: number): void {
  x.reply.setCookie(SESSION_COOKIE, secret, {
    httpOnly: true,
    secure: secureFor(x),
    sameSite: 'lax',
    path: '/',
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearSessionCookie(x: CookieExchange): void {
  x.reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, secure: secureFor(x), sameSite: 'lax' });
}
