import { type Gates, SCREEN_PRESENCE_TTL_MS, checkScreenLanguages, checkScreenName, checkStopNGoLimit } from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { badInput, notFound } from '../../graphql/errors.ts';
import { requireCaller, requireGate, requireOrganization } from '../access/access.ts';
import type { EventRow } from '../installations/installations.repo.ts';
import { type SiteOccupancy, siteOccupancy } from './siteOccupancy.ts';
import { type ScreenWithPresence, deleteScreen, findEventWithOrganization, findScreen, insertScreen, replaceScreenSecret, screensOfEvent, setEventLimit } from './stopngo.repo.ts';
import { newScreenSecret, screenSecretDigest } from './screenSecret.ts';

export type ScreenView = ScreenWithPresence & { active: boolean };

/** The event if it belongs to the caller's organizations; NOT_FOUND otherwise, as for a missing id. */
export async function eventById(ctx: Context, eventId: number): Promise<EventRow & { organizationId: number }> {
  requireCaller(ctx);
  const event = await findEventWithOrganization(ctx.database, eventId);
  if (!event) throw notFound();
  requireOrganization(ctx, event.organizationId);
  return event;
}

/** The event's Stop&Go settings, for those who may read them. */
export async function eventStopNGo(ctx: Context, event: EventRow): Promise<{ limit: number | null }> {
  await requireGate(ctx, 'stopNGoRead');
  return { limit: event.stopngoLimit };
}

/**
 * Sets, changes or removes (null) the event's limit. Adding one where there was none needs the
 * create right, changing it the edit right, removing it the delete right.
 */
export async function updateEventStopNGoLimit(ctx: Context, eventId: number, limit: number | null | undefined): Promise<EventRow> {
  const event = await eventById(ctx, eventId);
  const next = limit ?? null;
  const gate: keyof Gates = next === null ? 'stopNGoDelete' : event.stopngoLimit === null ? 'stopNGoCreate' : 'stopNGoEdit';
  await requireGate(ctx, gate);
  if (next !== null) {
    const check = checkStopNGoLimit(next);
    if (!check.ok) throw badInput('limit', check.reason);
    if (!event.metrics.includes('counting')) throw badInput('eventId', 'notCounting');
  }
  await setEventLimit(ctx.database, event.id, next);
  ctx.live.publish('stopngo', event.organizationId, { eventId: event.id });
  return { ...event, stopngoLimit: next };
}

/** The site's occupancy now against the event's limit (back office: the figure beside the form). */
export async function stopNGoOccupancy(ctx: Context, eventId: number): Promise<SiteOccupancy> {
  const event = await eventById(ctx, eventId);
  await requireGate(ctx, 'stopNGoRead');
  return siteOccupancy(ctx, { organizationId: event.organizationId, installationId: event.installationId, eventId: event.id });
}

const withStatus = (ctx: Context, screen: ScreenWithPresence): ScreenView => ({
  ...screen,
  active: screen.lastSeenAt !== null && ctx.now().getTime() - screen.lastSeenAt.getTime() < SCREEN_PRESENCE_TTL_MS,
});

export async function stopNGoScreens(ctx: Context, eventId: number): Promise<ScreenView[]> {
  const event = await eventById(ctx, eventId);
  await requireGate(ctx, 'stopNGoRead');
  return (await screensOfEvent(ctx.database, event.id)).map((s) => withStatus(ctx, s));
}

export interface ScreenInput {
  eventId: number;
  name: string;
  language: string;
  secondLanguage?: string | null;
}

/** The secret is returned here (and on renewal) only: the server keeps its SHA-256. */
export async function createStopNGoScreen(ctx: Context, input: ScreenInput): Promise<{ screen: ScreenView; secret: string }> {
  const event = await eventById(ctx, input.eventId);
  await requireGate(ctx, 'stopNGoCreate');
  const name = checkScreenName(input.name);
  if (!name.ok) throw badInput('name', name.reason);
  const languages = checkScreenLanguages(input.language, input.secondLanguage);
  if (!languages.ok) throw badInput(languages.field, languages.reason);
  if (!event.metrics.includes('counting')) throw badInput('eventId', 'notCounting');
  const secret = newScreenSecret();
  const row = await insertScreen(ctx.database, {
    organizationId: event.organizationId,
    eventId: event.id,
    name: input.name.trim(),
    language: input.language,
    secondLanguage: input.secondLanguage || null,
    secretHash: screenSecretDigest(secret),
    createdBy: requireCaller(ctx).userId,
    createdAt: ctx.now(),
  });
  return { screen: withStatus(ctx, { ...row, installationId: event.installationId, lastSeenAt: null }), secret };
}

async function ownScreen(ctx: Context, id: number): Promise<ScreenWithPresence> {
  requireCaller(ctx);
  const screen = await findScreen(ctx.database, id);
  if (!screen) throw notFound();
  requireOrganization(ctx, screen.organizationId);
  return screen;
}

/** A new address for the screen; the old one stops working at once, and its displays say so. */
export async function renewStopNGoScreenSecret(ctx: Context, id: number): Promise<{ screen: ScreenView; secret: string }> {
  const screen = await ownScreen(ctx, id);
  await requireGate(ctx, 'stopNGoEdit');
  const secret = newScreenSecret();
  await replaceScreenSecret(ctx.database, screen.id, screenSecretDigest(secret), ctx.now());
  ctx.live.publish('stopngo', screen.organizationId, { eventId: screen.eventId, removedScreenId: screen.id });
  return { screen: withStatus(ctx, (await findScreen(ctx.database, screen.id))!), secret };
}

export async function deleteStopNGoScreen(ctx: Context, id: number): Promise<number> {
  const screen = await ownScreen(ctx, id);
  await requireGate(ctx, 'stopNGoDelete');
  await deleteScreen(ctx.database, screen.id);
  ctx.live.publish('stopngo', screen.organizationId, { eventId: screen.eventId, removedScreenId: screen.id });
  return screen.id;
}
