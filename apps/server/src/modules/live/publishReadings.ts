import type { ReadingRow } from '../metrics/write/readings.write.ts';
import type { LivePubSub, LiveReading } from '../../live/livePubSub.ts';

/** Pushes written readings to their organization's live channel; call only after the write committed. */
export function publishReadings(pubsub: LivePubSub, rows: readonly ReadingRow[]): void {
  const byOrganization = new Map<number, LiveReading[]>();
  // A batch's readings share few instants, usually in a row: each is formatted once.
  let lastTs = NaN;
  let lastIso = '';
  for (const row of rows) {
    if (+row.ts !== lastTs) [lastTs, lastIso] = [+row.ts, new Date(row.ts).toISOString()];
    const list = byOrganization.get(row.organizationId) ?? [];
    list.push({
      targetKind: row.targetKind,
      targetId: row.targetId,
      metric: row.metric,
      breakdown: row.breakdown ?? '',
      ts: lastIso,
      value: row.value,
    });
    byOrganization.set(row.organizationId, list);
  }
  for (const [organizationId, list] of byOrganization) pubsub.publish('readings', organizationId, list);
}
