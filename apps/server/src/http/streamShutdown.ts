import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Event streams (live widgets, entrance screens) never end by themselves, and a closing server waits
 * for every open connection: a stop with any screen shown hung until the shutdown deadline. Before
 * the server closes, its streams are cut; their clients reconnect (to the next process, or to this
 * one when it is back), while ordinary requests in flight still finish.
 */
export function registerStreamShutdown(app: FastifyInstance): void {
  const open = new Set<ServerResponse>();
  app.addHook('onSend', async (_req, reply, payload) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/event-stream')) {
      const raw = reply.raw;
      open.add(raw);
      raw.once('close', () => open.delete(raw));
    }
    return payload;
  });
  app.addHook('preClose', async () => {
    for (const raw of open) raw.destroy();
    open.clear();
  });
}
