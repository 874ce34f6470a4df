/** Time-zone arithmetic on epoch milliseconds using Intl only. */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** ISO weekday: 1 = Monday ... 7 = Sunday. */
  weekday: number;
}

export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second?: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(tz, f);
  }
  return f;
}

export function zonedParts(ts: number, tz: string): ZonedParts {
  const fields: Record<string, string> = {};
  for (const p of formatter(tz).formatToParts(ts)) fields[p.type] = p.value;
  const num = (k: string): number => Number(fields[k] ?? NaN);
  const year = fields.era === 'BC' ? 1 - num('year') : num('year');
  const parts = { year, month: num('month'), day: num('day'), hour: num('hour') % 24 };
  const sundayZero = new Date(Date.UTC(year, parts.month - 1, parts.day)).getUTCDay();
  return { ...parts, minute: num('minute'), second: num('second'), weekday: sundayZero === 0 ? 7 : sundayZero };
}

function wallClockAsUtc(p: LocalDateTime): number {
  const d = new Date(0);
  d.setUTCFullYear(p.year, p.month - 1, p.day);
  d.setUTCHours(p.hour, p.minute, p.second ?? 0, 0);
  return d.getTime();
}

/** Offset of the zone from UTC at `ts`, in milliseconds (local = utc + offset). */
export function tzOffsetMs(ts: number, tz: string): number {
  const wholeSecond = ts - (((ts % 1000) + 1000) % 1000);
  return wallClockAsUtc(zonedParts(wholeSecond, tz)) - wholeSecond;
}

export function tzOffsetMinutes(ts: number, tz: string): number {
  return tzOffsetMs(ts, tz) / 60_000;
}

/**
 * First instant in (lo, hi] whose offset differs from the offset at `lo`, to the second.
 * Callers guarantee the offsets at `lo` and `hi` differ.
 */
export function nextTransition(lo: number, hi: number, tz: string): number {
  const before = tzOffsetMs(lo, tz);
  let a = Math.floor(lo / 1000);
  let b = Math.ceil(hi / 1000);
  while (b - a > 1) {
    const mid = Math.floor((a + b) / 2);
    if (tzOffsetMs(mid * 1000, tz) === before) a = mid;
    else b = mid;
  }
  return b * 1000;
}

const DAY_MS = 86_400_000;

/**
 * Instant of a local wall-clock time. Ambiguous times (clocks turned back) take the earlier
 * instant; times skipped by a forward jump resolve to the instant the clocks jump, i.e. the first
 * valid instant after the gap, so a boundary never lands after the times that follow it.
 */
export function zonedToUtc(parts: LocalDateTime, tz: string): number {
  const local = wallClockAsUtc(parts);
  const offsets = new Set([local - DAY_MS, local, local + DAY_MS].map((t) => tzOffsetMs(t, tz)));
  const candidates = [...offsets].map((o) => local - o);
  const valid = candidates.filter((t) => t + tzOffsetMs(t, tz) === local);
  if (valid.length > 0) return Math.min(...valid);
  return nextTransition(Math.min(...candidates), Math.max(...candidates), tz);
}
