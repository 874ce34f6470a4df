import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Hashed build assets never change under their name; everything else is checked each time. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built single-page app, compressed ahead of time (the build writes .br and .gz files),
 * hashed assets cached for a year; client-side routes fall back to index.html.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => res.setHeader('cache-control', path.startsWith(join(distDir, 'assets')) ? IMMUTABLE : 'no-cache'),
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const apiPath = req.url.startsWith('/graphql') || req.url.startsWith('/api/');
    if (req.method !== 'GET' || apiPath || !hasBuild) return reply.code(404).send({ error: 'not found' });
    if (req.url.startsWith('/assets/')) return reply.code(404).send({ error: 'not found' });
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
