import { setMaxListeners } from 'node:events';
import { createRequire } from 'node:module';
import type { createRedisEventTarget as CreateRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { createPubSub } from 'graphql-yoga';
import type { Redis as RedisClient } from 'ioredis';

const lazyRequire = createRequire(import.meta.url);

/** A reading as pushed to live subscribers, right after it was written. */
export interface LiveReading {
  targetKind: string;
  targetId: number;
  metric: string;
  breakdown: string;
  ts: string;
  value: number;
}

/** A change to a Stop&Go event's limit or screens, for the entrance screens showing it. */
export interface StopNGoChange {
  eventId: number;
  /** Set when one screen was deleted or its address renewed: its displays show that it was removed. */
  removedScreenId?: number;
}

/** An alert episode that began or ended (the alert-log row, spec 001 §3), for the live alert-log widgets. */
export interface LiveAlert {
  id: number;
  alertId: number | null;
  installationId: number;
  conditionType: string;
  metrics: Array<{ type: string; threshold: number; value: number }>;
  dateBegin: string;
  dateEnd: string | null;
  zoneId: number | null;
  passageId: number | null;
  deviceId: number | null;
  message: string;
}

type Topics = {
  readings: [organizationId: number, payload: LiveReading[]];
  stopngo: [organizationId: number, payload: StopNGoChange];
  alerts: [organizationId: number, payload: LiveAlert];
};
export type LivePubSub = ReturnType<typeof createPubSub<Topics>>;

/**
 * Live events, per organization. In one process an in-memory event target; with REDIS_URL, Redis
 * pub/sub, so a reading written by one server process reaches subscribers of every other.
 */
export function createLivePubSub(redisUrl?: string): { pubsub: LivePubSub; close: () => Promise<void> } {
  if (!redisUrl) {
    // Every open stream (a live widget's page, an entrance screen) listens here: no count is a leak.
    const eventTarget = new EventTarget();
    setMaxListeners(0, eventTarget);
    return { pubsub: createPubSub<Topics>({ eventTarget }), close: async () => {} };
  }
  // Loaded here, not at import: a process without Redis (the embedded default, each test file) skips it.
  const { Redis } = lazyRequire('ioredis') as { Redis: typeof RedisClient };
  const { createRedisEventTarget } = lazyRequire('@graphql-yoga/redis-event-target') as { createRedisEventTarget: typeof CreateRedisEventTarget };
  const publishClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscribeClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const pubsub = createPubSub<Topics>({ eventTarget: createRedisEventTarget({ publishClient, subscribeClient }) });
  return {
    pubsub,
    close: async () => {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  };
}
