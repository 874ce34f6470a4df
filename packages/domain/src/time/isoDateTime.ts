import { parseIsoDate } from './calendarDate.ts';

/** Years a date argument may name: far enough for history and plans, near enough for every calendar and engine. */
export const DATE_MIN_YEAR = 1900;
export const DATE_MAX_YEAR = 2200;

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/;

/** A real calendar date 'YYYY-MM-DD' (no 30 February) between DATE_MIN_YEAR and DATE_MAX_YEAR; null otherwise. */
export function checkIsoDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const date = parseIsoDate(value);
  if (!date || date.year < DATE_MIN_YEAR || date.year > DATE_MAX_YEAR) return null;
  return value;
}

/**
 * Epoch ms of an ISO 8601 date-time (date alone, or with hours and minutes, optional seconds and
 * fraction, optional Z or offset) on a real calendar day between DATE_MIN_YEAR and DATE_MAX_YEAR;
 * null for anything else (2026-02-30, 25:00, -271821-04-20, "yesterday").
 */
export function parseIsoDateTime(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = DATE_TIME.exec(value);
  if (!m || !checkIsoDate(m[1])) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}
