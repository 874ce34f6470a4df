import { ApolloLink, HttpLink, Observable, type FetchResult, type Operation } from '@apollo/client';
import { BatchHttpLink } from '@apollo/client/link/batch-http';
import { OPERATIONS_PER_REQUEST_MAX } from '@sitelens/domain';

interface Waiting {
  operation: Operation;
  observer: { next(result: FetchResult): void; error(error: unknown): void; complete(): void };
  sent?: { unsubscribe(): void };
  cancelled?: boolean;
}

/**
 * Queries asked in the same task (a page's site, zones and widgets, asked as it renders) go to the
 * server in one request, as a JSON array of at most OPERATIONS_PER_REQUEST_MAX operations (the
 * server runs them within the caller's turns). A query asked alone goes as it always did, one
 * operation per request. Queries carrying other headers (another token) never share a request.
 */
export function createQueryBatchLink(opts: { uri: string; fetch?: typeof fetch }): ApolloLink {
  const single = new HttpLink({ uri: opts.uri, credentials: 'same-origin', fetch: opts.fetch });
  let queue: Waiting[] = [];

  const send = (group: Waiting[]) => {
    // One link per request: its batch is full, and sent, when the last operation is handed to it.
    const link = group.length === 1 ? single : new BatchHttpLink({ uri: opts.uri, credentials: 'same-origin', fetch: opts.fetch, batchMax: group.length, batchInterval: 1 });
    for (const waiting of group) waiting.sent = link.request(waiting.operation)?.subscribe(waiting.observer);
  };

  const flush = () => {
    const asked = queue.filter((w) => !w.cancelled);
    queue = [];
    const byHeaders = new Map<string, Waiting[]>();
    for (const waiting of asked) {
      const key = JSON.stringify((waiting.operation.getContext() as { headers?: unknown }).headers ?? {});
      const group = byHeaders.get(key);
      if (group) group.push(waiting);
      else byHeaders.set(key, [waiting]);
    }
    for (const group of byHeaders.values()) {
      for (let i = 0; i < group.length; i += OPERATIONS_PER_REQUEST_MAX) send(group.slice(i, i + OPERATIONS_PER_REQUEST_MAX));
    }
  };

  return new ApolloLink(
    (operation) =>
      new Observable<FetchResult>((observer) => {
        const waiting: Waiting = { operation, observer };
        if (queue.length === 0) setTimeout(flush, 0);
        queue.push(waiting);
        return () => {
          waiting.cancelled = true;
          waiting.sent?.unsubscribe();
        };
      }),
  );
}
