import { randomUUID } from 'node:crypto';
import { SCREEN_HEARTBEAT_MS, type StopNGoState } from '@sitelens/domain';
import { Repeater } from 'graphql-yoga';
import type { Context } from '../../graphql/context.ts';
import type { LiveReading, StopNGoChange } from '../../live/livePubSub.ts';
import { AppError } from '../../graphql/errors.ts';
import { takeAttempt } from '../auth/attemptLimiter.ts';
import { siteTargets } from '../live/live.repo.ts';
import { type DisplayedScreen, closeConnection, openConnection, screenBySecretHash, touchConnection } from './stopngo.repo.ts';
import { looksLikeScreenSecret, screenSecretDigest } from './screenSecret.ts';
import { siteOccupancy } from './siteOccupancy.ts';
import { clientAddress } from '../../http/clientAddress.ts';

/** What an entrance screen receives: its state and figures, in its languages; nothing that names anything. */
export interface DisplayState {
  state: StopNGoState | 'REMOVED';
  inside: number | null;
  limit: number | null;
  placesLeft: number | null;
  language: string | null;
  secondLanguage: string | null;
  at: Date;
}

/** Unknown secrets one address may present in the window; past it, its failures are refused (RATE_LIMITED). */
const FAILED_TRIES = 30;
const FAILED_WINDOW_MS = 15 * 60_000;
const COUNTING = new Set(['visitorsIn', 'visitorsOut']);

const removed = (at: Date): DisplayState => ({ state: 'REMOVED', inside: null, limit: null, placesLeft: null, language: null, secondLanguage: null, at });

/**
 * The secret is checked first, so a screen that exists is never refused for others' failures behind
 * the same address (a shopping centre's one public address); only unknown secrets are counted, and
 * past the limit they are refused outright. A secret of 256 bits is not guessed: the limit spares the
 * database, it does not guard the secret.
 */
async function openScreen(ctx: Context, secret: string): Promise<DisplayedScreen | null> {
  const screen = looksLikeScreenSecret(secret) ? await screenBySecretHash(ctx.database, screenSecretDigest(secret)) : null;
  if (screen) return screen;
  const attempt = await takeAttempt(ctx.database, [`stopngoScreen:${clientAddress(ctx.request.ip)}`], { limit: FAILED_TRIES, windowMs: FAILED_WINDOW_MS, now: ctx.now() });
  if (!attempt.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil(attempt.retryAfterMs / 1000) });
  return null;
}

/**
 * An entrance screen's stream: its state at once, again within moments of any reading that moves
 * the site's occupancy or of a change to its limit, and at every heartbeat in any case, so the
 * display knows the link is alive. While it is open the screen counts as active (in the database,
 * for every server process); deleting the screen or renewing its address ends it with REMOVED.
 */
export async function screenStream(ctx: Context, secret: string): Promise<AsyncIterable<DisplayState>> {
  const screen = await openScreen(ctx, secret);
  return new Repeater<DisplayState>(async (push, stop) => {
    if (!screen) {
      await push(removed(ctx.now()));
      stop();
      return;
    }
    const { organizationId, installationId, eventId } = screen;
    const connectionId = randomUUID();
    await openConnection(ctx.database, connectionId, screen.id, ctx.now());
    const targets = await siteTargets(ctx.database, installationId);
    let open = true;
    let running = false;
    let again = false;

    // One computation at a time; news arriving meanwhile asks for one more, not one each.
    const refresh = async () => {
      if (running) return void (again = true);
      running = true;
      try {
        do {
          again = false;
          const o = await siteOccupancy(ctx, { organizationId, installationId, eventId });
          if (open) await push({ state: o.state, inside: o.inside, limit: o.limit, placesLeft: o.placesLeft, language: screen.language, secondLanguage: screen.secondLanguage, at: o.at });
        } while (again && open);
      } catch {
        // No state rather than a wrong one: without news the display says the connection is lost.
      } finally {
        running = false;
      }
    };
    const moves = (batch: LiveReading[]) => batch.some((r) => COUNTING.has(r.metric) && targets.has(`${r.targetKind}:${r.targetId}`));

    const readings = ctx.live.subscribe('readings', organizationId);
    const changes = ctx.live.subscribe('stopngo', organizationId);
    void (async () => {
      for await (const batch of readings) if (moves(batch)) void refresh();
    })();
    void (async () => {
      for await (const change of changes as AsyncIterable<StopNGoChange>) {
        if (change.removedScreenId === screen.id) {
          open = false;
          await push(removed(ctx.now()));
          stop();
          return;
        }
        if (change.eventId === eventId) void refresh();
      }
    })();
    const beat = setInterval(() => {
      void touchConnection(ctx.database, connectionId, ctx.now()).catch(() => {});
      void refresh();
    }, SCREEN_HEARTBEAT_MS);
    void refresh();

    await stop;
    open = false;
    clearInterval(beat);
    await Promise.all([readings.return?.(), changes.return?.()]);
    await closeConnection(ctx.database, connectionId).catch(() => {});
  });
}
