import type { OpeningHoursWindow } from '../installations/openingHours.ts';

/**
 * A custom weekly window as the alert form edits it: on each of `days` (ISO 1 = Monday ... 7 =
 * Sunday), from `from` to `to` ('HH:MM' on the site's clock; `to` may be '24:00'). A `to` at or
 * before `from` ends the next day (22:00 to 06:00 covers the night, 10:00 to 00:00 ends at
 * midnight). Stored as one window per day.
 */
export interface WeeklyWindow {
  days: number[];
  from: string;
  to: string;
}

export type WeeklyWindowProblem = 'noDays' | 'invalidDay' | 'invalidTime' | 'emptyWindow';

const FROM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const TO = /^(([01]\d|2[0-3]):([0-5]\d)|24:00)$/;
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
const clockOf = (hour: number, minute: number) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

/** Why a window cannot be saved, or null: at least one day, clock times, and not empty (from = to). */
export function weeklyWindowProblem(w: WeeklyWindow): WeeklyWindowProblem | null {
  if (w.days.length === 0) return 'noDays';
  if (w.days.some((d) => !Number.isInteger(d) || d < 1 || d > 7)) return 'invalidDay';
  if (!FROM.test(w.from) || !TO.test(w.to)) return 'invalidTime';
  if (w.from === w.to) return 'emptyWindow';
  return null;
}

/** The first of several windows that cannot be saved, with its position. */
export function weeklyWindowsProblem(windows: readonly WeeklyWindow[]): { index: number; reason: WeeklyWindowProblem } | null {
  for (const [index, w] of windows.entries()) {
    const reason = weeklyWindowProblem(w);
    if (reason) return { index, reason };
  }
  return null;
}

/** The stored windows (one per day) of sound form windows. */
export function windowsOfWeekly(windows: readonly WeeklyWindow[]): OpeningHoursWindow[] {
  return windows.flatMap((w) => {
    const from = minutesOf(w.from);
    const to = minutesOf(w.to);
    return [...new Set(w.days)]
      .sort((a, b) => a - b)
      .map((day) => ({
        beginDay: day,
        beginHour: Math.floor(from / 60),
        beginMinute: from % 60,
        endDay: to > from ? day : (day % 7) + 1,
        endHour: Math.floor(to / 60),
        endMinute: to % 60,
        reset: false,
      }));
  });
}

/**
 * The form windows of stored ones, windows with the same hours gathered on one line; null when a
 * stored window lasts more than a day (e.g. one from Monday to Wednesday): the form cannot show it.
 */
export function weeklyOfWindows(windows: readonly OpeningHoursWindow[]): WeeklyWindow[] | null {
  const lines: WeeklyWindow[] = [];
  for (const w of windows) {
    const from = w.beginHour * 60 + w.beginMinute;
    const to = w.endHour * 60 + w.endMinute;
    const nextDay = (w.beginDay % 7) + 1;
    const sameDay = w.endDay === w.beginDay && to > from;
    const overnight = w.endDay === nextDay && to <= from;
    if (!sameDay && !overnight) return null;
    // Midnight as an end reads 00:00 (a clock input has no 24:00), unless the window starts at midnight too.
    const midnight = to === 1440 || (overnight && to === 0);
    const begin = clockOf(w.beginHour, w.beginMinute);
    const line = { from: begin, to: midnight ? (begin === '00:00' ? '24:00' : '00:00') : clockOf(w.endHour, w.endMinute) };
    const found = lines.find((l) => l.from === line.from && l.to === line.to);
    if (found) {
      if (!found.days.includes(w.beginDay)) found.days = [...found.days, w.beginDay].sort((a, b) => a - b);
    } else lines.push({ ...line, days: [w.beginDay] });
  }
  return lines;
}
