import type { OpeningHoursWindow } from '../installations/openingHours.ts';

/** Minutes in a week; a local time is (ISO weekday - 1) * 1440 + hour * 60 + minute. */
export const MINUTES_PER_WEEK = 7 * 1440;

/** Half-open [from, to) ranges of minutes of the local week that a request counts. */
export type MinuteRanges = Array<[number, number]>;

/** The same hours every day: [fromHour, toHour) local, e.g. the morning preset [0, 12]. */
export function dailyHours(fromHour: number, toHour: number): MinuteRanges {
  if (!(fromHour >= 0 && toHour <= 24 && fromHour < toHour)) throw new RangeError(`invalid hours ${fromHour}-${toHour}`);
  return Array.from({ length: 7 }, (_, d) => [d * 1440 + fromHour * 60, d * 1440 + toHour * 60] as [number, number]);
}

/** The site's opening-hours windows as week minutes; a window past Sunday midnight wraps to Monday. */
export function openingHoursRanges(windows: readonly OpeningHoursWindow[]): MinuteRanges {
  const out: MinuteRanges = [];
  for (const w of windows) {
    const from = (w.beginDay - 1) * 1440 + w.beginHour * 60 + w.beginMinute;
    let to = (w.endDay - 1) * 1440 + w.endHour * 60 + w.endMinute;
    if (to <= from) to += MINUTES_PER_WEEK;
    if (to <= MINUTES_PER_WEEK) out.push([from, to]);
    else out.push([from, MINUTES_PER_WEEK], [0, to - MINUTES_PER_WEEK]);
  }
  return out;
}

/** Intersection of two sets of ranges (a preset and the opening hours, say). */
export function intersectRanges(a: MinuteRanges, b: MinuteRanges): MinuteRanges {
  const out: MinuteRanges = [];
  for (const [a0, a1] of a) for (const [b0, b1] of b) if (Math.max(a0, b0) < Math.min(a1, b1)) out.push([Math.max(a0, b0), Math.min(a1, b1)]);
  return out.sort((x, y) => x[0] - y[0]);
}

/** Whether every bound falls on a whole hour, so that hour rollups answer exactly. */
export const onWholeHours = (ranges: MinuteRanges) => ranges.every(([a, b]) => a % 60 === 0 && b % 60 === 0);
