import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { databaseProbe } from './healthProbe.ts';

/**
 * /healthz answers 200 once the database answers; /metrics exposes Prometheus counters, to the
 * bearer of METRICS_TOKEN when it is set, else only to this machine (see metricsAllowed).
 */
export function registerObservability(app: FastifyInstance, database: Database, config: Pick<Config, 'METRICS_TOKEN'>): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'static';
    requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    duration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
  });
  const databaseAnswers = databaseProbe(database);
  app.get('/healthz', async (_req, reply) => {
    if (await databaseAnswers()) return { status: 'ok', engine: database.engine };
    return reply.code(503).send({ status: 'unavailable' });
  });
  app.get('/metrics', async (req, reply) => {
    if (!metricsAllowed(req, config.METRICS_TOKEN)) {
      if (config.METRICS_TOKEN) reply.header('www-authenticate', 'Bearer');
      return reply.code(config.METRICS_TOKEN ? 401 : 403).send({ error: config.METRICS_TOKEN ? 'UNAUTHENTICATED' : 'FORBIDDEN' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

const digest = (v: string) => createHash('sha256').update(v).digest();
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * With a token, only its bearer (compared in constant time). Without, only a scraper on this
 * machine talking to us directly: the socket's peer is a loopback address and the request carries
 * no forwarding header, since a reverse proxy on the same machine would otherwise pass anyone's.
 */
export function metricsAllowed(req: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = req.headers.authorization?.startsWith('Bearer ') ? req.headers.authorization.slice(7).trim() : '';
    return timingSafeEqual(digest(given), digest(token));
  }
  const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined || req.headers['x-real-ip'] !== undefined;
  return !forwarded && LOOPBACK.test(req.socket.remoteAddress ?? '');
}
