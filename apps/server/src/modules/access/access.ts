import { type Caller as DomainCaller, type Gates, type RightsTree, gates, isAdmin } from '@sitelens/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Context } from '../../graphql/context.ts';
import { AppError, forbidden } from '../../graphql/errors.ts';
import { baseContext } from '../../graphql/trialContext.ts';
import { installations } from '../installations/installations.tables.ts';
import { organizations, profiles } from '../organizations/organizations.tables.ts';
import type { Caller } from './caller.ts';
import { callerCacheOf } from './callerCache.ts';

const cache = new WeakMap<Context, Promise<DomainCaller>>();

export function requireCaller(ctx: Context): Caller {
  if (!ctx.caller) throw new AppError(ctx.tokenExpired ? 'TOKEN_EXPIRED' : 'UNAUTHENTICATED');
  return ctx.caller;
}

/**
 * The caller as the shared rights rules see it: computed once per request, and kept with the
 * session in the process's caller cache until its profile, organization or sites change.
 */
export function domainCaller(ctx: Context): Promise<DomainCaller> {
  // A trial's work (trialContext.ts) is its operation's: one caller for both.
  ctx = baseContext(ctx);
  let found = cache.get(ctx);
  if (!found) {
    const caller = requireCaller(ctx);
    const load = () => loadDomainCaller(ctx, caller);
    const sid = caller.sessionId;
    found = sid ? callerCacheOf(ctx.database, ctx.config.CALLER_CACHE_SECONDS).then((kept) => (kept ? kept.domainOf(sid, caller, load) : load())) : load();
    cache.set(ctx, found);
  }
  return found;
}

async function loadDomainCaller(ctx: Context, caller: Caller): Promise<DomainCaller> {
  const { db } = ctx.database;
  const [profile] = caller.profileId ? await db.select().from(profiles).where(eq(profiles.id, caller.profileId)) : [];
  const orgIds = caller.organizationIds;
  const orgs = orgIds.length ? await db.select().from(organizations).where(inArray(organizations.id, orgIds)) : [];
  const sites = orgIds.length
    ? await db.select({ id: installations.id }).from(installations).where(inArray(installations.organizationId, orgIds)).limit(1)
    : [];
  const features = orgs[0]?.features ?? {};
  return {
    role: caller.role,
    hasProfile: Boolean(profile),
    rights: (profile?.rights as RightsTree | undefined) ?? null,
    features,
    // Every site has its static counting or atmosphere dashboard, so having sites means having one.
    hasStaticDashboard: sites.length > 0,
    hasSites: sites.length > 0,
  };
}

/**
 * What decides what a caller may read, as one string: their organizations, role and profile, and
 * the profile's rights with the organization's features. An open stream compares it with the one
 * it started with (composition/sessionBoundStreams.ts).
 */
export async function accessFingerprint(ctx: Context): Promise<string> {
  const { organizationIds, role, profileId, adminUserId } = requireCaller(ctx);
  return JSON.stringify({ organizationIds, role, profileId, adminUserId, domain: await domainCaller(ctx) });
}

/** Refuses what an administrator viewing as a user may not do: the user's password, two-factor and sessions. */
export function refuseWhileViewingAs(caller: Caller): void {
  if (caller.adminUserId !== null) throw new AppError('VIEW_AS_REFUSED');
}

export async function requireGate(ctx: Context, gate: keyof Gates): Promise<void> {
  if (!gatesOf(await domainCaller(ctx))[gate]) throw forbidden();
}

/**
 * The gates of a caller's rights, computed once per rights set: a DomainCaller is never changed,
 * and a change of profile, organization or sites loads a new one (domainCaller above).
 */
const gatesByCaller = new WeakMap<DomainCaller, Gates>();
export function gatesOf(caller: DomainCaller): Gates {
  let found = gatesByCaller.get(caller);
  if (!found) {
    found = gates(caller);
    gatesByCaller.set(caller, found);
  }
  return found;
}

/** Refuses any object outside the caller's organizations; the same answer as a missing one. */
export function requireOrganization(ctx: Context, organizationId: number | null | undefined): void {
  const caller = requireCaller(ctx);
  if (organizationId == null || !caller.organizationIds.includes(organizationId)) throw new AppError('NOT_FOUND');
}

/**
 * The organization the caller administers (its first one); FORBIDDEN for anyone but an
 * administrator. For the organization-wide settings: API keys, deliveries, the webhook secret.
 */
export function requireAdministeredOrganization(ctx: Context): number {
  const caller = requireCaller(ctx);
  const organizationId = caller.organizationIds[0];
  if (!isAdmin(caller.role) || organizationId === undefined) throw forbidden();
  return organizationId;
}
