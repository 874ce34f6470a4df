import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built single-page app; client-side routes fall back to index.html. */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false, cacheControl: false });
  }
  app.setNotFoundHandler((req, reply) => {
    const apiPath = req.url.startsWith('/graphql') || req.url.startsWith('/api/');
    if (req.method !== 'GET' || apiPath || !hasBuild) return reply.code(404).send({ error: 'not found' });
    if (req.url.startsWith('/assets/')) return reply.code(404).send({ error: 'not found' });
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
