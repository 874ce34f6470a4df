import type { CORSOptions } from 'graphql-yoga';
import type { Config } from '../config.ts';

/**
 * Who may call /graphql from another origin's page. The app itself is same-origin and needs no
 * CORS header; another origin gets them only when CORS_ORIGINS lists it, and then only its own
 * name back (never `*`, never an unlisted origin reflected next to Allow-Credentials).
 */
export function corsPolicy(config: Pick<Config, 'CORS_ORIGINS'>): (request: Request) => CORSOptions {
  const allowed = new Set(config.CORS_ORIGINS);
  return (request) => {
    const origin = request.headers.get('origin');
    if (!origin || !allowed.has(origin)) return false;
    return { origin: [origin], credentials: true, methods: ['GET', 'POST'], maxAge: 600 };
  };
}
