import { DATE_FORMATS, DEFAULT_DATE_FORMAT, type DateFormat } from '@sitelens/domain';

/** The user's date format, or the default when the stored value is not one the app knows. */
export function userDateFormat(value: string | null | undefined): DateFormat {
  return (DATE_FORMATS as readonly string[]).includes(value ?? '') ? (value as DateFormat) : DEFAULT_DATE_FORMAT;
}

/** Dates are shown in the user's zone, else the browser's. */
export function userTimeZone(value: string | null | undefined): string {
  return value || Intl.DateTimeFormat().resolvedOptions().timeZone;
}
