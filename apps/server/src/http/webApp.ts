import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';

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

/**
 * Fastify refuses a URL it cannot decode (`/embeded/%ZZ`) before any route, with its own JSON: a
 * page asked by a browser gets the app instead, which shows its not-found screen with a way back.
 */
export function webAppFrameworkErrors(distDir: string): NonNullable<FastifyServerOptions['frameworkErrors']> {
  const index = join(distDir, 'index.html');
  return (error, req, frameworkReply) => {
    const reply = frameworkReply as unknown as FastifyReply;
    const page = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html') && existsSync(index);
    if (error.code === 'FST_ERR_BAD_URL' && page) {
      void reply.code(404).header('cache-control', 'no-cache').type('text/html').send(readFileSync(index));
      return;
    }
    void reply.code(400).send({ error: 'Bad Request', code: error.code, message: error.message });
  };
}
