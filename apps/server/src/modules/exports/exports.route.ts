import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../../graphql/context.ts';
import { openExportLink } from './exportLinks.ts';
import { exportFileContent } from './exports.repo.ts';

/**
 * GET /api/exports/:token — an export too large to attach, through its recipient's link: while the
 * link has not expired or been revoked and its recipient still belongs to the organization. Any
 * other token is 404 alike. The token is masked in every log line (http/secretRoutes.ts).
 */
export function registerExportFileRoute(app: FastifyInstance, deps: ServerDeps): void {
  app.get<{ Params: { token: string } }>('/api/exports/:token', async (req, reply) => {
    const { link } = await openExportLink(deps.database, req.params.token, deps.now());
    const content = link ? await exportFileContent(deps.database, link.fileId) : null;
    if (!link || !content) return reply.code(404).send({ error: 'notFound' });
    return reply
      .header('content-type', link.contentType)
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer')
      .header('content-disposition', `attachment; filename="${link.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(link.fileName)}`)
      .send(content);
  });
}
