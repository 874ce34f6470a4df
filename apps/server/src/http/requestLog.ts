import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pino from 'pino';
import type { Config } from '../config.ts';
import { maskSecrets } from './secretRoutes.ts';

/** Routes polled by probes: logged at debug, so that they do not fill the log at info. */
const QUIET_ROUTES = new Set(['/healthz', '/metrics']);

/**
 * A URL as it may be logged: the path with its secrets masked (secretRoutes.ts: /api/exports/~)
 * and the names of its parameters, never their values (a GET GraphQL request carries its
 * variables there, a link its token).
 */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return maskSecrets(url);
  const names = [...new Set([...new URLSearchParams(url.slice(q + 1)).keys()])];
  return maskSecrets(`${url.slice(0, q)}?${names.map((n) => `${encodeURIComponent(n)}=~`).join('&')}`);
}

/**
 * Where log lines go, each line masked on its way (secretRoutes.ts): whatever wrote it (a request
 * line, an error with its message and stack, a job), no secret of a listed route reaches the log.
 */
function maskedDestination(target: NodeJS.WritableStream | pino.DestinationStream): pino.DestinationStream {
  return {
    write: (line: string) => void target.write(maskSecrets(line)),
    ...('flush' in target && typeof target.flush === 'function' ? { flush: (cb?: (err?: Error) => void) => (target.flush as (cb?: (err?: Error) => void) => void)(cb) } : {}),
  } as pino.DestinationStream;
}

const requestFields = (req: FastifyRequest) => ({ method: req.method, url: loggableUrl(req.url), remoteAddress: req.ip });

/**
 * The server's logger: request lines hold the method, the path (its secrets masked), the status and
 * the time, never a query string's values, a header, a cookie or a body; whatever else logs a
 * request or headers passes through the same serializer and the redaction below, and every line
 * through the masking of secret routes.
 */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>, stream?: NodeJS.WritableStream): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: config.LOG_LEVEL,
    stream: maskedDestination(stream ?? pino.destination(1)),
    serializers: { req: (req: FastifyRequest) => requestFields(req) },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', 'res.headers["set-cookie"]', 'password', '*.password', 'token', '*.token', 'variables', '*.variables'],
      censor: '[redacted]',
    },
  };
}

/** Whether the logger writes `level` (pino's own test); Fastify's logger when logging is off writes nothing. */
function writes(log: FastifyBaseLogger, level: string): boolean {
  const pinoLike = log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
  return typeof pinoLike.isLevelEnabled === 'function' ? pinoLike.isLevelEnabled(level) : 'level' in log;
}

/** Whether a URL is one of the probes' routes, its query string aside (no string made). */
function quietRoute(url: string): boolean {
  for (const route of QUIET_ROUTES) if (url.startsWith(route) && (url.length === route.length || url[route.length] === '?')) return true;
  return false;
}

/**
 * One line per request, at its end, written by us so that its content and level are ours: the
 * probes' routes at debug, everything else at info (errors at error, with the same fields). A line
 * whose level is off builds nothing.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (writes(request.log, 'trace')) request.log.trace({ req: requestFields(request) }, 'incoming request');
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const level = error ? 'error' : quietRoute(request.url) ? 'debug' : 'info';
    if (!writes(reply.log, level)) return;
    const line = { req: requestFields(request), status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log[level](line, 'request completed');
  }
}
