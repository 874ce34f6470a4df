import { type TargetKind, type ValidReading, validateReading } from '@sitelens/domain';
import type { Database } from '../db/database.ts';
import type { JobQueue } from '../jobs/jobQueue.ts';
import type { LivePubSub } from '../live/livePubSub.ts';
import { afterReadingsCommitted } from '../modules/alerts/alerts.jobs.ts';
import { publishReadings } from '../modules/live/publishReadings.ts';
import type { Announcement } from '../modules/metrics/write/readings.groupCommit.ts';
import { type ReadingRow, announceReadings, writeReadings } from '../modules/metrics/write/readings.write.ts';
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

/** Where accepted readings go: the database, then (once committed) the live channel. */
export interface ReadingSink {
  database: Database;
  live?: LivePubSub;
  /** Where alert evaluation is enqueued after the batch commits (the consumers of docs/jobs-and-messages.md). */
  jobs?: JobQueue;
}

/**
 * The one ingest path (HTTP and MQTT): checks every line with the domain rule and the targets
 * against the organization, writes the good ones in one transaction, and resolves only once they
 * are committed. A bad line never costs the good ones.
 */
export async function ingestReadings(
  sink: ReadingSink,
  organizationId: number,
  lines: unknown[],
  now: Date,
  // Batches arriving together go in one transaction on PGlite: a batch is announced until it is written.
  announcement: Announcement = announceReadings(sink.database),
): Promise<IngestResult> {
  try {
    return await checkAndWrite(sink, organizationId, lines, now, announcement);
  } finally {
    announcement.settle();
  }
}

async function checkAndWrite(sink: ReadingSink, organizationId: number, lines: unknown[], now: Date, announcement: Announcement): Promise<IngestResult> {
  const { database } = sink;
  const rejected: IngestResult['rejected'] = [];
  const valid: Array<{ line: number; reading: ValidReading }> = [];
  const rule = { now: now.getTime() };
  lines.forEach((raw, i) => {
    if (raw === BLANK_LINE) return;
    const check = validateReading(raw, rule);
    if (check.ok) valid.push({ line: i + 1, reading: check.reading });
    else rejected.push({ line: i + 1, reason: check.reason });
  });

  const ids = new Map<TargetKind, Set<number>>();
  for (const { reading } of valid) {
    const set = ids.get(reading.targetKind);
    if (set) set.add(reading.targetId);
    else ids.set(reading.targetKind, new Set([reading.targetId]));
  }
  const owned = new Map<TargetKind, Set<number>>();
  for (const [kind, set] of ids) owned.set(kind, await ownedTargets(database, organizationId, kind, [...set]));
  const rows: ReadingRow[] = [];
  for (const { line, reading: r } of valid) {
    if (owned.get(r.targetKind)?.has(r.targetId)) {
      rows.push({ organizationId, targetKind: r.targetKind, targetId: r.targetId, metric: r.metric, breakdown: r.breakdown, ts: r.ts, value: r.value });
    } else rejected.push({ line, reason: 'unknownTarget' });
  }

  await writeReadings(database, rows, announcement);
  if (sink.live && rows.length) publishReadings(sink.live, rows);
  await afterReadingsCommitted(sink, organizationId, rows, now);
  rejected.sort((a, b) => a.line - b.line);
  return { accepted: rows.length, rejected };
}
