/** Subscribes over GraphQL-over-SSE (what Yoga serves) and collects the `next` payloads; no token for a public stream. */
export async function sseSubscribe(base: string, token: string | null, query: string, variables: Record<string, unknown>) {
  const controller = new AbortController();
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
    signal: controller.signal,
  });
  if (!res.ok || !res.body) throw new Error(`subscription refused: ${res.status}`);
  const events: any[] = [];
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
          if (chunk.includes('event: next') && data) events.push(JSON.parse(data.slice(5)));
        }
      }
    } catch {
      /* aborted */
    }
  })();
  /** Waits (bounded) until `count` events arrived. */
  const waitFor = async (count: number, timeoutMs = 5000) => {
    const until = Date.now() + timeoutMs;
    while (events.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    return events;
  };
  return { events, waitFor, ended: () => ended, close: async () => (controller.abort(), await pump) };
}
