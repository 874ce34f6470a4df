import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The content security policy of the app. Scripts only from our own files (the build inlines none);
 * styles also inline, as Mantine sets style attributes and its CSS variables in a <style> element;
 * images also as data:/blob: (pictures being picked) and from https (logos given by address);
 * frames of any web page (/embeded/{url} shows one). Only WIDGET_BUILDER_ORIGIN may frame the app.
 */
export function contentSecurityPolicy(config: Pick<Config, 'WIDGET_BUILDER_ORIGIN'>): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    'frame-src http: https:',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${config.WIDGET_BUILDER_ORIGIN ?? "'none'"}`,
  ].join('; ');
}

/** Headers every answer carries: the policy above, no content sniffing, and HSTS when the public address is https. */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'WIDGET_BUILDER_ORIGIN' | 'PUBLIC_URL'>): void {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(config),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  // Old browsers without frame-ancestors: no one may frame the app unless a builder origin is set.
  if (!config.WIDGET_BUILDER_ORIGIN) headers['x-frame-options'] = 'DENY';
  if (config.PUBLIC_URL?.startsWith('https://')) headers['strict-transport-security'] = 'max-age=31536000';
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(headers);
  });
}
