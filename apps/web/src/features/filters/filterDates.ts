// Date texts of the filter bar: calendar dates (YYYY-MM-DD) shown DD/MM/YYYY (spec 001 §9 default
// date format) and typed the same way; weekday names from the browser's locale data.
import { parseIsoDate } from '@sitelens/domain';

export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';

export function formatIsoDate(date: string): string {
  const d = parseIsoDate(date);
  return d ? `${String(d.day).padStart(2, '0')}/${String(d.month).padStart(2, '0')}/${d.year}` : date;
}

/** DD/MM/YYYY (or YYYY-MM-DD) typed by the user, as YYYY-MM-DD; null when it is not a real date. */
export function parseTypedDate(text: string): string | null {
  const trimmed = text.trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const parts = dmy ? { day: Number(dmy[1]), month: Number(dmy[2]), year: Number(dmy[3]) } : iso ? { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) } : null;
  if (!parts) return null;
  const candidate = `${String(parts.year).padStart(4, '0')}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`;
  return parseIsoDate(candidate) ? candidate : null;
}

/** The short name of ISO weekday 1..7 (Monday..Sunday) in `lang`. */
export function weekdayName(isoWeekday: number, lang: string, width: 'short' | 'long' = 'short'): string {
  // 2024-01-01 was a Monday.
  return new Intl.DateTimeFormat(lang, { weekday: width, timeZone: 'UTC' }).format(Date.UTC(2024, 0, isoWeekday));
}
