import Fastify from 'fastify';
import type { ServerDeps } from '../graphql/context.ts';
import { registerObservability } from '../http/observability.ts';
import { RequestLogController, loggerOptions } from '../http/requestLog.ts';
import type { StartupProgress } from '../http/startupProgress.ts';

/**
 * What a `worker` process listens for (issue 31.1): /healthz for the orchestrator or load balancer
 * that watches it and /metrics for the scraper, on PORT. No GraphQL, no web app, no ingest: anything
 * else is a 404, so a worker put behind the proxy by mistake answers nothing a user could act on.
 */
export async function buildWorkerApp(deps: Pick<ServerDeps, 'database' | 'config' | 'jobs'>, startup?: StartupProgress) {
  const app = Fastify({ logger: loggerOptions(deps.config), logController: new RequestLogController() });
  registerObservability(app, deps.database, deps.config, startup, deps.jobs);
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ error: 'NOT_FOUND', role: 'worker' }));
  return app;
}
