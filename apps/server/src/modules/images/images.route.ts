import type { FastifyInstance, FastifyReply } from 'fastify';
import { blobStoreFor } from '../../blobs/blobStoreFor.ts';
import type { ServerDeps } from '../../graphql/context.ts';
import { requestOrganizations } from '../auth/requestCaller.ts';
import { sharesOrganization } from '../users/users.repo.ts';
import { IMAGE_CONTENT_TYPES } from '../../images/readImageUpload.ts';

interface Params {
  owner: 'users' | 'organizations';
  id: string;
  file: string;
}

const FILE = /^([0-9a-f]{20})\.(png|jpg|webp|svg)$/;

function notFound(reply: FastifyReply) {
  return reply.code(404).send({ error: 'notFound' });
}

/**
 * GET /api/images/users/:userId/:file (a profile picture) and /api/images/organizations/:id/:file
 * (a logo), for signed-in members of the owner's organization (bearer or session cookie, so an
 * <img> works). Anything else is 404 alike. SVG comes with a policy that runs nothing and loads
 * nothing, should the file ever be opened on its own.
 */
export function registerImageRoute(app: FastifyInstance, deps: ServerDeps): void {
  const blobs = blobStoreFor(deps.config);
  app.get<{ Params: Params }>('/api/images/:owner/:id/:file', async (req, reply) => {
    const organizationIds = await requestOrganizations(deps, req);
    if (!organizationIds) return reply.code(401).send({ error: 'unauthenticated' });
    const { owner, id, file } = req.params;
    const name = FILE.exec(file);
    if (!/^\d{1,9}$/.test(id) || !name || (owner !== 'users' && owner !== 'organizations')) return notFound(reply);
    const allowed =
      owner === 'organizations' ? organizationIds.includes(Number(id)) : await sharesOrganization(deps.database, Number(id), organizationIds);
    if (!allowed) return notFound(reply);
    const bytes = await blobs.get(`images/${owner}/${id}/${file}`);
    if (!bytes) return notFound(reply);
    const type = IMAGE_CONTENT_TYPES[name[2]!]!;
    if (type === 'image/svg+xml') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox");
    return reply
      .header('content-type', type)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}
