import type { TargetKind } from '@sitelens/domain';
import type { ReadingRow } from '../modules/metrics/write/readings.write.ts';
import { countBetween, expectedBetween, sumBetween } from './countSeries.ts';
import { passageSeries, zoneSeries, type DayContext } from './dayContext.ts';
import type { DemoZone } from './demoLayout.ts';
import { queueIntensity } from './retailShape.ts';
import { between, hashUnit, keyId } from './seededRandom.ts';

/**
 * Counting readings of local minutes [a, a + step) of one site, written only while the site is
 * open: entries and exits per passage and zone, their gender and engagement split, dwell,
 * pedestrians outside, queues. Sales come from the tills' receipts, imported as a file (demoSales.ts).
 */
export function emitCounting(ctx: DayContext, a: number, step: number, ts: number, out: ReadingRow[]): void {
  const { hours, site, seed, day } = ctx;
  if (!hours || a < hours.open || a + step > hours.close) return;
  const b = a + step;
  const push = (targetKind: TargetKind, targetId: number, metric: string, value: number, breakdown = '') =>
    out.push({ organizationId: site.organizationId, targetKind, targetId, metric, breakdown, ts, value });
  const noise = (key: string, salt: number) => hashUnit(seed, keyId(key), day, a, salt);

  const pedestrians = new Map<string, number>();
  for (const p of site.layout.passages) {
    const id = site.passageIds.get(p.key);
    if (id === undefined) continue;
    if (p.street) {
      const walkers = Math.round(expectedBetween(zoneSeries(ctx, p.zone), a, b) * between(noise(p.key, 1), ...p.street.ratio));
      push('passage', id, 'pedestrians', walkers);
      pedestrians.set(p.zone, (pedestrians.get(p.zone) ?? 0) + walkers);
      continue;
    }
    const s = passageSeries(ctx, p.key);
    push('passage', id, 'visitorsIn', countBetween(s.cumIn, a, b));
    push('passage', id, 'visitorsOut', countBetween(s.cumOut, a, b));
  }

  for (const z of site.layout.zones) {
    const id = site.zoneIds.get(z.key);
    if (id === undefined) continue;
    const split = (total: number, share: number, salt: number) => Math.round(total * Math.min(1, Math.max(0, share + (noise(z.key, salt) - 0.5) * 0.12)));
    if (z.counting) {
      const series = zoneSeries(ctx, z.key);
      const entries = sumBetween(series, 'cumIn', a, b);
      push('zone', id, 'visitorsIn', entries);
      push('zone', id, 'visitorsOut', sumBetween(series, 'cumOut', a, b));
      const { maleShare, engagedShare, dwellSeconds } = z.counting;
      if (maleShare !== undefined) {
        const male = split(entries, maleShare, 2);
        push('zone', id, 'visitorsIn', male, 'gender:MALE');
        push('zone', id, 'visitorsIn', entries - male, 'gender:FEMALE');
      }
      if (engagedShare !== undefined) {
        const engaged = split(entries, engagedShare, 3);
        push('zone', id, 'visitorsIn', engaged, 'engagement:ENGAGED');
        push('zone', id, 'visitorsIn', entries - engaged, 'engagement:NOT_ENGAGED');
      }
      if (dwellSeconds && entries > 0) {
        const weekend = ctx.cal.weekday >= 6 ? 1.12 : 1;
        push('zone', id, 'dwell', Math.round(dwellSeconds * weekend * between(noise(z.key, 4), 0.75, 1.3)));
      }
    }
    if (z.pedestrians === true) push('zone', id, 'pedestrians', pedestrians.get(z.key) ?? 0);
    else if (z.pedestrians) push('zone', id, 'pedestrians', Math.round(expectedBetween(zoneSeries(ctx, z.key), a, b) * between(noise(z.key, 5), ...z.pedestrians.ratio)));
    if (z.queue) emitQueue(ctx, z, a, b, (metric, value) => push('zone', id, metric, value), noise);
  }
}

/** Queue length and waiting time: a till follows its buyers, a food court its meal times. */
function emitQueue(
  ctx: DayContext,
  zone: DemoZone,
  a: number,
  b: number,
  push: (metric: string, value: number) => void,
  noise: (key: string, salt: number) => number,
): void {
  const { peakLength, serviceSeconds } = zone.queue!;
  let intensity: number;
  if (zone.counting) {
    const series = zoneSeries(ctx, zone.key);
    const { open, close } = ctx.hours!;
    const perMinute = expectedBetween(series, a, b) / (b - a);
    const average = expectedBetween(series, open, close) / (close - open);
    intensity = average > 0 ? 0.5 * (perMinute / average) : 0;
  } else {
    intensity = 0.6 * queueIntensity((a + b) / 2) * ctx.factor;
  }
  const length = Math.round(peakLength * Math.min(1.2, intensity * between(noise(zone.key, 7), 0.7, 1.3)));
  push('queueLength', length);
  push('waitingTime', Math.round(length * serviceSeconds * between(noise(zone.key, 8), 0.85, 1.2)));
}
