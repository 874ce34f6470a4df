import type { ApolloClient } from '@apollo/client';
import { SSE_LISTENERS, type SseListeners } from '../../shared/apollo/sseLink.ts';
import { LIVE_READINGS } from './liveReadings.graphql.ts';
import type { PushedReading } from './liveScope.ts';

/** connecting: not (yet, or again) pushing; up: pushing; failed: given up, the widgets poll. */
export type LiveStatus = 'connecting' | 'up' | 'failed';

export interface LiveListener {
  readings(batch: readonly PushedReading[]): void;
  /** `reconnected` when the stream came back after a drop: readings may have been missed. */
  status(status: LiveStatus, reconnected: boolean): void;
}

interface Feed {
  listeners: Set<LiveListener>;
  status: LiveStatus;
  close(): void;
}

const feeds = new WeakMap<ApolloClient<object>, Map<number, Feed>>();

/**
 * One subscription per site, shared by the live widgets of its page: a browser opens at most six
 * HTTP/1.1 connections to a server, so one stream per widget would starve the queries.
 */
export function listenLive(client: ApolloClient<object>, installationId: number, listener: LiveListener): () => void {
  let sites = feeds.get(client);
  if (!sites) feeds.set(client, (sites = new Map()));
  let feed = sites.get(installationId);
  if (!feed) {
    const opened = openFeed(client, installationId, () => {
      if (sites.get(installationId) === opened) sites.delete(installationId);
    });
    sites.set(installationId, opened);
    feed = opened;
  }
  const joined = feed;
  joined.listeners.add(listener);
  listener.status(joined.status, false);
  return () => {
    joined.listeners.delete(listener);
    // A widget that re-renders with new filters leaves and joins again: keep the stream for that tick.
    setTimeout(() => {
      if (joined.listeners.size === 0) joined.close();
    });
  };
}

function openFeed(client: ApolloClient<object>, installationId: number, forget: () => void): Feed {
  const feed: Feed = { listeners: new Set(), status: 'connecting', close: () => {} };
  const tell = (status: LiveStatus, reconnected = false) => {
    feed.status = status;
    for (const listener of [...feed.listeners]) listener.status(status, reconnected);
  };
  const fail = () => {
    forget();
    tell('failed');
  };
  const listeners: SseListeners = { connecting: () => tell('connecting'), connected: (again) => tell('up', again) };
  const subscription = client
    .subscribe({ query: LIVE_READINGS, variables: { installationId }, context: { [SSE_LISTENERS]: listeners } })
    .subscribe({
      next: (result) => {
        if (result.errors?.length || !result.data) return fail();
        for (const listener of [...feed.listeners]) listener.readings(result.data.liveReadings);
      },
      error: fail,
      complete: fail,
    });
  feed.close = () => {
    forget();
    subscription.unsubscribe();
  };
  return feed;
}
