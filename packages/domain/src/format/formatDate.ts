import { zonedParts } from '../time/zonedTime.ts';

export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD.MM.YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export interface FormatDateOptions {
  format: DateFormat;
  tz: string;
  /** Appends the 24-hour local time as HH:mm. */
  withTime?: boolean;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** A user's chosen date format applied to an instant in the given zone. */
export function formatDate(ts: number, { format, tz, withTime = false }: FormatDateOptions): string {
  const p = zonedParts(ts, tz);
  const dd = pad(p.day);
  const mm = pad(p.month);
  const yyyy = pad(p.year, 4);
  const date =
    format === 'DD/MM/YYYY'
      ? `${dd}/${mm}/${yyyy}`
      : format === 'MM/DD/YYYY'
        ? `${mm}/${dd}/${yyyy}`
        : format === 'YYYY-MM-DD'
          ? `${yyyy}-${mm}-${dd}`
          : `${dd}.${mm}.${yyyy}`;
  return withTime ? `${date} ${pad(p.hour)}:${pad(p.minute)}` : date;
}

/** A calendar date ('YYYY-MM-DD', a business day) in a user's date format, with no time and no zone. */
export function formatIsoDate(date: string, format: DateFormat): string {
  const [yyyy, mm, dd] = date.split('-');
  if (format === 'DD/MM/YYYY') return `${dd}/${mm}/${yyyy}`;
  if (format === 'MM/DD/YYYY') return `${mm}/${dd}/${yyyy}`;
  if (format === 'YYYY-MM-DD') return date;
  return `${dd}.${mm}.${yyyy}`;
}

/**
 * A calendar date with its weekday, in a language from the locale data: "Sunday 29/11/2026",
 * "dimanche 29/11/2026"; German sets the weekday off with a comma ("Sonntag, 29.11.2026").
 */
export function formatIsoDateWithWeekday(date: string, format: DateFormat, lang: string): string {
  // Noon UTC of the date: the same weekday in every zone's reading of it.
  const weekday = new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
  return `${weekday}${lang === 'de' ? ',' : ''} ${formatIsoDate(date, format)}`;
}
