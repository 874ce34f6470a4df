import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onResponseHookHandler } from 'fastify';
import { Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { databaseProbe } from './healthProbe.ts';
import { HttpMetrics } from './httpMetrics.ts';
import type { StartupProgress } from './startupProgress.ts';

/**
 * /healthz answers 200 once the database answers and the start is done (while the demo organization
 * is built it answers 503 "starting" with the step, which the sign-in page shows); /metrics exposes Prometheus counters, to the
 * bearer of METRICS_TOKEN when it is set, else only to this machine (see metricsAllowed).
 */
export function registerObservability(
  app: FastifyInstance,
  database: Database,
  config: Pick<Config, 'METRICS_TOKEN'>,
  startup?: StartupProgress,
  jobs?: { completedRuns(): ReadonlyMap<string, number> },
): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const http = new HttpMetrics();
  // Each route's counts are found once, when it is registered; a call adds numbers to them.
  app.addHook('onRoute', (route) => {
    const byMethod = new Map((Array.isArray(route.method) ? route.method : [route.method]).map((method) => [method, http.of(method, route.url)]));
    const record: onResponseHookHandler = (req, reply, done) => {
      const m = byMethod.get(req.method);
      if (m) http.record(m, reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
    route.onResponse = route.onResponse ? [...(Array.isArray(route.onResponse) ? route.onResponse : [route.onResponse]), record] : [record];
  });
  // Requests that match no route (the not-found handler, which serves the web app's pages).
  const unrouted = new Map<string, ReturnType<typeof http.of>>();
  app.addHook('onResponse', (req, reply, done) => {
    if (req.is404) {
      let m = unrouted.get(req.method);
      if (!m) unrouted.set(req.method, (m = http.of(req.method, 'static')));
      http.record(m, reply.statusCode, reply.elapsedTime / 1000);
    }
    done();
  });
  if (database.readers) replicaMetrics(registry, database.readers);
  if (jobs) jobMetrics(registry, jobs);
  const databaseAnswers = databaseProbe(database);
  app.get('/healthz', async (_req, reply) => {
    const starting = startup?.current();
    if (starting) return reply.code(503).header('cache-control', 'no-store').send({ status: 'starting', ...starting });
    if (await databaseAnswers()) return { status: 'ok', engine: database.engine };
    return reply.code(503).send({ status: 'unavailable' });
  });
  app.get('/metrics', async (req, reply) => {
    if (!metricsAllowed(req, config.METRICS_TOKEN)) {
      if (config.METRICS_TOKEN) reply.header('www-authenticate', 'Bearer');
      return reply.code(config.METRICS_TOKEN ? 401 : 403).send({ error: config.METRICS_TOKEN ? 'UNAUTHENTICATED' : 'FORBIDDEN' });
    }
    return reply.type(registry.contentType).send(`${await registry.metrics()}\n${http.text()}`);
  });
}

/** Jobs this process ran (issue 31 item 4): a `web` runs none, whatever it enqueues. */
function jobMetrics(registry: Registry, jobs: { completedRuns(): ReadonlyMap<string, number> }): void {
  new Gauge({
    name: 'sitelens_jobs_completed',
    help: 'Jobs this process ran to completion since it started, by job',
    labelNames: ['job'],
    registers: [registry],
    collect() {
      for (const [job, n] of jobs.completedRuns()) this.set({ job }, n);
    },
  });
}

/** The read replicas (issue 31 item 2): reads each took, its lag, and reads that fell back to the primary. */
function replicaMetrics(registry: Registry, readers: NonNullable<Database['readers']>): void {
  new Gauge({
    name: 'sitelens_replica_reads',
    help: 'Engine reads answered by each read replica since the start',
    labelNames: ['replica'],
    registers: [registry],
    collect() {
      for (const r of readers.status()) this.set({ replica: r.url }, r.reads);
    },
  });
  new Gauge({
    name: 'sitelens_replica_lag_milliseconds',
    help: 'How long since each read replica had replayed all the primary had written (-1: not answering)',
    labelNames: ['replica'],
    registers: [registry],
    collect() {
      for (const r of readers.status()) this.set({ replica: r.url }, r.lagMs);
    },
  });
  new Gauge({
    name: 'sitelens_replica_fallback_reads',
    help: 'Engine reads sent to the primary because no replica had caught up',
    registers: [registry],
    collect() {
      this.set(readers.fallbacks);
    },
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
