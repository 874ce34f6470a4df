/**
 * A weekday's name in a language ("Sunday", "dimanche"; 'short': "Sun", "dim."), from its ISO number
 * (1 Monday .. 7 Sunday), from the runtime's locale data.
 */
export function weekdayName(isoWeekday: number, lang: string, width: 'long' | 'short' = 'long'): string {
  // 2024-01-01 was a Monday, so day n of that month is ISO weekday n; noon UTC reads it everywhere.
  return new Intl.DateTimeFormat(lang, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, isoWeekday, 12)));
}
