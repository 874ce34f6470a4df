import type { CalendarDay } from './localClock.ts';
import { salesPeriodOn } from './salesPeriods.ts';
import { between, hashUnit } from './seededRandom.ts';

/** Visitors by ISO weekday, against an ordinary Wednesday. */
const WEEKDAY = [0, 0.8, 0.86, 1, 0.92, 1.06, 1.55, 0.74];
/** By month: August empties the city, December fills the malls. */
const MONTH = [0, 0.97, 0.88, 0.92, 0.95, 0.96, 0.97, 1, 0.86, 0.94, 0.98, 1.05, 1.22];

/** How busy a retail day is against an ordinary weekday: weekday, season, Christmas, sales, weather. */
export function retailDayFactor(day: number, cal: CalendarDay, seed: number, siteId: number): number {
  let season = MONTH[cal.month]!;
  if (cal.month === 12 && cal.date >= 10 && cal.date <= 24) season += (0.4 * (cal.date - 9)) / 15;
  const sales = salesPeriodOn(day);
  const salesBoost = sales ? (day - sales.begin < 7 ? 1.45 : 1.18) : 1;
  const weather = between(hashUnit(seed, siteId, day, 101), 0.9, 1.1);
  return WEEKDAY[cal.weekday]! * season * salesBoost * weather;
}

const bell = (t: number, mu: number, sigma: number) => Math.exp(-0.5 * ((t - mu) / sigma) ** 2);
const shapes = new Map<string, Float64Array>();

/**
 * Relative entry rate per local minute between opening and closing, zero outside: a trickle
 * at opening, lunchtime and after-work peaks on weekdays, one broad afternoon peak at weekends,
 * fading in the last half hour.
 */
export function retailIntraday(weekday: number, open: number, close: number): Float64Array {
  const key = `${weekday}|${open}|${close}`;
  let weights = shapes.get(key);
  if (weights) return weights;
  weights = new Float64Array(1440);
  const weekend = weekday >= 6;
  for (let m = open; m < close; m++) {
    const t = (m + 0.5) / 60;
    const body = weekend
      ? 0.5 + 1.1 * bell(t, 15.5, 2.2) + 0.35 * bell(t, 12.5, 1)
      : 0.45 + 0.75 * bell(t, 12.75, 0.9) + 0.35 * bell(t, 15.5, 1.3) + 0.9 * bell(t, 18, 1);
    const opening = 0.12 + 0.88 * Math.min(1, (m - open) / 40);
    const closing = 0.08 + 0.92 * Math.min(1, (close - m) / 35);
    weights[m] = body * opening * closing;
  }
  shapes.set(key, weights);
  return weights;
}

/** Food-court and till queues: busiest at lunch, again in the evening. */
export function queueIntensity(minute: number): number {
  const t = minute / 60;
  return 0.15 + 0.85 * bell(t, 12.8, 0.7) + 0.5 * bell(t, 19, 0.6);
}
