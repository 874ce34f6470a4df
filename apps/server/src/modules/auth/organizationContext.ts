import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Context, ServerDeps } from '../../graphql/context.ts';

/**
 * A context that acts for one organization and no user, for work no person asked for over HTTP:
 * an entrance screen reading its site's occupancy, a job evaluating alerts. It passes the
 * organization checks of the services it calls (the metrics engine first) and holds no right:
 * anything gated by a profile right refuses it. Build one per unit of work, since per-context
 * caches (the engine's loaders) live as long as it does.
 */
export function organizationContext(deps: ServerDeps, organizationId: number): Context {
  return {
    ...deps,
    caller: { userId: 0, organizationIds: [organizationId], role: 'service', profileId: null, adminUserId: null, sessionId: null },
    tokenExpired: false,
    // Nothing it reaches reads the HTTP exchange (sign-in and cookies need a real one).
    request: undefined as unknown as FastifyRequest,
    reply: undefined as unknown as FastifyReply,
  };
}
