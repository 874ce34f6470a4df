import { print } from 'graphql';
import { createClient } from 'graphql-sse';
import { SCREEN_HEARTBEAT_MS, SCREEN_RECHECK_FIRST_MS, SCREEN_RECHECK_MAX_MS, SCREEN_STALE_AFTER_MS } from '@sitelens/domain';
import { SCREEN_DISPLAY, type ScreenDisplay } from '../graphql/stopngo.ts';

/** How the display's link stands: waiting for its first news, receiving news, or silent too long. */
export type ScreenLink = 'connecting' | 'live' | 'lost';

export interface WatchScreenOptions {
  url: string;
  secret: string;
  onDisplay(display: ScreenDisplay): void;
  onLink(link: ScreenLink): void;
  fetch?: typeof fetch;
  /** No news for this long counts as a lost connection (the server sends news at every heartbeat). */
  staleAfterMs?: number;
  /** Waits before the n-th reconnection in a row (0-based). */
  retryWait?: (retries: number) => Promise<void>;
  /** How long a screen told REMOVED (or refused) waits before its n-th check in a row (0-based). */
  recheckAfterMs?: (checks: number) => number;
}

/** 1 s, 2 s, 4 s, then every 5 s, with jitter: a door screen comes back quickly after a restart. */
export const screenBackoff = (retries: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.min(5000, 1000 * 2 ** retries) + Math.floor(Math.random() * 500)));

/**
 * 5 s, 10 s, 20 s … then every 5 minutes, with jitter: an address renewed or deleted by mistake and
 * put back, or a refusal that has passed, brings the door back by itself; a screen really removed
 * asks a few times an hour.
 */
export const screenRecheckAfterMs = (checks: number) =>
  Math.min(SCREEN_RECHECK_MAX_MS, SCREEN_RECHECK_FIRST_MS * 2 ** Math.min(checks, 16)) * (1 + Math.random() * 0.2);

/**
 * Follows one entrance screen over the GraphQL subscription (server-sent events, as the live
 * widgets): reconnects forever after a drop or a server restart, and reports the link lost once no
 * news came for `staleAfterMs`, so the door never shows a stale GO. A screen told it was removed,
 * or refused, keeps its sign and checks again with a growing wait. Returns the function that stops watching.
 */
export function watchScreen(options: WatchScreenOptions): () => void {
  const staleAfter = options.staleAfterMs ?? SCREEN_STALE_AFTER_MS;
  const wait = options.retryWait ?? screenBackoff;
  const recheckAfter = options.recheckAfterMs ?? screenRecheckAfterMs;
  let lastNews = Date.now();
  let link: ScreenLink = 'connecting';
  let stopped = false;
  // A removed screen has no news to wait for (no lost link); it only checks again now and then.
  let removed = false;
  // The server refused this stream (too many unknown addresses from here): ask again later, not at once.
  let refusedForMs: number | null = null;
  let checks = 0;
  let dispose: (() => void) | null = null;
  let restart: ReturnType<typeof setTimeout> | undefined;

  const setLink = (next: ScreenLink) => {
    if (next !== link) options.onLink((link = next));
  };
  const client = createClient({
    url: options.url,
    // A display has no session: nothing of the device's cookies is sent.
    credentials: 'omit',
    fetchFn: options.fetch,
    retryAttempts: Infinity,
    retry: wait,
  });

  const subscribe = () => {
    dispose = client.subscribe<{ stopNGoDisplay: ScreenDisplay }>(
      { query: print(SCREEN_DISPLAY), variables: { secret: options.secret } },
      {
        next: (result) => {
          const display = result.data?.stopNGoDisplay;
          if (!display) {
            const retryAfter = Number(result.errors?.[0]?.extensions?.retryAfterSeconds);
            refusedForMs = Number.isFinite(retryAfter) ? retryAfter * 1000 : 0;
            return;
          }
          lastNews = Date.now();
          removed = display.state === 'REMOVED';
          if (!removed) checks = 0;
          setLink('live');
          options.onDisplay(display);
        },
        // Errors that are not the network's (the server refusing the request) are tried again later too.
        error: () => {
          if (!stopped) restart = setTimeout(subscribe, SCREEN_HEARTBEAT_MS);
        },
        // The server ends the stream only for a removed screen (or a refusal): checked again with a
        // growing wait; anything else is reopened at once.
        complete: () => {
          if (stopped) return;
          if (removed || refusedForMs !== null) {
            const delay = Math.min(SCREEN_RECHECK_MAX_MS, Math.max(recheckAfter(checks++), refusedForMs ?? 0));
            refusedForMs = null;
            restart = setTimeout(subscribe, delay);
          } else restart = setTimeout(subscribe, 1000);
        },
      },
    );
  };
  subscribe();

  const watchdog = setInterval(() => {
    if (!removed && Date.now() - lastNews > staleAfter) setLink('lost');
  }, Math.min(1000, staleAfter / 4));

  return () => {
    stopped = true;
    clearInterval(watchdog);
    clearTimeout(restart);
    dispose?.();
    client.dispose();
  };
}
