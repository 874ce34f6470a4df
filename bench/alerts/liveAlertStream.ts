import { openSse } from '../../apps/server/src/test/sseSubscription.ts';

/**
 * The live-alert subscription as the web app holds it (GraphQL over SSE on /graphql), noting when
 * each event arrived, so the alerts phase can time a reading's way to its live event.
 */
export interface LiveAlertEvent {
  alertId: number | null;
  id: number;
  dateEnd: string | null;
  /** performance.now() of the bench process when the event arrived. */
  at: number;
}

export interface LiveAlertStream {
  events: LiveAlertEvent[];
  /** Resolves with the first event after index `from` that `match` accepts; fails after `ms`. */
  next(from: number, match: (e: LiveAlertEvent) => boolean, ms?: number): Promise<LiveAlertEvent>;
  close(): Promise<void>;
}

export async function openLiveAlerts(base: string, token: string): Promise<LiveAlertStream> {
  const events: LiveAlertEvent[] = [];
  const waiters = new Set<() => void>();
  const stream = await openSse(base, { query: 'subscription { liveAlerts { id alertId dateEnd } }', token }, (payload) => {
    const live = (payload as { data: { liveAlerts: Omit<LiveAlertEvent, 'at'> } }).data.liveAlerts;
    events.push({ ...live, at: performance.now() });
    for (const wake of waiters) wake();
  });
  const next = (from: number, match: (e: LiveAlertEvent) => boolean, ms = 60_000) =>
    new Promise<LiveAlertEvent>((resolve, reject) => {
      const check = () => {
        const found = events.slice(from).find(match);
        if (!found) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching live alert within ${ms} ms`));
      }, ms);
      waiters.add(check);
      check();
    });
  return { events, next, close: stream.close };
}
