/**
 * Scheduled reports (spec 002 §3, §5, §9): field rules, the send schedule and the period a send
 * covers. The server enforces these; the web form calls the same ones for instant feedback.
 */
import { emailError } from '../validation/userFields.ts';
import { isLanguage } from '../i18n/languages.ts';
import type { ScheduleRule } from '../schedules/scheduleRule.ts';
import { businessDate, businessDayRange } from '../time/bucketStart.ts';
import { isoDateAddDays } from '../time/calendarDate.ts';

/** Data-sheet granularities, in seconds: 1, 3 and 6 hours, daily, weekly, monthly. */
export const REPORT_GRANULARITIES = [3600, 10800, 21600, 86400, 604800, 2592000] as const;
/** 0 sends every day; 1 (Monday) to 7 (Sunday) on that day of the week. */
export const REPORT_SEND_DAYS = [0, 1, 2, 3, 4, 5, 6, 7] as const;
export const REPORT_TITLE_MAX_LENGTH = 120;
export const REPORT_MAX_DAYS = 366;
export const REPORT_MAX_EMAILS = 50;
/** How long an unsubscribe link in a report e-mail stays valid. */
export const UNSUBSCRIBE_TOKEN_DAYS = 60;

export interface ReportFields {
  title: string;
  language: string;
  sendDay: number;
  hour: number;
  daysIncluded: number;
  granularity: number;
  emails: string[];
}

export type ReportFieldError = { field: keyof ReportFields; reason: string };

/** Every field's first problem; empty when the report may be saved. */
export function reportFieldErrors(r: ReportFields): ReportFieldError[] {
  const errors: ReportFieldError[] = [];
  const title = r.title.trim();
  if (!title) errors.push({ field: 'title', reason: 'required' });
  else if ([...title].length > REPORT_TITLE_MAX_LENGTH) errors.push({ field: 'title', reason: 'tooLong' });
  if (!isLanguage(r.language)) errors.push({ field: 'language', reason: 'unknownLanguage' });
  if (!(REPORT_SEND_DAYS as readonly number[]).includes(r.sendDay)) errors.push({ field: 'sendDay', reason: 'invalid' });
  if (!Number.isInteger(r.hour) || r.hour < 0 || r.hour > 23) errors.push({ field: 'hour', reason: 'invalid' });
  if (!Number.isInteger(r.daysIncluded) || r.daysIncluded < 1 || r.daysIncluded > REPORT_MAX_DAYS) errors.push({ field: 'daysIncluded', reason: 'outOfRange' });
  if (!(REPORT_GRANULARITIES as readonly number[]).includes(r.granularity)) errors.push({ field: 'granularity', reason: 'invalid' });
  const emailProblem = reportEmailsError(r.emails);
  if (emailProblem) errors.push({ field: 'emails', reason: emailProblem });
  return errors;
}

/** At least one e-mail, every one valid, no more than the limit (spec 002 §5). */
export function reportEmailsError(emails: readonly string[]): string | null {
  if (emails.length === 0) return 'required';
  if (emails.length > REPORT_MAX_EMAILS) return 'tooMany';
  return emails.some((e) => emailError(e) !== null) ? 'invalidEmail' : null;
}

/** Trimmed, lower-cased, each once. */
export function normalizeEmails(emails: readonly string[]): string[] {
  return [...new Set(emails.map((e) => e.trim().toLowerCase()).filter((e) => e !== ''))];
}

/** The first address a form's list holds that is not an e-mail address (the error names it), or null. */
export function firstInvalidEmail(emails: readonly string[]): string | null {
  return emails.map((e) => e.trim()).find((e) => e !== '' && emailError(e) !== null) ?? null;
}

/** The weekly rule of a report: its hour, every day or on its day of the week. */
export function reportScheduleRule(sendDay: number, hour: number): ScheduleRule {
  const time = `${String(hour).padStart(2, '0')}:00`;
  return { kind: 'weekly', weekdays: sendDay === 0 ? [1, 2, 3, 4, 5, 6, 7] : [sendDay], times: [time] };
}

/**
 * The whole business days a send covers: the `daysIncluded` days before the occurrence's own
 * business day, in the site's zone ([from, to) in epoch ms; a DST day is 23 or 25 hours).
 */
export function reportPeriod(occurrence: number, daysIncluded: number, tz: string, changeOfDay = '00:00'): [number, number] {
  const today = businessDate(occurrence, tz, changeOfDay);
  const first = isoDateAddDays(today, -daysIncluded);
  return [businessDayRange(first, tz, changeOfDay)[0], businessDayRange(today, tz, changeOfDay)[0]];
}

export type ReportStatus = 'ACTIVE' | 'INACTIVE';

/**
 * Active while its event has not ended (never-ending events always are) and its zone is not deleted;
 * inactive reports are not sent until an ongoing event or a live zone is chosen.
 */
export function reportStatus(event: { neverEnding: boolean; dateEnd: Date | null; zoneDeleted?: boolean }, now: number): ReportStatus {
  if (event.zoneDeleted) return 'INACTIVE';
  if (event.neverEnding || event.dateEnd === null) return 'ACTIVE';
  return event.dateEnd.getTime() > now ? 'ACTIVE' : 'INACTIVE';
}

/** Spreadsheet formula injection: a cell that would start a formula is written as text. */
export function spreadsheetText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A file name any mail program and file system accepts: letters (with their marks), digits, dot,
 * dash, underscore. Latin accents are dropped (Été → Ete); other scripts' marks stay, composed again,
 * so Arabic's hamza or Hindi's vowel signs do not break a word in two.
 */
export function safeFileName(name: string, extension: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}._-]+/gu, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return `${base || 'report'}.${extension}`;
}
