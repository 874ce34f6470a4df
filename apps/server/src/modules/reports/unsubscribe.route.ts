import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../../graphql/context.ts';
import { tokenDigest } from './reportDelivery.ts';
import { consumeUnsubscribeToken } from './reports.repo.ts';

/**
 * POST /unsubscribe-confirm?token=… — the one-click unsubscribe of RFC 8058 that mail programs
 * send from the List-Unsubscribe header (a person opening the link gets the page, GET, instead).
 */
export function registerUnsubscribeRoute(app: FastifyInstance, deps: ServerDeps): void {
  app.post<{ Querystring: { token?: string } }>('/unsubscribe-confirm', async (req, reply) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const used = token && token.length <= 200 ? await consumeUnsubscribeToken(deps.database, tokenDigest(token), deps.now()) : null;
    return reply.code(used ? 200 : 404).send({ result: used ? 'UNSUBSCRIBED' : 'INVALID_TOKEN' });
  });
}
