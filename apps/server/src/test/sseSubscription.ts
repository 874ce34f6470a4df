/** A GraphQL subscription over SSE (what Yoga serves): the request, then each `next` payload as it arrives. */
export interface SseRequest {
  query: string;
  variables?: Record<string, unknown>;
  /** None for a public stream (a stop-and-go screen). */
  token?: string | null;
}

/**
 * Opens the stream and calls `onNext` with each `next` payload, parsed, as it arrives; the tests and
 * the benchmark read a stream the way the web app does.
 */
export async function openSse(base: string, { query, variables, token }: SseRequest, onNext: (payload: unknown) => void) {
  const controller = new AbortController();
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(variables ? { query, variables } : { query }),
    signal: controller.signal,
  });
  if (!res.ok || !res.body) throw new Error(`subscription refused: ${res.status}`);
  let ended = false;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return void (ended = true);
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const chunk = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = chunk.split('\n').find((l) => l.startsWith('data:'));
          if (chunk.includes('event: next') && data) onNext(JSON.parse(data.slice(5)));
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return { ended: () => ended, close: async () => (controller.abort(), await pump) };
}

/** Subscribes and collects the `next` payloads; no token for a public stream. */
export async function sseSubscribe(base: string, token: string | null, query: string, variables: Record<string, unknown>) {
  const events: any[] = [];
  const stream = await openSse(base, { query, variables, token }, (payload) => events.push(payload));
  /** Waits (bounded) until `count` events arrived. */
  const waitFor = async (count: number, timeoutMs = 5000) => {
    const until = Date.now() + timeoutMs;
    while (events.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    return events;
  };
  return { events, waitFor, ...stream };
}
