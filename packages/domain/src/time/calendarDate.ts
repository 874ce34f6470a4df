/** Calendar dates ('YYYY-MM-DD') and clock times ('HH:MM') without a time zone. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Parses 'YYYY-MM-DD'; null when malformed or not a real date (2026-02-30). */
export function parseIsoDate(value: string): CalendarDate | null {
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  return toIsoDate(date) === value ? date : null;
}

function requireIsoDate(value: string): CalendarDate {
  const date = parseIsoDate(value);
  if (!date) throw new RangeError(`Invalid calendar date: ${value}`);
  return date;
}

export function toIsoDate({ year, month, day }: CalendarDate): string {
  const d = new Date(Date.UTC(year, month - 1, day));
  const y = String(d.getUTCFullYear()).padStart(4, '0');
  return `${y}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

function dayNumber(value: string): number {
  const { year, month, day } = requireIsoDate(value);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

export function isoDateAddDays(value: string, days: number): string {
  const d = new Date((dayNumber(value) + days) * DAY_MS);
  return toIsoDate({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function isoDateDiffDays(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** ISO weekday of a calendar date: 1 = Monday ... 7 = Sunday. */
export function isoWeekday(value: string): number {
  const sundayZero = new Date(dayNumber(value) * DAY_MS).getUTCDay();
  return sundayZero === 0 ? 7 : sundayZero;
}

/** Minutes after midnight of an 'HH:MM' clock time; throws on malformed input (a bug upstream). */
export function parseTimeOfDay(value: string): number {
  const m = CLOCK.exec(value);
  if (!m) throw new RangeError(`Invalid time of day: ${value}`);
  return Number(m[1]) * 60 + Number(m[2]);
}
