import { hostname } from 'node:os';
import mqtt from 'mqtt';
import type { ReadingSink } from './ingestReadings.ts';
import { handleMqttMessage } from './handleMqttMessage.ts';

export interface MqttIngestOptions {
  url: string;
  /** First topic level; tests use a unique one per run. */
  root?: string;
  /** Stable per process host, so the broker keeps this subscriber's session across restarts. */
  clientId?: string;
  /** How long the broker keeps our session, queuing readings for us, while we are away (default a day). */
  sessionExpirySeconds?: number;
  now: () => Date;
  log?: { info(msg: string): void; error(obj: unknown, msg?: string): void };
}

const silent = { info: () => undefined, error: () => undefined };

/** MQTT_CLIENT_ID, or one stable per host and port: two processes on one host never share a session. */
export function mqttClientId(config: { MQTT_CLIENT_ID?: string | undefined; PORT: number }, host = hostname()): string {
  return config.MQTT_CLIENT_ID ?? `sitelens-ingest-${host}-${config.PORT}`;
}

/**
 * Subscribes to {root}/+/readings (QoS 1, shared subscription, so several server processes split the
 * messages) and feeds each message through the ingest path. A message is acknowledged to the broker
 * only after its readings are committed; when the write fails it stays unacknowledged and we
 * reconnect, so the broker delivers it again.
 */
export function startMqttIngest(sink: ReadingSink, opts: MqttIngestOptions): { ready: Promise<void>; stop(): Promise<void> } {
  const root = opts.root ?? 'sitelens';
  const log = opts.log ?? silent;
  const client = mqtt.connect(opts.url, {
    clientId: opts.clientId ?? `sitelens-ingest-${hostname()}`,
    clean: false,
    protocolVersion: 5,
    properties: { sessionExpiryInterval: opts.sessionExpirySeconds ?? 24 * 3600 },
    reconnectPeriod: 2000,
    resubscribe: false,
  });
  const readingsTopic = `${root}/+/readings`;

  client.handleMessage = (packet, done) => {
    const prefix = packet.topic.slice(root.length + 1).split('/')[0] ?? '';
    const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
    handleMqttMessage(sink, prefix, payload, opts.now()).then(
      (reply) => {
        // Not awaited: our own PUBACK could not arrive while this message holds the client's queue.
        if (reply) client.publish(`${root}/${prefix}/rejected`, JSON.stringify(reply), { qos: 1 }, (e) => e && log.error(e, 'mqtt reply failed'));
        done();
      },
      (error: unknown) => {
        log.error(error, 'mqtt ingest failed; the message will be delivered again');
        done(error as Error);
        client.stream.destroy();
      },
    );
  };

  // Every (re)connection subscribes again: idempotent on the broker, and it heals a subscription a
  // dropped connection interrupted.
  const ready = new Promise<void>((resolve) => {
    client.on('connect', () => {
      client.subscribe(`$share/sitelens-ingest/${readingsTopic}`, { qos: 1 }, (error) => {
        if (error) return log.error(error, `mqtt subscribe to ${readingsTopic} failed`);
        log.info(`MQTT ingest listening on ${readingsTopic}`);
        resolve();
      });
    });
  });
  client.on('error', (error) => log.error(error, 'mqtt'));

  return { ready, stop: async () => void (await client.endAsync()) };
}
