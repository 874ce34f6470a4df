import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerDeps } from '../../graphql/context.ts';
import { tokenDigest } from './reportDelivery.ts';
import { consumeUnsubscribeToken } from './reports.repo.ts';

/** A one-click body is one short field; anything longer is not one. */
const BODY_LIMIT = 16_384;

/** Whether the body says "List-Unsubscribe=One-Click" (RFC 8058 §3.2), form-urlencoded or multipart/form-data. */
async function isOneClick(req: FastifyRequest): Promise<boolean> {
  const body = req.body;
  const type = req.headers['content-type'] ?? '';
  if (!Buffer.isBuffer(body)) return false;
  if (type.startsWith('application/x-www-form-urlencoded')) return new URLSearchParams(body.toString('utf8')).get('List-Unsubscribe') === 'One-Click';
  // The platform's own multipart reader (undici's), with the boundary the request gave.
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData().catch(() => null);
  return form?.get('List-Unsubscribe') === 'One-Click';
}

/**
 * POST /unsubscribe-confirm?token=… — the one-click unsubscribe of RFC 8058 that mail programs send
 * from the List-Unsubscribe header, its body `List-Unsubscribe=One-Click` either form-urlencoded or
 * multipart/form-data. A person opening the link gets the page instead (GET), which changes nothing
 * until its button is pressed: a mail scanner that opens every link unsubscribes no one.
 */
export function registerUnsubscribeRoute(app: FastifyInstance, deps: ServerDeps): void {
  void app.register(async (scope) => {
    // The root's multipart parser leaves the body to GraphQL uploads; here both encodings are read, small.
    scope.removeContentTypeParser('multipart/form-data');
    scope.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
    scope.post<{ Querystring: { token?: string } }>('/unsubscribe-confirm', async (req, reply) => {
      if (!(await isOneClick(req))) return reply.code(400).send({ error: 'notOneClick' });
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      const used = token && token.length <= 200 ? await consumeUnsubscribeToken(deps.database, tokenDigest(token), deps.now()) : null;
      return reply.code(used ? 200 : 404).send({ result: !used ? 'INVALID_TOKEN' : used.removed ? 'UNSUBSCRIBED' : 'NOT_ON_LIST' });
    });
  });
}
