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
  const controller = new AbortController();
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: 'subscription { liveAlerts { id alertId dateEnd } }' }),
    signal: controller.signal,
  });
  if (!res.ok || !res.body) throw new Error(`live alerts refused: ${res.status}`);
  const events: LiveAlertEvent[] = [];
  const waiters = new Set<() => void>();
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const chunk = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = chunk.split('\n').find((l) => l.startsWith('data:'));
          if (!chunk.includes('event: next') || !data) continue;
          const live = (JSON.parse(data.slice(5)) as { data: { liveAlerts: Omit<LiveAlertEvent, 'at'> } }).data.liveAlerts;
          events.push({ ...live, at: performance.now() });
          for (const wake of waiters) wake();
        }
      }
    } catch {
      /* closed */
    }
  })();
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
  return { events, next, close: async () => (controller.abort(), await pump) };
}
