// Day filter rules (spec 001 §4): one item per weekday (ISO 1 = Monday .. 7 = Sunday), one operator
// shared by every item (IS combines the days by OR, IS NOT by AND, never mixed), and an added item
// takes the first weekday not used yet.
import type { DayFilter, DayOperator } from './filterState.ts';

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Adds an item on the first unused weekday (Monday first); a full week or none yet starts with Monday under IS. */
export function addDayItem(filter: DayFilter | null, operator: DayOperator = 'IS'): DayFilter {
  if (!filter) return { operator, days: [1] };
  const free = WEEKDAYS.find((d) => !filter.days.includes(d));
  return free === undefined ? filter : { ...filter, days: [...filter.days, free] };
}

/** Changes the weekday of item `index`; a weekday already used by another item is refused (no change). */
export function setDayItem(filter: DayFilter, index: number, weekday: number): DayFilter {
  if (!WEEKDAYS.includes(weekday as never) || index < 0 || index >= filter.days.length) return filter;
  if (filter.days.some((d, i) => d === weekday && i !== index)) return filter;
  return { ...filter, days: filter.days.map((d, i) => (i === index ? weekday : d)) };
}

/** Sets the operator of every item at once (include and exclude are never mixed). */
export function setDayOperator(filter: DayFilter, operator: DayOperator): DayFilter {
  return { ...filter, operator };
}

/** Removes item `index`; the last item going removes the day filter. */
export function removeDayItem(filter: DayFilter | null, index: number): DayFilter | null {
  if (!filter) return null;
  const days = filter.days.filter((_, i) => i !== index);
  return days.length ? { ...filter, days } : null;
}

/** Whether a weekday passes the filter: IS = any item matches (OR), IS NOT = no item matches (AND of "is not"). */
export function dayFilterMatches(filter: DayFilter | null, weekday: number): boolean {
  if (!filter || filter.days.length === 0) return true;
  return filter.operator === 'IS' ? filter.days.some((d) => d === weekday) : filter.days.every((d) => d !== weekday);
}

/** Reads a day filter from untrusted input: known operator, weekdays 1..7, duplicates dropped; null when nothing is left. */
export function normalizeDayFilter(operator: unknown, days: readonly unknown[]): DayFilter | null {
  if (operator !== 'IS' && operator !== 'IS_NOT') return null;
  const clean: number[] = [];
  for (const d of days) {
    const n = typeof d === 'string' && /^\d$/.test(d) ? Number(d) : d;
    if (typeof n === 'number' && WEEKDAYS.includes(n as never) && !clean.includes(n)) clean.push(n);
  }
  return clean.length ? { operator, days: clean } : null;
}
