// Timespan presets (spec 001 §4) and the date-picker calendar. The spec gives two preset lists:
// "Today, Yesterday, Last week (6 days back), Last 2 weeks (13 days back), Last month, Last quarter"
// and "today, yesterday, last 7, 14, 30, 90 days". We offer their union, de-duplicated:
// Last week IS last 7 days and Last 2 weeks IS last 14 days (same ranges), while last 30 / 90 days
// (rolling day counts) and last month / quarter (calendar months back) differ and are all kept.
// Every preset ends today; the old ids lastWeek / last2Weeks are read as aliases (URLs, stored state).
import { isoDateAddDays, isoWeekday, parseIsoDate, toIsoDate } from '../time/calendarDate.ts';
import type { FilterContext, TimespanCondition } from './filterState.ts';

export const TIMESPAN_PRESETS = ['today', 'yesterday', 'last7Days', 'last14Days', 'last30Days', 'lastMonth', 'last90Days', 'lastQuarter'] as const;
export type TimespanPreset = (typeof TIMESPAN_PRESETS)[number];

/** The custom choice of the preset menu (several ranges typed in). */
export const CUSTOM_TIMESPAN = 'custom';

const ALIASES: Record<string, TimespanPreset> = { lastWeek: 'last7Days', last2Weeks: 'last14Days' };

/** Week starts on Monday (ISO weekday 1), spec 001 §9. */
export const WEEK_STARTS_ON = 1;
/** Months counted back by the last-month and last-quarter presets (spec 001 §9: "1 each", a quarter being 3 months). */
export const LAST_MONTH_MONTHS = 1;
export const LAST_QUARTER_MONTHS = 3;

/** The preset id for a label or alias, or null. */
export function timespanPreset(label: string): TimespanPreset | null {
  if ((TIMESPAN_PRESETS as readonly string[]).includes(label)) return label as TimespanPreset;
  return Object.hasOwn(ALIASES, label) ? ALIASES[label]! : null;
}

/** `date` moved by whole months, the day clamped to the target month's length (31 March - 1 month = 28/29 February). */
export function isoDateAddMonths(date: string, months: number): string {
  const d = parseIsoDate(date);
  if (!d) throw new RangeError(`Invalid calendar date: ${date}`);
  const index = d.year * 12 + (d.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return toIsoDate({ year, month, day: Math.min(d.day, lastDay) });
}

/** The inclusive calendar range of a preset, seen on `today` (the site's date). */
export function presetRange(preset: TimespanPreset, today: string): { dateBegin: string; dateEnd: string } {
  switch (preset) {
    case 'today':
      return { dateBegin: today, dateEnd: today };
    case 'yesterday': {
      const y = isoDateAddDays(today, -1);
      return { dateBegin: y, dateEnd: y };
    }
    case 'last7Days':
      return { dateBegin: isoDateAddDays(today, -6), dateEnd: today };
    case 'last14Days':
      return { dateBegin: isoDateAddDays(today, -13), dateEnd: today };
    case 'last30Days':
      return { dateBegin: isoDateAddDays(today, -29), dateEnd: today };
    case 'last90Days':
      return { dateBegin: isoDateAddDays(today, -89), dateEnd: today };
    case 'lastMonth':
      return { dateBegin: isoDateAddMonths(today, -LAST_MONTH_MONTHS), dateEnd: today };
    case 'lastQuarter':
      return { dateBegin: isoDateAddMonths(today, -LAST_QUARTER_MONTHS), dateEnd: today };
  }
}

export function presetCondition(preset: TimespanPreset, today: string): TimespanCondition {
  return { label: preset, ...presetRange(preset, today) };
}

/** What the default timespan depends on. */
export type TimespanDefaults = Pick<FilterContext, 'today' | 'defaultPreset' | 'presetTimespans'>;

/**
 * The default timespan: the page's preset timespan when it has one, else Today, or Yesterday
 * outside opening hours or before the change of day.
 */
export function defaultTimespan(ctx: TimespanDefaults): TimespanCondition[] {
  if (ctx.presetTimespans?.length) return ctx.presetTimespans.map((c) => ({ ...c }));
  return [presetCondition(ctx.defaultPreset, ctx.today)];
}

/** The Monday on or before `date`. */
export function startOfWeek(date: string): string {
  return isoDateAddDays(date, -(isoWeekday(date) - WEEK_STARTS_ON));
}

/** The picker's month grid: weeks of 7 dates, Monday first, covering the whole month (`month` 1..12). */
export function calendarWeeks(year: number, month: number): string[][] {
  const first = toIsoDate({ year, month, day: 1 });
  const last = toIsoDate({ year, month: month + 1, day: 0 });
  const weeks: string[][] = [];
  for (let start = startOfWeek(first); start <= last; start = isoDateAddDays(start, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => isoDateAddDays(start, i)));
  }
  return weeks;
}
