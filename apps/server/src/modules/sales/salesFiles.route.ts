import type { FastifyInstance } from 'fastify';
import { blobStoreFor } from '../../blobs/blobStoreFor.ts';
import type { ServerDeps } from '../../graphql/context.ts';
import { requestOrganizations } from '../auth/requestCaller.ts';
import { findSalesImport } from './sales.repo.ts';

const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
};

/**
 * GET /api/sales-imports/:id/file — the original file of an import (its fileUrl), for a signed-in
 * member of the importing organization (bearer or session cookie); anything else is 404 alike.
 */
export function registerSalesFileRoute(app: FastifyInstance, deps: ServerDeps): void {
  const blobs = blobStoreFor(deps.config);
  app.get<{ Params: { id: string } }>('/api/sales-imports/:id/file', async (req, reply) => {
    const organizationIds = await requestOrganizations(deps, req);
    if (!organizationIds) return reply.code(401).send({ error: 'unauthenticated' });
    if (!/^\d{1,9}$/.test(req.params.id)) return reply.code(404).send({ error: 'notFound' });
    const row = await findSalesImport(deps.database, Number(req.params.id));
    if (!row || !organizationIds.includes(row.organizationId)) return reply.code(404).send({ error: 'notFound' });
    const bytes = await blobs.get(row.blobKey);
    if (!bytes) return reply.code(404).send({ error: 'notFound' });
    const ascii = row.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
    return reply
      .header('content-type', CONTENT_TYPES[row.fileType] ?? 'application/octet-stream')
      .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.fileName)}`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}
