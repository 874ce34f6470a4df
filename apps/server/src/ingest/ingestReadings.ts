import { type TargetKind, type ValidReading, validateReading } from '@sitelens/domain';
import type { Database } from '../db/database.ts';
import type { LivePubSub } from '../live/livePubSub.ts';
import { publishReadings } from '../live/publishReadings.ts';
import { writeReadings } from '../modules/metrics/readings.write.ts';
import { ownedTargets } from './ownedTargets.ts';

export interface IngestResult {
  accepted: number;
  /** 1-based positions in the batch (NDJSON: line numbers) with a reason code of docs/ingest.md. */
  rejected: Array<{ line: number; reason: string }>;
}

/** Most readings one batch may carry, over HTTP and MQTT alike. */
export const MAX_BATCH_READINGS = 10_000;
/** Most bytes one batch may take, over HTTP and MQTT alike. */
export const MAX_BATCH_BYTES = 5 * 1024 * 1024;
/** Stands for an empty NDJSON line: skipped without a rejection, yet it keeps the line numbering. */
export const BLANK_LINE = Symbol('blank line');

/**
 * The one ingest path (HTTP and MQTT): checks every line with the domain rule and the targets
 * against the organization, writes the good ones in one transaction, and resolves only once they
 * are committed. A bad line never costs the good ones.
 */
/** Where accepted readings go: the database, then (once committed) the live channel. */
export interface ReadingSink {
  database: Database;
  live?: LivePubSub;
}

export async function ingestReadings(sink: ReadingSink, organizationId: number, lines: unknown[], now: Date): Promise<IngestResult> {
  const { database } = sink;
  const rejected: IngestResult['rejected'] = [];
  const valid: Array<{ line: number; reading: ValidReading }> = [];
  lines.forEach((raw, i) => {
    if (raw === BLANK_LINE) return;
    const check = validateReading(raw, { now: now.getTime() });
    if (check.ok) valid.push({ line: i + 1, reading: check.reading });
    else rejected.push({ line: i + 1, reason: check.reason });
  });

  const owned = new Map<TargetKind, Set<number>>();
  for (const kind of ['zone', 'passage', 'device'] as const) {
    const ids = [...new Set(valid.filter((v) => v.reading.targetKind === kind).map((v) => v.reading.targetId))];
    owned.set(kind, await ownedTargets(database, organizationId, kind, ids));
  }
  const good = valid.filter(({ line, reading }) => {
    if (owned.get(reading.targetKind)?.has(reading.targetId)) return true;
    rejected.push({ line, reason: 'unknownTarget' });
    return false;
  });

  const rows = good.map(({ reading }) => ({ organizationId, ...reading }));
  await writeReadings(database, rows);
  if (sink.live && rows.length) publishReadings(sink.live, rows);
  rejected.sort((a, b) => a.line - b.line);
  return { accepted: good.length, rejected };
}
