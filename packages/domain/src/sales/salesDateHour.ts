import { isKnownTimeZone } from '../time/isKnownTimeZone.ts';
import { zonedToUtc } from '../time/zonedTime.ts';

export type SalesDateHourCheck = { ok: true; ts: number } | { ok: false; reason: 'invalidDate' | 'dateWithoutZone' | 'unknownTimeZone' };

// 2024-05-01T10:30, seconds and fractions optional, 'T' or a space, then Z / ±hh[:mm] and/or [Area/City].
const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?(?:\[([A-Za-z0-9_+\-/]+)\])?$/i;

/**
 * A receipt's date and hour: ISO 8601 with a time part and an offset (`Z`, `+02:00`, `+0200`, `+02`)
 * or a zone in brackets (`2024-05-01T10:30:00[Europe/Paris]`, RFC 9557). Without either the instant
 * would depend on where the file was made, so it is refused. An offset wins over a zone given too.
 */
export function parseSalesDateHour(text: string): SalesDateHourCheck {
  const m = ISO.exec(text.trim());
  if (!m) return { ok: false, reason: 'invalidDate' };
  const [, y, mo, d, h, mi, s = '0', frac = '', offset, zone] = m;
  const parts = { year: +y!, month: +mo!, day: +d!, hour: +h!, minute: +mi!, second: +s };
  if (!validParts(parts)) return { ok: false, reason: 'invalidDate' };
  const ms = frac ? Math.floor(Number(`0.${frac}`) * 1000) : 0;
  if (offset) {
    const local = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second, ms);
    return { ok: true, ts: local - offsetMinutes(offset) * 60_000 };
  }
  if (!zone) return { ok: false, reason: 'dateWithoutZone' };
  if (!isKnownTimeZone(zone)) return { ok: false, reason: 'unknownTimeZone' };
  return { ok: true, ts: zonedToUtc(parts, zone) + ms };
}

function validParts(p: { year: number; month: number; day: number; hour: number; minute: number; second: number }): boolean {
  if (p.month < 1 || p.month > 12 || p.day < 1 || p.hour > 23 || p.minute > 59 || p.second > 59) return false;
  return p.day <= daysInMonth(p.year, p.month);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
}

function offsetMinutes(offset: string): number {
  if (offset.toUpperCase() === 'Z') return 0;
  const sign = offset[0] === '-' ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'));
}
