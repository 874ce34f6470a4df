import { ApolloLink, Observable, type FetchResult, type Operation } from '@apollo/client';
import { print } from '@apollo/client/utilities';
import { createClient } from 'graphql-sse';

/** Told when a subscription's stream (re)connects; passed in the operation's context under SSE_LISTENERS. */
export interface SseListeners {
  connecting?(reconnecting: boolean): void;
  /** The stream is open; `reconnected` after a drop, when pushes may have been missed meanwhile. */
  connected?(reconnected: boolean): void;
}

export const SSE_LISTENERS = 'sseListeners';

export interface SseLinkOptions {
  uri: string;
  credentials?: RequestCredentials;
  fetch?: typeof fetch;
  /** Read at every (re)connection, over the headers of the operation's context (a renewed token). */
  headers?: () => Record<string, string> | Promise<Record<string, string>>;
  /** Reconnections in a row without a result before the subscription errors. */
  retryAttempts?: number;
  /** Waits before the n-th reconnection in a row (0-based); randomised exponential backoff by default. */
  retryWait?: (retries: number) => Promise<void>;
}

/** 1 s, 2 s, 4 s… up to 30 s, plus up to 1 s of jitter so that clients cut together do not return together. */
export const backoff = (retries: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.min(30_000, 1000 * 2 ** retries) + Math.floor(Math.random() * 1000)));

/**
 * Subscriptions over Server-Sent Events, the GraphQL-over-SSE "distinct connections" mode that
 * Yoga serves on /graphql: one streamed POST per subscription, with the query's auth headers and
 * cookies, reopened with backoff when it drops and aborted when unsubscribed.
 */
export function createSseLink(options: SseLinkOptions): ApolloLink {
  return new ApolloLink(
    (operation: Operation) =>
      new Observable<FetchResult>((observer) => {
        const context = operation.getContext();
        const listeners = context[SSE_LISTENERS] as SseListeners | undefined;
        const client = createClient({
          url: options.uri,
          credentials: options.credentials ?? 'same-origin',
          fetchFn: options.fetch,
          headers: async () => ({ ...(context.headers as Record<string, string> | undefined), ...(await options.headers?.()) }),
          retryAttempts: options.retryAttempts ?? 8,
          retry: options.retryWait ?? backoff,
        });
        const request = { query: print(operation.query), variables: operation.variables, operationName: operation.operationName, extensions: operation.extensions };
        const dispose = client.subscribe<FetchResult['data']>(
          request,
          {
            next: (result) => observer.next(result as FetchResult),
            error: (error) => observer.error(error),
            complete: () => observer.complete(),
          },
          { connecting: (again) => listeners?.connecting?.(again), connected: (again) => listeners?.connected?.(again) },
        );
        return () => {
          dispose();
          client.dispose();
        };
      }),
  );
}
