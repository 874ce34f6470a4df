import { type DateFormat, parseIsoDate } from '@sitelens/domain';

const ORDER: Record<DateFormat, readonly ['day' | 'month' | 'year', 'day' | 'month' | 'year', 'day' | 'month' | 'year']> = {
  'DD/MM/YYYY': ['day', 'month', 'year'],
  'DD.MM.YYYY': ['day', 'month', 'year'],
  'MM/DD/YYYY': ['month', 'day', 'year'],
  'YYYY-MM-DD': ['year', 'month', 'day'],
};

/**
 * A date typed in the user's format (any of / . - as separator), or as YYYY-MM-DD, to
 * YYYY-MM-DD; null when it is not a date of the calendar (31/02/2027). The calendar's own
 * parsing would need a plugin and reads DD/MM as MM/DD. The filter bar's fields, always DD/MM/YYYY,
 * read with the default.
 */
export function parseTypedDate(text: string, format: DateFormat = 'DD/MM/YYYY'): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const groups = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})$/.exec(trimmed);
  let parts: Record<'day' | 'month' | 'year', number> | null = null;
  if (iso) parts = { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
  else if (groups) {
    const order = ORDER[format];
    parts = { day: 0, month: 0, year: 0 };
    order.forEach((part, i) => (parts![part] = Number(groups[i + 1])));
  }
  if (!parts || parts.year < 1000) return null;
  const candidate = `${String(parts.year).padStart(4, '0')}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`;
  return parseIsoDate(candidate) ? candidate : null;
}
