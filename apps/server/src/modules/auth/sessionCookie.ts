import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'sitelens_session';

export function readSessionCookie(request: FastifyRequest): string | null {
  const v = request.cookies?.[SESSION_COOKIE];
  return v && /^[A-Za-z0-9_-]{20,100}$/.test(v) ? v : null;
}

export function writeSessionCookie(reply: FastifyReply, request: FastifyRequest, secret: string, maxAgeMs: number): void {
  reply.setCookie(SESSION_COOKIE, secret, {
    httpOnly: true,
    secure: request.protocol === 'https',
    sameSite: 'lax',
    path: '/',
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
