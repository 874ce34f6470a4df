import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerDeps } from '../graphql/context.ts';
import { type ApiKeyRow } from '../modules/apikeys/apikeys.repo.ts';
import { authenticateApiKey } from '../modules/apikeys/apikeys.service.ts';
import type { Announcement } from '../modules/metrics/write/readings.groupCommit.ts';
import { announceReadings } from '../modules/metrics/write/readings.write.ts';
import { MAX_BATCH_BYTES, ingestReadings } from './ingestReadings.ts';
import { parseIngestBody } from './parseIngestBody.ts';

const BODY_TYPES = ['application/json', 'application/x-ndjson', 'application/ndjson', 'application/jsonl'];

/**
 * POST /api/ingest: a batch of readings with an API key (docs/ingest.md). Answers 200 with the
 * accepted count and the rejected lines only once the good lines are committed.
 */
export function registerHttpIngest(app: FastifyInstance, deps: ServerDeps): void {
  // A child context, so its string body parsers and error answers stay on this route.
  app.register(async (scope) => {
    const keys = new WeakMap<FastifyRequest, ApiKeyRow>();
    // Announced once the headers arrive (readings.groupCommit.ts): the key lookup and the body still to come
    // must not make a batch miss the transaction being gathered. Settled when the answer is sent.
    const announcements = new WeakMap<FastifyRequest, Announcement>();
    const settle = async (req: FastifyRequest) => announcements.get(req)?.settle();
    scope.addHook('onResponse', settle);
    scope.addHook('onRequestAbort', settle);
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(BODY_TYPES, { parseAs: 'string', bodyLimit: MAX_BATCH_BYTES }, (_req, body, done) => done(null, body));
    scope.setErrorHandler((error: { statusCode?: number }, req, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) req.log.error(error);
      const code = status === 413 ? 'payloadTooLarge' : status === 415 ? 'unsupportedMediaType' : status < 500 ? 'invalidBody' : 'internalError';
      return reply.code(status).send({ error: code });
    });

    scope.post('/api/ingest', {
      bodyLimit: MAX_BATCH_BYTES,
      // The key is checked before the body is read, so an unknown sender cannot make us parse 5 MB.
      onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
        announcements.set(req, announceReadings(deps.database));
        const key = await authenticateApiKey(deps.database, presentedKey(req), deps.now());
        if (!key) return reply.code(401).send({ error: 'invalidApiKey' });
        keys.set(req, key);
      },
      handler: async (req, reply) => {
        const parsed = parseIngestBody(typeof req.body === 'string' ? req.body : '', req.headers['content-type']);
        if (!parsed.ok) return reply.code(parsed.status).send({ error: parsed.error });
        return ingestReadings(deps, keys.get(req)!.organizationId, parsed.lines, deps.now(), announcements.get(req));
      },
    });
  });
}

function presentedKey(req: FastifyRequest): string | null {
  const authorization = req.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim();
  const header = req.headers['x-api-key'];
  return typeof header === 'string' ? header.trim() : null;
}
