import { writeReadings, type ReadingRow } from '../modules/metrics/write/readings.write.ts';
import { withTransaction } from '../db/transaction.ts';
import { NEWEST_READING } from '../modules/metrics/run/readingSeries.ts';
import type { Database } from '../db/database.ts';
import { demoReadings, type DayCache } from './demoReadings.ts';
import type { ResolvedSite } from './demoSites.ts';
import { loadDemoSites } from './loadDemoSites.ts';

export interface SimulatorOptions {
  seed: number;
  now: () => Date;
  intervalMs?: number;
  /** The demo organization; found by name when omitted. */
  organizationId?: number;
  /** Longest gap filled on start, in days. */
  maxBackfillDays?: number;
  /** Called after each committed write with the rows written. */
  onWrite?: (rows: ReadingRow[]) => void;
  /** Called when a timed tick fails; the next tick retries the same minutes. */
  onError?: (error: unknown) => void;
}

export interface Simulator {
  stop(): Promise<void>;
  /** Writes what elapsed since the last write; resolves with the number of readings written. */
  tick(): Promise<number>;
}

const MINUTE_MS = 60_000;
const QUARTER_MS = 900_000;
const DAY_MS = 86_400_000;
const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;

/**
 * Keeps the demo live. The first tick back-fills whole quarter hours from the newest reading to
 * now (a restart days later still shows today), then every tick writes the elapsed minutes as
 * 1-minute readings through writeReadings, from the same curves as the generator.
 *
 * Where it resumes is read from the data: the newest reading on a quarter hour is a 15-minute
 * reading (written up to that quarter's end), any other is a 1-minute one. To keep that true a
 * quarter hour's first minute is only written together with its second.
 */
export function startSimulator(database: Database, options: SimulatorOptions): Simulator {
  const { seed, now, intervalMs = 60_000, maxBackfillDays = 31, onWrite, onError = (e) => console.error('demo simulator:', e) } = options;
  const cache: DayCache = new Map();
  let sites: ResolvedSite[] = [];
  let coveredUntil = 0;
  const ready = (async () => {
    sites = await loadDemoSites(database, options.organizationId);
    coveredUntil = sites.length ? await resumeFrom(database, sites[0]!.organizationId, now().getTime()) : 0;
  })();

  async function run(): Promise<number> {
    await ready;
    if (sites.length === 0) return 0;
    let end = floorTo(now().getTime(), MINUTE_MS);
    if (end % QUARTER_MS === MINUTE_MS) end -= MINUTE_MS;
    const start = Math.max(coveredUntil, floorTo(end - maxBackfillDays * DAY_MS, QUARTER_MS));
    if (end <= start) return 0;
    const quarter = Math.ceil(start / QUARTER_MS) * QUARTER_MS;
    const lastQuarter = floorTo(end, QUARTER_MS);
    const segments: [number, number, number][] =
      quarter < lastQuarter
        ? [[start, quarter, 1], [quarter, lastQuarter, 15], [lastQuarter, end, 1]]
        : [[start, end, 1]];
    const written: ReadingRow[][] = [];
    await withTransaction(database, async (tx) => {
      for (const [from, to, step] of segments) {
        for (const batch of demoReadings(sites, seed, from, to, step, { cache })) {
          await writeReadings(tx, batch);
          written.push(batch);
        }
      }
    });
    coveredUntil = end;
    const rows = written.flat();
    onWrite?.(rows);
    return rows.length;
  }

  let chain: Promise<number> = Promise.resolve(0);
  const tick = () => (chain = chain.catch(() => 0).then(run));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const loop = () => {
    tick()
      .catch(onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, intervalMs);
        timer?.unref?.();
      });
  };
  loop();

  return {
    tick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await chain.catch(() => 0);
    },
  };
}

/** Just past the newest reading of the organization, or now when it has none. */
async function resumeFrom(database: Database, organizationId: number, nowMs: number): Promise<number> {
  const { rows } = await database.sql.query<{ ts: Date | string | null }>(NEWEST_READING, [organizationId]);
  const newest = rows[0]?.ts;
  if (newest === null || newest === undefined) return floorTo(nowMs, QUARTER_MS);
  const ms = new Date(newest).getTime();
  return ms % QUARTER_MS === 0 ? ms + QUARTER_MS : floorTo(ms, MINUTE_MS) + MINUTE_MS;
}
