import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Context, ServerDeps } from '../../graphql/context.ts';

/**
 * A context that acts for one organization, for work no person asked for over HTTP: an entrance
 * screen reading its site's occupancy, a job evaluating alerts, building a report or an export.
 * It passes the organization checks of the services it calls (the metrics engine first) and holds
 * no right: anything gated by a profile right refuses it (rights were checked when the report or
 * export was asked for). `userId`, when the work is a person's (the export they asked for), makes
 * its engine requests take that user's turns (engineTurns.ts) instead of the organization's.
 * Build one per unit of work, since per-context caches (the engine's loaders) and the per-call
 * engine budget (engineBudget.ts) live as long as it does.
 */
export function organizationContext(deps: ServerDeps, organizationId: number, userId: number | null = null): Context {
  // A copy of the dependencies with their marks (background work), by Object.assign: V8 kept object
  // spreads of them past the young generation (docs/decisions.md, "Contexts copied without object spread").
  return Object.assign({}, deps, {
    caller: { userId: userId ?? 0, organizationIds: [organizationId], role: 'service', profileId: null, adminUserId: null, sessionId: null },
    tokenExpired: false,
    // Nothing it reaches reads the HTTP exchange (sign-in and cookies need a real one).
    request: undefined as unknown as FastifyRequest,
    reply: undefined as unknown as FastifyReply,
  });
}
