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
  const quick = withOffsetQuickly(text);
  if (quick !== null) return quick;
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

const ZERO = 48;
/** The value of the two digits at `at`, or -1 when they are not digits. */
function twoDigits(text: string, at: number): number {
  const a = text.charCodeAt(at) - ZERO;
  const b = text.charCodeAt(at + 1) - ZERO;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * The shape nearly every file writes, `YYYY-MM-DDTHH:MM:SS` then `Z` or `±HH:MM` and nothing else,
 * read without the regular expression (a file holds 150,000 of them); null for any other text,
 * which the full rules then read. Gives exactly what those rules give for this shape.
 */
function withOffsetQuickly(text: string): SalesDateHourCheck | null {
  const n = text.length;
  if ((n !== 20 && n !== 25) || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 84 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return null;
  const century = twoDigits(text, 0);
  const yy = twoDigits(text, 2);
  const parts = { year: century * 100 + yy, month: twoDigits(text, 5), day: twoDigits(text, 8), hour: twoDigits(text, 11), minute: twoDigits(text, 14), second: twoDigits(text, 17) };
  if (century < 0 || yy < 0 || parts.month < 0 || parts.day < 0 || parts.hour < 0 || parts.minute < 0 || parts.second < 0) return null;
  let offset = 0;
  if (n === 20) {
    if (text.charCodeAt(19) !== 90) return null;
  } else {
    const sign = text.charCodeAt(19);
    const hours = twoDigits(text, 20);
    const minutes = twoDigits(text, 23);
    if ((sign !== 43 && sign !== 45) || text.charCodeAt(22) !== 58 || hours < 0 || minutes < 0) return null;
    offset = (sign === 45 ? -1 : 1) * (hours * 60 + minutes);
  }
  if (!validParts(parts)) return { ok: false, reason: 'invalidDate' };
  return { ok: true, ts: Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - offset * 60_000 };
}
