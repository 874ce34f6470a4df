import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../../graphql/context.ts';
import { exportTokenDigest } from './exports.jobs.ts';
import { exportFileByToken } from './exports.repo.ts';

/** GET /api/exports/:token — an export too large to attach, with its link's token alone, until it expires. */
export function registerExportFileRoute(app: FastifyInstance, deps: ServerDeps): void {
  app.get<{ Params: { token: string } }>('/api/exports/:token', async (req, reply) => {
    const token = req.params.token;
    if (!/^[\w-]{16,100}$/.test(token)) return reply.code(404).send({ error: 'notFound' });
    const file = await exportFileByToken(deps.database, exportTokenDigest(token), deps.now());
    if (!file) return reply.code(404).send({ error: 'notFound' });
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .send(file.content);
  });
}
