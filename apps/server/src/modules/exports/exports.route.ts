import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Context, ServerDeps } from '../../graphql/context.ts';
import { requireGate } from '../access/access.ts';
import { requestCaller } from '../auth/requestCaller.ts';
import { openExportLink, openOwnExportLink } from './exportLinks.ts';
import { type ExportLinkRow, exportFileContent, findExportRequest } from './exports.repo.ts';

async function sendFile(deps: ServerDeps, reply: FastifyReply, link: ExportLinkRow | null) {
  const content = link ? await exportFileContent(deps.database, link.fileId) : null;
  if (!link || !content) return reply.code(404).send({ error: 'notFound' });
  return reply
    .header('content-type', link.contentType)
    .header('cache-control', 'private, no-store')
    .header('referrer-policy', 'no-referrer')
    .header('content-disposition', `attachment; filename="${link.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(link.fileName)}`)
    .send(content);
}

/**
 * GET /api/exports/:token — an export too large to attach, through its recipient's link: while the
 * link has not expired or been revoked and its recipient still belongs to the organization. Any
 * other token is 404 alike. The token is masked in every log line (http/secretRoutes.ts).
 *
 * GET /api/exports/mine/:requestId — the same file from the recent-exports list, for the signed-in
 * recipient of the link (bearer or session cookie; a link opened by an <a download> sends the
 * cookie): the caller's own link, opened with the token's checks, in an organization the caller
 * acts in, with the export right now. Not while an administrator views as the user (the link is
 * the user's alone). The token is never sent to the browser. Anything else is 404 alike.
 */
export function registerExportFileRoute(app: FastifyInstance, deps: ServerDeps): void {
  app.get<{ Params: { requestId: string } }>('/api/exports/mine/:requestId', async (req, reply) => {
    const caller = await requestCaller(deps, req);
    if (!caller) return reply.code(401).send({ error: 'unauthenticated' });
    const notFound = () => reply.code(404).send({ error: 'notFound' });
    if (caller.adminUserId !== null || !/^\d{1,9}$/.test(req.params.requestId)) return notFound();
    const request = await findExportRequest(deps.database, Number(req.params.requestId));
    if (!request || !caller.organizationIds.includes(request.organizationId)) return notFound();
    const ctx: Context = Object.assign({}, deps, { caller, tokenExpired: false, request: req, reply });
    try {
      await requireGate(ctx, 'exportData');
    } catch {
      return notFound();
    }
    const { link } = await openOwnExportLink(deps.database, request.id, caller.userId, deps.now());
    return sendFile(deps, reply, link && link.organizationId === request.organizationId ? link : null);
  });

  app.get<{ Params: { token: string } }>('/api/exports/:token', async (req, reply) => {
    const { link } = await openExportLink(deps.database, req.params.token, deps.now());
    return sendFile(deps, reply, link);
  });
}
