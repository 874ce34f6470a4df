import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { ServerDeps } from '../graphql/context.ts';
import { createGraphqlHandler } from './yoga.ts';
import { registerObservability } from '../http/observability.ts';
import type { StartupProgress } from '../http/startupProgress.ts';
import { RequestLogController, loggerOptions } from '../http/requestLog.ts';
import { registerSecurityHeaders } from '../http/securityHeaders.ts';
import { registerStreamShutdown } from '../http/streamShutdown.ts';
import { trustProxyOf } from '../http/trustProxy.ts';
import { registerWebApp, webAppFrameworkErrors } from '../http/webApp.ts';
import { registerHttpIngest } from '../ingest/httpIngest.ts';
import { registerImageRoute } from '../modules/images/images.route.ts';
import { registerHeatmapRoute } from '../modules/heatmaps/heatmaps.route.ts';
import { releaseServerContext } from './batchContexts.ts';
import { MULTIPART_MAX_BYTES } from './yoga.ts';
import { loadCaller } from '../modules/auth/loadCaller.ts';
import { registerSalesFileRoute } from '../modules/sales/salesFiles.route.ts';
import { registerUnsubscribeRoute } from '../modules/reports/unsubscribe.route.ts';
import { registerExportFileRoute } from '../modules/exports/exports.route.ts';
import { profileOf, profilingServer, runProfiled, startProfile } from '../http/requestProfile.ts';
import { registerOidcRoutes } from '../modules/auth/oidc/oidc.route.ts';

import { closeResultCaches, resultCacheOf } from '../modules/metrics/cache/resultCache.ts';

const defaultDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export async function buildApp(deps: ServerDeps, opts: { logger?: boolean; logStream?: NodeJS.WritableStream; startup?: StartupProgress } = {}) {
  const dist = deps.config.WEB_DIST ?? defaultDist;
  const app = Fastify({
    frameworkErrors: webAppFrameworkErrors(dist),
    logger: opts.logger ? loggerOptions(deps.config, opts.logStream) : false,
    logController: new RequestLogController(),
    trustProxy: trustProxyOf(deps.config),
    bodyLimit: 2 * 1024 * 1024,
  });
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, deps.config);
  registerObservability(app, deps.database, deps.config, opts.startup, deps.jobs);
  registerStreamShutdown(app);
  // The shared answers' Redis connection opens with the server, not at its first analytics request.
  if (deps.config.REDIS_URL) resultCacheOf(deps.database, deps.config);
  app.addHook('onClose', () => closeResultCaches(deps.database));

  const yoga = createGraphqlHandler(deps);
  const profiling = deps.config.PROFILE_REQUESTS === 'on';
  // Timings are an oracle (which path a sign-in took): only for calls from this machine (the benchmark).
  if (profiling) app.addHook('onRequest', async (req) => void (isLoopback(req.socket.remoteAddress) && startProfile(req.raw)));
  if (profiling) {
    const ended = profilingServer();
    app.addHook('onClose', async () => ended());
  }
  // GraphQL multipart requests (file uploads) reach Yoga as a stream; Yoga parses them with its
  // own limits. One whose announced length is past them is refused before a byte is read.
  app.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));
  app.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      if (req.headers['content-type']?.startsWith('multipart/form-data')) {
        if (Number(req.headers['content-length'] ?? 0) > MULTIPART_MAX_BYTES) return reply.status(413).send(errorBody('FILE_TOO_LARGE'));
        // A file is read only for someone signed in: an unknown sender cannot make us parse 10 MB.
        const { caller, tokenExpired } = await loadCaller(deps, req.headers.authorization);
        if (!caller) return reply.status(200).send(errorBody(tokenExpired ? 'TOKEN_EXPIRED' : 'UNAUTHENTICATED'));
      }
      const profile = profiling ? profileOf(req) : undefined;
      profile?.add('http', performance.now() - profile.started);
      const serverContext = { req, reply };
      const handle = () => yoga.handleNodeRequestAndResponse(req, reply, serverContext);
      let response: Response;
      try {
        response = await (profile ? runProfiled(profile, handle) : handle());
      } finally {
        releaseServerContext(serverContext);
      }
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      if (profile) reply.header('server-timing', profile.serverTiming()).header('x-result-cache', profile.resultCache());
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });

  registerHttpIngest(app, deps);
  registerHeatmapRoute(app, deps);
  registerImageRoute(app, deps);
  registerSalesFileRoute(app, deps);
  registerUnsubscribeRoute(app, deps);
  registerExportFileRoute(app, deps);
  registerOidcRoutes(app, deps);
  await registerWebApp(app, dist);
  return app;
}

const errorBody = (code: string) => ({ errors: [{ message: code, extensions: { code } }] });

const isLoopback = (address: string | undefined): boolean => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
