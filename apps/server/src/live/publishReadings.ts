import type { ReadingRow } from '../modules/metrics/readings.write.ts';
import type { LivePubSub, LiveReading } from './livePubSub.ts';

/** Pushes written readings to their organization's live channel; call only after the write committed. */
export function publishReadings(pubsub: LivePubSub, rows: readonly ReadingRow[]): void {
  const byOrganization = new Map<number, LiveReading[]>();
  for (const row of rows) {
    const list = byOrganization.get(row.organizationId) ?? [];
    list.push({
      targetKind: row.targetKind,
      targetId: row.targetId,
      metric: row.metric,
      breakdown: row.breakdown ?? '',
      ts: new Date(row.ts).toISOString(),
      value: row.value,
    });
    byOrganization.set(row.organizationId, list);
  }
  for (const [organizationId, list] of byOrganization) pubsub.publish('readings', organizationId, list);
}
