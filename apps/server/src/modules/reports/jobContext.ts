import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../../graphql/context.ts';
import type { JobDeps } from '../../jobs/jobDeps.ts';

/**
 * The context a job reads the metrics engine with: the organization the report or export belongs
 * to and nothing else (rights were checked when it was created). No request: jobs have none.
 */
export function jobContext(deps: JobDeps, organizationId: number, userId: number | null): Context {
  return {
    ...deps,
    request: {} as FastifyRequest,
    reply: {} as FastifyReply,
    caller: { userId: userId ?? 0, organizationIds: [organizationId], role: 'admin', profileId: null, adminUserId: null, sessionId: null },
    tokenExpired: false,
  };
}
