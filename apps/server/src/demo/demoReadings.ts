import type { ReadingRow } from '../modules/metrics/write/readings.write.ts';
import { emitCounting } from './countingReadings.ts';
import { dayContext, type DayContext } from './dayContext.ts';
import type { ResolvedSite } from './demoSites.ts';
import { emitDevices } from './deviceReadings.ts';
import { localClock } from './localClock.ts';
import { emitOutdoor } from './outdoorModel.ts';

const DAY_MS = 86_400_000;

/** Day contexts kept between calls, so a simulator ticking every minute computes each day once. */
export type DayCache = Map<string, DayContext>;

/**
 * Every reading the demo sites produce for intervals of `stepMinutes` starting in [fromMs, toMs)
 * (fromMs on a step boundary), in batches of about `batchSize` rows. Everything derives from the
 * seed and the instant, so the generator (15-minute steps) and the simulator (1-minute steps)
 * draw the same curves, and counts of one day add up the same at either step.
 */
export function* demoReadings(
  sites: readonly ResolvedSite[],
  seed: number,
  fromMs: number,
  toMs: number,
  stepMinutes: number,
  options: { batchSize?: number; cache?: DayCache } = {},
): Generator<ReadingRow[]> {
  const { batchSize = 20_000, cache = new Map() } = options;
  const stepMs = stepMinutes * 60_000;
  let rows: ReadingRow[] = [];
  for (const site of sites) {
    const clock = localClock(site.layout.timezone);
    for (let ts = fromMs; ts < toMs; ts += stepMs) {
      const local = clock(ts);
      const ctx = contextFor(cache, site, seed, local.day, () => clock(local.day * DAY_MS + DAY_MS / 2 - local.offsetMinutes * 60_000).offsetMinutes);
      emitCounting(ctx, local.minute, stepMinutes, ts, rows);
      emitDevices(ctx, local.minute, stepMinutes, ts, rows);
      emitOutdoor(ctx, local.minute, ts, rows);
      if (rows.length >= batchSize) {
        yield rows;
        rows = [];
      }
    }
  }
  if (rows.length > 0) yield rows;
}

function contextFor(cache: DayCache, site: ResolvedSite, seed: number, day: number, noonOffset: () => number): DayContext {
  const key = `${site.installationId}|${day}`;
  let ctx = cache.get(key);
  if (!ctx) {
    // Keep yesterday and today of each site: a step never goes back further.
    for (const [k, c] of cache) if (c.site.installationId === site.installationId && c.day < day - 1) cache.delete(k);
    ctx = dayContext(site, seed, day, noonOffset());
    cache.set(key, ctx);
  }
  return ctx;
}
