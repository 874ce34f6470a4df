/**
 * The sensor gateways: a separate process (so building request bodies takes no time from the
 * server) that posts NDJSON batches to /api/ingest, `concurrency` requests in flight, and prints
 * one JSON line with what it measured. Input: one JSON argument (IngestPlan).
 */
import { METRICS, QUARTER_MS } from '../dataset/layout.ts';

export interface IngestPlan {
  base: string;
  key: string;
  zoneIds: number[];
  total: number;
  batchSize: number;
  concurrency: number;
  /** Readings end at this instant (exclusive), one per zone, metric and quarter hour before it. */
  endMs: number;
}

export interface IngestClientResult {
  sent: number;
  accepted: number;
  rejected: number;
  batches: number;
  seconds: number;
  batchMs: number[];
  firstError: string | null;
}

/** The NDJSON body of batch `index`: readings ordered by time, then zone, then metric. */
function batchBody(plan: IngestPlan, startMs: number, index: number): { body: string; count: number } {
  const perQuarter = plan.zoneIds.length * METRICS.length;
  const from = index * plan.batchSize;
  const to = Math.min(plan.total, from + plan.batchSize);
  const lines: string[] = [];
  for (let k = from; k < to; k++) {
    const quarter = Math.floor(k / perQuarter);
    const within = k % perQuarter;
    const zone = plan.zoneIds[Math.floor(within / METRICS.length)]!;
    const metric = METRICS[within % METRICS.length]!;
    const ts = startMs + quarter * QUARTER_MS;
    const value = metric === 'co2' ? 420 + (k % 500) : (k * 7) % 23;
    lines.push(`{"target":{"kind":"zone","id":${zone}},"metric":"${metric}","time":"${new Date(ts).toISOString()}","value":${value}}`);
  }
  return { body: lines.join('\n'), count: to - from };
}

async function main(plan: IngestPlan): Promise<IngestClientResult> {
  const quarters = Math.ceil(plan.total / (plan.zoneIds.length * METRICS.length));
  const startMs = plan.endMs - quarters * QUARTER_MS;
  const batches = Math.ceil(plan.total / plan.batchSize);
  const result: IngestClientResult = { sent: 0, accepted: 0, rejected: 0, batches, seconds: 0, batchMs: [], firstError: null };
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < batches) {
      const { body, count } = batchBody(plan, startMs, next++);
      const t0 = performance.now();
      const res = await fetch(`${plan.base}/api/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-ndjson', authorization: `Bearer ${plan.key}` },
        body,
      });
      const answer = (await res.json()) as { accepted?: number; rejected?: unknown[]; error?: string };
      result.batchMs.push(performance.now() - t0);
      result.sent += count;
      result.accepted += answer.accepted ?? 0;
      result.rejected += answer.rejected?.length ?? count;
      if (!res.ok || answer.rejected?.length) result.firstError ??= `${res.status} ${JSON.stringify(answer).slice(0, 300)}`;
    }
  };
  await Promise.all(Array.from({ length: plan.concurrency }, worker));
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

main(JSON.parse(process.argv[2]!) as IngestPlan).then(
  (r) => console.log(JSON.stringify(r)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
