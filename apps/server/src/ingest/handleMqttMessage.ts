import { authenticateApiKey } from '../modules/apikeys/apikeys.service.ts';
import { type IngestResult, MAX_BATCH_BYTES, MAX_BATCH_READINGS, type ReadingSink, ingestReadings } from './ingestReadings.ts';

/** What goes back on {root}/{prefix}/rejected: the message's id, and either an error or the rejected lines. */
export type MqttReply = { id?: unknown } & ({ error: 'invalidApiKey' | 'invalidBody' | 'payloadTooLarge' | 'tooManyReadings' } | IngestResult);

/**
 * One message of {root}/{prefix}/readings through the shared ingest path. The payload carries the
 * full key (the topic's prefix must be that key's), and either `readings: [...]` or one reading.
 * Resolves once the good readings are committed; returns the reply to publish, or null when all passed.
 */
export async function handleMqttMessage(sink: ReadingSink, prefix: string, payload: Buffer, now: Date): Promise<MqttReply | null> {
  if (payload.length > MAX_BATCH_BYTES) return { error: 'payloadTooLarge' };
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return { error: 'invalidBody' };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { error: 'invalidBody' };
  const { key: secret, id, readings, ...single } = body as Record<string, unknown>;
  const reply = id === undefined ? {} : { id };
  const key = await authenticateApiKey(sink.database, typeof secret === 'string' ? secret : null, now);
  // A key used under another key's prefix is refused like an unknown one: topics stay per key.
  if (!key || key.prefix !== prefix) return { ...reply, error: 'invalidApiKey' };
  const lines = Array.isArray(readings) ? readings : [single];
  if (lines.length > MAX_BATCH_READINGS) return { ...reply, error: 'tooManyReadings' };
  const result = await ingestReadings(sink, key.organizationId, lines, now);
  return result.rejected.length > 0 ? { ...reply, ...result } : null;
}
