// Climate correction by heating degree days (docs/decisions.md, "Climate-corrected utility metrics").
// Pure: business days are 'YYYY-MM-DD' strings, temperatures daily means in °C.
import { isoDateAddDays, isoDateDiffDays, isoWeekday } from '@sitelens/domain';

/** Outdoor daily mean (°C) above which a building needs no heating. */
export const HDD_BASE_C = 18;

/** Heating degree days of one day: how far its mean outdoor temperature is below the base. */
export const heatingDegreeDays = (dailyMeanC: number, base = HDD_BASE_C): number => Math.max(0, base - dailyMeanC);

/**
 * The reference of each calendar month ('01'..'12'): the mean heating degree days of every day of
 * that month with a stored outdoor temperature, all years together (a normal day of the month).
 */
export function monthlyReference(dailyMeans: ReadonlyMap<string, number>): Map<string, number> {
  const sums = new Map<string, { total: number; days: number }>();
  for (const [date, mean] of dailyMeans) {
    const month = date.slice(5, 7);
    const s = sums.get(month) ?? { total: 0, days: 0 };
    s.total += heatingDegreeDays(mean);
    s.days += 1;
    sums.set(month, s);
  }
  return new Map([...sums].map(([month, s]) => [month, s.total / s.days]));
}

/**
 * What a bucket's consumption is multiplied by: the reference heating degree days of its days over
 * their actual ones. Null when a day lacks an outdoor temperature (no value rather than a guess) or
 * when there is no day; 1 when the days had no heating degree days at all (nothing to correct).
 */
export function correctionFactor(days: Iterable<string>, dailyMeans: ReadonlyMap<string, number>, reference: ReadonlyMap<string, number>): number | null {
  let actual = 0;
  let normal = 0;
  let count = 0;
  for (const date of days) {
    const mean = dailyMeans.get(date);
    const ref = reference.get(date.slice(5, 7));
    if (mean === undefined || ref === undefined) return null;
    actual += heatingDegreeDays(mean);
    normal += ref;
    count += 1;
  }
  if (count === 0) return null;
  return actual === 0 ? 1 : normal / actual;
}

/** The key a business day falls under in a discontinuous-date group-by, as retailQuery's dateKeySql writes it. */
export function discontinuousKey(variant: 'weekday' | 'weekend' | 'weekly' | 'monthly', date: string): string {
  const weekday = isoWeekday(date);
  switch (variant) {
    case 'weekday':
      return String(weekday);
    case 'weekend':
      return weekday >= 6 ? 'weekend' : 'weekday';
    case 'weekly': {
      // ISO week: the week's Thursday decides its year, and its day of year its number.
      const thursday = isoDateAddDays(date, 4 - weekday);
      const week = Math.floor(isoDateDiffDays(`${thursday.slice(0, 4)}-01-01`, thursday) / 7) + 1;
      return `W${String(week).padStart(2, '0')}`;
    }
    case 'monthly':
      return date.slice(5, 7);
  }
}
