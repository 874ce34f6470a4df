import { USAGE_BATCH_MAX, USAGE_PROPERTIES_MAX_BYTES, hasTrackingConsent, isUsageEventName, stripPersonalData } from '@sitelens/domain';
import { type Connection, decodeCursor, encodeCursor, pageSize, toConnection } from '../../graphql/connection.ts';
import type { Context } from '../../graphql/context.ts';
import { AppError, badInput } from '../../graphql/errors.ts';
import { requireAdministeredOrganization, requireCaller } from '../access/access.ts';
import { type UsageEventRow, insertUsageEvents, listUsageEvents } from './usage.repo.ts';

export interface UsageEventInput {
  name: string;
  properties?: unknown;
  at: Date;
}

export interface UsageResult {
  stored: number;
  consent: boolean;
}

/** Events may be sent up to this late, and never from the future (5 minutes of clock skew allowed). */
const MAX_AGE_MS = 7 * 24 * 3600_000;
const MAX_SKEW_MS = 5 * 60_000;

function checkEvent(e: UsageEventInput, index: number, now: number): Record<string, unknown> {
  if (!isUsageEventName(e.name)) throw new AppError('BAD_USER_INPUT', { field: `events.${index}.name`, reason: 'unknownEvent' });
  const properties = e.properties ?? {};
  if (typeof properties !== 'object' || Array.isArray(properties) || properties === null) throw badInput(`events.${index}.properties`, 'notAnObject');
  if (Buffer.byteLength(JSON.stringify(properties)) > USAGE_PROPERTIES_MAX_BYTES) throw badInput(`events.${index}.properties`, 'tooLarge');
  const at = e.at.getTime();
  if (at > now + MAX_SKEW_MS || at < now - MAX_AGE_MS) throw badInput(`events.${index}.at`, 'outOfRange');
  return stripPersonalData(properties as Record<string, unknown>);
}

/**
 * Stores a batch of usage events for the caller, all or none, without personal data (names and
 * e-mail addresses are stripped from their properties). Without the consent cookie
 * (sitelens_consent=1 on the request) nothing is stored and the answer says consent: false.
 */
export async function recordUsageEvents(ctx: Context, events: readonly UsageEventInput[]): Promise<UsageResult> {
  const caller = requireCaller(ctx);
  if (events.length > USAGE_BATCH_MAX) throw new AppError('BAD_USER_INPUT', { field: 'events', reason: 'tooMany', max: USAGE_BATCH_MAX });
  const now = ctx.now().getTime();
  const rows = events.map((e, i) => ({
    name: e.name,
    properties: checkEvent(e, i, now),
    at: e.at,
    userId: caller.userId,
    organizationId: caller.organizationIds[0] ?? null,
    receivedAt: new Date(now),
  }));
  if (!hasTrackingConsent(ctx.request.headers.cookie)) return { stored: 0, consent: false };
  return { stored: await insertUsageEvents(ctx.database, rows), consent: true };
}

const CURSOR = 'usage';

/** The administrator's organization's usage events, newest first, optionally of one name. */
export async function usageEventsPage(ctx: Context, args: { first?: number | null; after?: string | null; name?: string | null }): Promise<Connection<UsageEventRow>> {
  const organizationId = requireAdministeredOrganization(ctx);
  if (args.name != null && !isUsageEventName(args.name)) throw badInput('name', 'unknownEvent');
  const limit = pageSize(args.first);
  const beforeId = args.after ? Number(decodeCursor(CURSOR, args.after, 1)[0]) : null;
  if (beforeId !== null && !Number.isSafeInteger(beforeId)) throw badInput('after', 'invalidCursor');
  const rows = await listUsageEvents(ctx.database, organizationId, { limit: limit + 1, beforeId, name: args.name ?? null });
  return toConnection(rows, limit, (r) => encodeCursor(CURSOR, [r.id]));
}
